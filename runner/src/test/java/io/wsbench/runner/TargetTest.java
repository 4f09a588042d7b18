package io.wsbench.runner;

import io.wsbench.core.load.Validator;
import io.wsbench.model.record.TargetRecord;
import io.wsbench.protocols.HttpWorkload;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** What run.json records of a target: the stack options the user wrote for its server, and none of wsbench's own. */
class TargetTest {

    @Test
    void aTargetRecordsTheSuitesOptionsForItsStackWithItsOwnOverThem(@TempDir Path dir) {
        Suite suite = SuiteReader.parse("""
                name: versions
                stackOptions: { cxf: { mode: fast, version: 4.2.3 } }
                targets:
                  - { label: old, stack: cxf, protocol: soap11, stackOptions: { version: 3.6.10 } }
                  - { label: new, stack: cxf, protocol: soap11 }
                  - { label: elsewhere, url: "http://127.0.0.1:9/hello", protocol: plain }
                load:
                  - { users: 1, requestsPerUser: 1 }
                """, dir.resolve("versions.yaml"));

        TargetRecord old = record(suite, 0);
        TargetRecord fresh = record(suite, 1);

        assertEquals(Map.of("mode", "fast", "version", "3.6.10"), old.stackOptions());
        assertEquals(Map.of("mode", "fast", "version", "4.2.3"), fresh.stackOptions(), "no 'keys': wsbench's own");
        assertNull(record(suite, 2).stackOptions(), "a target at a URL has no server wsbench starts");
    }

    @Test
    void aUrlWithoutAProtocolSendsWhatWsbenchLoadSendsToAUrl(@TempDir Path dir) {
        Suite suite = SuiteReader.parse("""
                name: url
                targets:
                  - { label: w, url: "http://127.0.0.1:9/items" }
                load:
                  - { users: 1, requestsPerUser: 1 }
                """, dir.resolve("url.yaml"));
        Target t = Target.of(suite, suite.targets().get(0), URI.create("http://127.0.0.1:9/items"), "external", Path.of("keys"), null);
        assertEquals(HttpWorkload.get(), t.workload(), "a GET, no header, no body, no expected text");
        assertEquals(new TargetRecord("w", null, "http", null, null, "plain", null, "http://127.0.0.1:9/items"), t.record());
        assertEquals(Validator.ANY_2XX, t.validators().get());
    }

    private static TargetRecord record(Suite suite, int index) {
        return Target.of(suite, suite.targets().get(index), URI.create("http://127.0.0.1:9/"), "test", Path.of("keys"), null)
                .record();
    }
}
