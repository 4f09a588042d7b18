package io.wsbench.runner;

import io.wsbench.model.record.WarmupRecord.Window;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When a warm-up calls a target steady: its last three windows agree, and a JVM's compilers were quiet in each. */
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

    private static Window w(double throughput, double meanMicros, Integer jitMillis) {
        return new Window(0, throughput, meanMicros, jitMillis == null ? null : (long) jitMillis);
    }
}
