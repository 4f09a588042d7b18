package io.wsbench.runner;

import io.wsbench.core.load.ClientTls;
import io.wsbench.core.load.FileLimit;
import io.wsbench.model.suite.Placement;
import io.wsbench.monitor.MonitorKind;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What surrounds the points of one command that measures ({@code run}, {@code load},
 * {@code load --flow}, {@code capacity}, {@code agent}): built from the command's options, it checks
 * before any load that the machine allows the connections (the open-file limit) and that every server
 * named by its address answers, then places the generator on its cores (a suite's {@code cpus}),
 * holds the machine's idle cores awake, makes the generator (its threads, busy-poll; or the agents
 * that stand in for it), watches the server process when one is named, and turns Ctrl-C into a clean
 * stop. It measures nothing: the command hands it to {@link SuiteRunner}, which makes the points in it
 * (through its driver, on its watched server, holding its cores), so no command opens any of those
 * things itself and none can be forgotten.
 */
public final class PointSession implements AutoCloseable {

    /** Why a point stopped when the user pressed Ctrl-C. */
    public static final String INTERRUPTED = "interrupted (Ctrl-C)";

    /** The generator's options, as {@code --threads}, {@code --busy-poll} and {@code --[no-]cores-awake} give them. */
    public record Settings(Integer threads, boolean busyPoll, boolean coresAwake) {

        /** A generator of this process, as these settings ask. */
        public Generator generator() {
            return new Generator(threads, busyPoll);
        }
    }

    /** How a command makes the driver of its points when it is not this process's own generator (agents). */
    public interface Driving {
        LoadDriver make() throws IOException, InterruptedException;
    }

    /** A server the points load, checked before any load: its address, its TLS client, and whether over HTTP/2. */
    private record Reach(URI url, ClientTls tls, boolean h2) {
    }

    /** A command's session, before it opens: what it checks and watches. */
    public static final class Builder {

        private final Settings settings;
        private Integer connections;
        private final List<Reach> reach = new ArrayList<>();
        private Placement placement;
        private Driving driving;
        private LoadDriver shared;
        private Long serverPid;
        private List<MonitorKind> monitors = List.of();
        private WatchedServer.Process watched;
        private Integer exitOnInterrupt;

        private Builder(Settings settings) {
            this.settings = settings;
        }

        /** The most connections (closed loop: users) a point of the session opens: checked against the open-file limit. */
        public Builder connections(int connections) {
            this.connections = connections;
            return this;
        }

        /** A server the points load: it must accept a connection (and the TLS handshake, HTTP/2 when asked) before any load. */
        public Builder reaching(URI url, ClientTls tls, boolean h2) {
            reach.add(new Reach(url, tls, h2));
            return this;
        }

        /** {@code target}'s server: its address, over its TLS client and HTTP/2 as it asks. */
        public Builder reaching(Target target) {
            return reaching(target.uri(), target.tls(), target.http2() != null);
        }

        /** Places the generator on {@code placement}'s cores (null: where it is) while the session lasts. */
        public Builder placing(Placement placement) {
            this.placement = placement;
            return this;
        }

        /** The points are driven by what {@code driving} makes (agents), once the checks pass; the session closes it. */
        public Builder driving(Driving driving) {
            this.driving = driving;
            return this;
        }

        /** The points are driven by {@code driver}, which its maker closes. */
        public Builder sharing(LoadDriver driver) {
            this.shared = driver;
            return this;
        }

        /** The server's process, watched by {@code monitors} during each point; {@code pid} null for none. */
        public Builder watching(Long pid, List<MonitorKind> monitors) {
            this.serverPid = pid;
            this.monitors = List.copyOf(monitors);
            return this;
        }

        /**
         * Ctrl-C, the session's one path for every command: what the session's users asked to be told
         * ({@link PointSession#onInterrupt}: a suite's runner, an agent leaving its cluster) is told, the
         * point under way (and any that would follow it) stops as measured so far, and once the command
         * has told what it measured and closed the session, the process exits with {@code exitCode}.
         */
        public Builder stoppingOnCtrlC(int exitCode) {
            this.exitOnInterrupt = exitCode;
            return this;
        }

