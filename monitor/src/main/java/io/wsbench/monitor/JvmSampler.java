package io.wsbench.monitor;

import io.wsbench.core.record.ServerRecord;
import jdk.management.jfr.FlightRecorderMXBean;

import javax.management.JMX;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Looks inside a server JVM during a load point, over its JMX port on 127.0.0.1: collections and
 * their time, the peak of heap used (sampled four times a second), and a Flight Recorder
 * recording of the point, copied next to run.json and read for hot frames and exceptions.
 * The recording holds two kinds of events only, to keep its cost small: execution samples every
 * {@link #SAMPLE_PERIOD} and every exception created.
 */
public final class JvmSampler implements AutoCloseable {

    static final String SAMPLE_PERIOD = "10 ms";
    private static final Map<String, String> SETTINGS = Map.of(
            "jdk.ExecutionSample#enabled", "true",
            "jdk.ExecutionSample#period", SAMPLE_PERIOD,
            "jdk.JavaExceptionThrow#enabled", "true",
            "jdk.JavaExceptionThrow#stackTrace", "true");

    private final JMXConnector connector;
    private final FlightRecorderMXBean jfr;
    private final MemoryMXBean memory;
    private final List<GarbageCollectorMXBean> collectors;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "wsbench-jvm-monitor");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> task;
    private long recording = -1;
    private long gcCountAtStart;
    private long gcMillisAtStart;
    private volatile long heapMax;
    private Instant start;

    private JvmSampler(JMXConnector connector) throws IOException {
        this.connector = connector;
        MBeanServerConnection server = connector.getMBeanServerConnection();
        try {
            jfr = JMX.newMXBeanProxy(server, new ObjectName("jdk.management.jfr:type=FlightRecorder"),
                    FlightRecorderMXBean.class);
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
        memory = ManagementFactory.getPlatformMXBean(server, MemoryMXBean.class);
        collectors = ManagementFactory.getPlatformMXBeans(server, GarbageCollectorMXBean.class);
    }

    /** Connects to the JMX port a stack's JVM opened on 127.0.0.1. */
    public static JvmSampler connect(int jmxPort) throws IOException {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi");
        return new JvmSampler(JMXConnectorFactory.connect(url));
    }

    /** Starts the point: GC counters are read and the recording begins. */
    public synchronized void startPoint() throws IOException {
        gcCountAtStart = collectors.stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
        gcMillisAtStart = collectors.stream().mapToLong(GarbageCollectorMXBean::getCollectionTime).sum();
        heapMax = memory.getHeapMemoryUsage().getUsed();
        recording = jfr.newRecording();
        jfr.setRecordingSettings(recording, SETTINGS);
        jfr.startRecording(recording);
        start = Instant.now();
        task = timer.scheduleAtFixedRate(this::sampleHeap, 250, 250, TimeUnit.MILLISECONDS);
    }

    private void sampleHeap() {
        try {
            heapMax = Math.max(heapMax, memory.getHeapMemoryUsage().getUsed());
        } catch (RuntimeException e) {
            // the server is going away; the peak so far stands
        }
    }

    /**
     * Ends the point that lasted {@code seconds} from {@link #startPoint()}: stops the recording,
     * copies it to {@code jfrFile} and adds what it saw to {@code server}. Only events within the
     * point count, so the idle time after it (when residual CPU is measured) does not dilute rates.
     */
    public synchronized ServerRecord endPoint(ServerRecord server, double seconds, Path jfrFile, String name)
            throws IOException {
        task.cancel(false);
        sampleHeap();
        long gcs = collectors.stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).sum() - gcCountAtStart;
        long gcMillis = collectors.stream().mapToLong(GarbageCollectorMXBean::getCollectionTime).sum() - gcMillisAtStart;
        jfr.stopRecording(recording);
        try {
            copy(recording, jfrFile);
        } finally {
            jfr.closeRecording(recording);
            recording = -1;
        }
        FlightRecording seen = FlightRecording.read(jfrFile, start, start.plusNanos((long) (seconds * 1e9)));
        return server.withJvm(gcs, gcMillis, heapMax, seen.samples(), seen.hotFrames(), seen.exceptions(), name);
    }

    private void copy(long id, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        long stream = jfr.openStream(id, Map.of("blockSize", String.valueOf(1 << 20)));
        try (OutputStream out = Files.newOutputStream(file)) {
            for (byte[] block = jfr.readStream(stream); block != null; block = jfr.readStream(stream)) {
                out.write(block);
            }
        } finally {
            jfr.closeStream(stream);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            if (recording >= 0) {
                jfr.closeRecording(recording);
            }
            connector.close();
        } catch (IOException | RuntimeException e) {
            // the server is gone or going: nothing left to release on its side
        }
    }
}
