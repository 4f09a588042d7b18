package io.wsbench.monitor;

import io.wsbench.core.record.ServerRecord;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcessSamplerTest {

    @Test
    void aSpinningChildReadsAsAboutOneCoreAndIdleAsNearZero() throws Exception {
        // bounded: the loop ends by itself (tens of seconds) even if the test dies before killing it;
        // it forks nothing, so all its CPU is the shell's own
        Process spin = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 300000000 ]; do i=$((i+1)); done").start();
        Process idle = new ProcessBuilder("sleep", "20").start();
        try (ProcessSampler busy = new ProcessSampler(spin.pid()); ProcessSampler quiet = new ProcessSampler(idle.pid())) {
            Thread.sleep(200);
            // the JDK's own account of the child's CPU, to hold /proc sampling against
            java.time.Duration before = spin.info().totalCpuDuration().orElseThrow();
            long t0 = System.nanoTime();
            busy.startPoint();
            quiet.startPoint();
            Thread.sleep(1500);
            ServerRecord b = busy.endPoint(0);
            double jdkPercent = 100.0 * spin.info().totalCpuDuration().orElseThrow().minus(before).toNanos()
                    / (System.nanoTime() - t0);
            ServerRecord q = quiet.endPoint(0);
            assertNotNull(b);
            assertNotNull(q);
            // on a busy machine the shell gets less than a core; the two accounts must still agree
            assertTrue(b.cpuPercent() > 15 && b.cpuPercent() < 115, "spinning shell at " + b.cpuPercent() + "%");
            assertEquals(jdkPercent, b.cpuPercent(), 15, "the JDK saw " + jdkPercent + "%");
            busy.startPoint();
            ServerRecord after = busy.endPoint(500);
            assertTrue(after.residualCpuPercent() > 15, "still spinning after the point: " + after.residualCpuPercent());
            assertTrue(q.cpuPercent() < 5, "sleep at " + q.cpuPercent() + "%");
            assertTrue(b.rssMaxBytes() > 0 && b.threadsMax() >= 1);
        } finally {
            spin.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            idle.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
