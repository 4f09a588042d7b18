package io.wsbench.core.load;

import io.wsbench.model.load.LoadSpec;

import io.wsbench.model.load.Profile;

import io.wsbench.model.record.SecondSample;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.wsbench.core.load.LoadEngineTest.GREETING;
import static io.wsbench.core.load.LoadEngineTest.get;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine's schedules against real servers on 127.0.0.1: an open loop's due times, its ramps and a
 * ramp of users, a stall counted from when a request was due, each answer in the second it came in.
 * Apart from LoadEngineTest so that the two, each mostly waiting on the delays its tests set, run side
 * by side. The only time bounds asserted follow from those delays and schedules.
 */
class LoadEngineScheduleTest {

    @AutoClose
    private static final LoadEngine engine = new LoadEngine(2);

    @Test
    void openLoopCountsTheStallFromTheIntendedSendTime() throws Exception {
        // 1,000 req/s for 3 s; the server freezes for 500 ms at the 1,000th request
        try (TestServer server = new TestServer(200, "Hello World", 1000, 500)) {
            LoadSpec spec = LoadSpec.openFor(10, 1000, Duration.ofSeconds(3));
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), spec, get(server.address(), true), GREETING), ProgressListener.NONE);
            // each connection has 300 requests due in 3 s, and every one due is sent, late or not, or
            // counted as unfinished if the point's end came first
            assertEquals(3000, m.ok() + m.unfinished(), m.errors() + ", unfinished " + m.unfinished());
            assertEquals(m.ok(), server.served.get());
            // nothing is answered during the 500 ms freeze, and a request's latency runs from when it
            // was due: the ~100 due in its first 100 ms wait 400 ms or more, the ~450 due in its first
            // 450 ms 50 ms or more (a machine behind schedule only makes them later)
            long p999 = m.latencies().getValueAtPercentile(99.9);
            assertTrue(p999 >= 400_000, "p99.9 includes the 500 ms stall: " + p999 + " us");
            assertTrue(m.latencies().getValueAtPercentile(90) >= 50_000,
                    "p90 " + m.latencies().getValueAtPercentile(90));
        }
    }

    @Test
    void theOpenLoopSendsEveryDueRequestAndNoneBeforeItIsDue() throws Exception {
        try (TestServer server = TestServer.answering("Hello World")) {
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.openFor(8, 2000, Duration.ofSeconds(5)),
                    get(server.address(), true), GREETING), ProgressListener.NONE);
            // 8 connections, each due every 4 ms from its own offset (0, 0.5 ... 3.5 ms): 1,250 each in 5 s;
            // one still due when the point ends (a busy machine's late timer) is unfinished, never sent after
            assertEquals(10_000, m.ok() + m.unfinished(), m.errors() + ", unfinished " + m.unfinished());
            assertEquals(m.ok(), server.served.get());
            // none is sent before it is due, so the rate is never exceeded; how close to 2,000 req/s a
            // machine gets is bench/engine-timings.sh's figure
            assertEquals(5.0, m.durationSeconds());
            assertTrue(m.throughput() <= 2_000, "throughput " + m.throughput());
        }
    }

    @Test
    void eachAnswerIsCountedInTheSecondItCameIn() throws Exception {
        // open loop at 100 req/s for 3 s: requests are due every 10 ms, 100 in each second
        try (TestServer server = TestServer.answering("Hello World")) {
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.openFor(2, 100, Duration.ofSeconds(3)),
                    get(server.address(), true), GREETING), ProgressListener.NONE);
            assertEquals(300, m.ok() + m.unfinished(), "rate x duration");
            List<SecondSample> series = m.series();
            // an answer to a request due in the last milliseconds may come after the 3 s, in a fourth second of its own
            // on a busy machine (a clean clone's parallel build saw one at 3.001 s)
            assertEquals(List.of(0, 1, 2), series.stream().map(SecondSample::second).filter(s -> s < 3).toList(), series.toString());
            assertTrue(series.size() <= 4, series.toString());
            assertEquals(m.ok(), series.stream().mapToLong(SecondSample::requests).sum(), "the seconds add up to the total");
            for (SecondSample s : series) {
                // how near 100 each second's count comes is a figure of the machine (bench/engine-timings.sh)
                assertEquals(0, s.errors());
                assertTrue(s.requests() == 0 || s.p99Micros() > 0, s.toString());
                assertTrue(s.requests() == 0 || s.firstMicros() >= s.second() * 1_000_000L
                        && s.lastMicros() < (s.second() + 1) * 1_000_000L, "each answer in the second it came in: " + s);
            }
        }
    }

    @Test
    void aRampedOpenLoopSendsExactlyWhatItsStagesSumToAndFollowsTheRampSecondBySecond() throws Exception {
        // 0 → 200/s over 2 s (200 requests), 200/s for 1 s (200), a step down to 50/s for 1 s (50): 450
        Profile ramp = new Profile(List.of(new Profile.Stage(Duration.ofSeconds(2), 200),
                new Profile.Stage(Duration.ofSeconds(1), 200), new Profile.Stage(Duration.ZERO, 50),
                new Profile.Stage(Duration.ofSeconds(1), 50)));
        try (TestServer server = TestServer.answering("Hello World")) {
            LoadSpec spec = LoadSpec.profiled(true, 4, ramp, null, true, null);
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), spec, get(server.address(), true), GREETING), ProgressListener.NONE);
            assertEquals(450, m.requests() + m.unfinished(), "the requests the stages sum to, answered or not");
            assertEquals(Duration.ofSeconds(4), spec.duration());
            List<SecondSample> s = m.series();
            double[] offered = {50, 150, 200, 50};
            for (int i = 0; i < offered.length; i++) {
                assertEquals(offered[i], s.get(i).offered(), 1e-6, "second " + i + " offers what its ramp makes due");
            }
            assertEquals(450, s.stream().mapToLong(x -> x.sent() == null ? 0 : x.sent()).sum(), "every request sent is in a second");
            assertNotNull(s.get(1).p50Micros(), "a profiled point keeps each second's p50");
        }
    }

    @Test
    void aRampOfUsersStartsEachUserWhenTheRampReachesIt() throws Exception {
        // 0 → 4 users over 2 s, then 4 users for 1 s: user 3 starts at 1.5 s
        Profile ramp = new Profile(List.of(new Profile.Stage(Duration.ofSeconds(2), 4),
                new Profile.Stage(Duration.ofSeconds(1), 4)));
        try (TestServer server = TestServer.answeringAfter("Hello World", 10)) {
            LoadSpec spec = LoadSpec.profiled(false, 1, ramp, null, true, null);
            assertEquals(4, spec.connections());
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), spec, get(server.address(), true), GREETING), ProgressListener.NONE);
            List<SecondSample> s = m.series();
            assertEquals(1, s.get(0).offered(), 1e-6, "the ramp has one user running at 0.5 s");
            assertEquals(4, s.get(2).offered(), 1e-6);
            // each answer takes at least the server's 10 ms: a user sends at most 100 a second
            assertTrue(s.get(0).requests() <= 2 * 100, "in second 0 at most users 0 and 1 ran: " + s.get(0).requests());
            assertTrue(s.get(2).requests() > s.get(0).requests(), "more users, more answers: " + s);
            assertEquals(0, m.errors().total());
        }
    }
}
