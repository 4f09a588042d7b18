package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An A/A suite of a real server (two copies of the direct stack, told apart by an option it ignores),
 * each run as two processes: every (target, process) measured once in every round, each process's
 * figures in run.json, and the ratio's interval made over the processes.
 */
class InstancesTest {

    @Test
    void twoCopiesOfOneServerEachRunAsTwoProcessesInEveryRound(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("aa.yaml");
        Files.writeString(suite, """
                name: aa
                baseline: A
                warmup: none            # not what this test is about
                instances: 2
                repeat: 2
                targets:
                  - { label: A, stack: direct, protocol: plain, stackOptions: { copy: a } }
                  - { label: B, stack: direct, protocol: plain, stackOptions: { copy: b } }
                load:
                  - { users: 1, duration: 0.5s }   # long enough for the server's CPU
                """);
        CliRunner r = CliRunner.run("run", suite.toString(), "--seed", "3", "--no-history", "--monitor", "proc,jfr",
                "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        assertEquals(2, run.at("/order/instances").asInt());
        Set<String> seen = new HashSet<>();
        for (JsonNode p : run.at("/points")) {
            assertEquals(p.at("/requests").asLong(), p.at("/validated").asLong(), "every answer checked");
            int instance = p.at("/round/instance").asInt();
            assertTrue(instance == 1 || instance == 2, p.toString());
            assertTrue(seen.add(p.at("/target/label").asText() + " #" + instance + " round " + p.at("/round/index").asInt()),
                    "each target, process and round once: " + seen);
        }
        assertEquals(8, seen.size(), "2 targets x 2 processes x 2 rounds: " + seen);
        // a Flight Recorder recording kept for the first point of each row only; every point keeps its figures
        try (var jfr = Files.list(dir.resolve("out/jfr"))) {
            assertEquals(2, jfr.filter(f -> f.toString().endsWith(".jfr")).count());
        }
        int named = 0;
        for (JsonNode p : run.at("/points")) {
            named += p.at("/server/recording").isMissingNode() ? 0 : 1;
            assertTrue(Files.isRegularFile(dir.resolve("out").resolve(p.at("/server/recording").asText("jfr/none")))
                    || p.at("/server/recording").isMissingNode(), "a recording named is a recording kept: " + p);
        }
        assertEquals(2, named);
        // four server processes, each with its own log
        try (var logs = Files.list(dir.resolve("out/logs"))) {
            assertEquals(4, logs.filter(f -> f.getFileName().toString().startsWith("direct-")).count());
        }
        JsonNode rowB = null;
        for (JsonNode row : run.at("/rows")) {
            assertEquals(2, row.at("/instances").asInt(), row.toString());
            assertEquals(2, row.at("/throughputByInstance").size(), row.toString());
            assertTrue(row.at("/throughput/method").asText().startsWith("Student's t over 2 instances"), row.toString());
            if (row.at("/row").asText().startsWith("B ")) {
                rowB = row;
            }
        }
        assertTrue(rowB != null, run.at("/rows").toString());
        assertTrue(rowB.at("/ratio/method").asText().startsWith("Student's t over 2 instances"), rowB.toString());
        assertTrue(rowB.at("/ratio/low").asDouble() <= rowB.at("/ratio/median").asDouble()
                && rowB.at("/ratio/median").asDouble() <= rowB.at("/ratio/high").asDouble(), rowB.toString());
        assertTrue(rowB.at("/serverCpuMicrosPerAnswer/median").asDouble() > 0, rowB.toString());
        assertTrue(r.out().contains("intervals: 2 processes of each server"), r.out());
        // each process's warm-up is its own (none asked here: no warm-up record), and the servers were named apart
        assertTrue(r.out().contains("direct {copy=b} #2"), r.out());
    }
}
