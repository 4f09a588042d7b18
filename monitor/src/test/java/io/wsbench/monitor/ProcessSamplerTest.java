package io.wsbench.monitor;

import io.wsbench.core.record.ServerRecord;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

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
            busy.startPoint();
            quiet.startPoint();
            Thread.sleep(1500);
            ServerRecord b = busy.endPoint(500);
            ServerRecord q = quiet.endPoint(0);
            assertNotNull(b);
            assertNotNull(q);
            assertTrue(b.cpuPercent() > 50 && b.cpuPercent() < 115, "spinning shell at " + b.cpuPercent() + "%");
            assertTrue(b.residualCpuPercent() > 50, "still spinning after the point: " + b.residualCpuPercent());
            assertTrue(q.cpuPercent() < 5, "sleep at " + q.cpuPercent() + "%");
            assertTrue(b.rssMaxBytes() > 0 && b.threadsMax() >= 1);
        } finally {
            spin.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            idle.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
