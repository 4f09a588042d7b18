package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Flows against a real stateful service: PHP's built-in server running shop.php, whose login gives a
 * token that every order call needs (401 without), whose placeOrder gives the id getOrder reads back,
 * and whose sessions keep a cart per PHP session cookie. The server counts what it saw, and the
 * tests compare that with what wsbench says it measured.
 */
class FlowTest {

    private static final Path RESOURCES = Path.of("src/test/resources/flow").toAbsolutePath();

    private static final String USERS = "user,password\nann,pw-ann\nbob,pw-bob\ncid,pw-cid\ndee,pw-dee\n";
    /** Five rows: 40 iterations take each 8 times, so the stored totals are 8 x their sum (8 x 100.5). */
    private static final String ORDERS = "item,qty,total\npen,1,1.5\nbook,2,24\nlamp,1,30\ncup,4,10\nrug,1,35\n";

    private static final String SHOP_FLOW = """
            label: shop
            url: %s
            openapi: shop-openapi.yaml
            flow:
              setup:
                - { operation: login, data: users.csv, dataMode: perUser, extract: { token: "jsonpath:$.token" } }
              steps:
                - { operation: placeOrder, data: orders.csv, headers: { Authorization: "Bearer ${token}" },
                    extract: { orderId: "jsonpath:$.id" }, checks: ["status: 201"] }
                - { operation: getOrder, params: { id: "${orderId}" }, headers: { Authorization: "Bearer ${token}" },
                    checks: ["jsonpath:$.total == ${total}", "jsonpath:$.item == '${item}'"] }
                - { think: { exponential: 1ms } }
              teardown:
                - { operation: logout, headers: { Authorization: "Bearer ${token}" } }
            """;

    /** shop.php, its spec and the rows in {@code dir}, the server started there (its state is beside it). */
    static PhpService shop(Path dir, String... settings) throws Exception {
        Files.copy(RESOURCES.resolve("shop.php"), dir.resolve("shop.php"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(RESOURCES.resolve("shop-openapi.yaml"), dir.resolve("shop-openapi.yaml"), StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(dir.resolve("users.csv"), USERS);
        Files.writeString(dir.resolve("orders.csv"), ORDERS);
        return PhpService.start(dir.resolve("shop.php"), settings);
    }

    static JsonNode stats(PhpService shop) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                URI.create(shop.base() + "/stats")).build(), HttpResponse.BodyHandlers.ofString());
        return RunJson.MAPPER.readTree(r.body());
    }

