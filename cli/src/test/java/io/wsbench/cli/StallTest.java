package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.core.record.LoadRecord;
import io.wsbench.core.record.RunJson;
import io.wsbench.core.record.SecondSample;
import io.wsbench.core.record.Stall;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A server that stops answering for a while is named, with when and for how long, even in a closed loop. */
class StallTest {

    private static final LoadRecord CLOSED = new LoadRecord("closed", 4, null, 10.0, null, null, true);

    @Test
    void aServerFrozenForTwoSecondsInAClosedLoopIsNamedWithItsStartAndLength() throws Exception {
        long start = System.nanoTime();
        // frozen from 1.5 s to 4.5 s after it starts: the whole seconds 2 and 3 of the point see no answer
        long freezeFrom = 1_500, freezeTo = 4_500;
        try (WarmupTest.TestHttp server = new WarmupTest.TestHttp(n -> {
            long now = (System.nanoTime() - start) / 1_000_000;
            return now >= freezeFrom && now < freezeTo ? freezeTo - now : 1;
        })) {
            CliRunner r = CliRunner.run("load", "http://127.0.0.1:" + server.port() + "/hello", "--protocol", "plain",
                    "-c", "2", "-d", "6s", "--json");
            assertEquals(0, r.exit(), r.out() + r.err());
            JsonNode p = RunJson.MAPPER.readTree(r.out());
            JsonNode stalls = p.at("/stalls");
            assertEquals(1, stalls.size(), p.at("/series").toString());
            // the freeze began at 1.5 s of the server's clock, a little after the point's start
            assertTrue(stalls.get(0).at("/atSecond").asDouble() >= 1 && stalls.get(0).at("/atSecond").asDouble() <= 3,
                    stalls.toString());
            assertTrue(stalls.get(0).at("/seconds").asDouble() >= 2 && stalls.get(0).at("/seconds").asDouble() <= 3,
                    stalls.toString());
            // the closed loop's max saw it
            assertTrue(p.at("/latencyMicros/max").asDouble() >= 2_000_000, p.at("/latencyMicros").toString());
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
            assertEquals(Main.PROBLEM, r.exit(), "measured but incomplete: " + r.out() + r.err());
            assertTrue(r.err().startsWith("wsbench: the server stopped answering at second "), r.err());
            // 300 were due in 3 s: those not answered are unfinished, none vanished
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("requests +(\\d+) in 3\\.00 s = [0-9.,]+ valid req/s; (\\d+) more never answered")
                    .matcher(r.out());
            assertTrue(m.find(), r.out());
            assertEquals(300, Long.parseLong(m.group(1)) + Long.parseLong(m.group(2)), r.out());
            assertTrue(r.out().contains("  stall         no answer for "), r.out());
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
        // think time of a second or more may leave a second quiet: never a stall
        LoadRecord thinking = new LoadRecord("closed", 1, null, 10.0, null, 1500.0, true);
        assertEquals(List.of(), Stall.of(series, 4.5, thinking));
    }
}
