package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.Environment;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.TargetRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code wsbench compare} on run.json files written the way a run writes them. */
class CompareCommandTest {

    static final LoadRecord FIVE_USERS = new LoadRecord("closed", 5, 10_000L, null, null, null, true);

    @Test
    void twiceTheThroughputIsFasterWithAnIntervalAroundTwo(@TempDir Path dir) throws Exception {
        Path a = run(dir.resolve("a"), "2.1.6", "0.1.0", 1000, 2000, new Random(1), List.of("SOAP", "REST"));
        Path b = run(dir.resolve("b"), "2.1.7", "0.2.0", 2000, 1000, new Random(2), List.of("SOAP", "REST"));

        CliRunner r = CliRunner.run("compare", a.toString(), b.toString(), "--out", dir.resolve("out").toString());

        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("A  " + a + ": suite stacks, wsbench 0.1.0 (abc1234), started 2025-01-01T10:00:00Z,"
                + " stacks: cxf 2.1.6, direct 0.1.0"), r.out());
        assertTrue(r.out().contains("B  " + b + ": suite stacks, wsbench 0.2.0 (abc1234), started 2025-01-01T10:00:00Z,"
                + " stacks: cxf 2.1.7, direct 0.1.0"), r.out());
        JsonNode c = RunJson.MAPPER.readTree(dir.resolve("out/compare.json").toFile());
        assertEquals(2, c.at("/rows").size());
        for (JsonNode row : c.at("/rows")) {
            JsonNode throughput = row.at("/ratios/0");
            assertEquals("throughput", throughput.at("/metric").asText());
            assertEquals("faster", throughput.at("/verdict").asText());
            double low = throughput.at("/low").asDouble();
            double high = throughput.at("/high").asDouble();
            assertTrue(1.7 < low && low < 2 && 2 < high && high < 2.3, "interval " + low + "–" + high);
            assertEquals(5, row.at("/repeatsA").asInt());
            assertEquals("lower", row.at("/ratios/1/verdict").asText(), "p50 halved");
            assertEquals("lower", row.at("/ratios/2/verdict").asText(), "p99 halved");
        }
        // the printed table names each target once, with each figure's interval
        String soap = r.out().lines().filter(l -> l.startsWith("SOAP")).findFirst().orElseThrow();
        assertTrue(soap.matches("SOAP +5 users +req/s +[\\d,]+ ±[\\d.]+% \\(5\\) +[\\d,]+ ±[\\d.]+% \\(5\\) +"
                + "[12]\\.\\d{3} +1\\.\\d{3}–2\\.\\d{3} +faster"), soap);
        assertTrue(r.out().contains("wrote " + dir.resolve("out/compare.csv")), r.out());
        assertEquals(1 + 2 * 3, Files.readAllLines(dir.resolve("out/compare.csv")).size());
    }

    @Test
    void twoRunsOfTheSameDistributionShowNoSignificantDifference(@TempDir Path dir) throws Exception {
        Path a = run(dir.resolve("a"), "2.1.6", "0.1.0", 1000, 2000, new Random(3), List.of("SOAP"));
        Path b = run(dir.resolve("b"), "2.1.6", "0.1.0", 1000, 2000, new Random(4), List.of("SOAP"));

        CliRunner r = CliRunner.run("compare", a.toString(), b.toString(), "--out", dir.toString());

        assertEquals(0, r.exit(), r.err());
        JsonNode c = RunJson.MAPPER.readTree(dir.resolve("compare.json").toFile());
        for (JsonNode ratio : c.at("/rows/0/ratios")) {
            assertEquals("no significant difference", ratio.at("/verdict").asText(), ratio.toString());
        }
        assertEquals(3, r.out().lines().filter(l -> l.endsWith("no significant difference")).count(), r.out());
    }

    @Test
    void pointsMeasuredInOneRunOnlyAreListed(@TempDir Path dir) throws Exception {
        Path a = run(dir.resolve("a"), "2.1.6", "0.1.0", 1000, 2000, new Random(5), List.of("SOAP", "REST"));
        Path b = run(dir.resolve("b"), "2.1.6", "0.1.0", 1000, 2000, new Random(6), List.of("SOAP", "JSON"));

        CliRunner r = CliRunner.run("compare", a.toString(), b.toString(), "--out", dir.toString());

        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("only in A: REST @ 5 users\n"), r.out());
        assertTrue(r.out().contains("only in B: JSON @ 5 users\n"), r.out());
        JsonNode c = RunJson.MAPPER.readTree(dir.resolve("compare.json").toFile());
        assertEquals(1, c.at("/rows").size());
        assertEquals("REST", c.at("/onlyInA/0/target/label").asText());
        assertEquals("JSON", c.at("/onlyInB/0/target/label").asText());
    }

    @Test
    void aSingleRepeatSaysTheIntervalCannotBeComputed(@TempDir Path dir) throws Exception {
        Path a = run(dir.resolve("a"), "2.1.6", "0.1.0", 1000, 2000, new Random(7), List.of("SOAP"));
        RunRecord one = RunJson.read(a.resolve("run.json"));
        RunJson.write(io.wsbench.model.record.RunRecordBuilder.builder().suite(one.suite()).wsbenchVersion("0.1.0")
                .startedAt(one.startedAt()).status("complete").environment(one.environment()).notes(List.of())
                .points(one.points().subList(0, 1)).build(), a.resolve("run.json"));
        Path b = run(dir.resolve("b"), "2.1.6", "0.1.0", 2000, 1000, new Random(8), List.of("SOAP"));

        CliRunner r = CliRunner.run("compare", a.toString(), b.toString(), "--out", dir.toString());

        assertEquals(0, r.exit(), r.err());
        assertEquals(3, r.out().lines().filter(l -> l.endsWith("-  no interval: 1 repeat in A")).count(), r.out());
        assertFalse(r.out().lines().anyMatch(l -> l.endsWith("faster") || l.endsWith("lower")), r.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path good = run(dir.resolve("good"), "2.1.6", "0.1.0", 1000, 2000, new Random(9), List.of("SOAP"));
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Path broken = Files.createDirectories(dir.resolve("broken"));
        Files.writeString(broken.resolve("run.json"), "{ \"suite\": \"x\", \"points\": [ {");

        assertBad("wsbench: no such run directory: " + dir.resolve("missing"), good, dir.resolve("missing"));
        assertBad("wsbench: no run.json in " + empty, empty, good);
        CliRunner r = CliRunner.run("compare", good.toString(), broken.toString(), "--out", dir.toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit());
        assertTrue(r.err().startsWith("wsbench: " + broken.resolve("run.json") + ": not a readable run: "), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertFalse(Files.exists(dir.resolve("compare.json")), "nothing is written from bad input");
    }

    private static void assertBad(String message, Path a, Path b) {
        CliRunner r = CliRunner.run("compare", a.toString(), b.toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.out());
        assertEquals(message + System.lineSeparator(), r.err());
    }

    /**
     * A run of 5 repeats per target at 5 users, as {@code wsbench run} writes it: throughput and
     * latency vary by up to ±3% from repeat to repeat.
     */
    static Path run(Path dir, String cxfVersion, String wsbenchVersion, double throughput, long p50Micros,
                    Random noise, List<String> labels) throws Exception {
        List<PointRecord> points = new ArrayList<>();
        for (int repeat = 1; repeat <= 5; repeat++) {
            for (String label : labels) {
                double f = 1 + (noise.nextDouble() - 0.5) * 0.06;
                long p50 = Math.round(p50Micros / f);
                points.add(PointRecordBuilder.builder()
                        .target(new TargetRecord(label, "cxf", "soap11", null, "hello", "plain", null))
                        .load(FIVE_USERS).repeat(repeat).requests(50_000).durationSeconds(50_000 / (throughput * f))
                        .throughput(throughput * f)
                        .latencyMicros(new LatencyRecord(p50, p50, 2 * p50, 4 * p50, 8 * p50, 16 * p50, p50 / 2.0))
                        .traffic(new PointRecord.Traffic(463, 512)).errors(ErrorCounts.NONE).validated(50_000).build());
            }
        }
        Environment env = new Environment("cpu", 2, "Linux", "6.1", "OpenJDK 17", 1L << 33,
                Map.of("cxf", cxfVersion, "direct", "0.1.0"));
        Files.createDirectories(dir);
        RunJson.write(io.wsbench.model.record.RunRecordBuilder.builder().suite("stacks").wsbenchVersion(wsbenchVersion)
                .gitCommit("abc1234").startedAt("2025-01-01T10:00:00Z").finishedAt("2025-01-01T10:01:00Z")
                .status("complete").command("./wsbench run suites/stacks.yaml").environment(env).notes(List.of())
                .points(points).build(), dir.resolve("run.json"));
        return dir;
    }
}
