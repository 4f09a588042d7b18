package io.wsbench.monitor;

import io.wsbench.monitor.FlightRecording.Site;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FlightRecordingTest {

    private static final Site FILL = new Site("java.lang.Throwable", "fillInStackTrace");
    private static final Site THROWABLE = new Site("java.lang.Throwable", "<init>");
    private static final Site RUNTIME = new Site("java.lang.RuntimeException", "<init>");
    private static final Site OWN_EXCEPTION = new Site("io.example.Faults$NoCookies", "<init>");
    private static final Site CREATOR = new Site("io.example.Faults", "readCookies");
    private static final Site HANDLER = new Site("io.example.Handler", "channelRead");

    @Test
    void aSampleCountsForTheFirstFrameOutsideTheJdk() {
        assertEquals(1, FlightRecording.ownTop(List.of(new Site("java.util.HashMap", "get"), CREATOR, HANDLER)));
        assertEquals(0, FlightRecording.ownTop(List.of(CREATOR, HANDLER)));
    }

    @Test
    void aSampleWithJdkFramesOnlyCountsForItsTop() {
        assertEquals(0, FlightRecording.ownTop(List.of(new Site("jdk.internal.misc.Unsafe", "park"),
                new Site("java.lang.Thread", "run"))));
    }

    @Test
    void buildingTheServersOwnExceptionCountsForTheLineThatCreatedIt() {
        assertEquals(4, FlightRecording.ownTop(List.of(FILL, THROWABLE, RUNTIME, OWN_EXCEPTION, CREATOR, HANDLER)));
        Site subclass = new Site("io.example.Faults$NoCookiesAtAll", "<init>");
        assertEquals(5, FlightRecording.ownTop(List.of(FILL, THROWABLE, RUNTIME, OWN_EXCEPTION, subclass, CREATOR)));
    }

    @Test
    void aConstructorNotBuildingAThrowableIsItsOwnLine() {
        Site own = new Site("io.example.Answer", "<init>");
        assertEquals(1, FlightRecording.ownTop(List.of(new Site("java.util.ArrayList", "<init>"), own, CREATOR)));
    }

    /**
     * Three errors and two exceptions thrown and caught by the server's code are three and two: an error is not counted
     * twice for the two constructors Flight Recorder watches, and what the JVM's attach thread throws (the monitor's
     * own commands) is not the server's.
     */
    @Test
    void anErrorCountsOnceAndTheAttachThreadsExceptionsNotAtAll(@TempDir Path dir) throws Exception {
        try (Recording recording = new Recording()) {
            recording.enable("jdk.JavaExceptionThrow").withStackTrace();
            Instant from = Instant.now();
            recording.start();
            for (int i = 0; i < 3; i++) {
                throwAndCatch(new Fault());
            }
            for (int i = 0; i < 2; i++) {
                throwAndCatch(new Slip());
            }
            Thread attach = new Thread(() -> throwAndCatch(new Fault()), FlightRecording.ATTACH_LISTENER);
            attach.start();
            attach.join(5000);
            recording.stop();
            Path file = dir.resolve("r.jfr");
            recording.dump(file);
            Map<String, Long> counts = new java.util.HashMap<>();
            for (var rate : FlightRecording.read(file, from, Instant.now().plusSeconds(1)).exceptions()) {
                counts.put(rate.className(), rate.count());
            }
            assertEquals(3L, counts.get(Fault.class.getName()), counts.toString());
            assertEquals(2L, counts.get(Slip.class.getName()), counts.toString());
        }
    }

    @Test
    void onlyTheThrowableConstructorsEventOfAnErrorIsLeftOut() {
        Site error = new Site("java.lang.Error", "<init>");
        Site linkage = new Site("java.lang.LinkageError", "<init>");
        assertTrue(FlightRecording.throwableEventOfAnError(List.of(THROWABLE, error, linkage, CREATOR)));
        assertEquals(false, FlightRecording.throwableEventOfAnError(List.of(error, linkage, CREATOR)));
        assertEquals(false, FlightRecording.throwableEventOfAnError(List.of(THROWABLE, RUNTIME, OWN_EXCEPTION, CREATOR)));
        // an error's name as a frame further down, past the constructors, is not this error's
        assertEquals(false, FlightRecording.throwableEventOfAnError(List.of(THROWABLE, CREATOR, error)));
    }

    private static void throwAndCatch(Throwable t) {
        try {
            throw t;
        } catch (Throwable caught) {
            // the server hides it; the recording still sees it
        }
    }

    private static final class Fault extends Error {
    }

    private static final class Slip extends RuntimeException {
    }

    /** A blocking read that waits 50 ms for a peer on 127.0.0.1 is a wait, with its stack and its peer. */
    @Test
    void aBlockingSocketReadIsAWaitWithItsStack(@TempDir Path dir) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Recording recording = new Recording()) {
            recording.enable("jdk.SocketRead").withThreshold(Duration.ofMillis(1)).withStackTrace();
            Thread peer = new Thread(() -> {
                try (Socket s = server.accept(); OutputStream out = s.getOutputStream()) {
                    Thread.sleep(50);
                    out.write(1);
                } catch (Exception e) {
                    // the test's read fails and says so
                }
            });
            peer.start();
            Instant from = Instant.now();
            recording.start();
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort()); InputStream in = s.getInputStream()) {
                s.setSoTimeout(5000);
                assertEquals(1, waitForTheByte(in));
            }
            recording.stop();
            peer.join(5000);
            Path file = dir.resolve("r.jfr");
            recording.dump(file);
            FlightRecording seen = FlightRecording.read(file, from, Instant.now().plusSeconds(1));
            Map.Entry<List<String>, Long> read = seen.socketReads().stacks().get(0);
            List<String> frames = read.getKey();
            assertTrue(frames.get(frames.size() - 1).matches("\\[socket read .*:" + server.getLocalPort() + "]"), frames.toString());
            assertTrue(frames.contains(FlightRecordingTest.class.getName() + ".waitForTheByte"), frames.toString());
            assertTrue(read.getValue() >= 40_000 && read.getValue() < 5_000_000, read.getValue() + " µs");
        }
    }

    private static int waitForTheByte(InputStream in) throws java.io.IOException {
        return in.read();
    }
}
