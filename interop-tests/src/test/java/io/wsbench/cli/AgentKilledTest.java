package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run --agents 2 --local} whose second agent is killed (SIGKILL) before, during and after its
 * share of a point: the run ends partial, naming the agent, and keeps every point measured before. A
 * class of its own, apart from {@link AgentsTest}: its three runs are the longest of the agents' tests.
 */
class AgentKilledTest {

    /**
     * An agent's JVM killed with SIGKILL (no goodbye to the cluster) at each moment of the second of three points:
     * every time the run ends partial with exit 1, naming the agent, and keeps the points before. The moments are
     * set by the test: a start instant announced 2 s ahead, a kill 1 s into a 3 s point, or as the result leaves.
     * -Dwsbench.killRounds=N runs the matrix N times.
     */
    @Test
    void anAgentKilledAtAnyMomentOfAPointEndsTheRunPartialKeepingTheEarlierPoints(@TempDir Path dir) throws Exception {
        int rounds = Integer.getInteger("wsbench.killRounds", 1);
        try (WarmupTest.TestHttp server = new WarmupTest.TestHttp(n -> 2)) {
            Path suite = dir.resolve("three.yaml");
            Files.writeString(suite, """
                    name: three
                    warmup: none
                    order: grouped          # the points in the suite's order, which this test reads
                    targets:
                      - { label: hello, url: "http://127.0.0.1:%d/hello", protocol: plain }
                    load:
                      - { users: 2, requestsPerUser: 50 }
                      - { users: 4, duration: 3s }
                      - { users: 6, requestsPerUser: 50 }
                    """.formatted(server.port()));
            for (int round = 1; round <= rounds; round++) {
                for (Moment moment : Moment.values()) {
                    Path out = dir.resolve("out-" + round + "-" + moment);
                    String what = "round " + round + ", killed " + moment + ": ";
                    CompletableFuture<CliRunner> run = CompletableFuture.supplyAsync(() -> CliRunner.run("run", suite.toString(),
                            "--agents", "2", "--local", "--agents-lead", "2s", "--out", out.toString()));
                    String victim = killAt(out.resolve("logs/agent-2.log"), moment, run);
                    CliRunner r = run.get(120, TimeUnit.SECONDS);

                    assertEquals(ExitCode.PROBLEM, r.exit(), what + r.out() + r.err());
                    assertFalse(r.err().contains("internal error"), what + r.err());
                    JsonNode json = RunJson.MAPPER.readTree(out.resolve("run.json").toFile());
                    assertEquals("partial", json.get("status").asText(), what + json.get("partialReason"));
                    assertTrue(json.get("partialReason").asText().startsWith("agent " + victim + " left the cluster "),
                            what + json.get("partialReason"));
                    JsonNode points = json.get("points");
                    JsonNode first = points.get(0);
                    assertEquals(100, first.get("requests").asLong(), what + "the first point kept whole");
                    assertTrue(first.get("aborted") == null, what + first.get("aborted"));
                    // the point the agent died in is the last one, aborted naming it; a result that got through
                    // before the kill keeps the second point whole and the third is the one aborted
                    JsonNode last = points.get(points.size() - 1);
                    assertTrue(last.get("aborted").asText().startsWith("agent " + victim + " left the cluster "), what + last);
                    int expected = moment == Moment.WHILE_IT_SENDS_ITS_RESULT && points.size() == 3 ? 3 : 2;
                    assertEquals(expected, points.size(), what + points);
                    if (expected == 3) {
                        assertTrue(points.get(1).get("aborted") == null, what + points.get(1));
                    }
                }
            }
        }
    }

    /**
     * Waits for the second point's {@code moment} line in an agent's log, then kills that agent's JVM with SIGKILL
     * {@code moment.afterMillis} later; its address, as the run names it.
     */
    private static String killAt(Path log, Moment moment, CompletableFuture<CliRunner> run) throws Exception {
        while (!run.isDone()) {
            String text = Files.exists(log) ? Files.readString(log) : "";
            // the banner may come after the first part: the agent's member takes work once it has joined
            Matcher banner = Pattern.compile("wsbench agent (\\S+) \\(pid (\\d+)\\)").matcher(text);
            if (text.lines().filter(l -> l.contains(" of a point " + moment.line)).count() >= 2 && banner.find()) {
                Thread.sleep(moment.afterMillis);
                ProcessHandle agent = ProcessHandle.of(Long.parseLong(banner.group(2))).orElseThrow();
                assertTrue(agent.destroyForcibly(), "SIGKILL sent");
                agent.onExit().get(10, TimeUnit.SECONDS);
                return banner.group(1);
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the run ended before " + moment + " of its second point: " + run.get().out() + run.get().err());
    }

    /** The moments of a point at which the test kills an agent: each shown by a line of the agent's log. */
    enum Moment {
        BEFORE_ITS_START("received", 0), DURING_IT("started", 1_000), WHILE_IT_SENDS_ITS_RESULT("done", 0);

        final String line;
        final long afterMillis;

        Moment(String line, long afterMillis) {
            this.line = line;
            this.afterMillis = afterMillis;
        }
    }
}
