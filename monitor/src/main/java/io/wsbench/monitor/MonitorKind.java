package io.wsbench.monitor;

import java.io.IOException;

/**
 * A kind of monitor a user chooses by name ({@code --monitor proc,jvm,jfr}), as JMH's profilers are
 * chosen with {@code -prof}: found through {@link java.util.ServiceLoader}
 * (META-INF/services/io.wsbench.monitor.MonitorKind), so the next one is one class and one line.
 */
public interface MonitorKind {

    String name();

    /** One line for help texts. */
    String describe();

    /**
     * Starts watching {@code server}; null when this kind does not apply to it (a JVM monitor on a
     * process that is no JVM). An IOException says why it cannot watch one it applies to.
     */
    Monitor attach(ServerProcess server) throws IOException;

    /**
     * The server to watch: its process ({@code pid}), the JVM in it or behind it ({@code jvmPid}, or
     * -1 when there is none), and how long its CPU is watched after each point, with no load sent.
     */
    record ServerProcess(long pid, long jvmPid, long residualMillis) {
    }
}
