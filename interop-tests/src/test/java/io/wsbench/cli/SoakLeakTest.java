package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A leak found from outside: the direct stack asked to keep 1,024 bytes of every request for good
 * ({@code leak-1024B}), loaded at an open-loop 1,000 requests a second for 70 s, is flagged as leaking
 * with a slope within ±25% of the truth; the same server without the fault, which allocates as much
 * garbage and keeps none, is not flagged. A small young generation makes collections come every
 * second or so: each is a sample of the live heap. Every point is bounded in time (70 s). The two
 * servers are two runs at the same time (the clean one in a process of its own), as the soak's load
 * is light and its minute is what takes the time.
 */
class SoakLeakTest {

    /** A kept byte[1024]: its 1,024 bytes, a 16-byte header, and its slot in the list (compressed oops, the list's spare room). */
    private static final double BYTES_PER_REQUEST = 1024 + 16 + 5;
    private static final double RATE = 1000;

    @Test
    void aServerThatKeepsWhatEachRequestAllocatedIsFlaggedWithItsSlopeAndOneThatDoesNotIsNot(@TempDir Path dir) throws Exception {
        Path suite = suite(dir, "leaking", "stackOptions: { faults: leak-1024B }");
        Path cleanOut = dir.resolve("apart/clean"); // its history.db apart from the other run's
        try (CliProcess cleanRun = CliProcess.start(dir.resolve("clean.log"), "run", suite(dir, "clean", "").toString(), "--out",
                cleanOut.toString(), "--monitor", "proc,jvm")) {
            Path out = dir.resolve("run");
            java.util.concurrent.CompletableFuture<CliRunner> running = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return CliRunner.run("run", suite.toString(), "--out", out.toString(), "--monitor", "proc,jvm");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // while the first point runs, past its first minute, run.json already holds that minute
            JsonNode midway = null;
            long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(150);
            while (midway == null && System.nanoTime() < until && !running.isDone()) {
                Thread.sleep(500);
                Path json = out.resolve("run.json");
                if (Files.exists(json)) {
                    try {
                        JsonNode now = RunJson.MAPPER.readTree(json.toFile());
                        midway = now.at("/running/minutes/0").isMissingNode() ? null : now;
                    } catch (java.io.IOException e) {
                        // read while being written: the next look gets it whole
                    }
                }
            }
            CliRunner r = running.get(5, java.util.concurrent.TimeUnit.MINUTES);
            assertTrue(midway != null, "run.json never held a point's minutes while it ran");
            String under = midway.at("/running/label").asText();
            assertTrue(under.startsWith("leaking @ "), midway.at("/running").toString());
            assertEquals(60000, midway.at("/running/minutes/0/requests").asLong(), 600, midway.at("/running").toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("LEAK: live heap grows"), r.out());
            assertTrue(r.out().contains("leaking @ ") && r.out().contains(" minute 1: "), "a line a minute: " + r.out());

            JsonNode run = RunJson.MAPPER.readTree(out.resolve("run.json").toFile());
            JsonNode leaking = point(run, "leaking");
            JsonNode drifts = leaking.at("/overTime/drifts");
            assertEquals(1, drifts.size(), drifts.toString());
            JsonNode heap = drifts.get(0);
            assertEquals("live heap", heap.at("/what").asText());
            System.out.println("leaking: " + heap);
            double truth = BYTES_PER_REQUEST * leaking.at("/throughput").asDouble() * 60;
            assertEquals(truth, heap.at("/perMinute").asDouble(), truth * 0.25, heap.toString());
            assertEquals(BYTES_PER_REQUEST * 1000, heap.at("/perThousandRequests").asDouble(), BYTES_PER_REQUEST * 1000 * 0.25,
                    heap.toString());
            assertTrue(heap.at("/low").asDouble() > 0 && heap.at("/high").asDouble() > heap.at("/perMinute").asDouble(), heap.toString());
            assertTrue(heap.at("/samples").asInt() >= 10, heap.toString());
            JsonNode minute = leaking.at("/overTime/minutes/0");
            assertEquals(60, minute.at("/seconds").asDouble(), 1, minute.toString());
            assertTrue(minute.at("/liveHeapBytes").asLong() > 0 && minute.at("/rssBytes").asLong() > 0, minute.toString());
            assertTrue(minute.at("/threads").asInt() > 0 && minute.at("/openFiles").asInt() > 0, minute.toString());

            assertEquals(0, cleanRun.exitCode(java.time.Duration.ofMinutes(3)), cleanRun.output());
            JsonNode clean = point(RunJson.MAPPER.readTree(cleanOut.resolve("run.json").toFile()), "clean");
            assertTrue(clean.at("/overTime/drifts").isMissingNode() || clean.at("/overTime/drifts").isEmpty(),
                    "no leak in a server that keeps nothing: " + clean.at("/overTime"));
            assertEquals(1, clean.at("/overTime/minutes").size() > 0 ? 1 : 0, "its minutes are kept: " + clean.at("/overTime"));

            String html = Files.readString(out.resolve("report.html"));
            assertTrue(html.contains("Over time") && html.contains("a leak, live heap grows"), "the report says it");
        }
    }

    /** A soak of one direct server labelled {@code label}, with {@code options} on its target. */
    private static Path suite(Path dir, String label, String options) throws java.io.IOException {
        return Files.writeString(dir.resolve(label + ".yaml"), """
                name: soak-%s
                operation: now
                warmup: requests
                warmupRequests: 2000
                targets:
                  - { label: %s, stack: direct, protocol: html%s }
                load:
                  - { model: open, rate: %.0f, users: 4, duration: 70s }
                stackOptions:
                  direct: { jvmOptions: "-Xmx768m -Xmn16m" }
                """.formatted(label, label, options.isEmpty() ? "" : ", " + options, RATE));
    }

    private static JsonNode point(JsonNode run, String label) {
        for (JsonNode p : run.at("/points")) {
            if (label.equals(p.at("/target/label").asText())) {
                return p;
            }
        }
        throw new AssertionError("no point of " + label);
    }
}