    static JsonNode step(JsonNode steps, String name) {
        for (JsonNode s : steps) {
            if (s.path("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no step " + name + " in " + steps);
    }

    @Test
    void eachUserLogsInOnceAndEveryOrderPlacedIsReadBackWithItsRowsTotal(@TempDir Path dir) throws Exception {
        try (PhpService shop = shop(dir)) {
            Path flow = Files.writeString(dir.resolve("shop.yaml"), SHOP_FLOW.formatted(shop.base()));
            JsonNode p = PhpService.load("--flow", flow.toString(), "-c", "4", "-n", "40");

            assertEquals(40, p.path("iterations").asLong(), p.toString());
            assertEquals(40, p.path("validated").asLong(), "every iteration valid: " + p);
            assertEquals(0, p.path("errors").path("validation").asLong() + p.path("errors").path("httpStatus").asLong());
            assertEquals(80, p.path("requests").asLong(), "two requests an iteration; setup and teardown apart");
            JsonNode place = step(p.path("steps"), "placeOrder");
            JsonNode read = step(p.path("steps"), "getOrder");
            assertEquals(40, place.path("validated").asLong());
            assertEquals(40, read.path("validated").asLong(), "exactly N valid reads");
            assertTrue(read.path("latencyMicros").path("p50").asLong() > 0, read.toString());
            assertTrue(place.path("bytesSentPerRequest").asDouble() > read.path("bytesSentPerRequest").asDouble(),
                    "the POST carries a body: " + p.path("steps"));
            assertEquals(2, p.path("steps").size(), "a pause is in the iteration's latency, not a step of its own");
            assertEquals(4, step(p.path("setup"), "login").path("validated").asLong(), "setup once per user");
            assertEquals(4, step(p.path("teardown"), "logout").path("validated").asLong(), "teardown once per user");

            JsonNode seen = stats(shop);
            assertEquals(4, seen.path("logins").asLong(), "the server counted one login per user: " + seen);
            assertEquals(4, seen.path("logouts").asLong(), seen.toString());
            assertEquals(40, seen.path("orders").asLong(), seen.toString());
            assertEquals(40, seen.path("reads").asLong(), seen.toString());
            assertEquals(8 * 100.5, seen.path("totals").asDouble(), 1e-9, "each row's total stored as the row says: " + seen);
        }
    }

    /**
     * A traffic mix: each iteration places and reads back an order (weight 3) or does nothing (weight 1), drawn afresh. Over
     * 400 iterations the server's count of orders is about 300 (binomial, σ ≈ 8.7: 240 to 360 is ±6.9σ) and equals what the
     * point says its steps sent; every order is read back in the iteration that placed it (both steps in one branch).
     */
    @Test
    void aOneOfStepRunsOneBranchAnIterationDrawnByWeight(@TempDir Path dir) throws Exception {
        try (PhpService shop = shop(dir)) {
            // the shop's flow up to its steps (its login in the setup), then a choice in place of its steps
            String mix = SHOP_FLOW.substring(0, SHOP_FLOW.indexOf("  steps:\n")) + """
                      steps:
                        - name: buy or not
                          oneOf:
                            - { weight: 1, steps: [] }
                            - weight: 3
                              steps:
                                - { operation: placeOrder, data: orders.csv, headers: { Authorization: "Bearer ${token}" },
                                    extract: { orderId: "jsonpath:$.id" }, checks: ["status: 201"] }
                                - { operation: getOrder, params: { id: "${orderId}" }, headers: { Authorization: "Bearer ${token}" },
                                    checks: ["jsonpath:$.total == ${total}", "jsonpath:$.item == '${item}'"] }
                    """;
            Path flow = Files.writeString(dir.resolve("mix.yaml"), mix.formatted(shop.base()));
            JsonNode p = PhpService.load("--flow", flow.toString(), "-c", "4", "-n", "400");

            assertEquals(400, p.path("iterations").asLong(), p.toString());
            assertEquals(400, p.path("validated").asLong(), "an iteration that drew the empty branch is a valid one: " + p);
            long placed = step(p.path("steps"), "placeOrder").path("validated").asLong();
            assertTrue(placed >= 240 && placed <= 360, "about 3 in 4 iterations place an order: " + placed);
            assertEquals(placed, step(p.path("steps"), "getOrder").path("validated").asLong(), "each read in its order's iteration");
            assertEquals(2 * placed, p.path("requests").asLong(), p.toString());
            JsonNode seen = stats(shop);
            assertEquals(placed, seen.path("orders").asLong(), "the server saw what the point counted: " + seen);
            assertEquals(placed, seen.path("reads").asLong(), seen.toString());
        }
    }

    @Test
    void aWarmUpRunsWholeIterationsOfItsOwnUsersAndIsLeftOutOfThePoint(@TempDir Path dir) throws Exception {
        try (PhpService shop = shop(dir)) {
            Path flow = Files.writeString(dir.resolve("shop.yaml"), SHOP_FLOW.formatted(shop.base()));
            JsonNode p = PhpService.load("--flow", flow.toString(), "-c", "4", "-n", "40", "--warmup", "3");

            assertEquals(40, p.path("iterations").asLong(), "the warm-up's iterations are not the point's: " + p);
            assertEquals(40, p.path("validated").asLong(), p.toString());
            assertEquals(4, step(p.path("setup"), "login").path("validated").asLong(), p.toString());
            JsonNode seen = stats(shop);
            assertEquals(8, seen.path("logins").asLong(), "4 warm-up users and 4 measured ones logged in: " + seen);
            assertEquals(8, seen.path("logouts").asLong(), seen.toString());
            assertEquals(4 * 3 + 40, seen.path("orders").asLong(), "3 warm-up iterations per user, then the 40: " + seen);
            assertEquals(4 * 3 + 40, seen.path("reads").asLong(), seen.toString());
        }
    }

    @Test
    void withoutTheTokenEveryIterationEndsAtItsFirstStepAsAnHttpStatusError(@TempDir Path dir) throws Exception {
        try (PhpService shop = shop(dir)) {
            String noToken = SHOP_FLOW.replace("""
                    - { operation: placeOrder, data: orders.csv, headers: { Authorization: "Bearer ${token}" },""", """
                    - { operation: placeOrder, data: orders.csv,""");
            Path flow = Files.writeString(dir.resolve("no-token.yaml"), noToken.formatted(shop.base()));
            CliRunner r = PhpService.loaded("--flow", flow.toString(), "-c", "2", "-n", "10",
                    "--assert", "step:placeOrder errors==0", "--assert", "step:getOrder errors==0", "--assert", "step:nosuch p99<1s");
            JsonNode p = RunJson.MAPPER.readTree(r.out());
            assertEquals(ExitCode.PROBLEM, r.exit(), r.err());
            assertTrue(r.err().contains("FAIL  ") && r.err().contains("step:placeOrder errors==0  (errors = 10, wanted == 0)"), r.err());
            assertTrue(r.err().contains("PASS  ") && r.err().contains("step:getOrder errors==0  (errors = 0, wanted == 0)"), r.err());
            assertTrue(r.err().contains("step:nosuch p99<1s  (p99 = not measured (no step nosuch in these points, or none of its answers"
                    + " passed)"), r.err());

            assertEquals(10, p.path("iterations").asLong(), p.toString());
            assertEquals(0, p.path("validated").asLong());
            assertEquals(10, p.path("errors").path("httpStatus").asLong(), "each iteration's error, by its kind");
            JsonNode place = step(p.path("steps"), "placeOrder");
            assertEquals(10, place.path("errors").path("httpStatus").asLong(), "counted against the step that failed");
            assertTrue(place.path("firstFailure").asText().contains("status 401"), place.toString());
            assertEquals(0, step(p.path("steps"), "getOrder").path("requests").asLong(), "the iteration ended there");
            assertEquals(0, stats(shop).path("orders").asLong());
        }
    }

    @Test
    void whenTheTokenExpiresExactlyTheRequestsAfterItFailOnTheirStep(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("state"));
        Files.writeString(dir.resolve("state/ttl"), "7"); // the token is good for 7 calls: 3 iterations and a placeOrder
        try (PhpService shop = shop(dir)) {
            Path flow = Files.writeString(dir.resolve("shop.yaml"), SHOP_FLOW.formatted(shop.base()));
            JsonNode p = PhpService.load("--flow", flow.toString(), "-c", "1", "-n", "10");

            assertEquals(10, p.path("iterations").asLong(), p.toString());
            assertEquals(3, p.path("validated").asLong(), p.toString());
            assertEquals(7, p.path("errors").path("httpStatus").asLong(), "each failed iteration once, by its kind");
            JsonNode place = step(p.path("steps"), "placeOrder");
            JsonNode read = step(p.path("steps"), "getOrder");
            assertEquals(4, place.path("validated").asLong(), place.toString());
            assertEquals(6, place.path("errors").path("httpStatus").asLong(), place.toString());
            assertEquals(3, read.path("validated").asLong(), read.toString());
            assertEquals(1, read.path("errors").path("httpStatus").asLong(), "only the read after expiry failed: " + read);
            assertEquals(0, read.path("errors").path("validation").asLong() + place.path("errors").path("validation").asLong());
            assertTrue(read.path("firstFailure").asText().startsWith("user 0, iteration 3: status 401"), read.toString());
            assertEquals(1, step(p.path("teardown"), "logout").path("errors").path("httpStatus").asLong());
        }
    }

    @Test
    void afterAnErrorRestartRunsTheSetupAgainAndStopEndsTheUser(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("state"));
        Files.writeString(dir.resolve("state/ttl"), "7"); // a token is good for 7 calls: its 4th getOrder fails
        try (PhpService shop = shop(dir)) {
            Path restart = Files.writeString(dir.resolve("restart.yaml"), SHOP_FLOW.formatted(shop.base())
                    .replace("flow:\n", "flow:\n  onError: restart\n"));
            JsonNode p = PhpService.load("--flow", restart.toString(), "-c", "1", "-n", "10");
            assertEquals(10, p.path("iterations").asLong(), p.toString());
            assertEquals(8, p.path("validated").asLong(), "iterations 3 and 7 failed, each followed by a new login: " + p);
            assertEquals(2, step(p.path("steps"), "getOrder").path("errors").path("httpStatus").asLong());
            assertEquals(10, step(p.path("steps"), "placeOrder").path("validated").asLong());
            assertEquals(3, step(p.path("setup"), "login").path("validated").asLong(), "the setup ran again after each error");
            assertEquals(3, stats(shop).path("logins").asLong());

            Path stop = Files.writeString(dir.resolve("stop.yaml"), SHOP_FLOW.formatted(shop.base())
                    .replace("flow:\n", "flow:\n  onError: stop\n"));
            JsonNode stopped = PhpService.load("--flow", stop.toString(), "-c", "1", "-n", "10");
            assertEquals(4, stopped.path("iterations").asLong(), "the user stopped after its first error: " + stopped);
            assertEquals(3, stopped.path("validated").asLong());
            assertEquals(6, stopped.path("unfinished").asLong(), "the iterations it left are unfinished");
            assertEquals(1, step(stopped.path("teardown"), "logout").path("requests").asLong(), "its teardown still ran");
        }
        Files.writeString(dir.resolve("state/ttl"), "7");
        try (PhpService shop = shop(dir)) {
            // continue: the iteration goes on after a failed step (Postman's runner, JMeter's "Continue")
            Path go = Files.writeString(dir.resolve("continue.yaml"), SHOP_FLOW.formatted(shop.base())
                    .replace("flow:\n", "flow:\n  onError: continue\n"));
            JsonNode p = PhpService.load("--flow", go.toString(), "-c", "1", "-n", "10");
            assertEquals(10, p.path("iterations").asLong(), p.toString());
            assertEquals(3, p.path("validated").asLong(), "the token expired in iteration 3 and was never renewed: " + p);
            assertEquals(7, p.path("errors").path("httpStatus").asLong(), "each failed iteration once, by its first failure");
            JsonNode read = step(p.path("steps"), "getOrder");
            assertEquals(10, read.path("requests").asLong(), "every iteration reached its last step: " + read);
            assertEquals(7, read.path("errors").path("httpStatus").asLong(), read.toString());
            assertEquals(6, step(p.path("steps"), "placeOrder").path("errors").path("httpStatus").asLong());
        }
    }

