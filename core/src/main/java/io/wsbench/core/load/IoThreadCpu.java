package io.wsbench.core.load;

import io.netty.channel.EventLoop;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The CPU time of each I/O thread over a point. The process's CPU also counts the JIT compiler,
 * the collector and the sampler, which in a short point can exceed one core on their own; an I/O
 * thread that was busy nearly all of the point is what shows that the generator held the load back.
 */
final class IoThreadCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long[] ids;
    private final long[] atStart;

    private IoThreadCpu(long[] ids) {
        this.ids = ids;
        this.atStart = cpuNanos(ids);
    }

    /** Starts counting on the threads of these event loops; null where the JVM cannot count a thread's CPU. */
    static IoThreadCpu start(List<EventLoop> loops) throws InterruptedException {
        if (!THREADS.isThreadCpuTimeSupported() || !THREADS.isThreadCpuTimeEnabled()) {
            return null;
        }
        long[] ids = new long[loops.size()];
        for (int i = 0; i < ids.length; i++) {
            try {
                ids[i] = loops.get(i).submit(() -> Thread.currentThread().getId()).get(10, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                return null; // an I/O thread that does not answer cannot be counted: leave the figure out
            }
        }
        return new IoThreadCpu(ids);
    }

    /** The busiest I/O thread's CPU time since the start, as a percentage of the wall time given. */
    double busiestPercent(long wallNanos) {
        long[] now = cpuNanos(ids);
        long busiest = 0;
        for (int i = 0; i < ids.length; i++) {
            if (now[i] >= 0 && atStart[i] >= 0) {
                busiest = Math.max(busiest, now[i] - atStart[i]);
            }
        }
        return wallNanos > 0 ? 100.0 * busiest / wallNanos : 0;
    }

    private static long[] cpuNanos(long[] ids) {
        long[] cpu = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            cpu[i] = THREADS.getThreadCpuTime(ids[i]);
        }
        return cpu;
    }
}
