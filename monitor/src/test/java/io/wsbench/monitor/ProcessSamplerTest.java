package io.wsbench.monitor;

import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.suite.Placement;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sampler's CPU against the kernel's own account of the same process, read by the JDK just
 * outside and just inside the sampler's window: it must lie between the two, whatever share of a
 * core the process got. How many percent a spinning shell reads on a given machine is a figure,
 * printed by bench/engine-timings.sh.
 */
class ProcessSamplerTest {

    @Test
    void theCpuReadIsTheKernelsAccountOfThePointAndASleepingProcessReadsZero() throws Exception {
        // bounded: the loop ends by itself (tens of seconds) even if the test dies before killing it;
        // it forks nothing, so all its CPU is the shell's own
        Process spin = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 300000000 ]; do i=$((i+1)); done").start();
        Process idle = new ProcessBuilder("sleep", "20").start();
        try (ProcessSampler busy = new ProcessSampler(spin.pid(), 0); ProcessSampler quiet = new ProcessSampler(idle.pid(), 0)) {
            awaitAsleep(idle.pid());
            long outerFrom = System.nanoTime();
            Duration cpuBeforeStart = cpu(spin);
            busy.startPoint();
            quiet.startPoint();
            Duration cpuAfterStart = cpu(spin);
            long innerFrom = System.nanoTime();
            Thread.sleep(1500);
            Duration cpuBeforeEnd = cpu(spin);
            long innerTo = System.nanoTime();
            ServerRecord b = busy.endPoint(0);
            long outerTo = System.nanoTime();
            Duration cpuAfterEnd = cpu(spin);
            ServerRecord q = quiet.endPoint(0);
            assertNotNull(b);
            assertNotNull(q);
            // the sampler's window lies inside [outerFrom, outerTo] and holds [innerFrom, innerTo];
            // its CPU is at least the inner account and at most the outer one (0.05: rounded to 0.1%)
            double least = 100.0 * cpuBeforeEnd.minus(cpuAfterStart).toNanos() / (outerTo - outerFrom);
            double most = 100.0 * cpuAfterEnd.minus(cpuBeforeStart).toNanos() / (innerTo - innerFrom);
            assertTrue(b.cpuPercent() >= least - 0.05 && b.cpuPercent() <= most + 0.05,
                    "spinning shell at " + b.cpuPercent() + "%, the kernel says " + least + "-" + most + "%");
            assertTrue(b.cpuPercent() > 0, "a spinning shell gets some CPU in 1.5 s");
            assertEquals(0.0, q.cpuPercent(), "a process asleep throughout used no CPU");
            assertTrue(b.rssMaxBytes() > 0 && b.threadsMax() >= 1);

            // the residual: the CPU over the half second after the point, at most what the kernel counted
            // from before endPoint to after it, over at least half a second
            busy.startPoint();
            Duration beforeResidual = cpu(spin);
            ServerRecord after = busy.endPoint(500);
            Duration afterResidual = cpu(spin);
            double residualMost = 100.0 * afterResidual.minus(beforeResidual).toNanos() / 0.5e9;
            assertTrue(after.residualCpuPercent() > 0 && after.residualCpuPercent() <= residualMost + 0.05,
                    "still spinning after the point: " + after.residualCpuPercent() + "%, at most " + residualMost + "%");
        } finally {
            spin.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            idle.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    /**
     * A 30 ms point: /proc's 10 ms ticks cannot give its CPU, so the record has none and says why;
     * what is read at an instant (memory, threads) stays.
     */
    @Test
    void aPointTooShortForProcHasNoCpuFigureAndSaysWhy() throws Exception {
        Process idle = new ProcessBuilder("sleep", "20").start();
        try (ProcessSampler sampler = new ProcessSampler(idle.pid(), 0)) {
            awaitAsleep(idle.pid());
            sampler.startPoint();
            Thread.sleep(30);
            ServerRecord seen = sampler.endPoint(null, new Monitor.PointEnd(0.03, true, null, "001-short"));
            assertEquals("point too short: 30 ms, /proc's CPU times need 250 ms", seen.tooShort());
            assertNull(seen.cpuPercent());
            assertNull(seen.cpuUserPercent());
            assertNull(seen.cpuSystemPercent());
            assertNull(seen.machineCpuPercent());
            assertEquals(idle.pid(), seen.pid());
            assertTrue(seen.rssMaxBytes() > 0 && seen.threadsMax() == 1, "sleep's memory and its one thread: " + seen);

            sampler.startPoint();
            Thread.sleep(1000);
            ServerRecord whole = sampler.endPoint(null, new Monitor.PointEnd(1.0, true, null, "002-long"));
            assertNull(whole.tooShort());
            assertEquals(0.0, whole.cpuPercent(), "a point of 1 s has its CPU: none, for a process asleep");
        } finally {
            idle.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    /** The process's user plus system CPU as the kernel counts it (/proc, in clock ticks), read by the JDK. */
    private static Duration cpu(Process p) {
        return p.info().totalCpuDuration().orElseThrow();
    }

    /** Waits (bounded) until {@code sleep} has been exec'd and sleeps: from then on its CPU count stands still. */
    private static void awaitAsleep(long pid) throws Exception {
        Path stat = Path.of("/proc/" + pid + "/stat");
        for (int i = 0; i < 500; i++) {
            String s = Files.readString(stat);
            String state = s.substring(s.lastIndexOf(')') + 2, s.lastIndexOf(')') + 3);
            if (s.contains("(sleep)") && state.equals("S")) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("sleep 20 never went to sleep: " + Files.readString(stat));
    }

    /**
     * Whether the server had CPUs of its own, read from the status files' {@code Cpus_allowed_list} (here a fake /proc
     * in a temp folder): run's placement on 2 cores (server 0, generator 1) gives it one; an unplaced server shares
     * every core with the generator, and one on 0-3 beside a generator on 3 shares core 3: neither has any of its own;
     * one on 0-3, 8, 10-11 beside a generator on 4-7 has 7. How busy they were is read from /proc/stat's lines of those
     * CPUs alone, idle and iowait not busy.
     */
    @Test
    void theServersOwnCpusAreThoseItMayRunOnAndTheGeneratorMayNotAndTheirBusyShareIsTheirsAlone() throws Exception {
        Path dir = Files.createTempDirectory("proc");
        try {
            Path server = Files.writeString(dir.resolve("server"), "Name:\tjava\nCpus_allowed:\t1\nCpus_allowed_list:\t0\n");
            Path generator = Files.writeString(dir.resolve("generator"), "Name:\tjava\nCpus_allowed_list:\t1\n");
            Path all = Files.writeString(dir.resolve("all"), "Cpus_allowed_list:\t0-1\n");
            Path wide = Files.writeString(dir.resolve("wide"), "Cpus_allowed_list:\t0-3,8,10-11\n");
            assertEquals(Placement.cores("0"), ProcStat.ownCpus(ProcStat.allowedCpus(server), ProcStat.allowedCpus(generator)));
            assertNull(ProcStat.ownCpus(ProcStat.allowedCpus(all), ProcStat.allowedCpus(all)), "unplaced: shared");
            assertEquals(7, ProcStat.allowedCpus(wide).cardinality());
            assertEquals(7, ProcStat.ownCpus(ProcStat.allowedCpus(wide), Placement.cores("4-7")).cardinality(), "0-3, 8, 10, 11");
            assertNull(ProcStat.ownCpus(Placement.cores("0-3"), Placement.cores("3")), "core 3 shared");
            assertNull(ProcStat.ownCpus(ProcStat.allowedCpus(dir.resolve("gone")), ProcStat.allowedCpus(generator)), "unreadable");

            // core 0 busy 95 ticks of 100 between the readings (user, system, softirq), core 1 (the generator's) idle
            java.util.List<String> before = java.util.List.of("cpu  300 0 100 600 0 0 0 0 0 0",
                    "cpu0 200 0 50 100 0 0 0 0 0 0", "cpu1 100 0 50 500 0 0 0 0 0 0", "intr 1 2 3");
            java.util.List<String> after = java.util.List.of("cpu  360 0 135 705 0 0 5 0 0 0",
                    "cpu0 260 0 80 105 0 0 5 0 0 0", "cpu1 100 0 55 600 0 0 0 0 0 0", "intr 1 2 3");
            java.util.BitSet zero = Placement.cores("0");
            assertEquals(95.0, ProcStat.busyPercent(ProcStat.cpuTicks(before, zero), ProcStat.cpuTicks(after, zero)), 1e-9);
            assertEquals(4.8, ProcStat.busyPercent(ProcStat.cpuTicks(before, Placement.cores("1")),
                    ProcStat.cpuTicks(after, Placement.cores("1"))), 0.05);
            assertNull(ProcStat.cpuTicks(before, Placement.cores("0-2")), "a CPU the file does not list: no figure");
            assertNull(ProcStat.busyPercent(null, ProcStat.cpuTicks(after, zero)));
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }
}
