package io.wsbench.monitor;

import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.ServerRecord.JfrRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Flight Recorder recording of each point in a local server JVM, started and written next to
 * run.json through the Attach API ({@link Jcmd}), then read for hot frames and exceptions. It
 * holds four kinds of events only, to keep its cost small: execution samples every
 * {@link #SAMPLE_PERIOD_MILLIS} ms (or {@link #PERIOD_PROPERTY}'s), every exception created, every collection (its pauses) and the blocking
 * socket reads of 1 ms or more.
 */
public final class FlightRecorder implements Monitor {

    /** "jfr": a recording per point, its hot frames and exceptions. */
    public static final class Kind extends MonitorKind {
        public Kind() {
            super("jfr", "a JVM server's Flight Recorder recording per point: hot frames, exceptions (jfr/ beside run.json)",
                    s -> s.jvmPid() > 0 ? FlightRecorder.attach(s.jvmPid()) : null);
        }
    }

    static final long SAMPLE_PERIOD_MILLIS = 10;
    /**
     * The system property that sets another period, in whole milliseconds, 1 or more (run --jfr-period).
     * On JDK 17 the sampler only takes threads running Java at that moment: a server whose threads spend
     * most of their time in the kernel (a small request over loopback) gets 7-10 samples a second at
     * 10 ms, whatever its load, and a shorter period is the only way to more samples in a short point.
     */
    public static final String PERIOD_PROPERTY = "wsbench.jfr.periodMillis";
    /**
     * The shortest point whose hot frames are kept: a sample every 10 ms gives a thread at most 25 in a
     * quarter second, and a 33 ms point 3, which rank nothing. Exceptions and collections are events,
     * each counted whole, and are kept at any length.
     */
    static final double MIN_SECONDS = 0.25;
    private static final String SETTINGS = """
            <?xml version="1.0" encoding="UTF-8"?>
            <configuration version="2.0" label="wsbench" description="execution samples, exceptions and collections only">
              <event name="jdk.ExecutionSample"><setting name="enabled">true</setting><setting name="period">%d ms</setting></event>
              <event name="jdk.JavaExceptionThrow"><setting name="enabled">true</setting><setting name="stackTrace">true</setting></event>
              <event name="jdk.GarbageCollection"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>
              <event name="jdk.SocketRead"><setting name="enabled">true</setting><setting name="stackTrace">true</setting><setting name="threshold">1 ms</setting></event>
            </configuration>
            """;
    private static final AtomicInteger RECORDINGS = new AtomicInteger();

    private final Jcmd jcmd;
    private final Settings settings;
    private String recording;
    private Instant start;

    /** The recordings' settings file, and the execution samples' period it asks for (ms), written to each point's record. */
    private record Settings(Path file, long period) {
    }

    private FlightRecorder(Jcmd jcmd, Settings settings) {
        this.jcmd = jcmd;
        this.settings = settings;
    }

    /** Records in the JVM with process id {@code pid}, which must run as the same user on this machine. */
    public static FlightRecorder attach(long pid) throws IOException {
        Jcmd jcmd;
        try {
            jcmd = Jcmd.attach(pid);
        } catch (IllegalAccessError e) {
            throw new IOException("this JVM cannot attach to another: start wsbench with"
                    + " --add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED (./wsbench does)", e);
        }
        try {
            Path settings = Files.createTempFile("wsbench-", ".jfc");
            settings.toFile().deleteOnExit();
            long period = Long.getLong(PERIOD_PROPERTY, SAMPLE_PERIOD_MILLIS);
            Files.writeString(settings, SETTINGS.formatted(period));
            // Flight Recorder's first start loads and compiles its own code in the server: done here, not
            // inside the first measured point, whose samples it would thin out
            jcmd.run("JFR.start name=wsbench-start settings=" + quoted(settings));
            jcmd.run("JFR.stop name=wsbench-start");
            return new FlightRecorder(jcmd, new Settings(settings, period));
        } catch (IOException | RuntimeException e) {
            jcmd.close();
            throw e;
        }
    }

    @Override
    public String name() {
        return "jfr";
    }

    @Override
    public synchronized void startPoint() throws IOException {
        String name = "wsbench-" + RECORDINGS.incrementAndGet();
        String answer = jcmd.run("JFR.start name=" + name + " settings=" + quoted(settings.file()));
        if (!answer.contains("Started recording")) {
            throw new IOException("Flight Recorder did not start in process " + jcmd.pid() + ": " + firstLine(answer));
        }
        recording = name;
        start = Instant.now();
    }

    /**
     * Ends the point: with a record to add to, a live server and a place for files, as
     * {@link #endPoint(ServerRecord, double, Path, String)} into {@code jfr/NAME.jfr}; else the
     * recording is dropped and {@code server} returned as it is.
     */
    @Override
    public synchronized ServerRecord endPoint(ServerRecord server, PointEnd end) throws IOException {
        if (server == null || !end.serverAlive() || end.files() == null) {
            dropRecording();
            return server;
        }
        String name = "jfr/" + end.name() + ".jfr";
        return endPoint(server, end.seconds(), end.files().resolve(name), name, end.files().resolve("profiles/" + end.name()));
    }

    /**
     * Ends the point that lasted {@code seconds} from {@link #startPoint()}: the server writes the
     * recording to {@code jfrFile} and stops it, and what it saw is added to {@code server}. Only
     * events within the point count, so the idle time after it (when residual CPU is measured)
     * does not dilute rates.
     */
    public synchronized ServerRecord endPoint(ServerRecord server, double seconds, Path jfrFile, String name)
            throws IOException {
        return endPoint(server, seconds, jfrFile, name, null);
    }

    /**
     * As {@link #endPoint(ServerRecord, double, Path, String)}, and the blocking socket reads of a
     * millisecond or more, with their stacks, into {@code stacks + ProfileRecord.IO} (microseconds) when
     * there were any: the waits a profile's lock waits do not see.
     */
    private ServerRecord endPoint(ServerRecord server, double seconds, Path jfrFile, String name, Path stacks)
            throws IOException {
        Path file = jfrFile.toAbsolutePath();
        Files.createDirectories(file.getParent());
        String answer = jcmd.run("JFR.stop name=" + recording + " filename=" + quoted(file));
        recording = null;
        if (!Files.isRegularFile(file) || Files.size(file) == 0) {
            throw new IOException("Flight Recorder wrote no recording in process " + jcmd.pid() + ": " + firstLine(answer));
        }
        FlightRecording seen = FlightRecording.read(file, start, start.plusNanos((long) (seconds * 1e9)));
        if (stacks != null && !seen.socketReads().isEmpty()) {
            seen.socketReads().write(Path.of(stacks + io.wsbench.model.record.ProfileRecord.IO));
        }
        if (seconds < MIN_SECONDS) {
            return server.withRecording(new JfrRecord(null, settings.period(), null, seen.exceptions(), name, seen.pauses()))
                    .withTooShort(seconds, "Flight Recorder's hot frames need " + Math.round(MIN_SECONDS * 1000) + " ms");
        }
        return server.withRecording(new JfrRecord(seen.samples(), settings.period(), seen.hotFrames(), seen.exceptions(), name, seen.pauses()));
    }

    private void dropRecording() {
        try {
            if (recording != null) {
                jcmd.run("JFR.stop name=" + recording);
            }
        } catch (IOException | RuntimeException e) {
            // the server is gone or going: nothing left to release on its side
        }
        recording = null;
    }

    /** A path as a diagnostic command's argument: quoted when it holds a space. */
    private static String quoted(Path p) {
        String s = p.toAbsolutePath().toString();
        return s.contains(" ") ? "\"" + s + "\"" : s;
    }

    private static String firstLine(String answer) {
        return answer.isBlank() ? "no answer" : answer.lines().findFirst().orElse("");
    }

    @Override
    public void close() {
        dropRecording();
        jcmd.close();
        try {
            Files.deleteIfExists(settings.file());
        } catch (IOException e) {
            // a temporary file: deleteOnExit has it
        }
    }
}
