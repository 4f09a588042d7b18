package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code run --otlp URL} received by the OpenTelemetry Collector's own OTLP receiver
 * ({@code otlp-receiver/}: the collector's otlpreceiver module, built with Go by its build.sh, writing
 * each batch it decodes as a line of JSON): what it received equals run.json. Skipped where Go is
 * not installed. Bounded: two 3-second points; the receiver is stopped at the end.
 */
class OtlpExportTest {

    @Test
    void whatTheCollectorReceivedEqualsRunJson(@TempDir Path dir) throws Exception {
        Path receiver = build();
        int port = io.wsbench.launch.StackLauncher.freePort();
        Path received = dir.resolve("received.jsonl");
        Process collector = new ProcessBuilder(receiver.toString(), "-http", "127.0.0.1:" + port, "-out", received.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("receiver.log").toFile()).start();
        try {
            waitListening(dir.resolve("receiver.log"), collector);
            Path suite = dir.resolve("otlp.yaml");
            Files.writeString(suite, """
                    name: otlp
                    operation: now
                    warmupRequests: 200
                    repeat: 2
                    targets:
                      - { label: page, stack: direct, protocol: html }
                    load:
                      - { users: 2, duration: 3s }
                    """);
            CliRunner r = CliRunner.run("run", suite.toString(), "--otlp", "http://127.0.0.1:" + port,
                    "--assert", "errors==0", "--out", dir.resolve("out").toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("metrics: pushed every second over OTLP/HTTP to http://127.0.0.1:" + port + "/v1/metrics"), r.out());

            JsonNode points = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).at("/points");
            long answers = 0;
            for (JsonNode p : points) {
                for (JsonNode s : p.at("/series")) {
                    answers += s.at("/requests").asLong();
                }
            }
            Map<String, Map<String, Double>> last = lastValues(received);
            assertEquals(answers, sum(last.get("wsbench.requests")), 0.5, "answers, as run.json's seconds: " + last.get("wsbench.requests"));
            assertEquals(answers, sum(last.get("wsbench.latency")), 0.5, "latencies recorded");
            assertEquals(0, sum(last.get("wsbench.errors")), 0.5);
            assertEquals(points.get(1).at("/throughput").asDouble(),
                    last.get("wsbench.point.throughput").get("load=2 users;repeat=2;target=page"), 0.01, last.toString());
            assertEquals(0, last.get("wsbench.point.errors").get("kind=timeout;load=2 users;repeat=2;target=page"), 0);
            Map<String, Double> asserted = last.get("wsbench.assertion.passed");
            assertTrue(asserted != null && !asserted.isEmpty(), last.toString());
            asserted.forEach((k, v) -> assertEquals(1, v, 0, k));
            assertTrue(asserted.keySet().stream().allMatch(k -> k.startsWith("assertion=errors==0;")), asserted.toString());
        } finally {
            collector.destroy();
            if (!collector.waitFor(10, TimeUnit.SECONDS)) {
                collector.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** Builds the receiver with its build.sh (seconds when Go's caches are warm); skips the test without Go. */
    static Path build() throws Exception {
        Path script = Path.of(System.getProperty("wsbench.home", ".."), "interop-tests/otlp-receiver/build.sh").toAbsolutePath();
        Process b = new ProcessBuilder("bash", script.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(b.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(b.waitFor(10, TimeUnit.MINUTES), "the receiver's build took over 10 minutes");
        assumeTrue(b.exitValue() != 2, "Go is not installed: the OTLP receiver cannot be built");
        assertEquals(0, b.exitValue(), "the receiver did not build: " + out);
        List<String> lines = out.lines().toList();
        return Path.of(lines.get(lines.size() - 1));
    }

    private static void waitListening(Path log, Process p) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < until) {
            if (Files.exists(log) && Files.readString(log).contains("listening 127.0.0.1:")) {
                return;
            }
            assertTrue(p.isAlive(), "the receiver ended: " + (Files.exists(log) ? Files.readString(log) : ""));
            Thread.sleep(50);
        }
        throw new AssertionError("the receiver did not listen within 20 s");
    }

    /**
     * Each metric's last value per attribute set ("k=v;k=v", sorted): counters and histograms are
     * cumulative, so their last export holds the run's totals; a histogram's value is its count.
     */
    static Map<String, Map<String, Double>> lastValues(Path received) throws Exception {
        Map<String, Map<String, Double>> last = new HashMap<>();
        for (String line : Files.readAllLines(received)) {
            for (JsonNode rm : RunJson.MAPPER.readTree(line).at("/resourceMetrics")) {
                for (JsonNode sm : rm.at("/scopeMetrics")) {
                    for (JsonNode m : sm.at("/metrics")) {
                        for (String kind : List.of("sum", "gauge", "histogram")) {
                            for (JsonNode dp : m.at("/" + kind + "/dataPoints")) {
                                double v = dp.has("count") ? dp.get("count").asDouble()
                                        : dp.has("asInt") ? dp.get("asInt").asDouble() : dp.path("asDouble").asDouble();
                                last.computeIfAbsent(m.get("name").asText(), k -> new HashMap<>()).put(attributes(dp), v);
                            }
                        }
                    }
                }
            }
        }
        return last;
    }

    private static String attributes(JsonNode dp) {
        List<String> kv = new java.util.ArrayList<>();
        for (JsonNode a : dp.at("/attributes")) {
            JsonNode v = a.get("value");
            kv.add(a.get("key").asText() + "=" + (v.has("stringValue") ? v.get("stringValue").asText() : v.path("intValue").asText()));
        }
        java.util.Collections.sort(kv);
        return String.join(";", kv);
    }

    private static double sum(Map<String, Double> values) {
        return values == null ? Double.NaN : values.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
