package io.wsbench.model.stats;

import java.util.Arrays;
import java.util.List;

/**
 * What a process's warm-up looked like, read from its own series of windows (their throughputs) by
 * change points, as Barrett et al. classify each process execution ("Virtual machine warmup blows
 * hot and cold", OOPSLA 2017) instead of assuming that a process settles:
 * <ul>
 * <li>{@link Kind#FLAT}: no change point: as fast from the first window as at the end;</li>
 * <li>{@link Kind#WARMUP}: it stepped up and its last segment is the fastest (within {@link #EQUIVALENT});</li>
 * <li>{@link Kind#SLOWDOWN}: its last segment is slower than an earlier one by more than {@link #EQUIVALENT};</li>
 * <li>{@link Kind#NO_STEADY_STATE}: the warm-up ran out of time before its last windows agreed.</li>
 * </ul>
 * Change points are {@link ChangePoints}' (E-divisive means, a permutation test at 1%), so a series of
 * pure noise is read as flat in 99 of 100 processes.
 */
public final class WarmupShape {

    /** Segments whose medians are this close are read as equally fast (Barrett et al. use a like margin). */
    public static final double EQUIVALENT = 0.05;

    /** The kinds of warm-up. */
    public enum Kind {
        FLAT("flat"), WARMUP("warm-up"), SLOWDOWN("slowdown"), NO_STEADY_STATE("no steady state");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        /** As run.json and the report write it. */
        public String word() {
            return word;
        }
    }

    /** Its kind and the window its last segment begins at (0 when flat). */
    public record Shape(Kind kind, int steadyFrom) {
    }

    private WarmupShape() {
    }

    /**
     * The shape of {@code throughputs} (one per window, in order); {@code settled}: whether the warm-up
     * ended because its last windows agreed (false: it ran out of time).
     */
    public static Shape classify(double[] throughputs, boolean settled) {
        double[] x = Arrays.stream(throughputs).filter(v -> v > 0 && Double.isFinite(v)).toArray();
        List<ChangePoints.ChangePoint> steps = x.length < 2 * ChangePoints.MIN_SIZE ? List.of()
                : ChangePoints.find(x, ChangePoints.ALPHA, ChangePoints.PERMUTATIONS, 64);
        int from = steps.isEmpty() ? 0 : steps.get(steps.size() - 1).index();
        if (!settled) {
            return new Shape(Kind.NO_STEADY_STATE, from);
        }
        if (steps.isEmpty()) {
            return new Shape(Kind.FLAT, 0);
        }
        double last = median(Arrays.copyOfRange(x, from, x.length));
        int start = 0;
        for (ChangePoints.ChangePoint step : steps) {
            double before = median(Arrays.copyOfRange(x, start, step.index()));
            if (last < before * (1 - EQUIVALENT)) {
                return new Shape(Kind.SLOWDOWN, from);
            }
            start = step.index();
        }
        return new Shape(Kind.WARMUP, from);
    }

    private static double median(double[] v) {
        return SignedRank.median(v);
    }
}
