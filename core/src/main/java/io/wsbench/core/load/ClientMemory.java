package io.wsbench.core.load;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;

/**
 * The generator's own memory during a point: the most heap in use at the sampler's ticks, the heap
 * left in use after a full collection at the end, and the bytes allocated by all of its threads (HotSpot's per-thread allocation counters), so a report
 * can show what the client side of a protocol costs, e.g. a DOM per request for WS-Security.
 */
final class ClientMemory {

    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long allocatedAtStart = allocated();
    private long heapUsedMax;

    void sample() {
        heapUsedMax = Math.max(heapUsedMax, MEMORY.getHeapMemoryUsage().getUsed());
    }

    /** The most heap in use seen so far, or null when nothing was sampled. */
    Long heapUsedMax() {
        return heapUsedMax > 0 ? heapUsedMax : null;
    }

    /**
     * The heap still in use after a full collection: what the client keeps (its requests, caches,
     * security state) rather than when its collector last ran. Called after the point, outside
     * the measured time.
     */
    static long liveAfterCollection() {
        System.gc();
        return MEMORY.getHeapMemoryUsage().getUsed();
    }

    /** Bytes allocated since this was created, per request; null where the JVM does not count them. */
    Long allocatedPerRequest(long requests) {
        long now = allocated();
        if (now < 0 || allocatedAtStart < 0 || requests <= 0) {
            return null;
        }
        return Math.max(0, now - allocatedAtStart) / requests;
    }

    // threads that ended during the point take their counts with them: the I/O threads don't end
    private static long allocated() {
        if (!(THREADS instanceof com.sun.management.ThreadMXBean sun) || !sun.isThreadAllocatedMemorySupported()
                || !sun.isThreadAllocatedMemoryEnabled()) {
            return -1;
        }
        long sum = 0;
        for (long bytes : sun.getThreadAllocatedBytes(THREADS.getAllThreadIds())) {
            sum += Math.max(0, bytes);
        }
        return sum;
    }
}
