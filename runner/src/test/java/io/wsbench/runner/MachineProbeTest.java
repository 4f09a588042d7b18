package io.wsbench.runner;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The machine probe against a CPU hog the test itself starts and stops: processes of its own (a
 * shell loop each), eight per core, so the probe's thread gets at most a ninth of a core's time while
 * they run, and its 2-3 ms of work is cut by the scheduler several times over, however busy or quiet
 * the machine was before. What the test compares is therefore set by the test: the probe's figures
 * with its hogs against the fastest figure without them (a busy machine makes that figure slower, and
 * the hogged ones slower still). Bounded: the hogs are killed after their probes, and each ends by
 * itself after 20 s whatever happens.
 */
class MachineProbeTest {

    private static final int HOGS_PER_CORE = 8;

    @Test
    void probesTakenWhileTheTestsHogsHoldEveryCoreAreAtLeastTwiceAsSlowAsTheFastestWithout() throws Exception {
        double[] quiet = {probe(), probe(), probe()};
        double[] hogged = new double[3];
        List<Process> hogs = new ArrayList<>();
        try {
            for (int i = 0; i < HOGS_PER_CORE * Runtime.getRuntime().availableProcessors(); i++) {
                hogs.add(new ProcessBuilder("timeout", "20", "sh", "-c", "while :; do :; done").start());
            }
            // every hog running before the probes: each shell has burnt CPU of its own (a loaded machine may take a
            // while to start sixteen processes; a fixed 200 ms once left two of three probes before them), at most 10 s
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!hogs.stream().allMatch(MachineProbeTest::burning) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            Thread.sleep(100);
            for (int i = 0; i < hogged.length; i++) {
                hogged[i] = probe();
            }
        } finally {
            for (Process h : hogs) {
                h.descendants().forEach(ProcessHandle::destroyForcibly); // the shell under timeout
                h.destroyForcibly().waitFor();
            }
        }
        double fastestQuiet = Arrays.stream(quiet).min().orElseThrow();
        double hoggedMedian = median(hogged);
        assertTrue(hoggedMedian >= 2 * fastestQuiet,
                "without the hogs " + Arrays.toString(quiet) + " µs, with them " + Arrays.toString(hogged) + " µs");
    }

    /** Whether the hog's shell (under {@code timeout}) has run on a core for 20 ms or more. */
    private static boolean burning(Process hog) {
        return hog.descendants().anyMatch(d -> d.info().totalCpuDuration().map(t -> t.toMillis() >= 20).orElse(false));
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    /**
     * A probe's figure. A fresh test JVM's compilers may keep its cores busy through every try of the
     * first probes (a probe then has no figure, by design): taken again, up to ten times, 100 ms apart.
     */
    private static double probe() throws InterruptedException {
        for (int i = 0; i < 10; i++) {
            Double micros = MachineProbe.micros();
            if (micros != null) {
                return micros;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the generator's own threads kept the cores busy through ten probes");
    }
}
