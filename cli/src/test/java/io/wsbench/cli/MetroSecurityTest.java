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
import io.wsbench.protocols.Soap;
import io.wsbench.protocols.Workload;
import io.wsbench.service.seismic.Catalog;
import io.wsbench.service.seismic.QuerySequence;
import io.wsbench.service.seismic.SeismicXml;
import io.wsbench.service.security.TestKeys;
import io.wsbench.wssec.SecuredWorkload;
import io.wsbench.wssec.WsSecurity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
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
 * WS-Security on the metro stack: Metro's WSIT enforcing WS-SecurityPolicy from the WSDL, against
 * wsbench's WSS4J client. Every configuration answers the small sequence with every answer verified,
 * decrypted and equal to the oracle's; unsecured requests are SOAP faults; a tampered response is a
 * validation error; the served WSDLs carry the policy but not WSIT's private configuration, and no
 * password reaches them or the stack's log.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MetroSecurityTest {

    private static LoadEngine engine;
    private static RunningStack stack;
    private static StackDescriptor metro;
    private static TestKeys keys;

    @BeforeAll
    static void start() throws Exception {
        Path home = Home.find();
        keys = TestKeys.in(home.resolve("target/keys"));
        metro = StackCatalog.in(home).find("metro").orElseThrow(() -> new AssertionError("metro is not built"));
        stack = new StackLauncher(Files.createTempDirectory("wsbench-metro-wss")).start(metro, 0,
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

    @ParameterizedTest
    @ValueSource(strings = {"username", "sign", "signencr"})
    void answersTheSmallSequenceVerified(String security) throws Exception {
        String path = metro.endpoint("matchQuakes", "soap11", null, security);
        assertEquals("/seismic/" + security, path);
        Workload w = SecuredWorkload.of("soap11", "matchQuakes", "small", security, keys);
        Measurement m = engine.run(new InetSocketAddress("127.0.0.1", stack.port()), LoadSpec.closed(2, 50),
                w.requests(URI.create(stack.baseUrl() + path), true), w::validator, ProgressListener.NONE);
        assertEquals(100, m.requests());
        assertEquals(100, m.ok(), security + ": " + m.errors());
        assertNull(m.aborted());
        assertTrue(((SecuredWorkload) w).clientSecurityNanos() > 0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"username", "sign", "signencr"})
    void plainRequestsToASecuredEndpointAreSoapFaults(String security) throws Exception {
        Workload plain = Workload.of("soap11", "matchQuakes", "small");
        Measurement m = engine.run(new InetSocketAddress("127.0.0.1", stack.port()), LoadSpec.closed(1, 5),
                plain.requests(URI.create(stack.baseUrl() + "/seismic/" + security), true), plain::validator, ProgressListener.NONE);
        assertEquals(0, m.ok());
        assertEquals(5, m.errors().soapFault(), "a missing security header is a SOAP fault: " + m.errors());
    }

    @ParameterizedTest
    @ValueSource(strings = {"sign", "signencr"})
    void aTamperedResponseIsAValidationError(String security) throws Exception {
        Workload w = SecuredWorkload.of("soap11", "matchQuakes", "large", security, keys);
        HttpResponse<byte[]> r = post("/seismic/" + security, new WsSecurity(security, keys).secure(envelope(0)));
        assertEquals(200, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
        byte[] body = r.body();
        String contentType = r.headers().firstValue("Content-Type").orElse("");
        Validator v = w.validator();
        assertEquals(Verdict.OK, v.check(0, 200, contentType, body.clone(), body.length));

        // flip one byte inside the signed (and, for signencr, encrypted) body
        String text = new String(body, StandardCharsets.UTF_8);
        int at = security.equals("sign") ? text.indexOf("millis=\"") + 9 : text.indexOf("CipherValue>") + 40;
        assertTrue(at > 40, text);
        byte[] tampered = body.clone();
        tampered[at] = (byte) (tampered[at] == '1' ? '2' : '1');
        assertEquals(Verdict.VALIDATION, v.check(0, 200, contentType, tampered, tampered.length));
    }

    @ParameterizedTest
    @ValueSource(strings = {"username", "sign", "signencr"})
    void theServedWsdlCarriesThePolicyButNoPrivateConfiguration(String security) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(stack.baseUrl() + "/seismic/" + security + "?wsdl")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        String wsdl = r.body();
        assertTrue(wsdl.contains(security.equals("username") ? "WssUsernameToken10" : "Basic256Sha256"), wsdl);
        assertTrue(wsdl.contains("PolicyReference"), wsdl);
        assertEquals(security.equals("signencr"), wsdl.contains("EncryptedParts"), wsdl);
        for (String hidden : new String[]{"schemas.sun.com/2006/03/wss/server", "WsitCallbacks", "ManagedService"}) {
            assertFalse(wsdl.contains(hidden), hidden + " is published");
        }
        for (String secret : keys.secrets()) {
            assertFalse(wsdl.contains(secret), "a password is published");
        }
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void noPasswordInTheStacksLog() throws Exception {
        String log = Files.readString(stack.log(), StandardCharsets.ISO_8859_1);
        assertTrue(log.contains("listening"), log);
        for (String secret : keys.secrets()) {
            assertFalse(log.contains(secret), "a password is in the stack's log");
        }
    }

    private static HttpResponse<byte[]> post(String path, byte[] request) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(stack.baseUrl() + path))
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"urn:matchQuakes\"")
                .POST(HttpRequest.BodyPublishers.ofByteArray(request)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static byte[] envelope(int index) {
        var q = QuerySequence.named("large", Catalog.standard()).queries().get(index);
        return Soap.V11.envelope(SeismicXml.query(q)).getBytes(StandardCharsets.UTF_8);
    }
}
