package io.wsbench.monitor;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import io.wsbench.model.profile.PackageGroups;
import io.wsbench.model.record.ProfileRecord;
import io.wsbench.model.record.ServerRecord;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * async-profiler (tools.profiler:async-profiler, its native agent for this machine taken from its jar)
 * loaded into a JVM server through the Attach API, sampling each point: every thread's CPU every
 * {@link #INTERVAL_NANOS} of its CPU time, native frames included, which Flight Recorder's Java
 * sampler does not see; an allocation sample every {@link #ALLOC_BYTES}; contended locks. Its recording (in
 * Flight Recorder's format) is kept in {@code jfr/} and read by {@link ProfileReading} into collapsed
 * stacks beside run.json and the point's {@link ProfileRecord}.
 */
public final class AsyncProfiler implements Monitor {

    /** "profile": CPU, allocation and lock stacks per point (flame graphs; where the time went). */
    public static final class Kind extends MonitorKind {
        public Kind() {
            super("profile", "a JVM server's CPU, allocation and lock-wait stacks per point, by async-profiler:"
                    + " flame graphs and where its CPU went (profiles/ and jfr/ beside run.json)",
                    s -> s.jvmPid() > 0 ? AsyncProfiler.attach(s.jvmPid(), s.groups()) : null);
        }
    }

    /**
     * Each thread's CPU clock (a POSIX timer per thread), not perf_events: on this kind of machine a
     * perf_events counter per thread made every context switch dearer, +40% of the direct stack's CPU
     * per request at 1 ms (and +15% at 10 ms) against +5% for the timers; it sees native frames, not
     * the kernel's. bench/monitor-overhead.sh measures it.
     */
    static final String EVENT = "ctimer";
    /**
     * CPU time between two samples of a thread: 4 ms, 2.5 times as often as async-profiler's default.
     * A thread's CPU timer fires on the kernel's tick, every 4 ms at Debian's HZ=250: a shorter period
     * asked for gives no more samples there (1 ms gave a quarter of the CPU's worth).
     */
    static final long INTERVAL_NANOS = 4_000_000L;
    /** The system property that sets another period, in nanoseconds (run --profile-interval). */
    public static final String INTERVAL_PROPERTY = "wsbench.profile.intervalNanos";
    /**
     * The shortest point a profile is kept for: at a sample per 4 ms of a thread's CPU, a busy core gives
     * about 60 in a quarter second, from which a part of a quarter of the CPU reads within ±6% (binomial);
     * a 33 ms point gives about 8, a flame graph of noise.
     */
    static final double MIN_SECONDS = 0.25;
    static final String ALLOC_BYTES = "512k";
    static final String LOCK_NANOS = "100us";
    static final String VERSION = "async-profiler 4.2";
    private static final AtomicInteger RECORDINGS = new AtomicInteger();
    private static Path library;

    private final long pid;
    private final PackageGroups groups;
    private Path recording;
    private long interval = INTERVAL_NANOS;

    private AsyncProfiler(long pid, PackageGroups groups) {
        this.pid = pid;
        this.groups = groups;
    }

    /** Profiles the JVM with process id {@code pid}, which must run as the same user on this machine. */
    public static AsyncProfiler attach(long pid, PackageGroups groups) throws IOException {
        AsyncProfiler p = new AsyncProfiler(pid, groups);
        // the agent's first load, checked here rather than in the first point
        p.command("status");
        return p;
    }

    @Override
    public String name() {
        return "profile";
    }

    @Override
    public synchronized void startPoint() throws IOException {
        recording = Files.createTempFile("wsbench-profile-" + RECORDINGS.incrementAndGet() + "-", ".jfr");
        interval = Long.getLong(INTERVAL_PROPERTY, INTERVAL_NANOS);
        command("start,event=" + EVENT + ",interval=" + interval + ",alloc=" + ALLOC_BYTES + ",lock=" + LOCK_NANOS
                + ",jfr,file=" + recording.toAbsolutePath());
    }

    @Override
    public synchronized ServerRecord endPoint(ServerRecord server, PointEnd end) throws IOException {
        Path file = recording;
        recording = null;
        if (file == null) {
            return server;
        }
        try {
            if (server == null || !end.serverAlive() || end.files() == null) {
                stopQuietly();
                return server;
            }
            if (end.seconds() < MIN_SECONDS) {
                stopQuietly();
                return server.withTooShort(end.seconds(), "the profiler needs " + Math.round(MIN_SECONDS * 1000) + " ms");
            }
            command("stop,file=" + file.toAbsolutePath());
            String jfr = "jfr/" + end.name() + "-profile.jfr";
            Path kept = end.files().resolve(jfr);
            Files.createDirectories(kept.getParent());
            Files.move(file, kept, StandardCopyOption.REPLACE_EXISTING);
            double cpuMicros = server.cpuPercent() == null ? 0 : server.cpuPercent() / 100 * end.seconds() * 1e6;
            String stacks = "profiles/" + end.name();
            ProfileReading seen = ProfileReading.read(kept);
            seen.write(end.files().resolve(stacks));
            return server.withProfile(seen.record(VERSION, interval / 1000.0, cpuMicros, groups, stacks));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private void stopQuietly() {
        try {
            command("stop");
        } catch (IOException | RuntimeException e) {
            // the server is gone or going: nothing left to stop
        }
    }

    /** Loads the agent with {@code options} (async-profiler's own command line), as its asprof does. */
    private void command(String options) throws IOException {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(String.valueOf(pid));
        } catch (AttachNotSupportedException e) {
            throw new IOException("cannot attach to process " + pid + ": " + e.getMessage(), e);
        }
        try {
            vm.loadAgentPath(library().toString(), options);
        } catch (AgentLoadException | AgentInitializationException e) {
            throw new IOException("async-profiler refused '" + options.split(",")[0] + "' in process " + pid + ": "
                    + e.getMessage(), e);
        } finally {
            vm.detach();
        }
    }

    /** The native agent for this machine, copied once from the jar to a file the server can load. */
    static synchronized Path library() throws IOException {
        if (library != null) {
            return library;
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        String dir = os.contains("mac") ? "macos"
                : !os.contains("linux") ? null
                : arch.equals("amd64") || arch.equals("x86_64") ? "linux-x64"
                : arch.equals("aarch64") ? "linux-arm64" : null;
        InputStream in = dir == null ? null
                : AsyncProfiler.class.getClassLoader().getResourceAsStream(dir + "/libasyncProfiler.so");
        if (in == null) {
            throw new IOException(VERSION + " has no agent for " + os + " on " + arch);
        }
        Path lib = Files.createTempFile("wsbench-libasyncProfiler-", ".so");
        lib.toFile().deleteOnExit();
        try (in) {
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
        }
        library = lib;
        return lib;
    }

    @Override
    public synchronized void close() {
        if (recording != null) {
            stopQuietly();
            try {
                Files.deleteIfExists(recording);
            } catch (IOException e) {
                // a temporary file
            }
            recording = null;
        }
    }
}
