package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.wsbench.cli.FlowTest.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Flows over HTTPS with a client certificate: FlowTest's PHP shop behind nginx, which speaks TLS and
 * wants a certificate signed by the test's CA; each user logs in for a token and a session cookie,
 * carries both through its iterations, and the server counts what it saw, nginx what came in with the
 * certificate. Through {@code load --flow} (the flow file's {@code tls:}, or load's options) and a suite.
 */
class HttpsFlowTest {

    /** Token and cookie: an order placed and read back with the login's token, an item added to the session's cart and seen there. */
    private static final String STEPS = """
            flow:
              setup:
                - { operation: login, data: users.csv, dataMode: perUser, extract: { token: "jsonpath:$.token" } }
                - { name: sign in, method: POST, path: /session/login, body: "user=${vu}" }
              steps:
                - { operation: placeOrder, data: orders.csv, headers: { Authorization: "Bearer ${token}" },
                    extract: { orderId: "jsonpath:$.id" }, checks: ["status: 201"] }
                - { operation: getOrder, params: { id: "${orderId}" }, headers: { Authorization: "Bearer ${token}" },
                    checks: ["jsonpath:$.total == ${total}"] }
                - { name: add, method: POST, path: /session/cart, body: "item=u${vu}-${iteration}",
                    extract: { added: "jsonpath:$.count" } }
                - { name: cart, method: GET, path: /session/cart,
                    checks: ["jsonpath:$.user == '${vu}'", "jsonpath:$.own == ${added}"] }
              teardown:
                - { operation: logout, headers: { Authorization: "Bearer ${token}" } }
            """;

    private static final String CLIENT = "CN=wsbench client";

    /** The shop under PHP (sessions in {@code dir}) behind nginx with TLS; the fixture's keys in {@code dir}. */
    private record Shop(PhpService php, NginxFront nginx, TlsFixture tls) implements AutoCloseable {

        static Shop start(Path dir) throws Exception {
            PhpService php = FlowTest.shop(dir, "session.save_path=" + Files.createDirectories(dir.resolve("sessions")));
            TlsFixture tls = new TlsFixture(dir);
            try {
                return new Shop(php, NginxFront.start(dir, tls.serverPem(dir), tls.ca, php.base()), tls);
            } catch (Throwable e) {
                php.close();
                throw e;
            }
        }

        @Override
        public void close() throws InterruptedException {
            nginx.close();
            php.close();
        }
    }

    @Test
    void aFlowFilesTlsCarriesTheTokenAndTheCookieOverHttpsWithAClientCertificate(@TempDir Path dir) throws Exception {
        try (Shop shop = Shop.start(dir)) {
            Path flow = Files.writeString(dir.resolve("shop.yaml"), """
                    label: secure shop
                    url: %s
                    openapi: shop-openapi.yaml
                    tls: { cacert: ca.pem, cert: client.pem, key: client-key.pem }
                    """.formatted(shop.nginx.base()) + STEPS);
            CliRunner r = PhpService.loaded("--flow", flow.toString(), "-c", "3", "-n", "12");
            JsonNode p = RunJson.MAPPER.readTree(r.out());

            assertEquals(12, p.path("iterations").asLong(), p.toString());
            assertEquals(12, p.path("validated").asLong(), "every iteration valid: " + p);
            for (String s : new String[]{"placeOrder", "getOrder", "add", "cart"}) {
                assertEquals(12, step(p.path("steps"), s).path("validated").asLong(), s + ": " + p.path("steps"));
            }
            assertEquals(3, step(p.path("setup"), "login").path("validated").asLong());
            assertEquals(3, step(p.path("setup"), "sign in").path("validated").asLong());
            assertEquals(3, step(p.path("teardown"), "logout").path("validated").asLong());
            JsonNode tls = p.path("tls");
            assertTrue(tls.path("clientCertificate").asBoolean(), "the point records the client certificate: " + tls);
            assertEquals(3, tls.path("handshakes").asLong(), "a connection and a handshake per user, kept alive: " + tls);

            JsonNode seen = FlowTest.stats(shop.php);
            assertEquals(3, seen.path("logins").asLong(), "one login per user: " + seen);
            assertEquals(3, seen.path("logouts").asLong(), seen.toString());
            assertEquals(12, seen.path("orders").asLong(), seen.toString());
            assertEquals(12, seen.path("reads").asLong(), "each order read back with its user's token: " + seen);
            assertEquals(0, seen.path("foreign").asLong(), "each session cookie stayed with its user");
            // the reachability check's HEAD, then 3 x 2 setup requests, 12 x 4 step requests, 3 logouts
            List<String> asked = shop.nginx.requests();
            assertEquals(1 + 6 + 48 + 3, asked.size(), String.join("\n", asked));
            assertTrue(asked.stream().allMatch(l -> l.startsWith(CLIENT + "|")), "every request came with the certificate: " + asked);
            assertEquals(48 + 6 + 3, asked.stream().filter(l -> l.startsWith(CLIENT + "|20")).count(), String.join("\n", asked));
        }
    }

