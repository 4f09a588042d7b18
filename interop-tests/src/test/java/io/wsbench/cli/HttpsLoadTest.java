package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code load} and {@code run} over https:// against real TLS servers on 127.0.0.1 whose
 * certificates the test makes: verified with --cacert, unverified with --insecure, refused before
 * any load when the CA is wrong or the client certificate is missing, mutual TLS with PEM files or
 * a PKCS12, and the handshakes and resumed sessions of a point.
 */
class HttpsLoadTest {

    @TempDir
    static Path keys;
    private static TlsFixture tls;
    private static String url;
    private static String mutualUrl;
    private static String tls12Url;

    @BeforeAll
    static void start() throws Exception {
        tls = new TlsFixture(keys);
        url = tls.start("/hello");
        mutualUrl = tls.startMutual("/hello");
        tls12Url = tls.startTls12("/hello");
    }

    @AfterAll
    static void stop() {
        tls.close();
    }

    private static JsonNode json(CliRunner r) throws Exception {
        assertEquals(0, r.exit(), r.out() + r.err());
        return RunJson.MAPPER.readTree(r.out());
    }

    @Test
    void verifiedAgainstTheCaGiven() throws Exception {
        JsonNode p = json(CliRunner.run("load", url, "-c", "4", "-n", "200", "--protocol", "plain",
                "--cacert", tls.ca.toString(), "--json"));
        assertEquals(200, p.at("/validated").asLong(), p.toString());
        assertEquals(0, p.at("/errors/connect").asLong());
        JsonNode t = p.at("/tls");
        assertEquals("TLSv1.3", t.at("/protocol").asText(), t.toString());
        assertEquals("openssl", t.at("/provider").asText(), "the default where BoringSSL loads");
        assertTrue(t.at("/insecure").isMissingNode(), t.toString());
        // keep-alive: one handshake per connection, no more
        assertEquals(4, t.at("/handshakes").asLong(), t.toString());
        assertTrue(t.at("/handshakeMicrosMean").asDouble() > 0, t.toString());

        CliRunner summary = CliRunner.run("load", url, "-c", "2", "-n", "20", "--expect", "Hello World",
                "--cacert", tls.ca.toString());
        assertEquals(0, summary.exit(), summary.err());
        assertTrue(summary.out().contains("  tls           TLSv1.3 "), summary.out());
        assertTrue(summary.out().contains("2 handshakes"), summary.out());
        assertFalse(summary.out().contains("NOT verified"), summary.out());
    }

    @Test
    void theReachabilityProbeAsksForTheQueryAsTheLoadDoes() throws Exception {
        tls.asked.clear();
        JsonNode p = json(CliRunner.run("load", url + "?x=1&y=2", "-c", "1", "-n", "5", "--protocol", "plain",
                "--cacert", tls.ca.toString(), "--json"));
        assertEquals(5, p.at("/validated").asLong(), p.toString());
        // a server that routes on its query must see the probe ask for the same resource as the load
        assertEquals(java.util.List.of("HEAD /hello?x=1&y=2", "GET /hello?x=1&y=2", "GET /hello?x=1&y=2",
                "GET /hello?x=1&y=2", "GET /hello?x=1&y=2", "GET /hello?x=1&y=2"), java.util.List.copyOf(tls.asked));
    }

    @Test
    void insecureLoadsButSaysSoAndRecordsIt() throws Exception {
        CliRunner r = CliRunner.run("load", url, "-c", "2", "-n", "100", "--protocol", "plain", "--insecure", "--json");
        JsonNode p = json(r);
        assertEquals(100, p.at("/validated").asLong(), p.toString());
        assertTrue(p.at("/tls/insecure").asBoolean(), p.toString());
        assertEquals("wsbench: warning: --insecure: the certificate of " + url
                + " is not verified, so the server answering may not be the one named", r.err().strip());

        CliRunner summary = CliRunner.run("load", url, "-c", "1", "-n", "10", "--insecure");
        assertEquals(0, summary.exit(), summary.err());
        assertTrue(summary.out().startsWith("wsbench: warning: --insecure"), summary.out());
        assertTrue(summary.out().contains("certificate NOT verified (--insecure)"), summary.out());
    }

