package io.wsbench.monitor;

import io.wsbench.model.record.ServerRecord;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Both looks inside a local server JVM at once, by its process id and without any port: its
 * counters ({@link JvmCounters}: GC, heap, JIT) and a Flight Recorder recording per point
 * ({@link FlightRecorder}). A run chooses them apart ({@code --monitor jvm,jfr}); this is the two
 * together, for a look at one server by hand.
 */
public record JvmSampler(JvmCounters counters, FlightRecorder recorder) implements AutoCloseable {

    /** Watches the JVM with process id {@code pid}, which must run as the same user on this machine. */
    public static JvmSampler attach(long pid) throws IOException {
        JvmCounters counters = JvmCounters.attach(pid);
        try {
            return new JvmSampler(counters, FlightRecorder.attach(pid));
        } catch (IOException | RuntimeException e) {
            counters.close();
            throw e;
        }
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

    public String jdk() {
        return counters.jdk();
    }

    public void startPoint() throws IOException {
        counters.startPoint();
        recorder.startPoint();
    }

    /** Ends the point: the counters' figures and the recording's, written to {@code jfrFile}, added to {@code server}. */
    public ServerRecord endPoint(ServerRecord server, double seconds, Path jfrFile, String name) throws IOException {
        ServerRecord counted = counters.endPoint(server, new Monitor.PointEnd(seconds, true, null, name));
        return recorder.endPoint(counted, seconds, jfrFile, name);
    }

    @Override
    public void close() {
        recorder.close();
        counters.close();
    }
}
