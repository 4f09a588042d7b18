package io.wsbench.monitor;

import io.wsbench.core.record.ServerRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Looks inside a local server JVM during a load point, by its process id and without any port:
 * collections and their time and the peak of heap used (sampled four times a second) from its
 * performance counters ({@link PerfCounters}), and a Flight Recorder recording of the point,
 * started and written next to run.json through the Attach API ({@link Jcmd}), then read for hot
 * frames and exceptions. The recording holds two kinds of events only, to keep its cost small:
 * execution samples every {@link #SAMPLE_PERIOD} and every exception created. Any HotSpot JVM of
 * the same user can be watched this way, with nothing added to its command line.
 */
public final class JvmSampler implements Monitor {

    static final String SAMPLE_PERIOD = "10 ms";
    private static final String SETTINGS = """
            <?xml version="1.0" encoding="UTF-8"?>
            <configuration version="2.0" label="wsbench" description="execution samples and exceptions only">
              <event name="jdk.ExecutionSample"><setting name="enabled">true</setting><setting name="period">%s</setting></event>
              <event name="jdk.JavaExceptionThrow"><setting name="enabled">true</setting><setting name="stackTrace">true</setting></event>
            </configuration>
            """.formatted(SAMPLE_PERIOD);
    private static final AtomicInteger RECORDINGS = new AtomicInteger();

    private final PerfCounters counters;
    private final Jcmd jcmd;
    private final Path settings;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "wsbench-jvm-monitor");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> task;
    private String recording;
    private long gcCountAtStart;
    private long gcMillisAtStart;
    private volatile long heapMax;
    private Instant start;

    private JvmSampler(PerfCounters counters, Jcmd jcmd, Path settings) {
        this.counters = counters;
        this.jcmd = jcmd;
        this.settings = settings;
    }

    /** Watches the JVM with process id {@code pid}, which must run as the same user on this machine. */
    public static JvmSampler attach(long pid) throws IOException {
        try {
            return attached(pid);
        } catch (IllegalAccessError e) {
            throw new IOException("this JVM cannot read another's counters: start wsbench with --add-exports="
                    + "jdk.internal.jvmstat/sun.jvmstat.monitor=ALL-UNNAMED --add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED"
                    + " (./wsbench does)", e);
        }
    }

    private static JvmSampler attached(long pid) throws IOException {
        PerfCounters counters = PerfCounters.of(pid);
        Jcmd jcmd;
        try {
            jcmd = Jcmd.attach(pid);
        } catch (IOException | RuntimeException e) {
            counters.close();
            throw e;
        }
        Path settings = Files.createTempFile("wsbench-", ".jfc");
        settings.toFile().deleteOnExit();
        Files.writeString(settings, SETTINGS);
        // Flight Recorder's first start loads and compiles its own code in the server: done here, not
        // inside the first measured point, whose samples it would thin out
        jcmd.run("JFR.start name=wsbench-start settings=" + quoted(settings));
        jcmd.run("JFR.stop name=wsbench-start");
        return new JvmSampler(counters, jcmd, settings);
    }

    /**
     * The process to watch for a server started as {@code process}: the process itself when it is
     * a JVM, else the first JVM among the processes it started (a wrapper script's java), else -1.
     */
    public static long jvmOf(ProcessHandle process) {
        java.util.List<Long> pids = new java.util.ArrayList<>();
        pids.add(process.pid());
        process.descendants().forEach(d -> pids.add(d.pid()));
        return PerfCounters.firstJvm(pids);
    }

    /** The JVM's vendor and version as it publishes them, e.g. "OpenJDK 64-Bit Server VM 17.0.15+6". */
    public String jdk() {
        String vm = counters.text("java.property.java.vm.name");
        String version = counters.text("java.property.java.vm.version");
        return vm == null ? "a JVM" : vm + (version == null ? "" : " " + version);
    }

    /** Milliseconds the server's JIT compilers have worked so far, or -1 when it does not say: a warm-up watches it stop growing. */
    public long compileMillis() {
        return counters.compileMillis();
    }

    @Override
    public String name() {
        return "jvm";
    }

    /** Starts the point: GC counters are read and the recording begins. */
    @Override
    public synchronized void startPoint() throws IOException {
        gcCountAtStart = counters.collections();
        gcMillisAtStart = counters.collectionMillis();
        heapMax = counters.heapUsed();
        String name = "wsbench-" + RECORDINGS.incrementAndGet();
        String answer = jcmd.run("JFR.start name=" + name + " settings=" + quoted(settings));
        if (!answer.contains("Started recording")) {
            throw new IOException("Flight Recorder did not start in process " + jcmd.pid() + ": " + firstLine(answer));
        }
        recording = name;
        start = Instant.now();
        task = timer.scheduleAtFixedRate(this::sampleHeap, 250, 250, TimeUnit.MILLISECONDS);
    }

    private void sampleHeap() {
        try {
            heapMax = Math.max(heapMax, counters.heapUsed());
        } catch (RuntimeException e) {
            // the server is going away; the peak so far stands
        }
    }

    /**
     * Ends the point: with a record to add to, a live server and a place for files, as
     * {@link #endPoint(ServerRecord, double, Path, String)} into {@code jfr/NAME.jfr}; else the
     * recording is dropped and {@code server} returned as it is.
     */
    @Override
    public synchronized ServerRecord endPoint(ServerRecord server, PointEnd end) throws IOException {
        if (server == null || !end.serverAlive() || end.files() == null) {
            task.cancel(false);
            dropRecording();
            return server;
        }
        String name = "jfr/" + end.name() + ".jfr";
        return endPoint(server, end.seconds(), end.files().resolve(name), name);
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

    /**
     * Ends the point that lasted {@code seconds} from {@link #startPoint()}: the server writes the
     * recording to {@code jfrFile} and stops it, and what it saw is added to {@code server}. Only
     * events within the point count, so the idle time after it (when residual CPU is measured)
     * does not dilute rates.
     */
    public synchronized ServerRecord endPoint(ServerRecord server, double seconds, Path jfrFile, String name)
            throws IOException {
        task.cancel(false);
        sampleHeap();
        long gcs = counters.collections() - gcCountAtStart;
        long gcMillis = counters.collectionMillis() - gcMillisAtStart;
        Path file = jfrFile.toAbsolutePath();
        Files.createDirectories(file.getParent());
        String answer = jcmd.run("JFR.stop name=" + recording + " filename=" + quoted(file));
        recording = null;
        if (!Files.isRegularFile(file) || Files.size(file) == 0) {
            throw new IOException("Flight Recorder wrote no recording in process " + jcmd.pid() + ": " + firstLine(answer));
        }
        FlightRecording seen = FlightRecording.read(file, start, start.plusNanos((long) (seconds * 1e9)));
        return server.withJvm(gcs, gcMillis, heapMax, seen.samples(), seen.hotFrames(), seen.exceptions(), name);
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
        timer.shutdownNow();
        dropRecording();
        jcmd.close();
        counters.close();
        try {
            Files.deleteIfExists(settings);
        } catch (IOException e) {
            // a temporary file: deleteOnExit has it
        }
    }
}
