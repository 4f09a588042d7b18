package io.wsbench.runner;

import io.wsbench.model.record.Summary;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The machine probe against a CPU hog the test itself starts and stops: processes of its own (a
 * shell loop each), twice as many as there are cores, so the probe's thread gets at most a third of
 * a core's time while they run. Bounded: the hogs are killed after their probes, and each ends by
 * itself after 20 s whatever happens.
 */
class MachineProbeTest {

    @Test
    void repeatsDuringWhichAHogSharedTheGeneratorsCoresVaryMoreThanQuietOnes() throws Exception {
        double[] quiet = {probe(), probe(), probe(), probe()};
        double[] hogged = new double[4];
        hogged[0] = probe();
        hogged[1] = probe();
        List<Process> hogs = new ArrayList<>();
        try {
            for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
                hogs.add(new ProcessBuilder("timeout", "20", "sh", "-c", "while :; do :; done").start());
            }
            Thread.sleep(100); // every hog running
            hogged[2] = probe();
            hogged[3] = probe();
        } finally {
            for (Process h : hogs) {
                h.descendants().forEach(ProcessHandle::destroyForcibly); // the shell under timeout
                h.destroyForcibly().waitFor();
            }
        }
        double quietSpread = Summary.Spread.of(quiet).relativeHalfRange();
        double hoggedSpread = Summary.Spread.of(hogged).relativeHalfRange();
        assertTrue(hoggedSpread > quietSpread && hoggedSpread > 0.15,
                "quiet " + java.util.Arrays.toString(quiet) + " (±" + Math.round(100 * quietSpread) + "%), with the hog "
                        + java.util.Arrays.toString(hogged) + " (±" + Math.round(100 * hoggedSpread) + "%)");
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
