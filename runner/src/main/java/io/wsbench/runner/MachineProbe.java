package io.wsbench.runner;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * How fast the machine runs the generator right now: a fixed piece of CPU work (a chain of
 * multiply-xorshift steps that no compiler can shorten or run in parallel), timed a few times on
 * the calling thread, that is on the generator's cores, before and after each point. The work does
 * not change, so when its time changes, the machine did: another process, the hypervisor taking the
 * CPU back (steal), a core clocked down. A row whose repeats disagree can then say whether the machine
 * itself varied as much ({@code generator.machineProbeMicros} in run.json).
 *
 * <p>Its figure is the mean of its timings, not their median: on a busy core a scheduler that gives each runnable
 * task a slice of a few milliseconds (Linux's EEVDF) lets several 1-3 ms timings run uncut and then makes one
 * wait for every other task's turn. Under 16 CPU hogs on 2 cores, 4 of 5 timings ran uncut and one waited
 * 13-33 ms, so the median read a loaded machine as a quiet one (and MachineProbeTest failed about 1 run in 6);
 * the mean counts the waits.
 *
 * <p>The generator's own threads share its cores too (its JIT compiler and collector are busiest just
 * after a point): a probe during which they took more than a tenth of its time measured wsbench, not
 * the machine, and is taken again a little later; after a few such tries there is no figure.
 */
final class MachineProbe {

    /** Steps of one timing: about 2-3 ms on a current x86 core. */
    private static final int STEPS = 1_500_000;
    /** Timings of one probe; their mean is its figure. */
    private static final int ROUNDS = 5;
    private static final int TRIES = 4;
    private static final long PAUSE_MILLIS = 50;
    /** The share of a probe's time that the generator's other threads may take before it is taken again. */
    private static final double OWN_SHARE = 0.1;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static volatile long sink;

    static {
        // compiled before the first figure: the interpreter's time would read as a slow machine
        for (int i = 0; i < 30; i++) {
            work(STEPS / 10);
        }
    }

    private MachineProbe() {
    }

    /**
     * The mean time of the fixed work, in microseconds; null when the generator's own threads kept
     * the cores busy through every try.
     */
    static Double micros() {
        for (int attempt = 0; attempt < TRIES; attempt++) {
            pause();
            long process = processCpuNanos();
            long thread = THREADS.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            for (int i = 0; i < ROUNDS; i++) {
                work(STEPS);
            }
            long wall = System.nanoTime() - start;
            long others = processCpuNanos() - process - (THREADS.getCurrentThreadCpuTime() - thread);
            if (process < 0 || others <= OWN_SHARE * wall) {
                return Math.round(wall / 1e3 / ROUNDS * 10) / 10.0; // the mean timing: the probe's whole time, waits included
            }
        }
        return null;
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** This process's CPU time, or -1 where the JVM does not say. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    private static void work(int steps) {
        long x = sink | 1;
        for (int i = 0; i < steps; i++) {
            x = x * 0x9E3779B97F4A7C15L + i;
            x ^= x >>> 29;
        }
        sink = x;
    }
}
