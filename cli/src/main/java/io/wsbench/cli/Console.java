package io.wsbench.cli;

import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.MinuteSample;
import io.wsbench.model.record.PointRecord;
import io.wsbench.runner.RunEvents;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * How a run looks on the terminal: a progress bar per load point with the current requests/s
 * when a person is watching, one line per point otherwise (CI logs, pipes).
 */
final class Console implements RunEvents {

    private final PrintStream out;
    private final boolean bars;
    private ProgressBar bar;

    Console(PrintStream out, boolean interactive) {
        this.out = out;
        this.bars = interactive;
    }

    static boolean interactive() {
        return System.console() != null && !"true".equals(System.getenv("CI"));
    }

    @Override
    public void stackStarting(String stack) {
        out.println("starting stack " + stack + " ...");
    }

    @Override
    public void stackReady(String stack, String version, String url, long pid) {
        out.println("stack " + stack + " " + version + " ready at " + url + " (pid " + pid + ")");
    }

    @Override
    public void warmup(String target, long requests) {
        if (!bars) {
            out.println("  warm-up " + target + ": " + (requests < 0 ? "until steady" : requests + " requests") + " (not recorded)");
        }
    }

    @Override
    public ProgressListener pointStarting(String label, int index, int total) {
        String name = index > 0 ? String.format("[%d/%d] %s", index, total, label) : label;
        return new ProgressListener() {
            @Override
            public void progress(long done, long expected, double elapsed, double totalSeconds, double rate) {
                if (!bars) {
                    return;
                }
                if (bar == null) {
                    bar = new ProgressBarBuilder().setTaskName(name).setStyle(ProgressBarStyle.ASCII)
                            .setInitialMax(expected > 0 ? expected : Math.round(totalSeconds * 10))
                            .setUnit(expected > 0 ? " req" : " ds", 1)
                            .setUpdateIntervalMillis(250).continuousUpdate().setMaxRenderedLength(110)
                            .setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(out, 110)).build();
                }
                bar.stepTo(expected > 0 ? done : Math.round(elapsed * 10));
                bar.setExtraMessage(String.format("%,9.0f req/s", rate));
            }

            @Override
            public void minute(MinuteSample m) {
                // a long point says how it goes each minute, bar or not: a soak's log is read by the minute
                out.println(minuteLine(label, m));
            }
        };
    }

    /** "  REST @ 4h minute 12: 5,012.0 req/s, p50 1.20 ms, p99 2.10 ms, 0 errors, server CPU 45%, RSS 212 MB, live heap 80 MB, 31 threads, 48 files" */
    static String minuteLine(String label, MinuteSample m) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "  %s minute %d: %,.1f req/s, p50 %s, p99 %s, %d errors",
                label, m.minute() + 1, m.throughput(), ConsoleSummary.millis(m.p50Micros()),
                ConsoleSummary.millis(m.p99Micros()), m.errors()));
        if (m.serverCpuPercent() != null) {
            b.append(String.format(Locale.ROOT, ", server CPU %.0f%%", m.serverCpuPercent()));
        }
        if (m.rssBytes() != null) {
            b.append(String.format(Locale.ROOT, ", RSS %.0f MB", m.rssBytes() / 1e6));
        }
        if (m.liveHeapBytes() != null) {
            b.append(String.format(Locale.ROOT, ", live heap %.1f MB", m.liveHeapBytes() / 1e6));
        }
        if (m.threads() != null) {
            b.append(", ").append(m.threads()).append(" threads");
        }
        if (m.openFiles() != null) {
            b.append(", ").append(m.openFiles()).append(" open files");
        }
        return b.toString();
    }

    @Override
    public void pointDone(PointRecord p) {
        if (bar != null) {
            bar.close();
            bar = null;
        }
        String server = p.server() == null ? "" : serverCpu(p.server())
                + (p.server().jfr().exceptions() == null ? "" : ", exceptions "
                + p.server().exceptionsSaid(r -> String.format(java.util.Locale.ROOT, "%,.0f", r)));
        out.printf("  %-34s %-9s #%d %,10.0f req/s  mean %s  p99 %s  errors %d%s%s%n",
                p.target().label(), p.load().describe(), p.repeat(), p.throughput(),
                ConsoleSummary.latency(p.validated(), p.latencyMicros().mean()),
                ConsoleSummary.latency(p.validated(), p.latencyMicros().p99()),
                p.errors().total(), server, p.aborted() == null ? "" : "  ABORTED: " + p.aborted());
        if (p.overTime() != null) {
            p.overTime().drifts().forEach(d -> out.println("    " + (d.leak() ? "LEAK: " : "SLOWDOWN: ") + d.describe()));
        }
    }

    @Override
    public void problem(String message) {
        out.println("wsbench: " + message);
    }

    @Override
    public void probeDone(PointRecord p, List<String> broken) {
        if (bar != null) {
            bar.close();
            bar = null;
        }
        out.println(probeLine(p.repeat(), p, broken));
    }

    @Override
    public void capacityDone(CapacityRecord c) {
        out.println("  capacity of " + c.target().label() + ": " + c.verdict());
    }

    /** "  probe 3      400.0/s: achieved 399.8/s, p50 5.2ms, p99 6.1ms, p99.9 7.0ms, 0 errors  pass" */
    static String probeLine(int index, PointRecord p, List<String> broken) {
        var l = p.latencyMicros();
        return String.format(Locale.ROOT, "  probe %-3d %,10.1f/s: achieved %,.1f/s, p50 %s, p99 %s, p99.9 %s, %d errors%s  %s",
                index, p.load().rate(), p.throughput(), ConsoleSummary.millis(l.p50()), ConsoleSummary.millis(l.p99()),
                ConsoleSummary.millis(l.p999()), p.errors().total(),
                p.server() == null ? "" : serverCpu(p.server()),
                p.aborted() != null ? "ABORTED: " + p.aborted() : broken.isEmpty() ? "pass" : "FAIL " + String.join(", ", broken));
    }

    /** The server's CPU over a point, or that the point was too short for it. */
    private static String serverCpu(io.wsbench.model.record.ServerRecord s) {
        return s.cpuPercent() == null ? ", server CPU not measured (point too short)"
                : String.format(Locale.ROOT, ", server CPU %.0f%%", s.cpuPercent());
    }
}
