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
import io.wsbench.service.security.TestKeys;
import io.wsbench.service.seismic.Catalog;
import io.wsbench.service.seismic.QuerySequence;
import io.wsbench.service.seismic.SeismicXml;
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
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WS-Security on the axis2-rampart stack (Axis2 1.8, Rampart 1.7.1, Tomcat 9) with wsbench's WSS4J
 * client: the plain service answers like the oracle; every secured configuration answers the small
 * sequence verified and decrypted; unsecured requests to a secured service are SOAP faults; a
 * tampered response is a validation error; the stack holds no OpenSAML and no jakarta servlet API,
 * and its served policies and WSDLs hold no password.
 */
class Axis2RampartSecurityTest {

    private static final List<String> SECURED = List.of("username", "sign", "signencr");

    private static LoadEngine engine;
    private static RunningStack stack;
    private static StackDescriptor descriptor;
    private static TestKeys keys;

    @BeforeAll
    static void start() throws Exception {
        Path home = Home.find();
        keys = TestKeys.in(home.resolve("target/keys"));
        descriptor = StackCatalog.in(home).find("axis2-rampart").orElseThrow(() -> new AssertionError("axis2-rampart is not built"));
        stack = new StackLauncher(Files.createTempDirectory("wsbench-rampart")).start(descriptor, 0,
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
    void libHoldsNoOpenSamlAndOnlyTheJavaxServletApi() throws Exception {
        List<String> jars;
        try (var libs = Files.list(descriptor.libDir())) {
            jars = libs.map(p -> p.getFileName().toString()).toList();
        }
        assertTrue(jars.stream().noneMatch(n -> n.startsWith("opensaml") || n.startsWith("openws")
                || n.startsWith("xmltooling") || n.contains("shib")), "OpenSAML or Shibboleth in lib/: " + jars);
        assertTrue(jars.stream().noneMatch(n -> n.startsWith("jakarta.servlet") || n.startsWith("servlet-api")
                || n.startsWith("javax.servlet-api")), "a servlet API jar besides Tomcat 9's: " + jars);
        assertTrue(jars.stream().anyMatch(n -> n.startsWith("tomcat-embed-core-9.")), jars.toString());
        assertTrue(jars.stream().anyMatch(n -> n.equals("rampart-core-1.7.1.jar")), jars.toString());
        assertTrue(jars.stream().anyMatch(n -> n.equals("axis2-kernel-1.8.2.jar")), jars.toString());
        assertTrue(Files.isRegularFile(descriptor.dir().resolve("repository/modules/rampart-1.7.1.mar")));
    }

    @Test
    void plainAnswersTheWholeSmallSequenceLikeTheOracle() throws Exception {
        Workload w = Workload.of("soap11", "matchQuakes", "small");
        String path = descriptor.endpoint("matchQuakes", "soap11", null);
        assertEquals("/services/SeismicService", path);
        Measurement m = engine.run(address(), LoadSpec.closed(1, 1000), w.requests(URI.create(stack.baseUrl() + path), true),
                w::validator, ProgressListener.NONE);
        assertEquals(1000, m.requests());
        assertEquals(1000, m.ok(), "every answer equals the oracle's: " + m.errors());
        assertNull(m.aborted());
    }

    @ParameterizedTest
    @ValueSource(strings = {"username", "sign", "signencr"})
    void answersTheSmallSequenceVerified(String security) throws Exception {
        Workload w = SecuredWorkload.of("soap11", "matchQuakes", "small", security, keys);
        Measurement m = engine.run(address(), LoadSpec.closed(2, 50), w.requests(endpoint(security), true),
                w::validator, ProgressListener.NONE);
        assertEquals(100, m.requests());
        assertEquals(100, m.ok(), security + ": " + m.errors() + " (see " + stack.log() + ")");
        assertNull(m.aborted());
        assertTrue(((SecuredWorkload) w).clientSecurityNanos() > 0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"username", "sign", "signencr"})
    void plainRequestsToASecuredServiceAreSoapFaults(String security) throws Exception {
        Workload plain = Workload.of("soap11", "matchQuakes", "small");
        Measurement m = engine.run(address(), LoadSpec.closed(1, 5), plain.requests(endpoint(security), true),
                plain::validator, ProgressListener.NONE);
        assertEquals(0, m.ok());
        assertEquals(5, m.errors().soapFault(), "a request without WS-Security is a SOAP fault: " + m.errors());
        // and the fault is Rampart's refusal, not a server failing on the way
        String fault = new String(post(endpoint(security), envelope(0)).body(), StandardCharsets.UTF_8);
        assertTrue(fault.contains("<faultcode>wsse:InvalidSecurity</faultcode>"), fault);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sign", "signencr"})
    void aTamperedResponseIsAValidationError(String security) throws Exception {
        Workload w = SecuredWorkload.of("soap11", "matchQuakes", "large", security, keys);
        HttpResponse<byte[]> r = post(endpoint(security), new WsSecurity(security, keys).secure(envelope(0)));
        assertEquals(200, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
        byte[] body = r.body();
        String contentType = r.headers().firstValue("Content-Type").orElse("");
        Validator v = w.validator();
        assertEquals(Verdict.OK, v.check(0, 200, contentType, body.clone(), body.length));
        // Rampart's Basic256Sha256: RSA-SHA256 over SHA-256 digests, AES-256-CBC and RSA-OAEP for the body
        String text = new String(body, StandardCharsets.UTF_8);
        assertTrue(text.contains("Algorithm=\"http://www.w3.org/2001/04/xmldsig-more#rsa-sha256\""), text);
        assertTrue(text.contains("Algorithm=\"http://www.w3.org/2001/04/xmlenc#sha256\""), text);
        assertFalse(text.contains("#rsa-sha1\"") || text.contains("#sha1\""), text);
        if (security.equals("signencr")) {
            assertTrue(text.contains("Algorithm=\"http://www.w3.org/2001/04/xmlenc#aes256-cbc\""), text);
            assertTrue(text.contains("Algorithm=\"http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p\""), text);
        }

        // flip one byte inside the signed (and, for signencr, encrypted) body
        int at = security.equals("sign") ? text.indexOf("millis=\"") + 9 : text.indexOf("CipherValue>") + 40;
        assertTrue(at > 40, text);
        byte[] tampered = body.clone();
        tampered[at] = (byte) (tampered[at] == '1' ? '2' : '1');
        assertEquals(Verdict.VALIDATION, v.check(0, 200, contentType, tampered, tampered.length));
    }

    @Test
    void servedPoliciesAndWsdlsHoldNoSecret() throws Exception {
        for (String security : SECURED) {
            for (String query : List.of("?policy", "?wsdl")) {
                URI uri = URI.create(endpoint(security) + query);
                HttpResponse<byte[]> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri)
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofByteArray());
                String text = new String(r.body(), StandardCharsets.UTF_8);
                assertEquals(200, r.statusCode(), uri.toString());
                for (String secret : keys.secrets()) {
                    assertFalse(text.contains(secret), uri + " reveals a password");
                }
                if ("?policy".equals(query)) {
                    assertTrue(text.contains("RampartConfig"), uri + ": " + text);
                }
            }
        }
        String log = Files.readString(stack.log());
        for (String secret : keys.secrets()) {
            assertFalse(log.contains(secret), "the stack's log reveals a password");
        }
    }

    private static URI endpoint(String security) {
        String path = descriptor.endpoint("matchQuakes", "soap11", null, security);
        assertNotNull(path, security + " is not declared in stack.properties");
        return URI.create(stack.baseUrl() + path);
    }

    private static InetSocketAddress address() {
        return new InetSocketAddress("127.0.0.1", stack.port());
    }

    private static HttpResponse<byte[]> post(URI uri, byte[] request) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri)
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"urn:matchQuakes\"")
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofByteArray(request)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static byte[] envelope(int index) {
        var q = QuerySequence.named("large", Catalog.standard()).queries().get(index);
        return Soap.V11.envelope(SeismicXml.query(q)).getBytes(StandardCharsets.UTF_8);
    }
}
