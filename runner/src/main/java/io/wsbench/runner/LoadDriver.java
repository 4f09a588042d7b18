package io.wsbench.runner;

import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;

/**
 * What sends a suite's load: this process's own engines ({@link Generator}), or the agents of a
 * cluster, each running a part of every point. The runner measures points and warm-ups through it
 * and does not know which.
 */
public interface LoadDriver extends AutoCloseable {

    /** Runs one point, or one warm-up window, of {@code target}'s load and returns what it measured. */
    Measurement run(Target target, LoadSpec spec, ProgressListener progress) throws InterruptedException;

    /** Stops the running point early (a server died, Ctrl-C): it returns with {@code why} as its abort reason. */
    void abort(String why);

    /** Whether the load is sent from this process's own cores (not from agents elsewhere). */
    default boolean local() {
        return false;
    }

    /**
     * Sends the next points from {@code cores} (a CPU list): this process's I/O threads moved there, its other threads
     * left where they are. Null when done, else why not (the points are sent from where the threads were). Load sent
     * from elsewhere (agents) has nothing to move.
     */
    default String sendFrom(String cores) {
        return null;
    }

    /** How the load is generated, for the run's notes. */
    String describe();

    @Override
    void close();
}