        /**
         * Checks what can be checked before any load (a {@link TargetException} in one line if not), then
         * places the generator, holds the cores, makes the generator (or the driver), starts watching
         * the server and hooks Ctrl-C.
         */
        public PointSession open() throws IOException, InterruptedException {
            if (connections != null) {
                String tooMany = FileLimit.tooMany(connections, FileLimit.max());
                if (tooMany != null) {
                    throw new TargetException(tooMany);
                }
            }
            for (Reach r : reach) {
                Reachable.check(r.url(), r.tls(), r.h2());
            }
            if (serverPid != null) {
                try {
                    watched = WatchedServer.process(serverPid, 500, monitors);
                } catch (IOException e) {
                    throw new TargetException("--server-pid " + serverPid + ": " + e.getMessage());
                }
            }
            try {
                LoadDriver driver = shared != null ? shared : driving != null ? driving.make() : settings.generator();
                return new PointSession(this, driver, shared == null);
            } catch (IOException | InterruptedException | RuntimeException e) {
                if (watched != null) {
                    watched.close();
                }
                throw e;
            }
        }
    }

    private final PlacedGenerator placed;
    private final AwakeCores awake;
    private final LoadDriver driver;
    private final boolean ownsDriver;
    private volatile boolean interrupted;
    private final WatchedServer.Process watched;
    private final List<String> notes = new ArrayList<>();
    private final CountDownLatch told = new CountDownLatch(1);
    private final List<Runnable> onInterrupt = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Thread hook;

    private PointSession(Builder b, LoadDriver driver, boolean ownsDriver) {
        this.placed = PlacedGenerator.place(b.placement, notes::add);
        this.awake = AwakeCores.of(b.settings.coresAwake());
        this.driver = driver;
        this.ownsDriver = ownsDriver;
        this.watched = b.watched;
        notes.addAll(awake.refused());
        this.hook = b.exitOnInterrupt == null ? null : new Thread(() -> stopAndExit(b.exitOnInterrupt), "wsbench-interrupted");
        if (hook != null) {
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }

    /** Opens a session for {@code settings}: give it what it checks and watches, then {@link Builder#open()}. */
    public static Builder of(Settings settings) {
        return new Builder(settings);
    }

    /**
     * Ctrl-C: those who asked are told, then the generator is told to stop again and again (a warm-up
     * under way ends, and the point after it must stop too) until the command has told what it
     * measured, then the process ends.
     */
    private void stopAndExit(int exitCode) {
        interrupted = true;
        for (Runnable r : onInterrupt) {
            try {
                r.run();
            } catch (RuntimeException e) {
                System.err.println("wsbench: " + INTERRUPTED + ": " + e.getMessage());
            }
        }
        try {
            for (int i = 0; i < 300 && !told.await(100, TimeUnit.MILLISECONDS); i++) {
                if (driver instanceof Generator g) {
                    g.stop(INTERRUPTED); // its figures over the time it ran
                } else {
                    driver.abort(INTERRUPTED);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(exitCode);
    }

    /** The generator of the session's points: this process's own (a session driven by agents has none). */
    public Generator generator() {
        if (driver instanceof Generator g) {
            return g;
        }
        throw new IllegalStateException("the points are driven by " + driver.describe());
    }

    /** What drives the session's points: this process's generator, or agents. */
    public LoadDriver driver() {
        return driver;
    }

    /** Whether Ctrl-C came while the session was open. */
    public boolean interrupted() {
        return interrupted;
    }

    /** Where the generator was placed, and the cores its servers go on. */
    PlacedGenerator placed() {
        return placed;
    }

    /** The idle cores' hold: per point, not asked, refused, or nothing to hold. */
    public AwakeCores awake() {
        return awake;
    }

    /** The server process watched, or null when none was named. */
    public WatchedServer.Process watched() {
        return watched;
    }

    /** What the session has to say besides the points: a hold that was refused, a monitor that failed. */
    public List<String> notes() {
        synchronized (notes) {
            return List.copyOf(notes);
        }
    }

    /**
     * Something a point of the session has to say besides its figures (a monitor that failed): kept with the session's
     * notes, once (a capacity search's probes each found the server closing connections: one note said it five times).
     */
    void note(String text) {
        synchronized (notes) {
            if (!notes.contains(text)) {
                notes.add(text);
            }
        }
    }

    /**
     * Ctrl-C tells {@code action} first, on the session's one path (a suite's runner stopping its run, an
     * agent leaving its cluster), before the driver is stopped and the process exits as the session was opened to.
     */
    public void onInterrupt(Runnable action) {
        onInterrupt.add(action);
    }

    /**
     * The command has told what it measured: Ctrl-C is no longer the session's (a hook under way ends
     * the process now), the server is no longer watched, the generator stops and the cores may idle.
     */
    @Override
    public void close() {
        told.countDown();
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C came: the hook ends the process once this has been told
            }
        }
        try (PlacedGenerator p = placed; AwakeCores a = awake; LoadDriver d = ownsDriver ? driver : null) {
            if (watched != null) {
                watched.close();
            }
        }
    }
}
