package io.wsbench.cli;

import io.wsbench.core.load.LoadEngine;
import io.wsbench.core.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.core.stack.RunningStack;
import io.wsbench.core.stack.StackCatalog;
import io.wsbench.core.stack.StackDescriptor;
import io.wsbench.core.stack.StackLauncher;
import io.wsbench.protocols.Workload;
import io.wsbench.service.security.TestKeys;
import io.wsbench.wssec.SecuredWorkload;
import io.wsbench.wssec.WsSecurity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WS-Security on the cxf stack with wsbench's WSS4J client, and no OpenSAML on either classpath:
 * every configuration answers the small sequence with every answer verified, decrypted and equal
 * to the oracle's; a response tampered with inside its signed body is a validation error.
 */
class WsSecurityTest {

    private static LoadEngine engine;
    private static RunningStack stack;
    private static StackDescriptor cxf;
    private static TestKeys keys;

    @BeforeAll
    static void start() throws Exception {
        Path home = Home.find();
        keys = TestKeys.in(home.resolve("target/keys"));
        cxf = StackCatalog.in(home).find("cxf").orElseThrow(() -> new AssertionError("cxf is not built"));
        stack = new StackLauncher(Files.createTempDirectory("wsbench-wss")).start(cxf, 0,
                Map.of("keys", keys.dir().toString()));
        engine = new LoadEngine(2);
    }

    @AfterAll
    static void stop() {
        if (engine != null) {
            engine.close();
        }
        if (stack != null) {
            stack.stop();
        }
    }

    @Test
    void noOpenSamlOnTheClassPaths() throws Exception {
        assertFalse(onClassPath("org.opensaml.core.config.InitializationService"), "OpenSAML on the client's classpath");
        try (var libs = Files.list(cxf.libDir())) {
            assertTrue(libs.map(p -> p.getFileName().toString()).noneMatch(n -> n.startsWith("opensaml") || n.contains("shib")),
                    "OpenSAML or Shibboleth in the cxf stack's lib/");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"username", "sign", "signencr"})
    void answersTheSmallSequenceVerified(String security) throws Exception {
        String path = cxf.endpoint("matchQuakes", "soap11", null, security);
        assertEquals("/seismic/" + security, path);
        URI endpoint = URI.create(stack.baseUrl() + path);
        Workload w = SecuredWorkload.of("soap11", "matchQuakes", "small", security, keys);
        Measurement m = engine.run(new InetSocketAddress("127.0.0.1", stack.port()), LoadSpec.closed(2, 50),
                w.requests(endpoint, true), w::validator, ProgressListener.NONE);
        assertEquals(100, m.requests());
        assertEquals(100, m.ok(), security + ": " + m.errors());
        assertNull(m.aborted());
        assertTrue(((SecuredWorkload) w).clientSecurityNanos() > 0);
    }

    @Test
    void plainRequestsToASecuredEndpointAreRefused() throws Exception {
        Workload plain = Workload.of("soap11", "matchQuakes", "small");
        Measurement m = engine.run(new InetSocketAddress("127.0.0.1", stack.port()), LoadSpec.closed(1, 5),
                plain.requests(URI.create(stack.baseUrl() + "/seismic/sign"), true), plain::validator, ProgressListener.NONE);
        assertEquals(0, m.ok());
        assertEquals(5, m.errors().soapFault(), "a missing signature is a SOAP fault: " + m.errors());
    }

    @ParameterizedTest
    @ValueSource(strings = {"sign", "signencr"})
    void aTamperedResponseIsAValidationError(String security) throws Exception {
        Workload w = SecuredWorkload.of("soap11", "matchQuakes", "large", security, keys);
        WsSecurity client = new WsSecurity(security, keys);
        byte[] request = client.secure(envelope(0));
        HttpResponse<byte[]> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(stack.baseUrl() + "/seismic/" + security))
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"urn:matchQuakes\"")
                .POST(HttpRequest.BodyPublishers.ofByteArray(request)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
        byte[] body = r.body();
        String contentType = r.headers().firstValue("Content-Type").orElse("");
        Validator v = w.validator();
        assertEquals(Verdict.OK, v.check(0, 200, contentType, body.clone(), body.length));

        // flip one byte inside the signed (and, for signencr, encrypted) body
        String text = new String(body, StandardCharsets.UTF_8);
        int at = security.equals("sign") ? text.indexOf("millis=\"") + 9 : text.indexOf("<xenc:CipherValue>") + 40;
        assertTrue(at > 40, text);
        byte[] tampered = body.clone();
        tampered[at] = (byte) (tampered[at] == '1' ? '2' : '1');
        assertEquals(Verdict.VALIDATION, v.check(0, 200, contentType, tampered, tampered.length));
    }

    private static byte[] envelope(int index) {
        var q = io.wsbench.service.seismic.QuerySequence.named("large", io.wsbench.service.seismic.Catalog.standard())
                .queries().get(index);
        return io.wsbench.protocols.Soap.V11.envelope(io.wsbench.service.seismic.SeismicXml.query(q))
                .getBytes(StandardCharsets.UTF_8);
    }

    private static boolean onClassPath(String name) {
        try {
            Class.forName(name);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
