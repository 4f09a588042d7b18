package io.wsbench.model;

import io.wsbench.model.suite.TargetSpec;
import io.wsbench.model.suite.TargetSpecBuilder;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class RedactedTest {

    @Test
    void aUrlsPasswordAndItsSecretParametersAreWrittenStars() {
        assertEquals("http://bob:***@[::1]:8080/p?q=1&token=***", Redacted.url("http://bob:s3cret@[::1]:8080/p?q=1&token=abc"));
        assertEquals("https://h/a?api_key=***&page=2#top", Redacted.url("https://h/a?api_key=k-1&page=2#top"));
        assertEquals("jdbc:postgresql://db/h?user=w&password=***", Redacted.url("jdbc:postgresql://db/h?user=w&password=pw"));
        assertEquals("http://bob@h/a", Redacted.url("http://bob@h/a"), "a user alone is no secret");
        assertEquals("http://h/mail@x", Redacted.url("http://h/mail@x"), "an @ in the path is not a user's");
        assertEquals("http://h/", Redacted.url("http://h/"));
        assertNull(Redacted.url(null));
    }

    @Test
    void aUrlLoadedAsItIsIsLabelledWithoutItsSecrets() {
        // `wsbench load 'http://bob:s3cret@host/p?token=abc'`: its label is what the console, run.json and the report show
        TargetSpec t = TargetSpecBuilder.builder().url("http://bob:s3cret@127.0.0.1:1/p?token=abc").build();
        assertEquals("http://bob:***@127.0.0.1:1/p?token=***", t.label());
        assertEquals("http://bob:s3cret@127.0.0.1:1/p?token=abc", t.url(), "the requests go where the user said");
    }
}
