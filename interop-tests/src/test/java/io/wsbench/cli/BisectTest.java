package io.wsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code wsbench bisect} on releases whose cost the test sets: the direct stack's {@code faults}
 * option, where "delay-Nus" sends every answer N µs after its request came, so the figure steps where N
 * jumps from 1 to 20,000 (a cost the test sets, not the machine's noise), and "exit-at-start" is a release
 * that does not start. A delay is time, not CPU: however busy the other test classes keep the machine,
 * 2 users of a 20 ms answer make at most 100 req/s, and the fast release stayed above 700 req/s in the
 * busiest CI run seen (a step in CPU, spin-2us to 1,500 µs, once read 0.25 [0.05, 1.12] there, no verdict).
 */
class BisectTest {

    @Test
    void theReleasesAreBisectedToTheAdjacentPairWhereTheFigureMovedAndOneThatDoesNotStartIsNamed(@TempDir Path dir) throws Exception {
        Path suite = Files.writeString(dir.resolve("bisect.yaml"), """
                name: bisected
                warmupRequests: 300     # a cold server's first round, slow whatever its cost, would blur the step
                repeat: 4               # t on 4 rounds' logs: a x0.3 step is clear of 1, a flat range within 30%
                targets:
                  - { label: SOAP, stack: direct, protocol: soap11 }
                load:
                  - { users: 2, duration: 500ms }
                """);
        // four releases: the first step measures the ends and the one between (which does not start), the second
        // the half that moved, the third the pair again; steps of 4 rounds show all it asserts, where five releases took more
        String releases = "delay-1us,exit-at-start,delay-20000us,delay-20001us";
        CliRunner r = CliRunner.run("bisect", suite.toString(), "--stack", "direct", "--target", "SOAP", "--option", "faults",
                "--values", releases, "--threshold", "30%", "--monitor", "proc", "--out", dir.resolve("steps").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("bisect: direct faults delay-1us -> delay-20000us: throughput x 0."), r.out());
        // the pair is measured again, in a step of its own with fresh servers, and the step held
        assertTrue(r.out().contains("delay-20000us / delay-1us again: confirmed with fresh servers: x 0."), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("bisect: direct faults delay-1us -> delay-20000us")
                && l.contains("(confirmed with fresh servers: x 0.")), r.out());
        Matcher steps = Pattern.compile("bisect: (\\d+) measured steps?(?: \\(\\d+ runs in all\\))? over 4 releases").matcher(r.out());
        assertTrue(steps.find(), r.out());
        int n = Integer.parseInt(steps.group(1));
        assertTrue(n <= 4, "at most log2(4) + 2 steps: " + n);
        assertTrue(r.out().contains("faults exit-at-start did not start or answer: left out"), r.out());
        assertTrue(r.out().contains("left out, not starting: exit-at-start"), r.out());
        assertTrue(Files.exists(dir.resolve("steps/step-1/run.json")), "each step is a run of its own");
        // the first step held the release that does not start: it ended before measuring the others
        com.fasterxml.jackson.databind.JsonNode first = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("steps/step-1/run.json").toFile());
        assertEquals(0, first.path("points").size(), "a step with a release that does not start measures nothing: " + first.path("notes"));
        assertTrue(first.path("partialReason").asText().contains("exit-at-start") || r.out().contains("exit-at-start"), first.toString());
        assertTrue(Files.exists(dir.resolve("history.db")), "and goes into the history");

        CliRunner lines = CliRunner.run("bisect", suite.toString(), "--stack", "direct", "--target", "JSON", "--from", "1", "--to", "2");
        assertEquals(ExitCode.BAD_INPUT, lines.exit());
        assertTrue(lines.err().contains("has no target 'JSON' (it has 'SOAP')"), lines.err());
    }
}
