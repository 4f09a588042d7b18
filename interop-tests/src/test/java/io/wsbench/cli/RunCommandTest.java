package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code wsbench run} end to end: the direct stack in its own process, real load on 127.0.0.1. */
class RunCommandTest {

    /** Every field of a point that the README's "run.json" section names (a timed point has its duration, not a count). */
    private static final List<String> POINT_FIELDS = List.of(
            "/target/stack", "/target/protocol", "/target/operation", "/target/security",
            "/load/model", "/load/users", "/load/durationSeconds", "/repeat", "/requests", "/unfinished", "/durationSeconds",
            "/throughput", "/latencyMicros/mean", "/latencyMicros/p50", "/latencyMicros/p90", "/latencyMicros/p99",
            "/latencyMicros/p999", "/latencyMicros/max", "/bytesSentPerRequest", "/bytesReceivedPerRequest",
            "/errors/connect", "/errors/timeout", "/errors/httpStatus", "/errors/validation",
            "/errors/protocol", "/errors/client",
            "/validated", "/server/cpuPercent", "/server/rssMaxBytes", "/server/residualCpuPercent",
            "/series/0/second", "/series/0/requests", "/series/0/p99Micros");

    @Test
    void quickDefaultSuiteWritesTheWholeContract(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("run", "--quick", "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("run.json").toFile());
        for (String f : List.of("/suite", "/wsbenchVersion", "/startedAt", "/environment/cpuModel",
                "/environment/cores", "/environment/os", "/environment/jvm", "/environment/stacks/direct")) {
            assertFalse(run.at(f).isMissingNode(), "run.json lacks " + f);
        }
        assertEquals("default", run.at("/suite").asText());
        assertEquals("complete", run.at("/status").asText());
        JsonNode points = run.at("/points");
        assertEquals(8, points.size(), "4 targets x 2 loads x 1 repeat");
        for (JsonNode p : points) {
            for (String f : POINT_FIELDS) {
                assertFalse(p.at(f).isMissingNode(), "a point lacks " + f + ": " + p);
            }
            assertEquals(0.3, p.at("/load/durationSeconds").asDouble(), "quick points last 0.3 s: " + p.at("/load"));
            assertEquals(0.3, p.at("/durationSeconds").asDouble(), "over the time asked for");
            assertTrue(p.at("/requests").asLong() > 0);
            assertEquals(p.at("/requests").asLong(), p.at("/validated").asLong(), "every answer was right");
            assertTrue(p.at("/throughput").asDouble() > 0);
            assertTrue(p.at("/bytesSentPerRequest").asDouble() > 50);
            assertTrue(p.at("/server/rssMaxBytes").asLong() > 10_000_000, "a JVM server uses more than 10 MB");
        }
        // SOAP costs more bytes than REST, as seed 000's 463 vs 62 bytes showed
        JsonNode soap = labelled(points, "SOAP");
        JsonNode rest = labelled(points, "REST inline");
        double soapBytes = soap.at("/bytesSentPerRequest").asDouble() + soap.at("/bytesReceivedPerRequest").asDouble();
        double restBytes = rest.at("/bytesSentPerRequest").asDouble() + rest.at("/bytesReceivedPerRequest").asDouble();
        assertTrue(soapBytes > 2 * restBytes, "SOAP " + soapBytes + " B vs REST " + restBytes + " B");
        // each point lists the transport's kinds of error, and its protocol's own: a SOAP Fault is SOAP's alone
        assertEquals(0, soap.at("/errors/soapFault").asLong(-1), soap.at("/errors").toString());
        assertTrue(rest.at("/errors/soapFault").isMissingNode(), rest.at("/errors").toString());
        assertTrue(Files.readString(dir.resolve("report.html")).contains("plain"));
        assertEquals(9, Files.readAllLines(dir.resolve("results.csv")).size(), "a header and a row per point");
        assertFalse(run.at("/environment/cpus/generator").isMissingNode(), "the default suite places its processes (auto's lists)");
        if (Runtime.getRuntime().availableProcessors() >= 2) {
            assertEquals("together", run.at("/environment/cpus/oneUser").asText(), "its 1-user points sent from the server's core");
            for (JsonNode p : run.at("/points")) {
                assertEquals(p.at("/load/users").asInt() == 1, "shared".equals(p.at("/generator/idleCores").asText()), p.toString());
            }
        }
        assertTrue(r.out().contains("x SOAP"), "the summary shows the ratio to SOAP:\n" + r.out());
    }

    /** The first point of the target labelled {@code label}: a run in rounds measures its targets in any order. */
    static JsonNode labelled(JsonNode points, String label) {
        for (JsonNode p : points) {
            if (p.at("/target/label").asText().equals(label)) {
                return p;
            }
        }
        throw new AssertionError("no point of " + label + ": " + points);
    }

    @Test
    void aServerThatDiesMidRunLeavesAPartialRunWithWhatWasMeasured(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("dies.yaml");
        Files.writeString(suite, """
                name: dies
                warmup: none            # not what this test is about
                targets:
                  - { label: REST, stack: direct, protocol: rest-xml, variant: inline }
                load:
                  - { users: 2, requestsPerUser: 500 }
                  - { users: 2, requestsPerUser: 500 }
                  - { users: 2, requestsPerUser: 500 }
                stackOptions:
                  direct: { exitAfterRequests: "1500" }
                """);
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(ExitCode.PROBLEM, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        assertEquals("partial", run.at("/status").asText());
        assertTrue(run.at("/partialReason").asText().contains("exited with code 3"), run.at("/partialReason").asText());
        JsonNode points = run.at("/points");
        assertEquals(1000, points.get(0).at("/validated").asLong(), "the point before the crash is kept whole");
        assertTrue(points.get(1).at("/aborted").asText().contains("exited with code 3"));
        assertTrue(r.out().contains("run is partial"), r.out());
        assertTrue(Files.exists(dir.resolve("out/report.html")));
    }

    @Test
    void ctrlCLeavesAReadablePartialRunWithEveryPointMeasuredBeforeIt(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("long.yaml");
        Files.writeString(suite, """
                name: long
                warmup: none            # not what this test is about
                order: grouped          # the short point first, then the long one Ctrl-C cuts short
                targets:
                  - { label: REST, stack: direct, protocol: rest-xml, variant: inline }
                load:
                  - { users: 2, requestsPerUser: 200 }
                  - { users: 2, duration: 120s }
                """);
        Path out = dir.resolve("out");
        Path runJson = out.resolve("run.json");
        try (CliProcess run = CliProcess.start(dir.resolve("run.out"), "run", suite.toString(), "--out", out.toString())) {
            run.awaitTrue(Duration.ofSeconds(60), "point in run.json", () -> points(runJson).size() >= 1);
            JsonNode before = points(runJson);
            run.interrupt();
            // README: "1 means measured but incomplete: ... Ctrl-C was pressed"
            assertEquals(ExitCode.PROBLEM, run.exitCode(Duration.ofSeconds(30)), run.output());

            JsonNode after = RunJson.MAPPER.readTree(runJson.toFile());
            assertEquals("partial", after.at("/status").asText(), after.toString());
            assertTrue(after.at("/partialReason").asText().contains("interrupted (Ctrl-C)"), after.at("/partialReason").asText());
            JsonNode points = after.at("/points");
            for (int i = 0; i < before.size(); i++) {
                assertEquals(before.get(i), points.get(i), "point " + i + " measured before Ctrl-C is kept as it was");
            }
            assertEquals(400, points.get(0).at("/validated").asLong());
            // the point Ctrl-C cut short is either left out or kept as aborted, never as complete
            for (int i = before.size(); i < points.size(); i++) {
                assertTrue(points.get(i).at("/aborted").asText().contains("interrupted (Ctrl-C)"), points.get(i).toString());
            }
            long server = points.get(0).at("/server/pid").asLong();
            assertTrue(server > 0, points.get(0).toString());
            assertFalse(CliProcess.alive(server), "the stack's server " + server + " is stopped");
        }
    }

    /** The points of a run.json being written, or none while there is no file yet. */
    private static JsonNode points(Path runJson) {
        try {
            return Files.exists(runJson) ? RunJson.MAPPER.readTree(runJson.toFile()).at("/points")
                    : RunJson.MAPPER.createArrayNode();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // written whole by a rename: never half a file
        }
    }

    @Test
    void assertionsAreCheckedOnTheMedianOfEachTargetAndLoad(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("ci.yaml");
        Files.writeString(suite, """
                name: ci
                warmup: none            # not what this test is about
                repeat: 2
                targets:
                  - { label: SOAP, stack: direct, protocol: soap11 }
                  - { label: JSON, stack: direct, protocol: json }
                load:
                  - { users: 2, requestsPerUser: 200 }
                """);
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString(),
                "--assert", "errors==0", "--assert", "validation==0", "--assert", "p50<1us");
        assertEquals(ExitCode.PROBLEM, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("PASS  SOAP @ 2 users  errors==0  (errors = 0, wanted == 0)"), r.out());
        assertTrue(r.out().contains("PASS  JSON @ 2 users  validation==0  (validation = 0, wanted == 0)"), r.out());
        assertTrue(r.out().matches("(?s).*FAIL  JSON @ 2 users  p50<1us  \\(p50 = \\d+(\\.\\d+)?us, wanted < 1us\\).*"), r.out());
        assertTrue(r.out().contains("2 of 6 assertions failed"), r.out());
        Path out = dir.resolve("out");
        String xml = Files.readString(out.resolve("junit.xml"));
        assertEquals(6, xml.split("<testcase ").length - 1, xml);
        assertEquals(2, xml.split("<failure ").length - 1, xml);
        assertTrue(xml.contains("<testsuite name=\"ci\" tests=\"6\" failures=\"2\""), xml);
        // the p50 in the failure is the median of the two repeats in run.json
        JsonNode points = RunJson.MAPPER.readTree(out.resolve("run.json").toFile()).at("/points");
        List<Long> soapP50 = new java.util.ArrayList<>();
        points.forEach(p -> {
            if (p.at("/target/label").asText().equals("SOAP")) {
                soapP50.add(p.at("/latencyMicros/p50").asLong());
            }
        });
        assertEquals(2, soapP50.size());
        String median = new java.math.BigDecimal((soapP50.get(0) + soapP50.get(1)) / 2.0).stripTrailingZeros().toPlainString();
        assertTrue(xml.contains("classname=\"SOAP @ 2 users\" name=\"p50&lt;1us\"><failure message=\"p50 = "
                + median + "us, wanted &lt; 1us\""), median + "\n" + xml);
        assertTrue(RunJson.MAPPER.readTree(out.resolve("run.json").toFile()).at("/command").asText()
                .endsWith("--assert errors==0 --assert validation==0 --assert 'p50<1us'"), "as given, quoted where a shell needs it");
    }
}
