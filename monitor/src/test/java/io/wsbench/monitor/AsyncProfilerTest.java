package io.wsbench.monitor;

import io.wsbench.model.profile.Folded;
import io.wsbench.model.profile.PackageGroups;
import io.wsbench.model.record.ProfileRecord;
import io.wsbench.model.record.ServerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** async-profiler loaded into a real child JVM by its pid, for one point of 1.5 s. */
class AsyncProfilerTest {

    @Test
    void aChildJvmsCpuAllocationsAndPartsAreRecordedAsCollapsedStacks(@TempDir Path dir) throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", System.getProperty("java.class.path"), BusyJvm.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start(); // its stderr may hold the JVM's word on JAVA_TOOL_OPTIONS
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
            assertEquals("busy", out.readLine());
            PackageGroups groups = PackageGroups.of(List.of(), List.of("io.wsbench.monitor"));
            try (AsyncProfiler profiler = AsyncProfiler.attach(child.pid(), groups)) {
                java.time.Duration before = child.info().totalCpuDuration().orElseThrow();
                profiler.startPoint();
                Thread.sleep(1500);
                // the profiler samples CPU time: on a busy machine the child gets less of a core in 1.5 s (77 samples
                // once), so the point lasts until the child has used 1.5 s of CPU (within 30 s)
                long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
                while (child.info().totalCpuDuration().orElseThrow().minus(before).toMillis() < 1500 && System.nanoTime() < until) {
                    Thread.sleep(50);
                }
                // as if the process monitor had measured one core busy over the 1.5 s
                ServerRecord seen = profiler.endPoint(new ServerRecord(child.pid(), 100, 100, 0, 0, 0, 0, 0),
                        new Monitor.PointEnd(1.5, true, dir, "001-busy"));
                ProfileRecord p = seen.profile();
                assertEquals("profiles/001-busy", p.files());
                assertTrue(p.cpuSamples() > 100, "one busy thread for 1.5 s, sampled every 4 ms: " + p);
                assertEquals(1_500_000, p.cpuMicros(), 1);
                assertEquals(p.cpuMicros(), p.parts().stream().mapToDouble(ProfileRecord.Part::cpuMicros).sum(), p.cpuMicros() * 0.01,
                        "the parts add up to the measured CPU: " + p.parts());
                assertTrue(p.micros(PackageGroups.APPLICATION) > 0.5 * p.cpuMicros(), "BusyJvm's own loop: " + p.parts());
                Folded cpu = Folded.read(dir.resolve("profiles/001-busy" + ProfileRecord.CPU));
                assertEquals(p.cpuSamples(), cpu.total());
                assertTrue(cpu.stacks().stream().anyMatch(e -> e.getKey().contains(BusyJvm.class.getName() + ".main")),
                        "the main loop's frame is in the stacks");
                Folded alloc = Folded.read(dir.resolve("profiles/001-busy" + ProfileRecord.ALLOC));
                assertTrue(alloc.stacks().stream().anyMatch(e -> e.getKey().get(e.getKey().size() - 1).equals("byte[]")),
                        "64 KB arrays, named as Java spells them");
                assertTrue(p.allocBytes() > 10L << 20, "allocated: " + p.allocBytes());
                assertTrue(Files.size(dir.resolve("jfr/001-busy-profile.jfr")) > 1000, "the recording is kept");

                // a 30 ms point, after the process monitor found it too short: no profile, the reason said once
                profiler.startPoint();
                Thread.sleep(30);
                ServerRecord tooShort = profiler.endPoint(ServerRecord.withoutCpu(child.pid(), 1, 1, 0)
                        .withTooShort(0.03, "/proc's CPU times need 250 ms"), new Monitor.PointEnd(0.03, true, dir, "002-short"));
                assertEquals("point too short: 30 ms, /proc's CPU times need 250 ms; the profiler needs 250 ms", tooShort.tooShort());
                assertEquals(null, tooShort.profile());
                assertTrue(Files.notExists(dir.resolve("profiles/002-short" + ProfileRecord.CPU)), "no flame graph of 8 samples");
            }
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void arraysAreNamedAsJavaSpellsThem() {
        assertEquals("byte[]", ProfileReading.javaName("[B"));
        assertEquals("java.lang.String[][]", ProfileReading.javaName("[[Ljava.lang.String;"));
        assertEquals("java.lang.String", ProfileReading.javaName("java.lang.String"));
        assertEquals("app.Handler$$Lambda.run", ProfileReading.stable("app.Handler$$Lambda$14/0x0000000800c01234.run"));
        assertEquals("app.Handler$$Lambda.run", ProfileReading.stable("app.Handler$$Lambda$1.0x00007efcf8000a08.run"));
    }
}
