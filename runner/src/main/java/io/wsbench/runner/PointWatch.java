package io.wsbench.runner;

import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.Drift;
import io.wsbench.model.record.MinuteSample;
import io.wsbench.model.record.OverTime;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.stats.Growth;
import io.wsbench.monitor.ServerTrail;
import io.wsbench.model.record.MinuteSampleBuilder;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Watches one point over time, what a soak of hours is read by, in memory that does not grow with
 * the point: the generator's seconds as they close and the server's {@link ServerTrail} are summed
 * into minutes, and each quantity a leak or a slowdown would move is fitted as it comes
 * ({@link Growth}). Each minute closed is told to the point's listener and to {@code minutes} (the
 * run writes it into run.json at once); the point's end gives its {@link OverTime}.
 */
final class PointWatch implements ProgressListener, ServerTrail.Listener, AutoCloseable {

    /** A minute is closed once both clocks are this far past its end: a late second still lands in it. */
    private static final double SETTLE_SECONDS = 3;

    private final ProgressListener inner;
    private final Consumer<List<MinuteSample>> minutes;
    private final ServerTrail trail;
    private final Map<Integer, Minute> open = new TreeMap<>();
    private final List<MinuteSample> closed = new ArrayList<>();
    private final Growth heap = Growth.liveHeap();
    private final Growth rss = Growth.rss();
    private final Growth threads = Growth.threads();
    private final Growth files = Growth.openFiles();
    private final Growth throughput = Growth.throughput();
    private final Growth p99 = Growth.p99();
    private double clientSeconds;
    private double serverSeconds;

    /** One minute being summed. */
    private static final class Minute {
        final Histogram latencies = new Histogram(1, 3_600_000_000L, 2);
        long requests;
        long errors;
        int seconds;
        double cpu;
        int cpuReadings;
        Long rss;
        Long liveHeap;
        Integer threads;
        Integer files;
    }

    private PointWatch(ProgressListener inner, Consumer<List<MinuteSample>> minutes, WatchedServer server) {
        this.inner = inner;
        this.minutes = minutes;
        this.trail = server.pid() > 0 ? ServerTrail.start(server.pid(), server.jvmPid(), this) : null;
    }

    /** Starts watching a point of {@code server} whose progress goes to {@code inner}. */
    static PointWatch start(ProgressListener inner, Consumer<List<MinuteSample>> minutes, WatchedServer server) {
        return new PointWatch(inner, minutes, server);
    }

    @Override
    public void progress(long done, long expected, double elapsed, double total, double currentRate) {
        inner.progress(done, expected, elapsed, total, currentRate);
    }

    @Override
    public void second(SecondSample second, Histogram latencies) {
        synchronized (this) {
            Minute m = minute(second.second() / 60);
            m.requests += second.requests();
            m.errors += second.errors();
            m.seconds++;
            if (latencies != null) {
                m.latencies.add(latencies);
            }
            clientSeconds = second.second() + 1;
        }
        inner.second(second, latencies);
        closeSettled();
    }

    @Override
    public void second(double seconds, double cpuPercent, long rssBytes, int threadCount, int openFiles) {
        synchronized (this) {
            Minute m = minute((int) (seconds / 60));
            m.cpu += cpuPercent;
            m.cpuReadings++;
            m.rss = rssBytes;
            m.threads = m.threads == null ? threadCount : Math.max(m.threads, threadCount);
            if (openFiles >= 0) {
                m.files = m.files == null ? openFiles : Math.max(m.files, openFiles);
                files.add(seconds, openFiles);
            }
            rss.add(seconds, rssBytes);
            threads.add(seconds, threadCount);
            serverSeconds = seconds;
        }
        closeSettled();
    }

    @Override
    public void afterCollection(double seconds, long heapUsedBytes) {
        synchronized (this) {
            Minute m = minute((int) (seconds / 60));
            m.liveHeap = m.liveHeap == null ? heapUsedBytes : Math.min(m.liveHeap, heapUsedBytes);
            heap.add(seconds, heapUsedBytes);
        }
    }

    private Minute minute(int index) {
        return open.computeIfAbsent(index, i -> new Minute());
    }

    /** Closes the minutes both clocks have left behind (the generator's alone when the server is not seen). */
    private void closeSettled() {
        List<MinuteSample> now;
        synchronized (this) {
            double behind = trail == null ? clientSeconds : Math.min(clientSeconds, serverSeconds + 1);
            int before = closed.size();
            while (!open.isEmpty()) {
                int first = open.keySet().iterator().next();
                if ((first + 1) * 60 + SETTLE_SECONDS > behind) {
                    break;
                }
                close(first);
            }
            if (closed.size() == before) {
                return;
            }
            now = List.copyOf(closed);
        }
        inner.minute(now.get(now.size() - 1));
        minutes.accept(now);
    }

    private void close(int index) {
        Minute m = open.remove(index);
        if (m.seconds == 0 && m.cpuReadings == 0) {
            return;
        }
        long n = m.latencies.getTotalCount();
        MinuteSample s = MinuteSampleBuilder.builder().minute(index).seconds(m.seconds)
                .requests(m.requests).errors(m.errors)
                .throughput(m.seconds == 0 ? 0 : Math.round(10.0 * m.requests / m.seconds) / 10.0)
                .p50Micros(n == 0 ? 0 : m.latencies.getValueAtPercentile(50))
                .p99Micros(n == 0 ? 0 : m.latencies.getValueAtPercentile(99))
                .serverCpuPercent(m.cpuReadings == 0 ? null : Math.round(10 * m.cpu / m.cpuReadings) / 10.0)
                .rssBytes(m.rss).liveHeapBytes(m.liveHeap).threads(m.threads).openFiles(m.files).build();
        closed.add(s);
        if (m.seconds >= 59) {
            // a whole minute: a sample of the slowdown trends, at its middle
            throughput.add(index * 60 + 30, s.throughput());
            if (n > 0) {
                p99.add(index * 60 + 30, s.p99Micros());
            }
        }
    }

    /**
     * Ends the watch: the last minutes closed, and the point's minutes (when it lasted a minute or
     * more) with the drifts found; {@code requestsPerSecond}, the point's throughput, gives them per
     * 1,000 requests.
     */
    OverTime finish(double requestsPerSecond) {
        if (trail != null) {
            trail.close();
        }
        synchronized (this) {
            for (Integer i : List.copyOf(open.keySet())) {
                close(i);
            }
            List<Drift> drifts = new ArrayList<>();
            // the live heap when the server is a JVM wsbench reads, else its resident memory
            add(drifts, trail != null && trail.readsHeap() ? heap.drift(requestsPerSecond) : rss.drift(requestsPerSecond));
            add(drifts, threads.drift(requestsPerSecond));
            add(drifts, files.drift(requestsPerSecond));
            add(drifts, throughput.drift(0));
            add(drifts, p99.drift(0));
            boolean aMinute = closed.stream().anyMatch(m -> m.seconds() >= 59);
            return new OverTime(aMinute ? closed : List.of(), drifts);
        }
    }

    private static void add(List<Drift> drifts, Drift d) {
        if (d != null) {
            drifts.add(d);
        }
    }

    @Override
    public void close() {
        if (trail != null) {
            trail.close();
        }
    }
}
