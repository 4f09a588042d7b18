package io.wsbench.monitor;

import io.wsbench.model.record.ServerRecord;

import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Looks inside a local server JVM during a point from its performance counters, without any port
 * and with nothing added to its command line: collections and their time, and the peak of heap
 * used (sampled four times a second); and its JIT compiler's clock, which a warm-up watches.
 */
public final class JvmCounters implements Monitor {

    /** "jvm": GC, heap and JIT counters of a JVM server. */
    public static final class Kind extends MonitorKind {
        public Kind() {
            super("jvm", "a JVM server's collections, GC time and heap peak, from its performance counters",
                    s -> s.jvmPid() > 0 ? JvmCounters.attach(s.jvmPid()) : null);
        }
    }

    private final PerfCounters counters;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "wsbench-jvm-monitor");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> task;
    private long gcCountAtStart;
    private long gcMillisAtStart;
    private volatile long heapMax;

    private JvmCounters(PerfCounters counters) {
        this.counters = counters;
    }

    /** Reads the counters of the JVM with process id {@code pid}, which must run as the same user on this machine. */
    public static JvmCounters attach(long pid) throws IOException {
        try {
            return new JvmCounters(PerfCounters.of(pid));
        } catch (IllegalAccessError e) {
            throw new IOException("this JVM cannot read another's counters: start wsbench with --add-exports="
                    + "jdk.internal.jvmstat/sun.jvmstat.monitor=ALL-UNNAMED (./wsbench does)", e);
        }
    }

    @Override
    public String name() {
        return "jvm";
    }

    /** The JVM's vendor and version as it publishes them, e.g. "OpenJDK 64-Bit Server VM 17.0.15+6". */
    public String jdk() {
        String vm = counters.text("java.property.java.vm.name");
        String version = counters.text("java.property.java.vm.version");
        return vm == null ? "a JVM" : vm + (version == null ? "" : " " + version);
    }

    /** Milliseconds the server's JIT compilers have worked so far, or -1 when it does not say. */
    public long compileMillis() {
        return counters.compileMillis();
    }

    @Override
    public synchronized void startPoint() {
        gcCountAtStart = counters.collections();
        gcMillisAtStart = counters.collectionMillis();
        heapMax = counters.heapUsed();
        task = timer.scheduleAtFixedRate(this::sampleHeap, 250, 250, TimeUnit.MILLISECONDS);
    }

    private void sampleHeap() {
        try {
            heapMax = Math.max(heapMax, counters.heapUsed());
        } catch (RuntimeException e) {
            // the server is going away; the peak so far stands
        }
    }

    /**
     * Adds the point's collections, their time and the heap's peak to {@code server}. These need no
     * shortest point: collections are counted whole and their time in nanoseconds, and the heap is read
     * at the point's start and end as well as every 250 ms, so 0 collections in 33 ms is a true figure.
     */
    @Override
    public synchronized ServerRecord endPoint(ServerRecord server, PointEnd end) {
        if (task != null) {
            task.cancel(false);
        }
        if (server == null || !end.serverAlive()) {
            return server;
        }
        sampleHeap();
        return server.withGc(counters.collections() - gcCountAtStart, counters.collectionMillis() - gcMillisAtStart, heapMax);
    }

    @Override
    public void close() {
        timer.shutdownNow();
        counters.close();
    }
}
