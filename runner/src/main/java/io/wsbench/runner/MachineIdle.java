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

    private final Path stat;
    private final long[] start;

    private MachineIdle(Path stat, long[] start) {
        this.stat = stat;
        this.start = start;
    }

    /** Starts a reading from {@code stat}; null where there is none (not Linux). */
    static MachineIdle start(Path stat) {
        long[] now = read(stat);
        return now == null ? null : new MachineIdle(stat, now);
    }

    static MachineIdle start() {
        return start(STAT);
    }

    /** The idle share since the start, from 0 to 1; -1 when it cannot be read or no time passed. */
    double share() {
        long[] end = read(stat);
        if (end == null) {
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
