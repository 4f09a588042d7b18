package io.wsbench.monitor;

import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.ServerRecordBuilder;

import java.util.BitSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Watches a server process during a load point: CPU (user and system, all threads), peak resident
 * memory and threads, read from /proc once a second, and the CPU it keeps burning once the load
 * has stopped ({@code residualCpuPercent}), which is how a server still busy after the test shows.
 * The residual leaves out a JVM's JIT compiler threads: a JVM still compiling what the load warmed
 * up is finishing its warm-up, not working on something the load left behind.
 */
public final class ProcessSampler implements Monitor {

    /** "proc": CPU, memory and threads of any server process, from /proc. */
    public static final class Kind extends MonitorKind {
        public Kind() {
            super("proc", "the server process's CPU (and after the load), peak memory and threads, from /proc",
                    s -> new ProcessSampler(s.jvmPid() > 0 ? s.jvmPid() : s.pid(), s.residualMillis()));
        }
    }

    /**
     * The shortest point whose CPU /proc can tell: its times tick every 10 ms, so a share over d seconds
     * is off by up to 1/d % of a core: 4% at a quarter second (--quick's 0.3 s points stay measured),
     * 30% at 33 ms, where 2 cores read "others took 64%" of nothing.
     */
    static final double MIN_SECONDS = 0.25;

    private final long pid;
    private final long residualMillis;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "wsbench-monitor");
        t.setDaemon(true);
        return t;
    });
    private ProcStat first;
    /** The CPUs the server had to itself over the point (null: it shared them with the generator), and their ticks at its start. */
    private BitSet ownCpus;
    private long[] ownTicks;
    private volatile long rssMax;
    private volatile int threadsMax;
    private ScheduledFuture<?> task;

    /** {@code residualMillis}: how long the server's CPU is watched after each point, with no load sent. */
    public ProcessSampler(long pid, long residualMillis) {
        this.pid = pid;
        this.residualMillis = residualMillis;
    }

    @Override
    public String name() {
        return "proc";
    }

    /**
     * Ends the point with a new record; a dead server's residual CPU is not waited for. A point
     * shorter than {@link #MIN_SECONDS} has no CPU figures, and says so.
     */
    @Override
    public ServerRecord endPoint(ServerRecord server, PointEnd end) throws InterruptedException {
        ServerRecord seen = endPoint(end.serverAlive() ? residualMillis : 0);
        if (seen == null || end.seconds() >= MIN_SECONDS) {
            return seen;
        }
        return ServerRecord.withoutCpu(seen.pid(), seen.rssMaxBytes(), seen.threadsMax(), seen.residualCpuPercent())
                .withTooShort(end.seconds(), "/proc's CPU times need " + Math.round(MIN_SECONDS * 1000) + " ms");
    }

    @Override
    public synchronized void startPoint() {
        first = ProcStat.read(pid);
        ownCpus = ProcStat.ownCpus(pid);
        ownTicks = ownCpus == null ? null : ProcStat.cpuTicks(ownCpus);
        rssMax = first == null ? 0 : first.rssBytes();
        threadsMax = first == null ? 0 : first.threads();
        task = timer.scheduleAtFixedRate(this::sample, 1, 1, TimeUnit.SECONDS);
    }

    private void sample() {
        ProcStat s = ProcStat.read(pid);
        if (s != null) {
            rssMax = Math.max(rssMax, s.rssBytes());
            threadsMax = Math.max(threadsMax, s.threads());
        }
    }

    /**
     * Ends the point: CPU over the point, then the CPU over the next {@code residualMillis}
     * while no load is sent. Returns null when the process could not be read.
     */
    public synchronized ServerRecord endPoint(long residualMillis) throws InterruptedException {
        if (task != null) {
            task.cancel(false);
        }
        ProcStat last = ProcStat.read(pid);
        if (first == null || last == null) {
            return null;
        }
        Double ownBusy = ownCpus == null ? null : ProcStat.busyPercent(ownTicks, ProcStat.cpuTicks(ownCpus));
        sample();
        double residual = 0;
        if (residualMillis > 0) {
            long compiling = ProcStat.compilerTicks(pid);
            Thread.sleep(residualMillis);
            ProcStat after = ProcStat.read(pid);
            double compilers = 100.0 * (ProcStat.compilerTicks(pid) - compiling) / ProcStat.TICKS_PER_SECOND
                    / (residualMillis / 1000.0);
            residual = after == null ? 0 : Math.max(0, ProcStat.cpuPercent(last, after, true, true) - compilers);
        }
        return ServerRecordBuilder.builder().pid(pid)
                .cpuPercent(round(ProcStat.cpuPercent(first, last, true, true)))
                .cpuUserPercent(round(ProcStat.cpuPercent(first, last, true, false)))
                .cpuSystemPercent(round(ProcStat.cpuPercent(first, last, false, true))).rssMaxBytes(rssMax)
                .threadsMax(threadsMax).residualCpuPercent(round(residual))
                .machineCpuPercent(round(ProcStat.machinePercent(first, last)))
                .ownCpus(ownBusy == null ? null : ownCpus.cardinality()).ownCpusBusyPercent(ownBusy == null ? null : round(ownBusy)).build();
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