    @Test
    void aWrongCaIsRefusedInOneLineBeforeAnyLoad() {
        long before = tls.served.get();
        CliRunner wrong = CliRunner.run("load", url, "-n", "100", "--cacert", tls.wrongCa.toString());
        assertEquals(2, wrong.exit(), wrong.out() + wrong.err());
        assertEquals("", wrong.out());
        assertEquals(1, wrong.err().strip().lines().count(), wrong.err());
        assertTrue(wrong.err().startsWith("wsbench: TLS handshake with " + url + " failed: "), wrong.err());
        assertTrue(wrong.err().contains("certification path"), wrong.err());
        assertTrue(wrong.err().contains("(the server's certificate is not signed by a CA of " + tls.wrongCa.getFileName()), wrong.err());
        // nor does the JDK's own trust store know the test's CA
        CliRunner untrusted = CliRunner.run("load", url, "-n", "100");
        assertEquals(2, untrusted.exit(), untrusted.err());
        assertTrue(untrusted.err().startsWith("wsbench: TLS handshake with " + url + " failed: "), untrusted.err());
        assertTrue(untrusted.err().contains("give the CA that signed it with --cacert FILE (PEM)"), untrusted.err());
        assertEquals(before, tls.served.get(), "no request may reach the server");
    }

    @Test
    void mutualTlsWithTheClientCertificate() throws Exception {
        JsonNode p = json(CliRunner.run("load", mutualUrl, "-c", "2", "-n", "100", "--protocol", "plain",
                "--cacert", tls.ca.toString(), "--cert", tls.clientCert.toString(), "--key", tls.clientKey.toString(), "--json"));
        assertEquals(100, p.at("/validated").asLong(), p.toString());
        assertTrue(p.at("/tls/clientCertificate").asBoolean(), p.toString());
    }

