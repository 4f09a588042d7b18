package io.wsbench.runner;

import io.wsbench.core.load.LoadEngine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * wsbench's load generator, as {@code run} and {@code load} size it: each point gets the I/O threads
 * its connections call for (or {@code --threads}), from one LoadEngine per thread count, made when a
 * point first needs it.
 */
public final class Generator implements AutoCloseable {

    /** The {@code --threads} help of both commands. */
    public static final String THREADS_HELP = "I/O threads of the load generator"
            + " (default: one per 128 connections or users of a point, at most one per core)";

    private final Integer threads;
    private final Map<Integer, LoadEngine> engines = new ConcurrentHashMap<>();

    /** {@code threads}: the {@code --threads} option, or null for the default. */
    public Generator(Integer threads) {
        this.threads = threads;
    }

    /** The engine for a point of {@code connections} connections (closed loop: users). */
    public LoadEngine forConnections(int connections) {
        return engines.computeIfAbsent(threads != null ? threads : LoadEngine.defaultThreads(connections), LoadEngine::new);
    }

    /** Stops the running point early, whichever engine runs it. */
    void abort(String why) {
        engines.values().forEach(e -> e.abort(why));
    }

    /** How the generator is made, for the record of a run. */
    String describe() {
        return "Netty " + forConnections(1).transport() + ", "
                + (threads != null ? threads + " I/O threads" : "one I/O thread per 128 connections of a point, at most one per core");
    }

    @Override
    public void close() {
        engines.values().forEach(LoadEngine::close);
    }
}
