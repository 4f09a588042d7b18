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

/**
 * What wsbench sees inside a server, end to end: the direct stack in its own JVM, with and without
 * its opt-in faults, on 127.0.0.1, every point bounded by count or time.
 */
class InsideTheServerTest {

    /**
     * Execution samples below which the hottest frames are a lottery. The thrower's frames hold about
     * 15% of the samples (two lines of Faults.readCookies, 7.5% each in CI's run): with 60 samples the
     * chance that neither line makes the top ten is below one in a thousand.
     */
    private static final long MIN_SAMPLES_TO_RANK = 60;
    /**
     * The swallowed-exception point's length and Flight Recorder's period. Its sampler on JDK 17 only samples
     * threads running Java, and the direct stack's spend most of their time in epoll and write: at the default
     * 10 ms, 7 to 10 samples a second of a busy server here, whatever its rate (17,600 or 28,300 req/s, 4 or
     * 16 users), and 2.3 a second in the worst CI run seen (its two cores shared with the other test classes),
     * which took a 36 s point to rank. The samples grow with the point's time and the sampler's rate, not
     * the load: at a 2 ms period (run --jfr-period) a point of 10 s got 817 here (82 a second, against 7-10 at
     * 10 ms); even at five times the worst rate, 10 s give 115, nearly twice the floor, for less than a third
     * of the CPU the 36 s point took from the other test classes.
     * The point runs without the profiler ({@link #JVM_WATCHED}).
     */
    private static final String RANKED_POINT = "{ users: 4, duration: 10s }";
    private static final String[] RANKED_PERIOD = {"--jfr-period", "2ms"};

    private static final String BUSY_AFTER = "server still busy after the load stopped";

    @Test
    void aSwallowedExceptionIsReportedWithItsRateAndTheMethodThrowingIt(@TempDir Path dir) throws Exception {
        JsonNode p = onlyPoint(run(dir, "direct", "swallowed-exception", RANKED_POINT, JVM_WATCHED, RANKED_PERIOD));
        JsonNode server = p.at("/server");
        JsonNode top = server.at("/exceptions/0");
        assertEquals("io.wsbench.stacks.direct.Faults$NoCookiesException", top.at("/className").asText(), server.toString());
        double requests = p.at("/validated").asDouble();
        // one per request; the recording's window and the point's may differ by a few milliseconds
        assertEquals(1.0, top.at("/count").asDouble() / requests, 0.05, top + " for " + requests + " requests");
        assertEquals(1.0, top.at("/perSecond").asDouble() / p.at("/throughput").asDouble(), 0.05, top.toString());
        assertTrue(top.at("/thrownAt").asText().startsWith("io.wsbench.stacks.direct.Faults.readCookies:"), top.toString());
        List<String> frames = new ArrayList<>();
        server.at("/hotFrames").forEach(f -> frames.add(f.at("/frame").asText()));
        long samples = server.at("/executionSamples").asLong();
        // the ranking is always judged: a point too short for it fails saying so, rather than passing unchecked
        assertTrue(samples >= MIN_SAMPLES_TO_RANK, samples + " execution samples in the point's " + p.at("/durationSeconds")
                + " s, fewer than the " + MIN_SAMPLES_TO_RANK + " that rank hot frames: lengthen RANKED_POINT; " + server);
        assertTrue(frames.stream().anyMatch(f -> f.startsWith("io.wsbench.stacks.direct.Faults.readCookies:")),
                "hot frames: " + frames + " of " + samples + " samples");
        assertTrue(server.at("/heapUsedMaxBytes").asLong() > 1_000_000, server.toString());
        // counted from the server's performance counters (JvmSamplerTest makes collections happen and counts
        // them): present as numbers, and no collection time without a collection
        assertTrue(server.at("/gcCount").isIntegralNumber() && server.at("/gcTimeMillis").isIntegralNumber(), server.toString());
        // the point's own collections, not the JVM's since its start: their pauses, one after another,
        // fit in the point's length (plus the half second the sampler may read past it), and fewer than one a request
        assertTrue(server.at("/gcTimeMillis").asLong() <= 1000 * p.at("/durationSeconds").asDouble() + 500, server.toString());
        assertTrue(server.at("/gcCount").asLong() < p.at("/validated").asLong(), server.toString());
        assertTrue(server.at("/gcTimeMillis").asLong() == 0 || server.at("/gcCount").asLong() > 0, server.toString());
        Path jfr = dir.resolve("out").resolve(server.at("/recording").asText());
        assertTrue(Files.size(jfr) > 10_000, jfr + " holds the recording");
        String html = Files.readString(dir.resolve("out/report.html"));
        assertTrue(html.contains("Inside the server") && html.contains("Faults$NoCookiesException"));
        assertTrue(html.contains("exceptions per second (1.0"), "flagged at one per request");
    }

