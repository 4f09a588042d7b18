package io.wsbench.runner;

import io.wsbench.core.record.Summary;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The machine probe against a CPU hog the test itself starts and stops: twice as many spinning
 * threads as there are cores, so the probe's thread gets at most a third of a core's time while
 * they run. Bounded: the hog stops after its probes, and after 20 s whatever happens.
 */
class MachineProbeTest {

    @Test
    void repeatsDuringWhichAHogSharedTheGeneratorsCoresVaryMoreThanQuietOnes() throws Exception {
        double[] quiet = {MachineProbe.micros(), MachineProbe.micros(), MachineProbe.micros(), MachineProbe.micros()};
        double[] hogged = new double[4];
        hogged[0] = MachineProbe.micros();
        hogged[1] = MachineProbe.micros();
        AtomicBoolean spin = new AtomicBoolean(true);
        long until = System.nanoTime() + 20_000_000_000L;
        List<Thread> hogs = new ArrayList<>();
        for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
            Thread t = new Thread(() -> {
                long x = 1;
                while (spin.get() && System.nanoTime() < until) {
                    x = x * 31 + 7;
                }
                if (x == 42) {
                    System.out.print("");
                }
            }, "hog-" + i);
            t.setDaemon(true);
            t.start();
            hogs.add(t);
        }
        try {
            Thread.sleep(50); // every hog running
            hogged[2] = MachineProbe.micros();
            hogged[3] = MachineProbe.micros();
        } finally {
            spin.set(false);
            for (Thread t : hogs) {
                t.join(5_000);
            }
        }
        double quietSpread = Summary.Spread.of(quiet).relativeHalfRange();
        double hoggedSpread = Summary.Spread.of(hogged).relativeHalfRange();
        assertTrue(hoggedSpread > quietSpread && hoggedSpread > 0.15,
                "quiet " + java.util.Arrays.toString(quiet) + " (±" + Math.round(100 * quietSpread) + "%), with the hog "
                        + java.util.Arrays.toString(hogged) + " (±" + Math.round(100 * hoggedSpread) + "%)");
    }
}
