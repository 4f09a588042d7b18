package io.wsbench.monitor;

import sun.jvmstat.monitor.LongMonitor;
import sun.jvmstat.monitor.Monitor;
import sun.jvmstat.monitor.MonitorException;
import sun.jvmstat.monitor.MonitoredHost;
import sun.jvmstat.monitor.MonitoredVm;
import sun.jvmstat.monitor.VmIdentifier;

import java.io.IOException;
import java.net.URISyntaxException;
import java.util.List;

/**
 * A local JVM's performance counters (jvmstat, the data jstat reads): the shared-memory file the
 * JVM keeps under /tmp/hsperfdata_USER. Reading them is a memory read in wsbench's process: the
 * server runs no code for it and opens no socket, unlike JMX.
 */
final class PerfCounters implements AutoCloseable {

    private final MonitoredVm vm;
    private final List<LongMonitor> collections;
    private final List<LongMonitor> evacuations;
    private final List<LongMonitor> collectionTicks;
    private final List<LongMonitor> heapSpaces;
    private final double ticksPerMilli;

    private PerfCounters(MonitoredVm vm) throws MonitorException {
        this.vm = vm;
        this.collections = longs(vm.findByPattern("sun\\.gc\\.collector\\.\\d+\\.invocations"));
        // collector 0 is the young collection of every HotSpot collector, 1 the full one; G1's 2 counts its
        // remark and cleanup pauses, after which the heap is not yet smaller
        this.evacuations = longs(vm.findByPattern("sun\\.gc\\.collector\\.[01]\\.invocations"));
        this.collectionTicks = longs(vm.findByPattern("sun\\.gc\\.collector\\.\\d+\\.time"));
        this.heapSpaces = longs(vm.findByPattern("sun\\.gc\\.generation\\.\\d+\\.space\\.\\d+\\.used"));
        Monitor frequency = vm.findByName("sun.os.hrt.frequency");
        this.ticksPerMilli = frequency instanceof LongMonitor f ? f.longValue() / 1000.0 : 1e6;
    }

    /**
     * The counters of the JVM with process id {@code pid}; an IOException when it keeps none
     * (started with -XX:-UsePerfData, or not a HotSpot JVM).
     */
    static PerfCounters of(long pid) throws IOException {
        try {
            MonitoredHost host = MonitoredHost.getMonitoredHost("localhost");
            PerfCounters counters = new PerfCounters(host.getMonitoredVm(new VmIdentifier(String.valueOf(pid))));
            if (counters.collections.isEmpty() || counters.heapSpaces.isEmpty()) {
                counters.close();
                throw new IOException("process " + pid + " publishes no GC or heap counters");
            }
            return counters;
        } catch (MonitorException | URISyntaxException e) {
            throw new IOException("no performance counters for process " + pid + ": " + e.getMessage(), e);
        }
    }

    /**
     * The first of {@code pids} that is a local JVM publishing its counters (a command's own
     * process, or the JVM a wrapper script started), or -1 when none is.
     */
    static long firstJvm(java.util.List<Long> pids) {
        // the file itself, not jvmstat's listing: it needs nothing exported to say what is a JVM
        java.nio.file.Path dir = java.nio.file.Path.of("/tmp", "hsperfdata_" + System.getProperty("user.name"));
        return pids.stream().filter(p -> java.nio.file.Files.isRegularFile(dir.resolve(String.valueOf(p))))
                .findFirst().orElse(-1L);
    }

    /** A string the JVM publishes, such as "java.property.java.version"; null when it does not. */
    String text(String name) {
        try {
            Monitor m = vm.findByName(name);
            return m == null ? null : String.valueOf(m.getValue());
        } catch (MonitorException e) {
            return null;
        }
    }

    /** Collector pauses so far, every collector counted (G1's remark and cleanup pauses too). */
    long collections() {
        return collections.stream().mapToLong(LongMonitor::longValue).sum();
    }

    /** Young and full collections so far: after each, the heap used is what survived it. */
    long evacuations() {
        return evacuations.stream().mapToLong(LongMonitor::longValue).sum();
    }

    long collectionMillis() {
        return Math.round(collectionTicks.stream().mapToLong(LongMonitor::longValue).sum() / ticksPerMilli);
    }

    /**
     * Milliseconds the JIT compilers have spent so far, or -1 when the JVM does not say: HotSpot names
     * the counter java.ci.totalTime (JDK 17 to 25); sun.ci.totalTime is only its older name.
     */
    long compileMillis() {
        try {
            Monitor m = vm.findByName("java.ci.totalTime");
            m = m != null ? m : vm.findByName("sun.ci.totalTime");
            return m instanceof LongMonitor l ? Math.round(l.longValue() / ticksPerMilli) : -1;
        } catch (MonitorException e) {
            return -1;
        }
    }

    /** Bytes in use in every space of every heap generation. */
    long heapUsed() {
        return heapSpaces.stream().mapToLong(LongMonitor::longValue).sum();
    }

    private static List<LongMonitor> longs(List<Monitor> monitors) {
        return monitors.stream().filter(LongMonitor.class::isInstance).map(LongMonitor.class::cast).toList();
    }

    @Override
    public void close() {
        vm.detach();
    }
}
