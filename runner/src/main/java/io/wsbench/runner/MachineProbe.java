package io.wsbench.runner;

import java.util.Arrays;

/**
 * How fast the machine runs the generator right now: a fixed piece of CPU work (a chain of
 * multiply-xorshift steps that no compiler can shorten or run in parallel), timed a few times on
 * the calling thread, that is on the generator's cores, before and after each point. The work does
 * not change, so when its time changes, the machine did: another process, the hypervisor taking the
 * CPU back (steal), a core clocked down. A row whose repeats disagree can then say whether the machine
 * itself varied as much ({@code generator.machineProbeMicros} in run.json).
 */
final class MachineProbe {

    /** Steps of one timing: about 2-3 ms on a current x86 core. */
    private static final int STEPS = 1_500_000;
    /** Timings of one probe; their median is its figure. */
    private static final int ROUNDS = 3;
    private static volatile long sink;

    static {
        // compiled before the first figure: the interpreter's time would read as a slow machine
        for (int i = 0; i < 30; i++) {
            work(STEPS / 10);
        }
    }

    private MachineProbe() {
    }

    /** The median time of the fixed work, in microseconds. */
    static double micros() {
        double[] t = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            long start = System.nanoTime();
            work(STEPS);
            t[i] = (System.nanoTime() - start) / 1e3;
        }
        Arrays.sort(t);
        return Math.round(t[ROUNDS / 2] * 10) / 10.0;
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
