package io.wsbench.runner;

import io.wsbench.model.profile.PackageGroups;
import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.StackException;
import io.wsbench.launch.StackLauncher;
import io.wsbench.monitor.JvmCounters;
import io.wsbench.monitor.JvmSampler;
import io.wsbench.monitor.Monitor;
import io.wsbench.monitor.MonitorKind;
import io.wsbench.monitor.Monitors;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One stack's server for as long as its targets are measured: started in its own process, named
 * by what it loaded, watched (from /proc, and inside its JVM when it is one), guarded by a
 * watchdog that stops the point under way when the server dies, and stopped on close.
 */
final class StackServer implements WatchedServer, AutoCloseable {

    /** How the runner watches the servers it starts: the monitors chosen, the CPU watched after each point. */
    record Watch(long residualMillis, List<MonitorKind> monitors) {
    }

    private final RunningStack stack;
    private final String name;
    private final String version;
    private final List<Monitor> monitors;
    private final JvmCounters jvm;
    private final ScheduledExecutorService watchdog;
    private final long jvmPid;
    // whether a point of this server is under way: only then does its death stop the point (rounds keep
    // every server up, and an idle server's death must not cut another server's point short)
    private final java.util.concurrent.atomic.AtomicBoolean loaded;
    private volatile boolean stopped;

    private StackServer(RunningStack stack, String name, String version, List<Monitor> monitors, JvmCounters jvm,
                         ScheduledExecutorService watchdog, long jvmPid, java.util.concurrent.atomic.AtomicBoolean loaded) {
        this.stack = stack;
        this.loaded = loaded;
        this.jvmPid = jvmPid;
        this.name = name;
        this.version = version;
        this.monitors = monitors;
        this.jvm = jvm;
        this.watchdog = watchdog;
    }

    /**
     * Starts {@code d} with {@code options} as the stack called {@code name} in the run, and watches
     * it: its death aborts {@code driver}'s point under way. What it could not watch is told to
     * {@code notes}; the stack is gone again if anything after its start fails.
     */
    static StackServer start(StackLauncher launcher, StackDescriptor d, Map<String, String> options, String name,
                              Watch watch, LoadDriver driver, RunEvents events, Consumer<String> notes)
            throws StackException {
        events.stackStarting(name);
        RunningStack stack = launcher.start(d, 0, options);
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor();
        java.util.concurrent.atomic.AtomicBoolean underLoad = new java.util.concurrent.atomic.AtomicBoolean(true);
        try {
            // the process to watch: the server's JVM, even when a wrapper script started it
            long jvmPid = JvmSampler.jvmOf(stack.process().toHandle());
            long watched = jvmPid > 0 ? jvmPid : stack.pid();
            // what the server says it loaded, read at start-up, over what the options asked for
            String loaded = stack.loaded();
            String version = d.usersOwn() ? d.description() + (loaded == null ? "" : " (" + loaded + ")")
                    : loaded != null ? loaded : d.version(options);
            events.stackReady(name, version, stack.baseUrl(), watched);
            Monitors.Attached attached = Monitors.attach(watch.monitors(),
                    new MonitorKind.ServerProcess(stack.pid(), jvmPid, watch.residualMillis(),
                            PackageGroups.of(d.packages("framework"), d.packages("application"))));
            // a monitor that cannot watch the server costs its own figures, never the run
            attached.failed().forEach((kind, e) -> notes.accept("no " + kind.name() + " figures for stack " + name
                    + ": cannot attach to its JVM, process " + jvmPid + " (" + OneLine.of(e) + ")"));
            List<Monitor> monitors = attached.monitors();
            JvmCounters jvm = attached.jvm();
            if (jvm != null && d.usersOwn()) {
                version = version + ", on " + jvm.jdk();
            }
            if (jvmPid < 0) {
                notes.accept("stack " + name + " is not a JVM (process " + stack.pid() + ", "
                        + stack.process().info().command().map(c -> Path.of(c).getFileName().toString()).orElse("?")
                        + "): its CPU, memory and threads come from /proc alone");
            }
            watchdog.scheduleAtFixedRate(() -> {
                if (underLoad.get() && !stack.alive()) {
                    driver.abort(stack.deathNotice());
                }
            }, 200, 200, TimeUnit.MILLISECONDS);
            return new StackServer(stack, name, version, List.copyOf(monitors), jvm, watchdog, jvmPid, underLoad);
        } catch (RuntimeException e) {
            watchdog.shutdownNow();
            stack.stop();
            throw e;
        }
    }

    /** Whether a point of this server is under way (its death then stops the point); yes until told. */
    void loaded(boolean now) {
        loaded.set(now && !stopped); // a server Ctrl-C stopped is not watched again
    }

    String name() {
        return name;
    }

    @Override
    public long pid() {
        return stack.pid();
    }

    @Override
    public long jvmPid() {
        return jvmPid;
    }

    /** Moves every thread of the server's process (its JVM, when a wrapper started it) onto {@code cores}. */
    void pin(String cores) throws StackException {
        io.wsbench.launch.Cores.pin(jvmPid > 0 ? jvmPid : stack.pid(), cores);
    }

    /** What it runs, as the server said at start-up where it did (and the JDK of a user's own JVM). */
    String version() {
        return version;
    }

    String baseUrl() {
        return stack.baseUrl();
    }

    StackDescriptor descriptor() {
        return stack.descriptor();
    }

    @Override
    public List<Monitor> monitors() {
        return monitors;
    }

    @Override
    public boolean alive() {
        return stack.alive();
    }

    @Override
    public String deathNotice() {
        return stopped ? SuiteRunner.INTERRUPTED : stack.deathNotice();
    }

    @Override
    public long compileMillis() {
        return jvm == null ? -1 : jvm.compileMillis();
    }

    /**
     * Stops the server at once (Ctrl-C): the point under way fails fast, and close still cleans up. Its
     * death is then Ctrl-C's, not the server's: the watchdog does not abort a point for it, and a point
     * cut short is marked as interrupted.
     */
    void stop() {
        stopped = true;
        loaded.set(false);
        stack.stop();
    }

    @Override
    public void close() {
        watchdog.shutdownNow();
        monitors.forEach(Monitor::close);
        stack.stop();
    }
}
