package io.wsbench.monitor;

import io.wsbench.model.suite.Placement;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;

/**
 * One reading of /proc for a process and for the machine. CPU times are in clock ticks of
 * {@link #TICKS_PER_SECOND}, which Linux fixes at 100 for user space on every common platform.
 */
record ProcStat(long nanos, long userTicks, long systemTicks, long rssBytes, int threads,
                long machineBusyTicks, long machineTotalTicks) {

    static final double TICKS_PER_SECOND = 100.0;
    private static final long PAGE = 4096;

    /** Reads the process {@code pid}; null when it is gone. */
    static ProcStat read(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
            // the command name may hold spaces and parentheses: fields start after the last ')'
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            long utime = Long.parseLong(f[11]);
            long stime = Long.parseLong(f[12]);
            int threads = Integer.parseInt(f[17]);
            long rssPages = Long.parseLong(f[21]);
            long[] machine = machine();
            return new ProcStat(System.nanoTime(), utime, stime, rssPages * PAGE, threads, machine[0], machine[1]);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * CPU ticks (user and system) of the JVM's JIT compiler threads, which HotSpot names
     * "C1 CompilerThread0", "C2 CompilerThread0" and so on; 0 for other processes.
     */
    static long compilerTicks(long pid) {
        long ticks = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", String.valueOf(pid), "task"))) {
            for (Path task : tasks) {
                try {
                    if (Files.readString(task.resolve("comm")).contains("CompilerThre")) {
                        String stat = Files.readString(task.resolve("stat"));
                        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
                        ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]);
                    }
                } catch (IOException | RuntimeException e) {
                    // the thread ended between listing and reading
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return ticks;
    }

    /**
     * The CPUs process {@code pid} may run on that this process (the generator) may not: its own cores where it was
     * placed apart (run's cpus, or a user's taskset); null when the two share a core or either cannot be read.
     */
    static BitSet ownCpus(long pid) {
        BitSet server = allowedCpus(Path.of("/proc", String.valueOf(pid), "status"));
        BitSet generator = allowedCpus(Path.of("/proc/self/status"));
        return ownCpus(server, generator);
    }

    /** {@code server}'s CPUs when none is also {@code generator}'s; null when they share one or either is unknown. */
    static BitSet ownCpus(BitSet server, BitSet generator) {
        if (server == null || generator == null || server.isEmpty() || server.intersects(generator)) {
            return null;
        }
        return server;
    }

    /** Busy and total ticks of {@code cpus} together, from /proc/stat's per-CPU lines; null when unreadable. */
    static long[] cpuTicks(BitSet cpus) {
        try {
            return cpuTicks(Files.readAllLines(Path.of("/proc/stat")), cpus);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Busy and total ticks of {@code cpus} together, read from {@code stat}'s lines ("cpu3 user nice system idle ..."). */
    static long[] cpuTicks(List<String> stat, BitSet cpus) {
        long busy = 0;
        long total = 0;
        int seen = 0;
        for (String line : stat) {
            if (!line.startsWith("cpu") || line.length() < 4 || !Character.isDigit(line.charAt(3))) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (!cpus.get(Integer.parseInt(f[0].substring(3)))) {
                continue;
            }
            long[] t = ticks(f);
            busy += t[0];
            total += t[1];
            seen++;
        }
        return seen == cpus.cardinality() ? new long[]{busy, total} : null;
    }

    /** Busy and total ticks of one line of /proc/stat's fields: idle and iowait are not busy; guests are in user already. */
    private static long[] ticks(String[] f) {
        long total = 0;
        long idle = 0;
        for (int i = 1; i < f.length && i <= 8; i++) {
            long v = Long.parseLong(f[i]);
            total += v;
            if (i == 4 || i == 5) {
                idle += v; // idle and iowait
            }
        }
        return new long[]{total - idle, total};
    }

    /** The busy share of the ticks between two readings of {@link #cpuTicks}, in percent; null when either is missing. */
    static Double busyPercent(long[] a, long[] b) {
        if (a == null || b == null || b[1] - a[1] <= 0) {
            return null;
        }
        return 100.0 * (b[0] - a[0]) / (b[1] - a[1]);
    }

    /** The CPUs a process may run on, from its status file's {@code Cpus_allowed_list}; null when unreadable. */
    static BitSet allowedCpus(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return Placement.cores(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    /** Busy and total ticks of all CPUs, from the first line of /proc/stat. */
    private static long[] machine() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("/proc/stat"));
        return ticks(lines.get(0).trim().split("\\s+"));
    }

    /** CPU used by the process between two readings, in percent of one core. */
    static double cpuPercent(ProcStat a, ProcStat b, boolean user, boolean system) {
        double seconds = (b.nanos - a.nanos) / 1e9;
        if (seconds <= 0) {
            return 0;
        }
        long ticks = (user ? b.userTicks - a.userTicks : 0) + (system ? b.systemTicks - a.systemTicks : 0);
        return 100.0 * ticks / TICKS_PER_SECOND / seconds;
    }

    /** The whole machine's busy share between two readings, in percent of all cores (100 = all busy). */
    static double machinePercent(ProcStat a, ProcStat b) {
        long total = b.machineTotalTicks - a.machineTotalTicks;
        return total <= 0 ? 0 : 100.0 * (b.machineBusyTicks - a.machineBusyTicks) / total;
    }
}
