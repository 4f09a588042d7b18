package io.wsbench.runner;

import io.wsbench.model.record.WarmupRecord.Window;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When a warm-up calls a target steady: a JVM's compilers were quiet in each of its last three windows, and they agree or
 * hold the level of the three before them (neither climbing nor slowing down).
 */
class SteadyWarmupTest {

    private static final Duration SECOND = Duration.ofSeconds(1);

    @Test
    void threeWindowsWithin5PercentAndAQuietCompilerAreSteady() {
        assertTrue(SteadyWarmup.steady(List.of(w(1000, 500, 900), w(3000, 200, 12), w(3050, 198, 0), w(2980, 201, 20)), SECOND));
    }

    @Test
    void oneBusyCompilerWindowAmongTheLastThreeIsNotSteady() {
        // CXF pinned to one core in seed 001's suite: 1 ms of compiling in one window, a second in the one before
        assertFalse(SteadyWarmup.steady(List.of(w(3000, 200, 1050), w(3010, 200, 1), w(3000, 200, 0)), SECOND));
        assertFalse(SteadyWarmup.steady(List.of(w(3000, 200, 0), w(3010, 200, 21), w(3000, 200, 0)), SECOND),
                "21 ms is over 2% of a 1 s window");
    }

    @Test
    void aServerThatIsNoJvmIsJudgedByItsThroughputAndLatencyAlone() {
        assertTrue(SteadyWarmup.steady(List.of(w(3000, 200, null), w(3100, 195, null), w(2950, 205, null)), SECOND));
        assertFalse(SteadyWarmup.steady(List.of(w(2700, 200, null), w(3000, 200, null), w(3300, 200, null)), SECOND),
                "throughput still rising by 10% a window");
        assertFalse(SteadyWarmup.steady(List.of(w(3000, 200, null), w(3000, 200, null)), SECOND), "two windows are too few");
    }

    @Test
    void windowsTheMachineMovesByMoreThan5PercentAreSteadyOnceTheirLevelHolds() {
        // a compiler quiet from the start and windows moved by ±10% with no trend: the last three (3250, 2900, 3100) do not
        // agree within ±5%, and their mean is 1.7% above the three before's
        List<Window> flat = List.of(w(3000, 333, 0), w(3300, 303, 0), w(2800, 357, 0), w(3250, 308, 0), w(2900, 345, 0),
                w(3100, 323, 0));
        assertTrue(SteadyWarmup.steady(flat, SECOND));
        assertFalse(SteadyWarmup.steady(flat.subList(0, 5), SECOND), "five windows: none before the last three to compare with");
        assertFalse(SteadyWarmup.steady(List.of(w(2000, 500, 0), w(2300, 435, 0), w(2200, 455, 0), w(2600, 385, 0),
                w(2500, 400, 0), w(2800, 357, 0)), SECOND), "still climbing: the last three 21% above the three before");
        assertFalse(SteadyWarmup.steady(List.of(w(3300, 303, 0), w(3000, 333, 0), w(3200, 313, 0), w(2900, 345, 0),
                w(2600, 385, 0), w(2800, 357, 0)), SECOND), "still slowing down: the last three 13% below the three before");
        assertFalse(SteadyWarmup.steady(List.of(w(3000, 333, 0), w(3300, 303, 0), w(2800, 357, 0), w(3250, 308, 0),
                w(2900, 345, 30), w(3100, 323, 0)), SECOND), "the level held, but the compiler busy in one of the last three");
        assertTrue(SteadyWarmup.steady(List.of(w(3000, 333, null), w(3300, 303, null), w(2800, 357, null),
                w(3250, 308, null), w(2900, 345, null), w(3100, 323, null)), SECOND), "no compiler to read: the level alone");
    }

    private static Window w(double throughput, double meanMicros, Integer jitMillis) {
        return new Window(0, throughput, meanMicros, jitMillis == null ? null : (long) jitMillis);
    }

    @Test
    void aServerOnEveryCoreGoesBackOnceItsCompilerIsQuietAndOnlyItsOwnWindowsCallItSteady() throws InterruptedException {
        // a simulated JVM: its JIT busy for 5 windows; twice as fast while it is spread over every core
        boolean[] spread = {true};
        int[] backs = {0};
        int[] windows = {0};
        long[] jit = {0};
        WarmingCores.Spread cores = () -> {
            backs[0]++;
            boolean was = spread[0];
            spread[0] = false;
            return was;
        };
        var how = SteadyWarmup.run("CXF small", spec -> {
            windows[0]++;
            jit[0] += windows[0] <= 5 ? 800 : 0;
            Thread.sleep(20); // windows apart in time, as the record's seconds are read off the clock
            return measured(spread[0] ? 2000 : 1000);
        }, new SteadyWarmup.Plan(20, SECOND, Duration.ofSeconds(60), 0), () -> jit[0], cores);
        assertTrue(how.steady());
        // window 6 is the first quiet one: back then, and steady on the three windows after it, not on 4-6
        assertEquals(9, how.windows().size());
        assertEquals(1, backs[0]);
        assertEquals(how.windows().get(5).atSecond(), how.ownCoresFromSecond());
        assertEquals("flat", how.shape(), "the step down to its own core is no slowdown");
    }

