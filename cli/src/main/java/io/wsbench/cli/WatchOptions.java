package io.wsbench.cli;

import io.wsbench.model.record.WarmupRecord;
import io.wsbench.model.suite.Durations;
import io.wsbench.monitor.MonitorKind;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteBuilder;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/** How the server is warmed up and watched around a {@code load} or a {@code capacity} search. */
final class WatchOptions {

    @Option(names = "--warmup", paramLabel = "auto|REQUESTS", description = "warm the server up first, not recorded: auto (closed-loop windows until"
            + " the last 3 agree within ±5%% in throughput and mean latency, or their mean is within ±5%% of the 3 before's,"
            + " and, with --server-pid on a JVM, its JIT compiler is quiet; at most --warmup-max), or REQUESTS per"
            + " connection (default: none; an open loop's, 1"
            + " per connection: else its first scheduled requests wait for the generator's own first use, a 2 s point's"
            + " p99 reading 8-26 ms on a server that answers in 0.2)")
    String warmup;

    @Option(names = "--warmup-max", paramLabel = "DURATION", description = "with --warmup auto: the longest warm-up (default: ${DEFAULT-VALUE})")
    String warmupMax = "60s";

    @Option(names = "--warmup-window", paramLabel = "DURATION", description = "with --warmup auto: the length of a window (default: ${DEFAULT-VALUE})")
    String warmupWindow = "1s";

    @Option(names = "--server-pid", paramLabel = "PID", description = "also sample this server process (CPU, memory) from /proc")
    Long serverPid;

    @Option(names = "--monitor", paramLabel = "LIST", defaultValue = "proc",
            description = {"with --server-pid: what watches it, comma-separated (default: ${DEFAULT-VALUE}):",
                    "  proc (CPU, memory, threads from /proc), jvm (GC, heap)"})
    String monitor;

    /** The monitors --monitor names, read before any load. */
    List<MonitorKind> monitors() {
        List<MonitorKind> kinds = MonitorOptions.parse(monitor);
        for (MonitorKind k : kinds) {
            if (k.name().equals("jfr") || k.name().equals("profile")) {
                throw new UserError("--monitor " + k.name() + " keeps files per point beside a run's run.json:"
                        + " it goes with wsbench run");
            }
        }
        return kinds;
    }

    /** How a warm-up until steady went, before the point's figures. */
    void printWarmup(PrintStream out, WarmupRecord w, boolean jit) {
        WarmupRecord.Window last = w.windows().get(w.windows().size() - 1);
        out.printf(Locale.ROOT, "warm-up: %s after %.1f s (%d windows of %s; last %,.0f req/s, mean %s)%s%n",
                w.steady() ? "steady" : "NOT steady", w.seconds(), w.windows().size(), warmupWindow,
                last.throughput(), ConsoleSummary.millis(last.meanMicros()),
                w.steady() ? "" : ": its last windows still moved more than ±5%"
                        + (jit ? " or the JIT compiler was busy" : "") + "; the figures below may include warm-up");
    }

    private static Duration duration(String option, String value) {
        try {
            Duration d = Durations.parse(value);
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException("must be above 0");
            }
            return d;
        } catch (IllegalArgumentException e) {
            throw new UserError(option + " takes a duration such as 500ms or 30s, not '" + value + "'");
        }
    }

    /**
     * {@code suite}, a command's, warmed as --warmup asks, read before any load: auto (windows at the
     * suite's {@code connections}), none, or a request count per connection, written into the suite as
     * a suite file would write it.
     */
    Suite warmed(Suite suite, int connections, boolean openLoop) {
        return SuiteBuilder.builder(suite).warming(warming(connections, openLoop)).build();
    }

    /**
     * Whether the warm-up is the open loop's default ({@link #OPEN_LOOP_WARMUP} request per connection): none asked
     * for, and latency measured from each request's intended send time.
     */
    boolean openLoopDefault(boolean openLoop) {
        return warmup == null && openLoop;
    }

    /**
     * An open loop's warm-up when none is asked for, per connection. Its latency runs from each request's intended
     * send time, so the generator's own first use (its classes loaded and initialized, its connections made) counts
     * against the server: on nginx at 2,000 req/s on 4 connections the first request went 16 ms late and the next 70
     * queued behind it (p99 of a 2 s point 8.2-25.6 ms cold, 1.4-4.1 ms after one request a connection, 3 runs each
     * interleaved, 2026-12-06).
     */
    static final long OPEN_LOOP_WARMUP = 1;

    private Suite.Warming warming(int connections, boolean openLoop) {
        if (openLoopDefault(openLoop)) {
            return new Suite.Warming("requests", OPEN_LOOP_WARMUP * connections, null, null);
        }
        if (warmup == null || warmup.equals("none")) {
            return Suite.Warming.NONE;
        }
        if (warmup.equals("auto")) {
            duration("--warmup-window", warmupWindow);
            duration("--warmup-max", warmupMax);
            return new Suite.Warming("auto", null, warmupMax, warmupWindow);
        }
        long requests;
        try {
            requests = Long.parseLong(warmup);
        } catch (NumberFormatException e) {
            requests = -1;
        }
        if (requests < 0) {
            throw new UserError("--warmup takes auto, none or a request count per connection, not '" + warmup + "'");
        }
        return requests == 0 ? Suite.Warming.NONE
                : new Suite.Warming("requests", Math.multiplyExact(requests, (long) connections), null, null);
    }
}
