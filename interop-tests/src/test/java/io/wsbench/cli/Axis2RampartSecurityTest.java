package io.wsbench.cli;

import io.wsbench.core.load.LoadEngine;
import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.suite.Security;
import io.wsbench.protocols.Soap;
import io.wsbench.protocols.Workload;
import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.contract.seismic.SeismicContract;
import io.wsbench.contract.seismic.SeismicXml;
import io.wsbench.wssec.WsSecurity;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WS-Security on the axis2-rampart stack (Axis2 1.8, Rampart 1.7.1, Tomcat 9; see
 * {@link SecuredStackContract}), and what is particular to it: its plain service answers like the
 * oracle, Rampart's Basic256Sha256 puts the configured algorithms on the wire, a refusal is
 * Rampart's wsse:InvalidSecurity fault, lib/ holds no OpenSAML and no servlet API but Tomcat 9's,
 * and neither the served policies nor the WSDLs nor the log hold a password.
 */
class Axis2RampartSecurityTest extends SecuredStackContract {

    @Override
    protected String stack() {
        return "axis2-rampart";
    }

    @Test
    void servesEveryConfiguration() {
        assertEquals(List.of(Security.USERNAME, Security.SIGN, Security.SIGNENCR), configurations());
    }

    @Test
    void libHoldsNoOpenSamlAndOnlyTomcat9sServletApi() throws Exception {
        List<String> jars;
        try (var libs = Files.list(descriptor.libDir())) {
            jars = libs.map(p -> p.getFileName().toString()).toList();
        }
        assertTrue(jars.stream().noneMatch(n -> n.startsWith("opensaml") || n.startsWith("openws")
                || n.startsWith("xmltooling") || n.contains("shib")), "OpenSAML or Shibboleth in lib/: " + jars);
        assertTrue(jars.stream().noneMatch(n -> n.startsWith("jakarta.servlet") || n.startsWith("servlet-api")
                || n.startsWith("javax.servlet-api")), "a servlet API besides Tomcat 9's: " + jars);
        assertTrue(jars.contains("rampart-core-1.7.1.jar") && jars.contains("axis2-kernel-1.8.2.jar"), jars.toString());
        assertTrue(jars.stream().anyMatch(n -> n.startsWith("tomcat-embed-core-9.")), jars.toString());
        assertTrue(Files.isRegularFile(descriptor.dir().resolve("repository/modules/rampart-1.7.1.mar")));
    }

    @Test
    void plainAnswersTheWholeSmallSequenceLikeTheOracle() throws Exception {
        Workload w = Workload.of("soap11", SeismicContract.OPERATION, "small");
        URI plain = URI.create(running.baseUrl() + descriptor.endpoint(SeismicContract.OPERATION, "soap11", null));
        try (LoadEngine engine = new LoadEngine(1)) {
            Measurement m = engine.run(LoadEngine.Point.of(new InetSocketAddress("127.0.0.1", running.port()), LoadSpec.closed(1, 1000),
                    w.requests(plain, true), w::validator), ProgressListener.NONE);
            assertEquals(1000, m.ok(), "every answer equals the oracle's: " + m.errors());
            assertNull(m.aborted());
        }
    }

    @Test
    void responsesCarryBasic256Sha256Algorithms() throws Exception {
        for (Security c : List.of(Security.SIGN, Security.SIGNENCR)) {
            HttpResponse<String> r = post(endpoint(c), new WsSecurity(c, keys).secure(envelope()));
            assertEquals(200, r.statusCode(), r.body());
            String text = r.body();
            assertTrue(text.contains("Algorithm=\"http://www.w3.org/2001/04/xmldsig-more#rsa-sha256\""), text);
            assertTrue(text.contains("Algorithm=\"http://www.w3.org/2001/04/xmlenc#sha256\""), text);
            assertFalse(text.contains("#rsa-sha1\"") || text.contains("#sha1\""), text);
            assertEquals(c == Security.SIGNENCR, text.contains("Algorithm=\"http://www.w3.org/2001/04/xmlenc#aes256-cbc\""), text);
            assertEquals(c == Security.SIGNENCR, text.contains("Algorithm=\"http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p\""), text);
        }
    }

    @Test
    void aRequestWithoutSecurityIsRampartsRefusal() throws Exception {
        for (Security c : configurations()) {
            HttpResponse<String> r = post(endpoint(c), envelope());
            assertEquals(500, r.statusCode(), r.body());
            assertTrue(r.body().contains("<faultcode>wsse:InvalidSecurity</faultcode>"), c + ": " + r.body());
        }
    }

    @Test
    void servedPoliciesWsdlsAndTheLogHoldNoPassword() throws Exception {
        for (Security c : configurations()) {
            for (String query : List.of("?policy", "?wsdl")) {
                URI uri = URI.create(endpoint(c) + query);
                HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri)
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), uri.toString());
                List.of(keys.storePassword(), keys.userPassword()).forEach(s -> assertFalse(r.body().contains(s), uri + " reveals a password"));
                if ("?policy".equals(query)) {
                    assertTrue(r.body().contains("RampartConfig"), uri + ": " + r.body());
                }
            }
        }
        String log = Files.readString(running.log());
        List.of(keys.storePassword(), keys.userPassword()).forEach(s -> assertFalse(log.contains(s), "the stack's log reveals a password"));
    }

    private static HttpResponse<String> post(URI uri, byte[] request) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri)
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"" + SeismicContract.SOAP_ACTION + "\"")
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofByteArray(request)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static byte[] envelope() {
        var q = QuerySequence.named("small", Catalog.standard()).queries().get(0);
        return Soap.V11.envelope(SeismicXml.query(q)).getBytes(StandardCharsets.UTF_8);
    }
}
