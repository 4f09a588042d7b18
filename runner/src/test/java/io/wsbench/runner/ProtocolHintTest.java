package io.wsbench.runner;

import io.wsbench.model.suite.TargetSpecBuilder;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The word a refused answer's note adds when the target checked a user's path by one of wsbench's protocols. */
class ProtocolHintTest {

    private static final String REFUSED = "status 200 (text/plain;charset=utf-8, 207 bytes: {\"request\":{...}}), counted as failed validation";

    @Test
    void aUsersPathCheckedByAProtocolSaysWhatThatChecks() {
        // as Jolokia's WAR, declared under stacks: and given protocol: plain
        assertEquals(" (protocol plain checks each answer against wsbench's own plain service's; leave 'protocol' out to take"
                        + " any 2xx answer)",
                PointRun.protocolHint(TargetSpecBuilder.builder().label("jolokia").stack("jolokia").protocol("plain")
                        .path("/read/java.lang:type=Memory").build(), REFUSED));
        // wsbench's own stack at its own path: a refusal there is the stack's, not a wrong protocol
        assertEquals("", PointRun.protocolHint(TargetSpecBuilder.builder().label("SOAP").stack("direct").protocol("soap11").build(), REFUSED));
        // a status refused is said by its status
        assertEquals("", PointRun.protocolHint(TargetSpecBuilder.builder().label("x").url("http://127.0.0.1:1/").protocol("plain").build(),
                "status 404 (text/html, 153 bytes: <html>)"));
        assertEquals("", PointRun.protocolHint(null, REFUSED), "a command's target");
    }
}
