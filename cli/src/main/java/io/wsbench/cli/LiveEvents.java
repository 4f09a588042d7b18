package io.wsbench.cli;

import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.SecondSample;
import io.wsbench.runner.RunEvents;
import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the console is told, told to the live page too ({@link LiveServer}) and each second and point
 * to the metrics ({@link MetricsOut}: Prometheus, OTLP); either may be null.
 */
final class LiveEvents implements RunEvents {

    private final RunEvents console;
    private final LiveServer live;
    private final MetricsOut metrics;
    private java.util.concurrent.ScheduledFuture<?> watching;
    private static final java.util.concurrent.ScheduledExecutorService SERVER_CLOCK =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "wsbench-live-server");
                t.setDaemon(true);
                return t;
            });

    LiveEvents(RunEvents console, LiveServer live, MetricsOut metrics) {
        this.console = console;
        this.live = live == null ? LiveServer.NONE : live;
        this.metrics = metrics;
    }

    @Override
    public void stackStarting(String stack) {
        console.stackStarting(stack);
        live.send("stack", Map.of("text", "starting stack " + stack), true);
    }

    @Override
    public void stackReady(String stack, String version, String url, long pid) {
        console.stackReady(stack, version, url, pid);
        live.send("stack", Map.of("text", "stack " + stack + " " + version + " ready (pid " + pid + ")"), true);
        if (live != LiveServer.NONE) {
            watchServer(stack, pid);
        }
    }

    /**
     * The server's CPU and memory to the page every second, until it is gone or the next stack is
     * watched. A daemon thread: it never keeps wsbench running.
     */
    private synchronized void watchServer(String stack, long pid) {
        if (watching != null) {
            watching.cancel(false);
        }
        io.wsbench.monitor.ProcessGauge gauge = new io.wsbench.monitor.ProcessGauge(pid);
        java.util.concurrent.ScheduledFuture<?>[] self = new java.util.concurrent.ScheduledFuture<?>[1];
        self[0] = SERVER_CLOCK.scheduleAtFixedRate(() -> {
            double[] now = gauge.read();
            if (now == null) {
                self[0].cancel(false);
                return;
            }
            live.send("server", Map.of("stack", stack, "cpuPercent", Math.round(now[0] * 10) / 10.0, "rssBytes", (long) now[1]), false);
        }, 1, 1, java.util.concurrent.TimeUnit.SECONDS);
        watching = self[0];
    }

    @Override
    public void warmup(String target, long requests) {
        console.warmup(target, requests);
        live.send("stack", Map.of("text", "warm-up " + target + ": " + (requests < 0 ? "until steady" : requests + " requests")), true);
    }

    @Override
    public ProgressListener pointStarting(String label, int index, int total) {
        return pointStarting(null, null, 0, label, index, total);
    }

    @Override
    public ProgressListener pointStarting(String target, String load, int repeat, String label, int index, int total) {
        ProgressListener shown = console.pointStarting(label, index, total);
        live.send("point", Map.of("label", label, "index", index, "total", total), true);
        return new ProgressListener() {
            @Override
            public void progress(long done, long expected, double elapsed, double totalSeconds, double rate) {
                shown.progress(done, expected, elapsed, totalSeconds, rate);
            }

            @Override
            public void second(SecondSample s, Histogram latencies) {
                shown.second(s, latencies);
                if (metrics != null && target != null) {
                    metrics.second(target, load, repeat, s, latencies);
                }
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("second", s.second());
                m.put("requests", s.requests());
                m.put("p99Micros", s.p99Micros());
                m.put("errors", s.errors());
                live.send("second", m, false);
            }

            @Override
            public void minute(io.wsbench.model.record.MinuteSample minute) {
                shown.minute(minute);
                live.send("minute", RunJson.MAPPER.convertValue(minute, Map.class), true);
            }
        };
    }

    @Override
    public void pointDone(PointRecord p) {
        console.pointDone(p);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target", p.target().label());
        m.put("load", p.load().describe());
        m.put("repeat", p.repeat());
        m.put("throughput", p.throughput());
        m.put("p50Micros", p.latencyMicros().p50());
        m.put("p99Micros", p.latencyMicros().p99());
        m.put("errors", p.errors().total());
        if (p.server() != null) {
            if (p.server().cpuPercent() != null) {
                m.put("serverCpuPercent", p.server().cpuPercent());
            }
            m.put("serverRssBytes", p.server().rssMaxBytes());
        }
        if (p.aborted() != null) {
            m.put("aborted", p.aborted());
        }
        live.send("done", m, true);
        if (metrics != null) {
            metrics.pointDone(p);
        }
        for (String flag : io.wsbench.report.Flags.of(p, Runtime.getRuntime().availableProcessors())) {
            live.send("flag", Map.of("text", flag), true);
        }
    }

    @Override
    public void problem(String message) {
        console.problem(message);
        live.send("problem", Map.of("text", message), true);
    }

    @Override
    public void probeDone(PointRecord probe, List<String> broken) {
        console.probeDone(probe, broken);
        live.send("note", Map.of("text", Console.probeLine(probe.repeat(), probe, broken).strip()), true);
    }

    @Override
    public void capacityDone(CapacityRecord capacity) {
        console.capacityDone(capacity);
        live.send("note", Map.of("text", "capacity of " + capacity.target().label() + ": " + capacity.verdict()), true);
    }
}
