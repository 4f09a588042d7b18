package io.wsbench.monitor;

/**
 * A process's CPU and resident memory now, from /proc, each time it is asked: what a live page
 * shows second by second (a point's own figures come from its monitors, over the point).
 */
public final class ProcessGauge {

    private final long pid;
    private ProcStat last;

    public ProcessGauge(long pid) {
        this.pid = pid;
        this.last = ProcStat.read(pid);
    }

    /** The CPU since the last reading (100 = one core) and the resident bytes; null once the process is gone or exiting. */
    public synchronized double[] read() {
        ProcStat now = ProcStat.read(pid);
        if (now == null || last == null || now.rssBytes() == 0) {
            return null; // gone, or going: a process that is exiting holds no resident memory
        }
        double cpu = ProcStat.cpuPercent(last, now, true, true);
        last = now;
        return new double[]{cpu, now.rssBytes()};
    }
}
