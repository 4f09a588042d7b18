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

    void stackStarting(String stack);

    void stackReady(String stack, String version, String url, long pid);

    /** A target's warm-up begins: {@code requests} of them, or -1 for a warm-up until steady. */
    void warmup(String target, long requests);

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

    /** One probe of a capacity search measured, and the SLOs it broke (empty: it passed). */
    default void probeDone(PointRecord probe, java.util.List<String> broken) {
    }

    /** A target's capacity search ended: what it found. */
    default void capacityDone(CapacityRecord capacity) {
    }
}