    @Test
    void anOpenLoopStartsEachIterationWhenDueAndCountsItsLatencyFromThen(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("state"));
        Files.writeString(dir.resolve("state/stall"), "1000"); // the first /stall answer waits 1 s
        try (PhpService shop = shop(dir)) {
            Path flow = Files.writeString(dir.resolve("stall.yaml"), """
                    url: %s
                    flow:
                      steps:
                        - { name: stall, method: GET, path: /stall, checks: ["jsonpath:$.ok == true"] }
                        - { name: stats, method: GET, path: /stats }
                    """.formatted(shop.base()));
            // 10 iterations a second on 1 user for 2 s: slots 0, 100 ms, ... 1900 ms, each started when due; no warm-up
            // (an open loop's default is one iteration a connection, which would take the stall out of the point)
            JsonNode open = PhpService.load("--flow", flow.toString(), "-c", "1", "--rate", "10", "-d", "2s", "--warmup", "0");
            assertEquals(20, open.path("iterations").asLong() + open.path("unfinished").asLong(), open.toString());
            assertEquals(open.path("iterations").asLong(), open.path("validated").asLong(), open.toString());
            long late = io.wsbench.core.load.Measurement.decode(open.path("histogram").asText())
                    .getCountBetweenValues(500_000, Long.MAX_VALUE);
            assertTrue(late >= 3, "the iterations due during the 1 s stall waited for it, and their latency says so: "
                    + late + " of " + open.path("iterations") + " took 0.5 s or more from when they were due");

            Files.writeString(dir.resolve("state/stalls"), "0"); // the next first call stalls again
            JsonNode closed = PhpService.load("--flow", flow.toString(), "-c", "1", "-n", "10");
            assertEquals(10, closed.path("validated").asLong(), closed.toString());
            assertEquals(1, io.wsbench.core.load.Measurement.decode(closed.path("histogram").asText())
                    .getCountBetweenValues(500_000, Long.MAX_VALUE), "a closed loop shows the stall once: " + closed);
        }
    }

    @Test
    void eachUserKeepsItsOwnSessionCookieAndSeesOnlyItsOwnCart(@TempDir Path dir) throws Exception {
        Path sessions = Files.createDirectories(dir.resolve("sessions"));
        try (PhpService shop = shop(dir, "session.save_path=" + sessions)) {
            String cart = """
                    url: %s
                    flow:
                      %s
                      setup:
                        - { name: sign in, method: POST, path: /session/login, body: "user=${vu}" }
                      steps:
                        - { name: add, method: POST, path: /session/cart, body: "item=u${vu}-${iteration}-${random:100-999}",
                            extract: { added: "jsonpath:$.count" } }
                        - { name: cart, method: GET, path: /session/cart,
                            checks: ["jsonpath:$.user == '${vu}'", "jsonpath:$.count == ${added}", "jsonpath:$.own == ${added}",
                                     "jsonpath:$.last == 'u${vu}-${iteration}-${random:100-999}'"] }
                    """;
            Path flow = Files.writeString(dir.resolve("cart.yaml"), cart.formatted(shop.base(), ""));
            JsonNode p = PhpService.load("--flow", flow.toString(), "-c", "3", "-n", "30");
            assertEquals(30, p.path("iterations").asLong(), p.toString());
            assertEquals(30, p.path("validated").asLong(), "each cart held its own user's items only: " + p);
            assertEquals(30, step(p.path("steps"), "cart").path("validated").asLong());
            assertEquals(3, step(p.path("setup"), "sign in").path("validated").asLong());
            JsonNode seen = stats(shop);
            assertEquals(0, seen.path("foreign").asLong(), "no item was added to another user's session");
            assertEquals(30, seen.path("drawn").asLong(), "each item's name ended in its iteration's ${random:100-999}");

            Path jarless = Files.writeString(dir.resolve("jarless.yaml"), cart.formatted(shop.base(), "cookies: false"));
            JsonNode off = PhpService.load("--flow", jarless.toString(), "-c", "1", "-n", "3");
            assertEquals(3, step(off.path("steps"), "add").path("errors").path("httpStatus").asLong(),
                    "without the jar the session is lost after the login: " + off);
        }
    }

    @Test
    void aSuiteTargetWithAFlowIsMeasuredLikeAnyTargetAndRunJsonKeepsItsSteps(@TempDir Path dir) throws Exception {
        try (PhpService unused = shop(dir)) {
            // the suite starts its own server from the same files: this one only installed PHP where it was missing
        }
        Path suite = Files.writeString(dir.resolve("flows.yaml"), """
                name: flows
                warmup: none
                stacks:
                  shop: { command: [php, -S, "127.0.0.1:${port}", "%s"], ready: /stats }
                targets:
                  - label: checkout
                    stack: shop
                    openapi: /openapi.yaml
                    flow:
                      setup:
                        - { operation: login, data: users.csv, dataMode: perUser, extract: { token: "jsonpath:$.token" } }
                      steps:
                        - { operation: placeOrder, data: orders.csv, headers: { Authorization: "Bearer ${token}" },
                            extract: { orderId: "jsonpath:$.id" }, checks: ["status: 201"] }
                        - { operation: getOrder, params: { id: "${orderId}" }, headers: { Authorization: "Bearer ${token}" },
                            checks: ["jsonpath:$.total == ${total}"] }
                load:
                  - { users: 2, iterationsPerUser: 5 }
                """.formatted(dir.resolve("shop.php")));
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.err() + r.out());
        JsonNode points = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).path("points");
        assertEquals(1, points.size(), points.toString());
        JsonNode p = points.get(0);
        assertEquals("flow", p.path("target").path("protocol").asText());
        assertEquals(10, p.path("iterations").asLong(), p.toString());
        assertEquals(10, p.path("validated").asLong(), p.toString());
        assertEquals(10, step(p.path("steps"), "getOrder").path("validated").asLong());
        assertEquals(2, step(p.path("setup"), "login").path("validated").asLong());
        assertEquals("2", Files.readString(dir.resolve("state/logins")).trim(), "the server counted one login per user");
        assertEquals("10", Files.readString(dir.resolve("state/reads")).trim());
        String report = Files.readString(dir.resolve("out/report.html"));
        assertTrue(report.contains("<h2>Flow steps</h2>"), "report.html has a table of the steps");
        String steps = report.substring(report.indexOf("<h2>Flow steps</h2>"), report.indexOf("</table>", report.indexOf("<h2>Flow steps</h2>")));
        for (String row : new String[]{"login", "placeOrder", "getOrder"}) {
            assertTrue(steps.contains(row), row + " in " + steps);
        }
        assertTrue(steps.contains(">setup<") && steps.contains(">iteration<") && steps.contains(">apart<"), steps);
        iterationChart(report, p);

        CliRunner again = CliRunner.run("run", suite.toString(), "--out", dir.resolve("again").toString());
        assertEquals(0, again.exit(), again.err());
        CliRunner compare = CliRunner.run("compare", dir.resolve("out").toString(), dir.resolve("again").toString(),
                "--out", dir.resolve("compared").toString());
        assertEquals(0, compare.exit(), compare.err());
        for (String metric : new String[]{"step placeOrder p50", "step placeOrder p99", "step getOrder p50", "step getOrder p99"}) {
            assertTrue(compare.out().contains(metric), "compare matches the points step by step: " + metric + " in " + compare.out());
        }
        assertTrue(Files.readString(dir.resolve("compared/compare.csv")).contains("step getOrder p99Micros"));
    }

    /** report.html's chart of where the iteration's time goes: a bar for the one load, segments at the steps' means in {@code p}. */
    private static void iterationChart(String report, JsonNode p) throws IOException {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<div class=\"plot\" data-chart=\"(\\{&quot;kind&quot;:&quot;stacked&quot;[^\"]*)\"")
                .matcher(report);
        assertTrue(m.find(), "report.html has the stacked chart of the iteration's time");
        JsonNode chart = RunJson.MAPPER.readTree(m.group(1).replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&"));
        assertFalse(m.find(), "one chart for the one flow target");
        assertEquals("[\"2 users\"]", chart.path("categories").toString(), "a bar per load");
        JsonNode series = chart.path("series");
        assertEquals(3, series.size(), series.toString());
        double steps = 0;
        for (int i = 0; i < 2; i++) {
            String name = new String[]{"placeOrder", "getOrder"}[i];
            assertEquals(name, series.get(i).path("name").asText());
            double mean = step(p.path("steps"), name).path("latencyMicros").path("mean").asDouble() / 1000;
            assertEquals(mean, series.get(i).path("bars").get(0).path("value").asDouble(), 1e-9, "the segment is the step's mean");
            steps += mean;
        }
        assertEquals("think and gaps", series.get(2).path("name").asText());
        assertEquals(Math.max(0, p.path("latencyMicros").path("mean").asDouble() / 1000 - steps),
                series.get(2).path("bars").get(0).path("value").asDouble(), 1e-9, "the rest of the iteration's mean");
        assertTrue(report.contains("checkout: where an iteration&#39;s time goes"), "its caption, and its figures in a table");
    }

    @Test
    void aSoapFlowCarriesTheSessionItsLoginGaveInASoapHeaderAndAnswersWithoutItAreFaults(@TempDir Path dir) throws Exception {
        for (String f : new String[]{"quotes.php", "quotes.wsdl"}) {
            Files.copy(RESOURCES.resolve(f), dir.resolve(f));
        }
        Files.writeString(dir.resolve("users.csv"), USERS);
        Files.writeString(dir.resolve("symbols.csv"), "symbol\nACME\nIBM\nXY\n");
        String quotes = """
                url: %s/quotes
                wsdl: quotes.wsdl
                flow:
                  setup:
                    - { operation: Login, data: users.csv, dataMode: perUser, extract: { session: "xpath://tns:session" } }
                  steps:
                    - operation: Quote
                      data: symbols.csv
                      body: |
                        <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:q="urn:quotes">
                          %s
                          <soap:Body><q:Quote><q:symbol>${symbol}</q:symbol></q:Quote></soap:Body>
                        </soap:Envelope>
                      extract: { price: "xpath://tns:price" }
                      checks: ["xpath://tns:symbol = '${symbol}'", "xpath://tns:user = '${user}'"]
                """;
        try (PhpService service = PhpService.start(dir.resolve("quotes.php"))) {
            Path flow = Files.writeString(dir.resolve("quotes.yaml"), quotes.formatted(service.base(),
                    "<soap:Header><q:Session>${session}</q:Session></soap:Header>"));
            JsonNode p = PhpService.load("--flow", flow.toString(), "-c", "2", "-n", "12");
            assertEquals(12, p.path("iterations").asLong(), p.toString());
            assertEquals(12, p.path("validated").asLong(), "each answer is the user's own quote: " + p);
            assertEquals(12, step(p.path("steps"), "Quote").path("validated").asLong());
            assertEquals(2, step(p.path("setup"), "Login").path("validated").asLong());
            JsonNode seen = RunJson.MAPPER.readTree(HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                    URI.create(service.base() + "/stats")).build(), HttpResponse.BodyHandlers.ofString()).body());
            assertEquals(2, seen.path("logins").asLong(), seen.toString());
            assertEquals(12, seen.path("quotes").asLong(), seen.toString());

            Path headerless = Files.writeString(dir.resolve("headerless.yaml"), quotes.formatted(service.base(), ""));
            JsonNode faults = PhpService.load("--flow", headerless.toString(), "-c", "1", "-n", "4");
            JsonNode quote = step(faults.path("steps"), "Quote");
            assertEquals(4, quote.path("errors").path("soapFault").asLong(), quote.toString());
            assertTrue(quote.path("firstFailure").asText().contains("SOAP Fault"), quote.toString());
        }
    }

    /** shop-openapi.yaml with Authorization a required header parameter of placeOrder and getOrder, as FastAPI's Header() writes it. */
    private static Path authorizationSpec(Path dir) throws IOException {
        String header = "        - { name: Authorization, in: header, required: true, schema: { type: string } }\n";
        String spec = Files.readString(RESOURCES.resolve("shop-openapi.yaml"))
                .replace("      operationId: placeOrder\n", "      operationId: placeOrder\n      parameters:\n" + header)
                .replace("        - { name: id, in: path, required: true, schema: { type: integer } }\n",
                        "        - { name: id, in: path, required: true, schema: { type: integer } }\n" + header);
        return Files.writeString(dir.resolve("shop-openapi.yaml"), spec);
    }

    @Test
    void aStepsHeaderFillsTheSpecsHeaderParameterOfItsName(@TempDir Path dir) throws Exception {
        try (PhpService shop = shop(dir)) {
            Path spec = authorizationSpec(dir);
            Path flow = Files.writeString(dir.resolve("shop.yaml"), SHOP_FLOW.formatted(shop.base())
                    .replace("data: orders.csv, headers: { Authorization:", "data: orders.csv, headers: { authorization:"));
            JsonNode p = PhpService.load("--flow", flow.toString(), "-c", "2", "-n", "20");
            assertEquals(20, p.path("iterations").asLong(), p.toString());
            assertEquals(20, p.path("validated").asLong(), "every iteration valid: " + p);
            assertEquals(20, step(p.path("steps"), "placeOrder").path("validated").asLong(), "a lower-case header name fills it too");
            assertEquals(20, stats(shop).path("orders").asLong());
            assertEquals(20, stats(shop).path("reads").asLong());

            // neither the step's headers nor its params give it: one line, before any load
            Path bare = Files.writeString(dir.resolve("bare.yaml"), SHOP_FLOW.formatted(shop.base()).replace("""
                    - { operation: placeOrder, data: orders.csv, headers: { Authorization: "Bearer ${token}" },""", """
                    - { operation: placeOrder, data: orders.csv,"""));
            PhpService.assertBadInput(CliRunner.run("load", "--flow", bare.toString()),
                    "steps step placeOrder: header parameter Authorization of placeOrder (POST /orders in " + spec
                            + ") is required and nothing gives it: give it in the step's headers ({ Authorization: VALUE })"
                            + " or its params ({ Authorization: VALUE })");
            assertEquals(20, stats(shop).path("orders").asLong(), "nothing was sent");

            // a single request's --header fills it as a step's header does
            HttpResponse<String> login = HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(URI.create(shop.base() + "/login"))
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"user\": \"ann\", \"password\": \"pw-ann\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            String token = RunJson.MAPPER.readTree(login.body()).path("token").asText();
            String orders = dir.resolve("orders.csv").toString();
            JsonNode one = PhpService.load("--openapi", spec.toString(), "--operation", "placeOrder", "--data", orders,
                    "--header", "Authorization: Bearer " + token, "-c", "1", "-n", "10", shop.base());
            assertEquals(10, one.path("validated").asLong(), one.toString());
            assertEquals(30, stats(shop).path("orders").asLong(), "each request carried the token");
            PhpService.assertBadInput(CliRunner.run("load", "--openapi", spec.toString(), "--operation", "placeOrder", "--data", orders,
                    "-n", "10", shop.base()), "header parameter Authorization of placeOrder (POST /orders in " + spec
                    + ") is required and nothing gives it: give it with --header 'Authorization: VALUE' or a column Authorization in --data");
        }
    }

    @Test
    void aFlowThatCannotRunIsRefusedBeforeAnyLoadInOneLineNamingTheStep(@TempDir Path dir) throws Exception {
        Files.copy(RESOURCES.resolve("shop-openapi.yaml"), dir.resolve("shop-openapi.yaml"));
        Files.writeString(dir.resolve("users.csv"), USERS);
        Files.writeString(dir.resolve("orders.csv"), ORDERS);
        String url = "http://127.0.0.1:9"; // nothing listens: a refusal must come before any connection

        Path typo = Files.writeString(dir.resolve("typo.yaml"), SHOP_FLOW.formatted(url).replace("id: \"${orderId}\"", "id: \"${orderID}\""));
        PhpService.assertBadInput(CliRunner.run("load", "--flow", typo.toString()),
                "steps step getOrder: param id uses ${orderID}, which no earlier step or row gives");

        Path extraction = Files.writeString(dir.resolve("extraction.yaml"), SHOP_FLOW.formatted(url).replace("jsonpath:$.token", "jsonpath:$[?("));
        PhpService.assertBadInput(CliRunner.run("load", "--flow", extraction.toString()),
                "setup step login: extract token: 'jsonpath:$[?(': not a JSONPath");

        Path flow = Files.writeString(dir.resolve("shop.yaml"), SHOP_FLOW.formatted(url));
        PhpService.assertBadInput(CliRunner.run("load", "--flow", flow.toString(), "-c", "5", "-n", "5"),
                "dataMode perUser gives each virtual user its own row: 5 users, but step login (4 rows in");

        Path plain = Files.writeString(dir.resolve("plain.yaml"), "url: " + url + "\nflow:\n  steps:\n    - { method: GET, path: /x }\n");
        PhpService.assertBadInput(CliRunner.run("load", "--flow", plain.toString(), "-c", "10000000", "-n", "10000000"),
                "10,000,000 connections need 10,000,256 open files, but this process may open");

        Path operation = Files.writeString(dir.resolve("operation.yaml"), SHOP_FLOW.formatted(url).replace("operation: getOrder", "operation: getOrdr"));
        CliRunner r = CliRunner.run("load", "--flow", operation.toString());
        PhpService.assertBadInput(r, "steps step getOrdr: ");
        assertTrue(r.err().contains("getOrdr"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }
}
