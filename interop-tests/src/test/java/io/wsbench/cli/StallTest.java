package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.Stall;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A server that stops answering for a while is named, with when and for how long, even in a closed loop. */
class StallTest {

    private static final LoadRecord CLOSED = new LoadRecord("closed", 4, null, 10.0, null, null, true);

    @Test
    void aServerFrozenForThreeSecondsInAClosedLoopIsMeasuredFromTheLastAnswerBeforeToTheFirstAfter() throws Exception {
        // frozen for exactly 3 s, from 1.2 s after the first request it sees: whatever the point's start, the
        // freeze covers whole seconds of it, and the answers before and after it are the stall's edges
        long freeze = 3_000;
        java.util.concurrent.atomic.AtomicLong first = new java.util.concurrent.atomic.AtomicLong();
        try (WarmupTest.TestHttp server = new WarmupTest.TestHttp(n -> {
            long now = System.nanoTime() / 1_000_000;
            first.compareAndSet(0, now);
            long from = first.get() + 1_200, to = from + freeze;
            return now >= from && now < to ? to - now : 1;
        })) {
            CliRunner r = CliRunner.run("load", "http://127.0.0.1:" + server.port() + "/hello", "--protocol", "plain",
                    "-c", "2", "-d", "6s", "--json");
            assertEquals(0, r.exit(), r.out() + r.err());
            JsonNode p = RunJson.MAPPER.readTree(r.out());
            JsonNode stalls = p.at("/stalls");
            assertEquals(1, stalls.size(), p.at("/series").toString());
            double seconds = stalls.get(0).at("/seconds").asDouble();
            assertTrue(Math.abs(seconds - freeze / 1000.0) <= 0.2, "3.0 ± 0.2 s, measured " + stalls);
            // from the last answer before it: 1.2 s after the first answers came, give or take the start's
            double at = stalls.get(0).at("/atSecond").asDouble();
            assertTrue(at >= 1.0 && at <= 1.5, stalls.toString());
            // the closed loop's max saw it
            assertTrue(p.at("/latencyMicros/max").asDouble() >= 2_800_000, p.at("/latencyMicros").toString());
        }
    }

    @Test
    void anOpenLoopAgainstAServerThatFreezesForGoodCountsEveryDueRequestAndSaysItStopped() throws Exception {
        long start = System.nanoTime();
        // answers at once for 1 s of its own clock, then holds every answer 8 s: frozen past the point's end
        try (WarmupTest.TestHttp server = new WarmupTest.TestHttp(n -> {
            long now = (System.nanoTime() - start) / 1_000_000;
            return now < 1_000 ? 1 : 8_000;
        })) {
            CliRunner r = CliRunner.run("load", "http://127.0.0.1:" + server.port() + "/hello", "--protocol", "plain",
                    "--rate", "100", "-c", "4", "-d", "3s", "--timeout", "30s");
            assertEquals(ExitCode.PROBLEM, r.exit(), "measured but incomplete: " + r.out() + r.err());
            assertTrue(r.err().startsWith("wsbench: the server stopped answering at second "), r.err());
            // 300 were due in 3 s: those not answered are unfinished, none vanished
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("requests +(\\d+) in 3\\.00 s = [0-9.,]+ valid req/s; (\\d+) more never answered")
                    .matcher(r.out());
            assertTrue(m.find(), r.out());
            assertEquals(300, Long.parseLong(m.group(1)) + Long.parseLong(m.group(2)), r.out());
            // from the last answer to the point's end: in tenths of a second, not whole ones
            assertTrue(java.util.regex.Pattern.compile("  stall         no answer for \\d\\.\\d s from second \\d\\.\\d: the server stopped")
                    .matcher(r.out()).find(), r.out());
            assertTrue(r.out().contains("  behind        only "), r.out());
        }
    }

    @Test
    void silentWholeSecondsAreOneStallAndALastPartialSecondIsNot() {
        List<SecondSample> series = List.of(new SecondSample(0, 100, 10, 0), new SecondSample(1, 0, 0, 0),
                new SecondSample(2, 0, 0, 0), new SecondSample(3, 90, 10, 0), new SecondSample(4, 0, 0, 0));
        assertEquals(List.of(new Stall(1, 2)), Stall.of(series, 4.5, CLOSED));
        // a timed-out request is an answer of sorts (an error), not silence
        assertEquals(List.of(), Stall.of(List.of(new SecondSample(0, 100, 10, 0), new SecondSample(1, 0, 0, 3),
                new SecondSample(2, 100, 10, 0)), 3, CLOSED));
        // with answer times kept: from the last answer before the silent seconds to the first after them
        List<SecondSample> timed = List.of(new SecondSample(0, 100, 10, 0, 1_000L, 990_000L),
                new SecondSample(1, 60, 10, 0, 1_002_000L, 1_640_000L), new SecondSample(2, 0, 0, 0),
                new SecondSample(3, 0, 0, 0), new SecondSample(4, 50, 10, 0, 4_660_000L, 4_990_000L),
                new SecondSample(5, 90, 10, 0, 5_001_000L, 5_999_000L));
        assertEquals(List.of(new Stall(1.64, 3.02)), Stall.of(timed, 6, CLOSED));
        // and none came again: to the point's end
        assertEquals(List.of(new Stall(1.64, 2.86)), Stall.of(timed.subList(0, 4), 4.5, CLOSED));
        // run.json keeps the times only where a stall may begin or end
        List<SecondSample> kept = SecondSample.edgesBesideSilence(timed);
        assertEquals(new SecondSample(1, 60, 10, 0, null, 1_640_000L), kept.get(1));
        assertEquals(new SecondSample(4, 50, 10, 0, 4_660_000L, null), kept.get(4));
        assertEquals(new SecondSample(0, 100, 10, 0), kept.get(0));
        assertEquals(Stall.of(timed, 6, CLOSED), Stall.of(kept, 6, CLOSED));
        // think time of a second or more may leave a second quiet: never a stall
        LoadRecord thinking = new LoadRecord("closed", 1, null, 10.0, null, 1500.0, true);
        assertEquals(List.of(), Stall.of(series, 4.5, thinking));
    }
}
