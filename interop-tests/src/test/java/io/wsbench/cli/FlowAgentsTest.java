package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A flow run from two local agents ({@code run --agents 2 --local}, each agent its own JVM) against the
 * PHP shop of {@link FlowTest}: the users are split among the agents, each user logs in with the row of
 * its number in the whole point (the shop keeps, for each user, the virtual user each of its logins came
 * from), unique rows are each sent once by one agent, and run.json's steps hold both agents' requests.
 */
class FlowAgentsTest {

    private static final Path RESOURCES = Path.of("src/test/resources/flow").toAbsolutePath();

    private static final String USERS = "user,password\nann,pw-ann\nbob,pw-bob\ncid,pw-cid\ndee,pw-dee\n";

    /** Sixteen orders whose totals are the powers of two: their sum says which rows were stored, and how often. */
    private static String orders() {
        StringBuilder rows = new StringBuilder("item,qty,total\n");
        for (int i = 0; i < 16; i++) {
            rows.append("item").append(i).append(",1,").append(1 << i).append('\n');
        }
        return rows.toString();
    }

    /** The shop, its spec and rows in {@code dir}, the server started there. */
    private static PhpService shop(Path dir) throws Exception {
        Files.copy(RESOURCES.resolve("shop.php"), dir.resolve("shop.php"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(RESOURCES.resolve("shop-openapi.yaml"), dir.resolve("shop-openapi.yaml"), StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(dir.resolve("users.csv"), USERS);
        Files.writeString(dir.resolve("orders.csv"), orders());
        return PhpService.start(dir.resolve("shop.php"));
    }

    /** Two points of a flow whose login takes each user's own row and whose orders take each row once a point. */
    private static Path suite(Path dir, PhpService shop) throws java.io.IOException {
        return Files.writeString(dir.resolve("shop-agents.yaml"), """
                    name: shop-agents
                    warmup: none
                    order: grouped          # the points in the suite's order, which this test reads
                    targets:
                      - label: shop
                        url: %s
                        openapi: shop-openapi.yaml
                        flow:
                          setup:
                            - { operation: login, data: users.csv, dataMode: perUser, headers: { X-Vu: "${vu}" },
                                extract: { token: "jsonpath:$.token" } }
                          steps:
                            - { operation: placeOrder, data: orders.csv, dataMode: unique, headers: { Authorization: "Bearer ${token}" },
                                extract: { orderId: "jsonpath:$.id" }, checks: ["status: 201"] }
                            - { operation: getOrder, params: { id: "${orderId}" }, headers: { Authorization: "Bearer ${token}" },
                                checks: ["jsonpath:$.total == ${total}", "jsonpath:$.item == '${item}'"] }
                          teardown:
                            - { operation: logout, headers: { Authorization: "Bearer ${token}" } }
                    load:
                      - { users: 4, iterationsPerUser: 4 }
                      - { users: 3, iterationsPerUser: 2 }
                    """.formatted(shop.base()));
    }

    private static JsonNode stats(PhpService shop) throws Exception {
        return RunJson.MAPPER.readTree(HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                URI.create(shop.base() + "/stats")).build(), HttpResponse.BodyHandlers.ofString()).body());
    }

    @Test
    void twoAgentsShareAFlowsUsersAndRowsAndTheirStepsAddUp(@TempDir Path dir) throws Exception {
        try (PhpService shop = shop(dir)) {
            Path suite = suite(dir, shop);

            CliRunner r = CliRunner.run("run", suite.toString(), "--agents", "2", "--local", "--out", dir.resolve("out").toString());

            assertEquals(0, r.exit(), r.out() + r.err());
            JsonNode points = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).path("points");
            assertEquals(2, points.size(), points.toString());
            // 4 users on 2 agents (2 and 2), then 3 users (2 and 1)
            point(points.get(0), 4, 4, new int[]{2, 2});
            point(points.get(1), 3, 2, new int[]{2, 1});

            JsonNode seen = stats(shop);
            // row n is user n's in the whole point: the second agent's users are 2 and 3, then 2, never 0 again
            JsonNode logins = seen.path("loginsByUser");
            assertEquals("0 0", logins.path("ann").asText(), seen.toString());
            assertEquals("1 1", logins.path("bob").asText(), seen.toString());
            assertEquals("2 2", logins.path("cid").asText(), seen.toString());
            assertEquals("3", logins.path("dee").asText(), "one login a point, from the user of its own number: " + seen);
            assertEquals(7, seen.path("logins").asLong(), seen.toString());
            assertEquals(7, seen.path("logouts").asLong(), seen.toString());
            assertEquals(22, seen.path("orders").asLong(), seen.toString());
            assertEquals(22, seen.path("reads").asLong(), seen.toString());
            // the first point sends each of the 16 rows once (2^16 - 1); the second, afresh, rows 0, 2, 4, 6 from the
            // first agent and 1, 3 from the second: 85 + 10
            assertEquals(65535 + 85 + 10, seen.path("totals").asDouble(), 1e-9, seen.toString());
            String logs = Files.readString(dir.resolve("out/logs/agent-1.log")) + Files.readString(dir.resolve("out/logs/agent-2.log"));
            for (String part : new String[]{"part 1/2 of a point received: 2 users (numbers 0 to 1 of the point)",
                    "part 2/2 of a point received: 2 users (numbers 2 to 3 of the point)",
                    "part 2/2 of a point received: 1 user (number 2 of the point)", "done: 8 iterations, 16 requests"}) {
                assertTrue(logs.contains(part), part + " in " + logs);
            }
        }
    }

