package io.wsbench.runner;

import io.wsbench.core.record.Summary;
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
        double[] quiet = {MachineProbe.micros(), MachineProbe.micros(), MachineProbe.micros(), MachineProbe.micros()};
        double[] hogged = new double[4];
        hogged[0] = MachineProbe.micros();
        hogged[1] = MachineProbe.micros();
        List<Process> hogs = new ArrayList<>();
        try {
            for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
                hogs.add(new ProcessBuilder("timeout", "20", "sh", "-c", "while :; do :; done").start());
            }
            Thread.sleep(100); // every hog running
            hogged[2] = MachineProbe.micros();
            hogged[3] = MachineProbe.micros();
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
}
