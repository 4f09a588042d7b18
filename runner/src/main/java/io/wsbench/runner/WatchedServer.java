package io.wsbench.runner;

import io.wsbench.monitor.JvmCounters;
import io.wsbench.monitor.JvmSampler;
import io.wsbench.monitor.Monitor;
import io.wsbench.monitor.MonitorKind;
import io.wsbench.monitor.Monitors;

import java.io.IOException;
import java.util.List;

/**
 * The server a target's points are measured against, as the runner sees it: the monitors that
 * watch each point, whether it still lives, and its JIT compiler's clock, which a warm-up until
 * steady watches go quiet. A stack wsbench started is a {@link StackServer}; a URL's server is
 * watched through a process id the user names, or not at all.
 */
public interface WatchedServer {

    /** A server wsbench cannot see: no monitors, taken to be alive, no JIT clock. */
    WatchedServer UNSEEN = new WatchedServer() {
        @Override
        public List<Monitor> monitors() {
            return List.of();
        }

        @Override
        public long compileMillis() {
            return -1;
        }
    };

    List<Monitor> monitors();

    /** Whether it still lives: one wsbench did not start is taken to. */
    default boolean alive() {
        return true;
    }

    /** Why it is gone, when it is. */
    default String deathNotice() {
        return null;
    }

    /** Milliseconds its JIT compilers have worked so far, or -1 when it does not say. */
    long compileMillis();

    /** Its process on this machine, followed over long points ({@link PointWatch}); -1 when it is not seen. */
    default long pid() {
        return -1;
    }

    /** The JVM in its process (itself, or one a wrapper started); -1 when none. */
    default long jvmPid() {
        return -1;
    }

    /**
     * The process {@code pid} on this machine, watched around each point by the {@code monitors}
     * that apply to it (its CPU watched for {@code residualMillis} after), with its JIT clock when
     * it is a JVM that publishes one. A monitor that cannot watch it is an IOException.
     */
    static Process process(long pid, long residualMillis, List<MonitorKind> monitors) throws IOException {
        long jvmPid = JvmSampler.jvmOf(ProcessHandle.of(pid).orElseThrow(() -> new IOException("no process " + pid)));
        Monitors.Attached attached = Monitors.attach(monitors, new MonitorKind.ServerProcess(pid, jvmPid, residualMillis));
        if (!attached.failed().isEmpty()) {
            // the user named this process to be watched: a monitor that cannot watch it is the user's to know
            attached.monitors().forEach(Monitor::close);
            Exception e = attached.failed().values().iterator().next();
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
        // the jvm monitor's counters, when it was chosen, are the JIT clock too
        JvmCounters jit = attached.jvm() != null ? attached.jvm() : jvmPid > 0 ? jitClock(jvmPid) : null;
        return new Process(attached.monitors(), jit, pid, jvmPid);
    }

    /** The JIT clock of a JVM, or null where it publishes none: its warm-up is then judged by its answers alone. */
    private static JvmCounters jitClock(long jvmPid) {
        try {
            return JvmCounters.attach(jvmPid);
        } catch (IOException e) {
            return null;
        }
    }

    /** A server process wsbench did not start and watches by its process id. */
    record Process(List<Monitor> monitors, JvmCounters jit, long pid, long jvmPid) implements WatchedServer, AutoCloseable {

        @Override
        public long compileMillis() {
            return jit == null ? -1 : jit.compileMillis();
        }

        @Override
        public void close() {
            monitors.forEach(Monitor::close);
            if (jit != null && !monitors.contains(jit)) {
                jit.close(); // a clock of its own, not the jvm monitor's
            }
        }
    }
}
