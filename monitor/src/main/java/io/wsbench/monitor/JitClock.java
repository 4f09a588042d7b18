package io.wsbench.monitor;

import java.io.IOException;

/**
 * How long a local JVM's JIT compilers have worked so far, read from its performance counters
 * (a memory read, nothing attached): a warm-up watches it stop growing. For {@code load
 * --server-pid}, where wsbench did not start the server and records no Flight Recorder.
 */
public final class JitClock implements AutoCloseable {

    private final PerfCounters counters;

    private JitClock(PerfCounters counters) {
        this.counters = counters;
    }

    /**
     * The clock of the JVM with process id {@code pid}; an IOException when that process is not a
     * JVM publishing its counters, or when this JVM may not read them.
     */
    public static JitClock of(long pid) throws IOException {
        try {
            return new JitClock(PerfCounters.of(pid));
        } catch (IllegalAccessError e) {
            throw new IOException("this JVM cannot read another's counters (./wsbench starts it so that it can)", e);
        }
    }

    /** Milliseconds the JIT compilers have spent so far, or -1 when the JVM does not say. */
    public long compileMillis() {
        return counters.compileMillis();
    }

    @Override
    public void close() {
        counters.close();
    }
}
