package io.wsbench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The share of all this machine's cores' time spent idle between two readings of {@code /proc/stat}
 * (idle and iowait over user, nice, system, idle, iowait, irq, softirq and steal): how busy a point kept
 * the machine, whatever ran on it. A core that polls in its idle loop (held by {@link AwakeCores}) still
 * counts as idle.
 */
final class MachineIdle {

    static final Path STAT = Path.of("/proc/stat");
    /**
     * A reading shorter than this says nothing of the point: a point of a few requests is mostly its start (the
     * client's classes loaded and compiled), and read as busy it would let go the hold of the long point after it.
     */
    static final long SHORTEST_NANOS = 1_000_000_000L;

    private final Path stat;
    private final long[] start;
    private final long startNanos;

    private MachineIdle(Path stat, long[] start) {
        this.stat = stat;
        this.start = start;
        this.startNanos = System.nanoTime();
    }

    /** Starts a reading from {@code stat}; null where there is none (not Linux). */
    static MachineIdle start(Path stat) {
        long[] now = read(stat);
        return now == null ? null : new MachineIdle(stat, now);
    }

    static MachineIdle start() {
        return start(STAT);
    }

    /** The idle share since the start, from 0 to 1; -1 when it cannot be read or less than {@link #SHORTEST_NANOS} passed. */
    double share() {
        return share(System.nanoTime() - startNanos);
    }

    /** As {@link #share()}, {@code elapsedNanos} after the start. */
    double share(long elapsedNanos) {
        long[] end = read(stat);
        if (end == null || elapsedNanos < SHORTEST_NANOS) {
            return -1;
        }
        long idle = end[0] - start[0];
        long total = end[1] - start[1];
        return total <= 0 ? -1 : Math.max(0, Math.min(1, (double) idle / total));
    }

    /** {idle + iowait, all 8 counters} of the "cpu" line, or null. */
    private static long[] read(Path stat) {
        try {
            for (String line : Files.readAllLines(stat)) {
                if (line.startsWith("cpu ")) {
                    String[] f = line.trim().split("\\s+");
                    long total = 0;
                    for (int i = 1; i <= 8 && i < f.length; i++) {
                        total += Long.parseLong(f[i]);
                    }
                    return new long[]{Long.parseLong(f[4]) + Long.parseLong(f[5]), total};
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