    @Test
    void mutualTlsRefusedWithoutAClientCertificate() {
        long before = tls.servedMutual.get();
        CliRunner r = CliRunner.run("load", mutualUrl, "-n", "100", "--cacert", tls.ca.toString());
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("wsbench: TLS handshake with " + mutualUrl + " failed: "), r.err());
        assertEquals(before, tls.servedMutual.get(), "no request may reach the server");
    }

    @Test
    void mutualTlsFromAPkcs12WhosePasswordIsInTheEnvironment(@TempDir Path dir) throws Exception {
        // a process of its own: only a child gets an environment variable of the test's choosing
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, Main.class.getName(), "load", mutualUrl, "-c", "2", "-n", "50", "--protocol", "plain",
                "--cacert", tls.ca.toString(), "--pkcs12", tls.clientPkcs12.toString(),
                "--pkcs12-password-env", "CLIENT_P12_PASSWORD", "--json"));
        Path out = dir.resolve("out.json");
        Path err = dir.resolve("err.txt");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("CLIENT_P12_PASSWORD", TlsFixture.PKCS12_PASSWORD);
        Process process = pb.start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "wsbench load did not end");
        String printed = Files.readString(out) + Files.readString(err);
        assertEquals(0, process.exitValue(), printed);
        JsonNode p = RunJson.MAPPER.readTree(out.toFile());
        assertEquals(50, p.at("/validated").asLong(), p.toString());
        assertTrue(p.at("/tls/clientCertificate").asBoolean(), p.toString());
        assertFalse(printed.contains(TlsFixture.PKCS12_PASSWORD), "the password must not be printed");

        CliRunner unset = CliRunner.run("load", mutualUrl, "-n", "10", "--cacert", tls.ca.toString(),
                "--pkcs12", tls.clientPkcs12.toString(), "--pkcs12-password-env", "WSBENCH_NO_SUCH_VARIABLE");
        assertEquals(2, unset.exit(), unset.err());
        assertTrue(unset.err().contains("WSBENCH_NO_SUCH_VARIABLE") && unset.err().contains("is not set"), unset.err());
    }

    @Test
    void aHandshakePerRequestWithoutKeepAliveAndSessionsResumed() throws Exception {
        JsonNode p = json(CliRunner.run("load", url, "-c", "2", "-n", "40", "--protocol", "plain", "--no-keepalive",
                "--tls-provider", "jdk", "--cacert", tls.ca.toString(), "--json"));
        assertEquals("jdk", p.at("/tls/provider").asText(), p.toString());
        assertEquals(40, p.at("/validated").asLong(), p.toString());
        JsonNode t = p.at("/tls");
        assertEquals(40, t.at("/handshakes").asLong(), t.toString());
        assertTrue(t.at("/handshakeMicrosMean").asDouble() > 0, t.toString());
        assertTrue(t.at("/resumedShare").asDouble() > 0, t.toString());
    }

    @Test
    void tls12AndItsSessionsResumedToo() throws Exception {
        for (String provider : List.of("jdk", "openssl")) {
            JsonNode p = json(CliRunner.run("load", tls12Url, "-c", "2", "-n", "40", "--protocol", "plain", "--no-keepalive",
                    "--tls-provider", provider, "--cacert", tls.ca.toString(), "--json"));
            assertEquals(40, p.at("/validated").asLong(), p.toString());
            assertEquals("TLSv1.2", p.at("/tls/protocol").asText(), p.toString());
            assertEquals(40, p.at("/tls/handshakes").asLong(), p.toString());
            assertTrue(p.at("/tls/resumedShare").asDouble() > 0, p.toString());
        }
    }

    @Test
    void bothProvidersVerifyAndResume() throws Exception {
        JsonNode kept = json(CliRunner.run("load", url, "-c", "2", "-n", "200", "--protocol", "plain",
                "--tls-provider", "jdk", "--cacert", tls.ca.toString(), "--json"));
        assertEquals(200, kept.at("/validated").asLong(), kept.toString());
        assertEquals("jdk", kept.at("/tls/provider").asText(), kept.toString());
        assertEquals("TLSv1.3", kept.at("/tls/protocol").asText(), kept.toString());
        JsonNode each = json(CliRunner.run("load", url, "-c", "2", "-n", "40", "--protocol", "plain", "--no-keepalive",
                "--tls-provider", "openssl", "--cacert", tls.ca.toString(), "--json"));
        assertEquals(40, each.at("/validated").asLong(), each.toString());
        assertEquals(40, each.at("/tls/handshakes").asLong(), each.toString());
        assertTrue(each.at("/tls/resumedShare").asDouble() > 0, each.toString());
        JsonNode mutual = json(CliRunner.run("load", mutualUrl, "-c", "2", "-n", "40", "--protocol", "plain",
                "--tls-provider", "jdk", "--cacert", tls.ca.toString(),
                "--cert", tls.clientCert.toString(), "--key", tls.clientKey.toString(), "--json"));
        assertEquals(40, mutual.at("/validated").asLong(), mutual.toString());

        CliRunner wrong = CliRunner.run("load", url, "-n", "10", "--tls-provider", "jdk", "--cacert", tls.wrongCa.toString());
        assertEquals(2, wrong.exit(), wrong.err());
        assertEquals(1, wrong.err().strip().lines().count(), wrong.err());
        assertTrue(wrong.err().startsWith("wsbench: TLS handshake with " + url + " failed: "), wrong.err());
    }

    @Test
    void aSuiteUrlTargetTakesItsTlsFilesRelativeToTheSuite(@TempDir Path dir) throws Exception {
        Path certs = Files.createDirectories(dir.resolve("certs"));
        Files.copy(tls.ca, certs.resolve("ca.pem"));
        Path suite = dir.resolve("https.yaml");
        Files.writeString(suite, """
                name: https
                warmup: none
                targets:
                  - { label: verified, url: "%s", protocol: plain, tls: { cacert: certs/ca.pem } }
                  - { label: unverified, url: "%s", protocol: plain, tls: { insecure: true } }
                load:
                  - { users: 2, requestsPerUser: 25 }
                """.formatted(url, url));
        CliRunner run = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("wsbench: warning: --insecure: the certificate of " + url), run.out());
        JsonNode points = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).at("/points");
        JsonNode verified = RunCommandTest.labelled(points, "verified");
        JsonNode unverified = RunCommandTest.labelled(points, "unverified");
        assertEquals(50, verified.at("/validated").asLong(), points.toString());
        assertEquals(2, verified.at("/tls/handshakes").asLong(), points.toString());
        assertTrue(verified.at("/tls/insecure").isMissingNode(), points.toString());
        assertEquals(50, unverified.at("/validated").asLong(), points.toString());
        assertTrue(unverified.at("/tls/insecure").asBoolean(), points.toString());
        String report = Files.readString(dir.resolve("out/report.html"));
        assertTrue(report.contains("certificate was not verified"), "the report flags --insecure");

        Files.writeString(suite, """
                name: https
                targets:
                  - { label: wrong, url: "%s", protocol: plain, tls: { cacert: certs/missing.pem } }
                load:
                  - { users: 1, requestsPerUser: 5 }
                """.formatted(url));
        CliRunner missing = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out2").toString());
        assertEquals(2, missing.exit(), missing.out() + missing.err());
        assertTrue(missing.err().contains("no such CA certificate file: " + certs.resolve("missing.pem")), missing.err());
    }
}