    @Test
    void loadsTlsOptionsServeAFlowFileWithoutTlsAndNotBesideIt(@TempDir Path dir) throws Exception {
        try (Shop shop = Shop.start(dir)) {
            String target = "label: secure shop\nurl: %s\nopenapi: shop-openapi.yaml\n".formatted(shop.nginx.base());
            Path flow = Files.writeString(dir.resolve("shop.yaml"), target + STEPS);
            JsonNode p = PhpService.load("--flow", flow.toString(), "-c", "2", "-n", "4", "--cacert", shop.tls.ca.toString(),
                    "--cert", shop.tls.clientCert.toString(), "--key", shop.tls.clientKey.toString());
            assertEquals(4, p.path("validated").asLong(), p.toString());
            assertEquals(4, step(p.path("steps"), "cart").path("validated").asLong(), p.toString());
            assertTrue(p.path("tls").path("clientCertificate").asBoolean(), p.path("tls").toString());

            // without a certificate nginx answers 400 to each user's login, and no iteration starts
            JsonNode refused = PhpService.load("--flow", flow.toString(), "-c", "2", "-n", "4", "--cacert", shop.tls.ca.toString());
            assertEquals(0, refused.path("iterations").asLong(), refused.toString());
            assertEquals(2, step(refused.path("setup"), "login").path("errors").path("httpStatus").asLong(), refused.toString());
            assertEquals(2, FlowTest.stats(shop.php).path("logins").asLong(), "the server saw the first run's logins only");
            CliRunner printed = CliRunner.run("load", "--flow", flow.toString(), "-c", "1", "-n", "1", "--insecure",
                    "--cert", shop.tls.clientCert.toString(), "--key", shop.tls.clientKey.toString());
            assertEquals(0, printed.exit(), printed.err());
            assertTrue(printed.out().contains("wsbench: warning: --insecure: the certificate of " + shop.nginx.base()), printed.out());
            assertTrue(printed.out().lines().anyMatch(l -> l.startsWith("  tls ") && l.contains("client certificate")
                    && l.contains("NOT verified") && l.contains(", 1 handshakes")), printed.out());

            Path both = Files.writeString(dir.resolve("both.yaml"), target + "tls: { cacert: ca.pem }\n" + STEPS);
            PhpService.assertBadInput(CliRunner.run("load", "--flow", both.toString(), "-c", "1", "-n", "1", "--insecure"),
                    "give the TLS settings there or as --cacert");
            Path plain = Files.writeString(dir.resolve("plain.yaml"), "url: %s\ntls: { insecure: true }\n"
                    .formatted(shop.php.base()) + "flow:\n  steps:\n    - { method: GET, path: /stats }\n");
            PhpService.assertBadInput(CliRunner.run("load", "--flow", plain.toString(), "-c", "1", "-n", "1"), "'tls' is for an https:// address");
        }
    }

    /** A URL's password reaches no line and no file: --insecure's warning, --assert's lines and JUnit XML, a URL's or its step's. */
    @Test
    void aUrlsPasswordIsWrittenStarredWhereverTheUrlIsSaid(@TempDir Path dir) throws Exception {
        try (Shop shop = Shop.start(dir)) {
            String url = shop.nginx.base().replace("https://", "https://ann:s3cret@") + "/stats";
            Path junit = dir.resolve("junit.xml");
            for (List<String> checks : List.of(List.<String>of(), List.of("--check", "status: 200"))) {
                List<String> args = new java.util.ArrayList<>(List.of("load", url, "-c", "1", "-n", "2", "--insecure",
                        "--cert", shop.tls.clientCert.toString(), "--key", shop.tls.clientKey.toString(),
                        "--assert", "errors==0", "--junit", junit.toString()));
                args.addAll(checks);
                CliRunner r = CliRunner.run(args.toArray(String[]::new));
                String said = r.out() + r.err() + Files.readString(junit);
                assertEquals(0, r.exit(), said);
                assertFalse(said.contains("s3cret"), said);
                assertTrue(said.contains("the certificate of https://ann:***@") && said.contains("wsbench load https://ann:***@"), said);
            }
        }
    }

    @Test
    void aSuitesHttpsFlowTargetTakesItsTlsFilesRelativeToTheSuite(@TempDir Path dir) throws Exception {
        try (Shop shop = Shop.start(dir)) {
            Path suite = Files.writeString(dir.resolve("secure.yaml"), """
                    name: secure-flows
                    warmup: none
                    targets:
                      - label: secure shop
                        url: %s
                        openapi: shop-openapi.yaml
                        tls: { cacert: ca.pem, cert: client.pem, key: client-key.pem }
                        %s
                    load:
                      - { users: 2, iterationsPerUser: 5 }
                    """.formatted(shop.nginx.base(), STEPS.indent(4).strip()));
            CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
            assertEquals(0, r.exit(), r.err() + r.out());
            assertFalse(r.err().contains("\tat "), r.err());
            JsonNode p = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).path("points").get(0);
            assertEquals(10, p.path("iterations").asLong(), p.toString());
            assertEquals(10, p.path("validated").asLong(), p.toString());
            assertEquals(10, step(p.path("steps"), "cart").path("validated").asLong(), p.toString());
            assertTrue(p.path("tls").path("clientCertificate").asBoolean(), p.path("tls").toString());
            JsonNode seen = FlowTest.stats(shop.php);
            assertEquals(2, seen.path("logins").asLong(), seen.toString());
            assertEquals(10, seen.path("reads").asLong(), seen.toString());
            assertEquals(0, seen.path("foreign").asLong(), seen.toString());
            assertTrue(shop.nginx.requests().stream().allMatch(l -> l.startsWith(CLIENT + "|")), shop.nginx.requests().toString());
        }
    }
}