    @Test
    void aServerWithNoCompilerToReadIsBackBeforeItsFirstWindow() throws InterruptedException {
        boolean[] spread = {true};
        var how = SteadyWarmup.run("direct small", spec -> {
            assertFalse(spread[0], "no window on every core");
            return measured(1000);
        }, new SteadyWarmup.Plan(20, SECOND, Duration.ofSeconds(60), 0), SteadyWarmup.NO_JIT, () -> {
            boolean was = spread[0];
            spread[0] = false;
            return was;
        });
        assertEquals(3, how.windows().size());
        assertNull(how.ownCoresFromSecond());
    }

    @Test
    void whichProcessesAreWarmedOnTheirOwnCores() {
        List<String> said = new java.util.ArrayList<>();
        assertSame(WarmingCores.NONE, WarmingCores.of(null, null, null, said::add, said::add), "not placed");
        assertSame(WarmingCores.NONE, WarmingCores.of("0-1", "0-1", null, said::add, said::add), "no other core");
        assertTrue(said.isEmpty());
        assertSame(WarmingCores.NONE, WarmingCores.of("0-1", "0", "all", said::add, said::add));
        assertTrue(said.get(0).contains("own cores (0)"), said.get(0));
        assertNotSame(WarmingCores.NONE, WarmingCores.of("0-1", "0", "2, 4", said::add, said::add));
        assertTrue(said.get(1).contains("first warm-ups on every core (0-1)") && said.get(1).contains("instances 2, 4"),
                said.get(1));
        assertEquals(java.util.Set.of(2, 4), WarmingCores.instances("2, 4"));
        assertEquals(java.util.Set.of(), WarmingCores.instances(null));
        assertNull(WarmingCores.instances("ALL"));
        assertSame(WarmingCores.Spread.NONE, WarmingCores.of("0-1", "0", null, said::add, said::add).spread(null, 1),
                "no server of wsbench's: nothing to move");
    }

    @Test
    void aServerLeftWhereItIsIsSteadyOnItsFirstThreeQuietWindows() throws InterruptedException {
        long[] jit = {0};
        var how = SteadyWarmup.run("CXF small", compiling(jit, 5, 800), new SteadyWarmup.Plan(20, SECOND, Duration.ofSeconds(60), 0), () -> jit[0], WarmingCores.Spread.NONE);
        // quiet from window 6: steady on 6, 7 and 8, as before a server could be spread at all
        assertEquals(8, how.windows().size());
        assertNull(how.ownCoresFromSecond());
    }

    @Test
    void aRewarmUntilQuietGoesOnWhileTheCompilerIsBusyAndNoLongerThanItsMost() throws InterruptedException {
        Duration quarter = Duration.ofMillis(250);
        long[] jit = {0};
        // a server whose JIT compiles again in the first 3 windows of its re-warm (other targets' load changed its code)
        var busy = SteadyWarmup.run("SOAP", compiling(jit, 3, 120), new SteadyWarmup.Plan(5, quarter, Duration.ofSeconds(5), 1, true), () -> jit[0], WarmingCores.Spread.NONE);
        assertEquals(4, busy.windows().size(), "three busy windows, then the first quiet one");
        assertEquals(0L, busy.windows().get(3).jitMillis());
        assertNull(busy.shape(), "a re-warm is not judged");

        var quiet = SteadyWarmup.run("SOAP", spec -> measured(1000),
                new SteadyWarmup.Plan(5, quarter, Duration.ofSeconds(5), 1, true), () -> jit[0], WarmingCores.Spread.NONE);
        assertEquals(1, quiet.windows().size(), "a quiet compiler: one window, as before");

        var fixed = SteadyWarmup.run("SOAP", spec -> {
            jit[0] += 120;
            return measured(1000);
        }, new SteadyWarmup.Plan(5, quarter, Duration.ofSeconds(5), 1), () -> jit[0], WarmingCores.Spread.NONE);
        assertEquals(1, fixed.windows().size(), "not until quiet: one window whatever the compiler does");

        var never = SteadyWarmup.run("SOAP", spec -> {
            jit[0] += 120;
            Thread.sleep(30);
            return measured(1000);
        }, new SteadyWarmup.Plan(5, quarter, Duration.ofMillis(100), 1, true), () -> jit[0], WarmingCores.Spread.NONE);
        assertTrue(never.seconds() >= 0.1, "a compiler that never goes quiet: the re-warm ends once its most has passed, "
                + never.seconds() + " s");
    }

    /** A server of 1,000 answers a window whose JIT compiles {@code millis} (read on {@code jit}) in each of its first {@code busy} windows. */
    private static SteadyWarmup.Window compiling(long[] jit, int busy, long millis) {
        int[] windows = {0};
        return spec -> {
            windows[0]++;
            jit[0] += windows[0] <= busy ? millis : 0;
            return measured(1000);
        };
    }

    private static io.wsbench.core.load.Measurement measured(long answered) {
        org.HdrHistogram.Histogram latencies = new org.HdrHistogram.Histogram(3);
        latencies.recordValueWithCount(Math.max(1, 20_000_000 / answered), answered);
        return new io.wsbench.core.load.Measurement(latencies, answered, answered, io.wsbench.model.record.ErrorCounts.NONE,
                answered * 100, answered * 100, answered, 1, List.of(), null, null);
    }
}