    @Test
    void oneGeneratorTakesTheUniqueRowsAfreshEachPointAsTheAgentsDo(@TempDir Path dir) throws Exception {
        try (PhpService shop = shop(dir)) {
            CliRunner r = CliRunner.run("run", suite(dir, shop).toString(), "--out", dir.resolve("out").toString());

            assertEquals(0, r.exit(), r.out() + r.err());
            JsonNode points = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).path("points");
            for (int i = 0; i < 2; i++) {
                assertTrue(points.get(i).path("aborted").isMissingNode() || points.get(i).path("aborted").isNull(),
                        points.get(i).path("aborted").toString());
                assertEquals(i == 0 ? 16 : 6, points.get(i).path("validated").asLong(), points.get(i).toString());
            }
            JsonNode seen = stats(shop);
            assertEquals("0 0", seen.path("loginsByUser").path("ann").asText(), seen.toString());
            assertEquals("3", seen.path("loginsByUser").path("dee").asText(), seen.toString());
            // all 16 rows, then rows 0 to 5 again: the second point did not run out where the first left off
            assertEquals(65535 + 63, seen.path("totals").asDouble(), 1e-9, seen.toString());
        }
    }

    /**
     * A flow point of {@code users} users, {@code perUser} iterations each, run by two agents with
     * {@code agentUsers} users each: every iteration valid, and each step's record the sum of both agents'.
     */
    private static void point(JsonNode p, int users, int perUser, int[] agentUsers) {
        long iterations = (long) users * perUser;
        assertEquals(iterations, p.path("iterations").asLong(), p.toString());
        assertEquals(iterations, p.path("validated").asLong(), "every iteration valid: " + p);
        assertTrue(p.path("aborted").isMissingNode() || p.path("aborted").isNull(), p.toString());
        assertEquals(2 * iterations, p.path("requests").asLong(), "two requests an iteration; setup and teardown apart");
        for (String name : new String[]{"placeOrder", "getOrder"}) {
            JsonNode s = step(p.path("steps"), name);
            assertEquals(iterations, s.path("requests").asLong(), name + ": both agents' requests in " + p.path("steps"));
            assertEquals(iterations, s.path("validated").asLong(), name + " in " + p.path("steps"));
        }
        assertEquals(users, step(p.path("setup"), "login").path("validated").asLong(), "one login per user: " + p.path("setup"));
        assertEquals(users, step(p.path("teardown"), "logout").path("validated").asLong(), p.path("teardown").toString());
        assertEquals(agentUsers.length, p.path("agents").size(), p.path("agents").toString());
        for (int i = 0; i < agentUsers.length; i++) {
            JsonNode a = p.path("agents").get(i);
            assertEquals(2L * agentUsers[i] * perUser, a.path("requests").asLong(), "agent " + i + "'s steps' requests: " + p.path("agents"));
            assertEquals(0, a.path("errors").asLong(), a.toString());
        }
    }

    private static JsonNode step(JsonNode steps, String name) {
        for (JsonNode s : steps) {
            if (s.path("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no step " + name + " in " + steps);
    }
}
