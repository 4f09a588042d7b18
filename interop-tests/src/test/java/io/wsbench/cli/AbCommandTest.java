package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** wsbench ab: A's and B's targets in the same rounds on the direct stack, each B/A paired by round. */
class AbCommandTest {

    @Test
    void bAgainstAIsMeasuredInTheSameRoundsAndPairedByRound(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.yaml");
        Files.writeString(a, """
                name: hello-a
                warmup: none            # not what this test is about
                targets:
                  - { label: plain, stack: direct, protocol: plain }
                load:
                  - { users: 1, requestsPerUser: 300 }
                """);
        // B asks the same server for JSON under A's label: two servers of one configuration are one
        Path b = dir.resolve("b.yaml");
        Files.writeString(b, """
                name: hello-b
                warmup: none
                targets:
                  - { label: plain, stack: direct, protocol: json }
                load:
                  - { users: 1, requestsPerUser: 300 }
                """);
        CliRunner r = CliRunner.run("ab", a.toString(), b.toString(), "--repeat", "6", "--seed", "7",
                "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        assertEquals("ab-hello-a-hello-b", run.at("/suite").asText());
        assertEquals("rounds", run.at("/order/kind").asText());
        assertEquals(7, run.at("/order/seed").asLong());
        assertEquals(6, run.at("/order/rounds").asInt());
        assertTrue(run.at("/command").asText().startsWith("./wsbench ab "), run.at("/command").asText());
        List<String> order = new ArrayList<>();
        for (JsonNode p : run.at("/points")) {
            assertEquals(300, p.at("/validated").asLong(), "every answer checked: " + p.at("/target/label"));
            order.add(p.at("/round/index").asInt() + " " + p.at("/target/label").asText());
        }
        assertEquals(12, order.size(), "A and B once in each of 6 rounds: " + order);
        for (int round = 1; round <= 6; round++) {
            String n = round + " ";
            assertEquals(2, order.stream().filter(o -> o.startsWith(n)).distinct().count(), order.toString());
        }
        String table = r.out().substring(r.out().indexOf("B against A, paired round by round"));
        assertTrue(table.startsWith("B against A, paired round by round (95% interval):\n"), "one row holds no rows together: " + table);
        String line = table.lines().filter(l -> l.startsWith("plain")).findFirst().orElseThrow();
        // B/A with its Wilcoxon interval over 6 rounds, and a verdict of the three
        assertTrue(line.matches("plain\\s+1 user\\s+[0-9,]+\\s+[0-9,]+\\s+[0-9.]+ \\[[0-9.]+, [0-9.]+]\\s+6\\s+"
                + "(B faster|B slower|~ no significant difference)"
                // and the server's CPU per answer, B/A paired the same way, with its own verdict
                // (points of 300 requests are too short for the server's CPU in most rounds: then no verdict, said why)
                + "\\s+(-|[0-9.]+( \\[[0-9.]+, [0-9.]+])?)\\s+(-|B costs more|B costs less|~ no significant difference|no verdict: .*)\\s*"), line);
    }

    @Test
    void twoSuitesThatCannotBeOneRunAreOneLine(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.yaml");
        Files.writeString(a, "name: a\ntargets:\n  - { label: x, stack: direct, protocol: plain }\nload:\n  - { users: 1, requestsPerUser: 10 }\n");
        Path b = dir.resolve("b.yaml");
        Files.writeString(b, "name: b\ntargets:\n  - { label: x, stack: direct, protocol: plain }\nload:\n  - { users: 2, requestsPerUser: 10 }\n");
        CliRunner r = CliRunner.run("ab", a.toString(), b.toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("A and B need the same load points"), r.err());
    }
}
