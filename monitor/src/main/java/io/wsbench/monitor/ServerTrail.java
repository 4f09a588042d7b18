package io.wsbench.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Follows a local server through a point, in constant memory, for what only shows over time: each
 * second its CPU, resident memory, threads and open files (from /proc), and, when it is a JVM that
 * publishes its performance counters, the heap it still uses right after each collection (read
 * within {@link #HEAP_POLL_MILLIS} of it): its live heap, which a leak makes grow. What it reads goes
 * to a {@link Listener} as it comes; nothing is kept here.
 */
public final class ServerTrail implements AutoCloseable {

    static final long HEAP_POLL_MILLIS = 100;

    /** Told what the trail reads, on its own thread; {@code seconds} from when it started. */
    public interface Listener {

        /** A second's reading of the process: its CPU over the second (100 = one core) and the rest now. */
        void second(double seconds, double cpuPercent, long rssBytes, int threads, int openFiles);

        /** A collection ended: the heap used just after it. */
        void afterCollection(double seconds, long heapUsedBytes);
    }

    private final long pid;
    private final PerfCounters counters;
    private final Listener listener;
    private final long start = System.nanoTime();
    private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "wsbench-server-trail");
        t.setDaemon(true);
        return t;
    });
    private ProcStat last;
    private long collections;

    private ServerTrail(long pid, PerfCounters counters, Listener listener) {
        this.pid = pid;
        this.counters = counters;
        this.listener = listener;
        this.last = ProcStat.read(pid);
        this.collections = counters == null ? 0 : counters.evacuations();
    }

    /**
     * Starts following the process {@code pid}; {@code jvmPid}, the JVM within it (itself, or one it
     * started; -1 when none), is read for its heap when it publishes counters.
     */
    public static ServerTrail start(long pid, long jvmPid, Listener listener) {
        PerfCounters counters = null;
        if (jvmPid > 0) {
            try {
                counters = PerfCounters.of(jvmPid);
            } catch (IOException | IllegalAccessError e) {
                counters = null; // its heap unread: resident memory stands for it
            }
        }
        ServerTrail trail = new ServerTrail(jvmPid > 0 ? jvmPid : pid, counters, listener);
        trail.clock.scheduleAtFixedRate(trail::readProcess, 1000, 1000, TimeUnit.MILLISECONDS);
        if (counters != null) {
            trail.clock.scheduleAtFixedRate(trail::readHeap, HEAP_POLL_MILLIS, HEAP_POLL_MILLIS, TimeUnit.MILLISECONDS);
        }
        return trail;
    }

    /** Whether the heap is read (a JVM with counters), so that a leak is looked for in it rather than in RSS. */
    public boolean readsHeap() {
        return counters != null;
    }

    private double seconds() {
        return (System.nanoTime() - start) / 1e9;
    }

    private void readProcess() {
        try {
            ProcStat now = ProcStat.read(pid);
            if (now == null || last == null || now.rssBytes() == 0) {
                return; // gone, or exiting: the point's own monitors say so
            }
            double cpu = ProcStat.cpuPercent(last, now, true, true);
            last = now;
            listener.second(seconds(), cpu, now.rssBytes(), now.threads(), openFiles(pid));
        } catch (RuntimeException e) {
            // a reading missed; the next second tries again
        }
    }

    private void readHeap() {
        try {
            long n = counters.evacuations();
            if (n != collections) {
                collections = n;
                listener.afterCollection(seconds(), counters.heapUsed());
            }
        } catch (RuntimeException e) {
            // the server is going away
        }
    }

    /** Entries of /proc/PID/fd: files, sockets and pipes the process holds open; -1 when unreadable. */
    static int openFiles(long pid) {
        try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
            return (int) fds.count();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    @Override
    public void close() {
        clock.shutdownNow();
        try {
            clock.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (counters != null) {
            counters.close();
        }
    }
}
