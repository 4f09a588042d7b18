package io.wsbench.model.stats;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Warm-ups of a known shape are read as that shape: a known change point, none, a slowdown, no end. */
class WarmupShapeTest {

    private static double[] series(Random random, int n, int stepAt, double before, double after) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i < stepAt ? before : after) * Math.exp(0.02 * random.nextGaussian());
        }
        return x;
    }

    @Test
    void aSeriesWithNoChangePointIsFlatInNearlyEveryProcess() {
        Random random = new Random(1);
        int flat = 0;
        for (int trial = 0; trial < 200; trial++) {
            flat += WarmupShape.classify(series(random, 20, 0, 1000, 1000), true).kind() == WarmupShape.Kind.FLAT ? 1 : 0;
        }
        // a permutation test at 1%: a false step in about 2 of 200
        assertTrue(flat >= 194, "flat in " + flat + " of 200");
    }

    @Test
    void aKnownStepUpIsAWarmupFoundWhereItIs() {
        Random random = new Random(2);
        int placed = 0;
        for (int trial = 0; trial < 50; trial++) {
            WarmupShape.Shape s = WarmupShape.classify(series(random, 20, 8, 600, 1000), true);
            assertEquals(WarmupShape.Kind.WARMUP, s.kind());
            // never before the step; now and then a false step of the noise later in the steady part moves it on
            assertTrue(s.steadyFrom() >= 7, "found at " + s.steadyFrom());
            placed += Math.abs(s.steadyFrom() - 8) <= 1 ? 1 : 0;
        }
        assertTrue(placed >= 45, "placed within a window in " + placed + " of 50");
    }

    @Test
    void aStepDownIsASlowdown() {
        Random random = new Random(3);
        // faster at first, then 20% slower for good: Barrett et al.'s slowdown
        WarmupShape.Shape s = WarmupShape.classify(series(random, 24, 12, 1000, 800), true);
        assertEquals(WarmupShape.Kind.SLOWDOWN, s.kind());
        assertTrue(Math.abs(s.steadyFrom() - 12) <= 1, "found at " + s.steadyFrom());
    }

    @Test
    void aWarmupThatRanOutOfTimeHasNoSteadyState() {
        Random random = new Random(4);
        assertEquals(WarmupShape.Kind.NO_STEADY_STATE, WarmupShape.classify(series(random, 10, 5, 600, 1000), false).kind());
        // too short to read a step: flat, and never a step made up
        assertEquals(WarmupShape.Kind.FLAT, WarmupShape.classify(new double[]{100, 200, 300}, true).kind());
    }

    @Test
    void theStepFromEveryCoreBackToItsOwnIsNoSlowdown() {
        Random random = new Random(5);
        // twice as fast on every core for 12 windows, then back on its own core, flat: read from there on
        double[] x = series(random, 24, 12, 2000, 1000);
        List<io.wsbench.model.record.WarmupRecord.Window> windows = new java.util.ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            windows.add(new io.wsbench.model.record.WarmupRecord.Window(i + 1, x[i], 1e6 / x[i], 0L));
        }
        var spread = new io.wsbench.model.record.WarmupRecord("CXF small", "auto", 24, true, windows)
                .onOwnCoresFrom(12.0).classified();
        assertEquals("flat", spread.shape());
        assertEquals(12.0, spread.steadyFromSecond());
        assertEquals(12.0, spread.ownCoresFromSecond());
        // the same series read whole, as if it had warmed on its own core throughout: a slowdown
        assertEquals("slowdown", new io.wsbench.model.record.WarmupRecord("CXF small", "auto", 24, true, windows)
                .classified().shape());
    }
}
