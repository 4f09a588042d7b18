package io.wsbench.monitor;

import io.wsbench.model.profile.PackageGroups;

import java.io.IOException;
import java.util.List;

/**
 * A kind of monitor a user chooses by name ({@code --monitor proc,jvm,jfr}), as JMH's profilers are
 * chosen with {@code -prof}: found through {@link io.wsbench.model.Plugins}, a ServiceLoader over wsbench's jars
 * (META-INF/services/io.wsbench.monitor.MonitorKind), so the next one is one class and one line:
 * a subclass that gives this constructor its name, its line of help and how it attaches.
 */
public abstract class MonitorKind {

    /** How a kind of monitor starts watching a server: null when it does not apply to it. */
    @FunctionalInterface
    protected interface Attach {
        Monitor to(ServerProcess server) throws IOException;
    }

    private final String name;
    private final String description;
    private final Attach attach;

    protected MonitorKind(String name, String description, Attach attach) {
        this.name = name;
        this.description = description;
        this.attach = attach;
    }

    public final String name() {
        return name;
    }

    /** One line for help texts. */
    public final String describe() {
        return description;
    }

    /**
     * Starts watching {@code server}; null when this kind does not apply to it (a JVM monitor on a
     * process that is no JVM). An IOException says why it cannot watch one it applies to.
     */
    public final Monitor attach(ServerProcess server) throws IOException {
        return attach.to(server);
    }

    /**
     * The server to watch: its process ({@code pid}), the JVM in it or behind it ({@code jvmPid}, or
     * -1 when there is none), how long its CPU is watched after each point, with no load sent, and
     * the packages that tell its framework's code from the rest in a profile ({@code groups}).
     */
    public record ServerProcess(long pid, long jvmPid, long residualMillis, PackageGroups groups) {

        public ServerProcess(long pid, long jvmPid, long residualMillis) {
            this(pid, jvmPid, residualMillis, PackageGroups.of(List.of(), List.of()));
        }
    }
}