    /**
     * A 30 ms point of a JVM server: too short for /proc's CPU, Flight Recorder's hot frames and the
     * profiler, which say so once and give no figure; its collections are counted whole, so they stay.
     */
    @Test
    void aPointTooShortToLookInsideSaysSoAndInventsNoFigure(@TempDir Path dir) throws Exception {
        JsonNode p = onlyPoint(run(dir, "none", "{ users: 2, duration: 30ms }"));
        JsonNode server = p.at("/server");
        String why = server.at("/tooShort").asText();
        assertEquals("point too short: " + Math.round(1000 * p.at("/durationSeconds").asDouble()) + " ms, /proc's CPU times"
                + " need 250 ms; Flight Recorder's hot frames need 250 ms; the profiler needs 250 ms", why, server.toString());
        for (String absent : List.of("/cpuPercent", "/cpuUserPercent", "/cpuSystemPercent", "/machineCpuPercent",
                "/executionSamples", "/hotFrames", "/profile")) {
            assertTrue(server.at(absent).isMissingNode(), absent + " in " + server);
        }
        assertTrue(server.at("/gcCount").isIntegralNumber() && server.at("/rssMaxBytes").asLong() > 10_000_000, server.toString());
        assertTrue(p.at("/validated").asLong() > 0, p.toString());
        String html = Files.readString(dir.resolve("out/report.html"));
        assertTrue(!html.contains("other processes took"), "no flag on a figure a 30 ms window cannot give");
    }

    @Test
    void luceesSwallowedExceptionIsNamedByItsJavaClass(@TempDir Path dir) throws Exception {
        JsonNode p = onlyPoint(run(dir, "lucee", "swallowed-exception", "{ users: 4, duration: 4s }", JVM_WATCHED));
        JsonNode server = p.at("/server");
        // the cfcatch hides it from the page; the JVM still sees the engine's exception, once a request.
        // looked for among the commonest: with FusionDebug on (it comes with lucee.requesttimeout=false)
        // every exception brings an FDSignalException too, a tie in count for the head of the list
        JsonNode top = null;
        for (JsonNode e : server.at("/exceptions")) {
            if (top == null && e.at("/className").asText().startsWith("lucee.runtime.exp.")) {
                top = e;
            }
        }
        assertTrue(top != null && top.at("/count").asLong() == server.at("/exceptions/0/count").asLong(), server.toString());
        double perRequest = top.at("/count").asDouble() / p.at("/validated").asDouble();
        assertTrue(perRequest > 0.9, top + " for " + p.at("/validated") + " requests");
        assertEquals(p.at("/validated").asLong(), p.at("/requests").asLong(), "the page itself is still right");
        assertTrue(Files.readString(dir.resolve("out/report.html")).contains(top.at("/className").asText()));
    }

    @Test
    void aServerLeftSpinningAfterThePointIsFlaggedAndAQuietOneIsNot(@TempDir Path dir) throws Exception {
        String load = "{ users: 2, requestsPerUser: 1000 }";
        JsonNode spinning = onlyPoint(run(dir.resolve("spin"), "direct", "spin-after-load", load, "proc"));
        JsonNode quiet = onlyPoint(run(dir.resolve("quiet"), "direct", "none", load, "proc"));
        double spun = spinning.at("/server/residualCpuPercent").asDouble();
        double rested = quiet.at("/server/residualCpuPercent").asDouble();
        // a thread per core spins after the load, the quiet server does nothing: whatever share of the
        // cores this machine gives them, the first burns more (bench/engine-timings.sh prints both)
        assertTrue(spun > 0 && spun > rested, "spinning " + spinning.at("/server") + ", quiet " + quiet.at("/server"));
        // the report flags a point exactly when its residual is above a quarter of a core
        assertEquals(spun > 25, Files.readString(dir.resolve("spin/out/report.html")).contains(BUSY_AFTER), "at " + spun + "%");
        assertEquals(rested > 25, Files.readString(dir.resolve("quiet/out/report.html")).contains(BUSY_AFTER), "at " + rested + "%");
    }

    /**
     * The monitors the exceptions' and hot frames' tests read: /proc, the JVM's counters and Flight
     * Recorder; the async-profiler, which none of them reads, would take samples from Flight Recorder's
     * and CPU from the other test classes.
     */
    private static final String JVM_WATCHED = "proc,jvm,jfr";

    private static JsonNode run(Path dir, String faults, String load) throws Exception {
        return run(dir, "direct", faults, load, null);
    }

    /** The run of a one-target suite; {@code monitors}: {@code --monitor}'s value, null for the default (all). */
    private static JsonNode run(Path dir, String stack, String faults, String load, String monitors, String... options)
            throws Exception {
        Files.createDirectories(dir);
        Path suite = dir.resolve("inside.yaml");
        Files.writeString(suite, """
                name: inside
                operation: now
                warmupRequests: 2000
                targets:
                  - { label: page, stack: %1$s, protocol: html }
                load:
                  - %2$s
                stackOptions:
                  %1$s: { faults: %3$s }
                """.formatted(stack, load, faults));
        List<String> args = new ArrayList<>(List.of("run", suite.toString(), "--out", dir.resolve("out").toString()));
        if (monitors != null) {
            args.addAll(List.of("--monitor", monitors));
        }
        args.addAll(List.of(options));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.out() + r.err());
        return RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
    }

    private static JsonNode onlyPoint(JsonNode run) {
        assertEquals(1, run.at("/points").size());
        return run.at("/points/0");
    }
}
