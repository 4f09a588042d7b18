package io.wsbench.protocols;

import io.wsbench.core.load.Verdict;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProtocolsTest {

    @Test
    void wsbenchsOwnAreFoundInTheirOrderAndAnotherOnTheClassPathBeside() {
        // the class path's order: here the tests' classes come before wsbench's jar
        assertEquals(java.util.List.of("soap11", "soap12", "rest-xml", "json", "plain", "wddx", "html", "amf", "graphql", "grpc"),
                Protocols.names().stream().filter(n -> !n.equals("echo-test")).toList());
        assertTrue(Protocols.names().contains("echo-test"), Protocols.names().toString());
        Workload echo = Workload.of("echo-test", "hello", null);
        assertEquals(1, echo.sequenceLength());
        byte[] ok = "x".getBytes(StandardCharsets.UTF_8);
        assertEquals(Verdict.OK, echo.validator().check(200, "text/plain", ok, 1));
        assertEquals(Verdict.HTTP_STATUS, echo.validator().check(500, "text/plain", ok, 1));
        String head = new String(Wire.of(echo.requests(URI.create("http://127.0.0.1:9/hello?method=hello"), true)),
                StandardCharsets.ISO_8859_1);
        assertTrue(head.startsWith("GET /hello?method=hello HTTP/1.1\r\n"), head);
    }

    @Test
    void eachProtocolSaysWhichOperationsItServes() {
        assertInstanceOf(SeismicWorkload.class, Workload.of("soap11", "matchQuakes", "large"));
        assertInstanceOf(PageWorkload.class, Workload.of("rest-xml", "page", null));
        assertEquals("matchQuakes is served over soap11, graphql and grpc, not soap12",
                assertThrows(IllegalArgumentException.class, () -> Workload.of("soap12", "matchQuakes", null)).getMessage());
        assertEquals("page is served over rest-xml only, with no request sequence",
                assertThrows(IllegalArgumentException.class, () -> Workload.of("json", "page", null)).getMessage());
        assertEquals("operation hello has no request sequences",
                assertThrows(IllegalArgumentException.class, () -> Workload.of("json", "hello", "small")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Protocols.byName("corba")).getMessage()
                .startsWith("unknown protocol 'corba' (known: "));
    }
}
