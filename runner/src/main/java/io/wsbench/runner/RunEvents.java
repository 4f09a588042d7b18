package io.wsbench.runner;

import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.PointRecord;

/**
 * What a suite run tells whoever watches it: the command line's console, a controller, a test.
 * The runner prints nothing itself. Called from the run's thread, and {@link #problem} also from
 * the thread that {@link SuiteRunner#interrupt interrupts} it.
 */
public interface RunEvents {

    /** A stack's server is starting (a command's one target at its own address starts none). */
    default void stackStarting(String stack) {
    }

    default void stackReady(String stack, String version, String url, long pid) {
    }

    /** A target's warm-up begins: {@code requests} of them, or -1 for a warm-up until steady. */
    default void warmup(String target, long requests) {
    }

    /** Returns where the point's progress goes. */
    ProgressListener pointStarting(String label, int index, int total);

    /**
     * A measured point of a suite begins: {@code target} under {@code load}, its {@code repeat};
     * {@code label} names all three. Returns where the point's progress goes.
     */
    default ProgressListener pointStarting(String target, String load, int repeat, String label, int index, int total) {
        return pointStarting(label, index, total);
    }

    void pointDone(PointRecord point);

    void problem(String message);

    /**
     * A warm-up until steady of a command's target ended ({@code jit}: whether the server's JIT was
     * watched); a suite's warm-up is kept in its run.json instead.
     */
    default void warmedUp(String target, io.wsbench.model.record.WarmupRecord how, boolean jit) {
    }

    /** A command's capacity search of {@code target} begins, its target warmed (a suite's is told by its probes). */
    default void capacityStarting(String target) {
    }

    /** One probe of a capacity search measured, and the SLOs it broke (empty: it passed). */
    default void probeDone(PointRecord probe, java.util.List<String> broken) {
    }

    /** A target's capacity search ended: what it found. */
    default void capacityDone(CapacityRecord capacity) {
    }
}
