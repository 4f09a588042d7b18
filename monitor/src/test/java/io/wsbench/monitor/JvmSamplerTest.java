package io.wsbench.monitor;

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

/** Watching a real child JVM by its pid alone: no port on its command line, none opened. */
class JvmSamplerTest {

    @Test
    void aChildJvmIsWatchedThroughItsCountersAndTheAttachApiWithoutAnyPort(@TempDir Path dir) throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", System.getProperty("java.class.path"), BusyJvm.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start(); // its stderr may hold the JVM's word on JAVA_TOOL_OPTIONS
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
            assertEquals("busy", out.readLine());
            try (JvmSampler jvm = JvmSampler.attach(child.pid())) {
                // the first recording also starts Flight Recorder in the child, which on a crowded
                // machine can take most of a short point: up to three points, until one has samples
                Path jfr = null;
                ServerRecord seen = null;
                for (int point = 1; point <= 3 && (seen == null || seen.jfr().executionSamples() == 0); point++) {
                    jvm.startPoint();
                    long t0 = System.nanoTime();
                    Thread.sleep(1500);
                    jfr = dir.resolve("jfr/00" + point + "-busy.jfr");
                    seen = jvm.endPoint(new ServerRecord(child.pid(), 0, 0, 0, 0, 0, 0, 0), (System.nanoTime() - t0) / 1e9,
                            jfr, "jfr/00" + point + "-busy.jfr");
                }

                assertTrue(Files.size(jfr) > 0, "the server wrote its recording where we asked");
                assertTrue(seen.counters().gcCount() > 0, "64 KB arrays in a 64 MB heap for 1.5 s: collections, saw " + seen.counters().gcCount());
                assertTrue(seen.counters().heapUsedMaxBytes() > 0 && seen.counters().heapUsedMaxBytes() <= 64L << 20, "heap " + seen.counters().heapUsedMaxBytes());
                assertTrue(seen.jfr().executionSamples() > 0, "execution samples");
                ServerRecord.ExceptionRate hidden = seen.jfr().exceptions().get(0);
                assertEquals(BusyJvm.HiddenException.class.getName(), hidden.className());
                assertTrue(hidden.count() > 100, "thrown and caught in a loop: " + hidden.count());
                assertTrue(hidden.thrownAt().startsWith(BusyJvm.class.getName() + ".readCookie"), hidden.thrownAt());
                assertEquals(dir.relativize(jfr).toString(), seen.jfr().recording());
                // attaching used the JVM's Unix-domain socket: it listens on no TCP port, before or after
                assertEquals(List.of(), ListeningSockets.of(child.pid()));
            }
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aJvmsJitClockIsReadFromItsCountersAndOnlyMovesForward() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", System.getProperty("java.class.path"), BusyJvm.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start(); // its stderr may hold the JVM's word on JAVA_TOOL_OPTIONS
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
            assertEquals("busy", out.readLine());
            try (JvmCounters jvm = JvmCounters.attach(child.pid())) {
                // a warm-up until steady waits for this clock to stop: -1 (no clock) would let it call a
                // JVM steady while its compilers still work. A busy loop gets compiled within seconds.
                long first = jvm.compileMillis();
                assertTrue(first >= 0, "the JVM names its JIT time: " + first);
                long later = first;
                for (int i = 0; i < 50 && later == 0; i++) {
                    Thread.sleep(100);
                    later = jvm.compileMillis();
                }
                assertTrue(later > 0 && later >= first, "compiled for " + first + " then " + later + " ms");
            }
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aProcessThatIsNotAJvmIsRefusedInOneLine() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "20").start();
        try {
            Exception e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                    () -> JvmSampler.attach(sleep.pid()));
            assertTrue(e.getMessage().contains(String.valueOf(sleep.pid())), e.getMessage());
        } finally {
            sleep.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void procAddressesReadAsTheKernelWritesThem() throws Exception {
        assertEquals("127.0.0.1:8080", ListeningSockets.address("0100007F:1F90"));
        assertEquals("0.0.0.0:22", ListeningSockets.address("00000000:0016"));
        assertEquals("[0:0:0:0:0:0:0:1]:443", ListeningSockets.address("00000000000000000000000001000000:01BB"));
        assertEquals("127.0.0.1:8080", ListeningSockets.address("0000000000000000FFFF00000100007F:1F90"));
    }
}
