package io.wsbench.monitor;

/**
 * The CPU a process has used so far, user and system, in seconds (from /proc, at the kernel's tick),
 * or a negative number when it is gone: what a runner reads before and after a point of another
 * server to show that an idle server stayed idle.
 */
public final class ProcessCpu {

    private ProcessCpu() {
    }

    public static double seconds(long pid) {
        ProcStat s = ProcStat.read(pid);
        return s == null ? -1 : (s.userTicks() + s.systemTicks()) / ProcStat.TICKS_PER_SECOND;
    }
}
