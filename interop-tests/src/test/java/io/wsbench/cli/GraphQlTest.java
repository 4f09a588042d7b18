package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.StackLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GraphQL, from outside and from wsbench: the direct stack's /graphql (graphql-java) answers curl's
 * POST as wsbench's graphql protocol expects; a suite's graphql target is checked on every answer;
 * {@code load --graphql} fills each request's variables from rows and counts exactly the answers that
 * carry errors (under a 200) and the ones its checks refuse. Bounded: request counts, one server.
 */
class GraphQlTest {

    @Test
    void helloOverGraphQlAndGreetWithVariablesFromRowsWithItsErrorsCounted(@TempDir Path dir) throws Exception {
        int port = StackLauncher.freePort();
        String url = "http://127.0.0.1:" + port + "/graphql";
        try (CliProcess serve = CliProcess.serving(dir.resolve("serve.out"), Duration.ofSeconds(60), "direct", port)) {
            // an outside client: curl, as GraphQL over HTTP asks
            assertEquals("{\"data\":{\"hello\":\"Hello World\"}}", curl(url, "{\"query\":\"{ hello }\"}"));
            String failing = curl(url, "{\"query\":\"query($n: String!) { greet(name: $n, times: 0) }\",\"variables\":{\"n\":\"x\"}}");
            assertTrue(failing.contains("\"errors\"") && failing.contains("times must be 1 or more"), failing);

            // wsbench's own protocol: every answer checked
            CliRunner hello = CliRunner.run("load", url, "--protocol", "graphql", "-c", "2", "-n", "400", "--json");
            assertEquals(0, hello.exit(), hello.out() + hello.err());
            JsonNode p = RunJson.MAPPER.readTree(hello.out());
            assertEquals(400, p.at("/validated").asLong(), p.toString());

            // seed 001's small sequence over GraphQL, every answer put to the oracle
            CliRunner quakes = CliRunner.run("load", url, "--protocol", "graphql", "--operation", "matchQuakes",
                    "--sequence", "small", "-c", "2", "-n", "1000", "--json");
            assertEquals(0, quakes.exit(), quakes.out() + quakes.err());
            JsonNode q = RunJson.MAPPER.readTree(quakes.out());
            assertEquals(1000, q.at("/validated").asLong(), q.toString());
            // and from outside: curl's answer holds as many quakes as the catalog has for the query
            io.wsbench.contract.seismic.Catalog catalog = io.wsbench.contract.seismic.Catalog.standard();
            int strong = catalog.count(new io.wsbench.contract.seismic.Query(null, null, null, null, null, null,
                    6.5f, null, null, 30f));
            String found = curl(url, "{\"query\":\"{ matchQuakes(query: {minMag: 6.5, maxDepth: 30}) { count } }\"}");
            assertEquals("{\"data\":{\"matchQuakes\":{\"count\":" + strong + "}}}", found);

            // rows: 7 right, 2 that the server refuses with errors (times 0), 1 whose expected answer is wrong
            Files.writeString(dir.resolve("greet.graphql"), "query Greet($name: String!, $times: Int) { greet(name: $name, times: $times) }\n");
            StringBuilder rows = new StringBuilder("name,times,expected\n");
            for (int i = 0; i < 10; i++) {
                int times = i == 3 || i == 6 ? 0 : 1 + i % 2;
                String expected = times == 0 ? "" : String.join(" ", java.util.Collections.nCopies(times, "Hello u" + i));
                rows.append("u").append(i).append(',').append(times).append(',').append(i == 8 ? "Hello nobody" : expected).append('\n');
            }
            Files.writeString(dir.resolve("rows.csv"), rows);
            CliRunner greet = CliRunner.run("load", "--graphql", url, "--query", dir.resolve("greet.graphql").toString(),
                    "--variables-from", dir.resolve("rows.csv").toString(), "--check", "jsonpath:$.data.greet == ${expected}",
                    "-c", "2", "-n", "100", "--json");
            assertEquals(0, greet.exit(), greet.out() + greet.err());
            JsonNode g = RunJson.MAPPER.readTree(greet.out());
            assertEquals(100, g.at("/requests").asLong(), g.toString());
            assertEquals(20, g.at("/errors/graphqlErrors").asLong(), "rows 4 and 7, ten times each: " + g.at("/errors"));
            assertEquals(10, g.at("/errors/validation").asLong(), "row 9, ten times: " + g.at("/errors"));
            assertEquals(70, g.at("/validated").asLong(), g.toString());
            assertEquals("graphql", g.at("/target/protocol").asText());

            // the same in a suite: a graphql target on a stack wsbench starts, at its /graphql
            Files.writeString(dir.resolve("greet.yaml"), """
                    name: greet
                    warmup: none
                    targets:
                      - { label: greet, stack: direct, graphql: greet.graphql, data: rows.csv, checks: ["jsonpath:$.data.greet == ${expected}"] }
                    load:
                      - { users: 2, requestsPerUser: 50 }
                    """);
            CliRunner suite = CliRunner.run("run", dir.resolve("greet.yaml").toString(), "--out", dir.resolve("out").toString(),
                    "--monitor", "proc");
            assertEquals(0, suite.exit(), suite.out() + suite.err());
            JsonNode point = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).at("/points/0");
            assertEquals(20, point.at("/errors/graphqlErrors").asLong(), point.at("/errors").toString());
            assertEquals(10, point.at("/errors/validation").asLong(), point.at("/errors").toString());
            assertEquals("graphql", point.at("/target/protocol").asText());

            // a query that does not parse: one line naming its file, line and column, before any load
            Files.writeString(dir.resolve("broken.graphql"), "query {\n  greet(name: \"x\" \n");
            CliRunner broken = CliRunner.run("load", "--graphql", url, "--query", dir.resolve("broken.graphql").toString());
            assertEquals(ExitCode.BAD_INPUT, broken.exit(), broken.err());
            assertTrue(broken.err().strip().matches("wsbench: .*broken\\.graphql:\\d+:\\d+: not a GraphQL query: .+"), broken.err());
            assertEquals(1, broken.err().strip().lines().count(), broken.err());
        }
    }

    private static String curl(String url, String body) throws Exception {
        Process p = new ProcessBuilder("curl", "-s", "--http1.1", "-X", "POST", "-H", "Content-Type: application/json",
                "--data-binary", body, url).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "curl did not end");
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
