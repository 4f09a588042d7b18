package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seed 003's sweep, end to end: {@code suites/sweep.yaml --quick}, every point of 1 to 100 users on the
 * direct stack and on Lucee, and the knee it names. A class of its own: the longest of what looks
 * inside the servers, so that the test classes share the cores more evenly.
 */
class SweepSuiteTest {

    @Test
    void theQuickSweepRunsEndToEndAndNamesItsKnee(@TempDir Path dir) throws Exception {
        // /proc is all it reads of the servers (CPU, or a point too short for it): the JVM's monitors would add a
        // recording and a profiler's attach to each of the 42 points, CPU the pool of test classes has not to spare
        CliRunner r = CliRunner.run("run", Home.find().resolve("suites/sweep.yaml").toString(), "--quick",
                "--monitor", "proc", "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode all = RunJson.MAPPER.readTree(dir.resolve("run.json").toFile()).at("/points");
        assertEquals(42, all.size(), "1, 5, 10 ... 100 users on direct and on Lucee");
        // the rounds measured them in a random order: the suite's order is direct, then Lucee, by users
        List<JsonNode> points = new java.util.ArrayList<>();
        all.forEach(points::add);
        points.sort(java.util.Comparator.<JsonNode, Boolean>comparing(p -> p.at("/target/label").asText().endsWith("Lucee"))
                .thenComparingInt(p -> p.at("/load/users").asInt()));
        for (int i = 0; i < 42; i++) {
            JsonNode p = points.get(i);
            assertEquals(i < 21 ? "page" : "page Lucee", p.at("/target/label").asText());
            int users = i % 21 == 0 ? 1 : 5 * (i % 21);
            assertEquals(users, p.at("/load/users").asInt());
            long perUser = Math.min(40, Math.round(5000.0 / users)); // --quick caps each user at 40
            // a page lost is named by its kind (errors), and what was left unanswered (unfinished)
            assertEquals(users * perUser, p.at("/validated").asLong(), "every page was right at " + users + " users: errors "
                    + p.at("/errors") + ", unfinished " + p.at("/unfinished") + ", aborted " + p.at("/aborted"));
            // --quick's 40 requests a user can end before /proc can tell a CPU: then the point says so
            assertTrue(p.at("/server/cpuPercent").asDouble() > 0
                    || p.at("/server/tooShort").asText().startsWith("point too short: "), p.at("/server").toString());
        }
        boolean cpuSeen = false;
        for (JsonNode p : points) {
            cpuSeen |= p.at("/server/cpuPercent").isNumber();
        }
        assertTrue(r.out().contains("knee: page: ") && r.out().contains("knee: page Lucee: "), r.out());
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("Users sweep") && html.contains("users (closed loop)"));
        assertEquals(cpuSeen, html.contains("server CPU %"), "the CPU axis where some point had its CPU");
        assertTrue(html.contains("page: throughput "), "the knee is named in the report");
    }
}
