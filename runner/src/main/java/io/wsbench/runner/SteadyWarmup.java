package io.wsbench.runner;

import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.model.record.WarmupRecord;
import io.wsbench.model.suite.Durations;
import io.wsbench.model.record.WarmupRecordBuilder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The warm-up until steady that a suite's {@code warmup: auto} and {@code load --warmup auto} run:
 * closed-loop windows until a JVM server's JIT compiler was quiet in each of the last {@link #STEADY_WINDOWS} and they
 * agree (throughput and mean latency within {@link #STEADY_SHARE} of their mean) or hold the level of as many windows
 * before them (the two means of throughput within {@link #STEADY_SHARE}), or until its longest time has passed; or a
 * fixed number of windows (a short re-warm, not judged).
 */
public final class SteadyWarmup {

    /** The last this many windows must agree ... */
    static final int STEADY_WINDOWS = 3;
    /** ... within this share of their mean, in throughput and in mean latency. */
    static final double STEADY_SHARE = 0.05;
    /** A JVM server whose JIT compiled for more than this share of the last window is still warming. */
    static final double JIT_SHARE = 0.02;
    /** {@code -Dwsbench.steady=agree}: steady only when the last windows agree, as before 2026-12-07 (for bench/ to compare). */
    private static final boolean LEVEL_HELD_IS_STEADY = !"agree".equals(System.getProperty("wsbench.steady"));
    /** No JIT clock: the server is not a JVM wsbench can read, or none was named. */
    public static final LongSupplier NO_JIT = () -> -1;

    /**
     * How to warm: {@code users} closed-loop users, windows of {@code window}, for at most
     * {@code max}; {@code windows} above 0 runs that many and does not judge them, then, with
     * {@code untilQuiet}, more while the server's JIT compiler was busy in the last (within {@code max}).
     */
    public record Plan(int users, Duration window, Duration max, int windows, boolean untilQuiet) {
        public Plan(int users, Duration window, Duration max, int windows) {
            this(users, window, max, windows, false);
        }
    }

    private SteadyWarmup() {
    }

    /** One window of load: the point it is asked to run, what it measured. */
    @FunctionalInterface
    public interface Window {
        Measurement load(LoadSpec spec) throws InterruptedException;
    }

    /**
     * Warms a target through {@code window} (a local engine, or the agents of a cluster) and says how
     * it went; {@code jitMillis} reads the server's JIT clock.
     */
    public static WarmupRecord run(String label, Window window, Plan plan, LongSupplier jitMillis)
            throws InterruptedException {
        return run(label, window, plan, jitMillis, WarmingCores.Spread.NONE);
    }

    /**
     * {@link #run(String, Window, Plan, LongSupplier)} with the server spread over every core by
     * {@code spread} until its JIT compiler first goes quiet (at once where there is no JIT clock to read):
     * from then on it is on its own cores, and only the windows there may say it is steady.
     */
    public static WarmupRecord run(String label, Window window, Plan plan, LongSupplier jitMillis,
                                   WarmingCores.Spread spread) throws InterruptedException {
        double max = plan.max().toNanos() / 1e9;
        List<WarmupRecord.Window> seen = new ArrayList<>();
        long t0 = System.nanoTime();
        boolean steady = false;
        // the first window that may count towards steady: from the start where there is no JIT clock to
        // wait for; else from the first quiet window, or from the one after it when the server moved then
        int ownFrom = -1;
        if (jitMillis.getAsLong() < 0) {
            spread.back();
            ownFrom = 0;
        }
        Double ownAt = null;
        while (true) {
            long jitBefore = jitMillis.getAsLong();
            Measurement m = window.load(LoadSpec.closedFor(plan.users(), plan.window()));
            long jitAfter = jitMillis.getAsLong();
            double at = (System.nanoTime() - t0) / 1e9;
            Long jit = jitBefore < 0 || jitAfter < 0 ? null : jitAfter - jitBefore;
            seen.add(new WarmupRecord.Window(Math.round(at * 100) / 100.0, Math.round(m.throughput() * 10) / 10.0,
                    Math.round(m.latency().mean() * 10) / 10.0, jit));
            if (plan.windows() > 0) {
                boolean compiling = plan.untilQuiet() && jit != null && jit > JIT_SHARE * plan.window().toMillis();
                if (seen.size() >= plan.windows() && (!compiling || at >= max || m.aborted() != null)) {
                    break;
                }
                continue;
            }
            if (ownFrom < 0 && (jit == null || jit <= JIT_SHARE * plan.window().toMillis())) {
                boolean moved = spread.back();
                ownFrom = moved ? seen.size() : seen.size() - 1;
                ownAt = moved ? seen.get(seen.size() - 1).atSecond() : null;
            }
            steady = ownFrom >= 0 && steady(seen.subList(ownFrom, seen.size()), plan.window());
            // a first window of errors only: the target is wrong, not cold, and more of it would only repeat them
            if (steady || at >= max || m.aborted() != null || (seen.size() == 1 && failedWhole(m))) {
                break;
            }
        }
        WarmupRecord w = WarmupRecordBuilder.builder().target(label).mode("auto")
                .seconds(Math.round((System.nanoTime() - t0) / 1e7) / 100.0).steady(steady).windows(List.copyOf(seen)).build();
        // a fixed number of windows (a re-warm) is not judged, so not classified
        return plan.windows() > 0 ? w : w.onOwnCoresFrom(ownAt).classified();
    }

    /** Whether every request of {@code m} failed (and there was at least one). */
    static boolean failedWhole(Measurement m) {
        return m.requests() > 0 && m.ok() == 0 && m.errors().total() > 0;
    }

    /** One line on a warm-up window whose every request failed: how many, and of which kinds. */
    static String failedWhole(String label, Duration window, Measurement m) {
        String kinds = m.errors().written().entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> String.format(java.util.Locale.ROOT, "%,d %s", e.getValue(), e.getKey()))
                .collect(java.util.stream.Collectors.joining(", "));
        // a flow's measurement counts its iterations, each failed by its first failure's kind
        return String.format(java.util.Locale.ROOT, "%s: every one of the %,d %s of the first warm-up window (%s) failed (%s)%s",
                label, m.requests(), m.flow() != null ? "iterations" : "requests", Durations.format(window), kinds,
                m.clientFailure() == null ? "" : ": " + m.clientFailure());
    }

    /**
     * Whether the JIT compiler has gone quiet in the last windows and they agree with one another, or hold the level of
     * the ones before them.
     */
    static boolean steady(List<WarmupRecord.Window> seen, Duration window) {
        if (seen.size() < STEADY_WINDOWS) {
            return false;
        }
        List<WarmupRecord.Window> last = seen.subList(seen.size() - STEADY_WINDOWS, seen.size());
        // every one of them: a JVM's compilers work in bursts, and one quiet window between two busy
        // ones (CXF's, pinned to one core, compiled 1 ms in one window and a second in the next) is no end
        for (WarmupRecord.Window w : last) {
            if (w.jitMillis() != null && w.jitMillis() > JIT_SHARE * window.toMillis()) {
                return false;
            }
        }
        boolean agree = within(last.stream().mapToDouble(WarmupRecord.Window::throughput).toArray())
                && within(last.stream().mapToDouble(WarmupRecord.Window::meanMicros).toArray());
        return agree || LEVEL_HELD_IS_STEADY && levelHeld(seen);
    }

    /**
     * Whether the last {@link #STEADY_WINDOWS} windows' mean throughput is within {@link #STEADY_SHARE} of the mean of the
     * ones before them: a server whose compiler is quiet and whose level no longer moves is warm, even where the machine
     * moves its 1 s windows by more than ±5% one from another. On 2 shared cores they moved by ±10%, and three in a row
     * within ±5% came by chance: the default suite's sixteen warm-ups took 166 and 183 s with this rule and 258 and 360 s
     * without it, alternated on 2026-12-07, with no first round slower after the shorter ones (docs/numbers.md,
     * "Warm-up"). A server that goes on slowing down or speeding up is not steady.
     */
    static boolean levelHeld(List<WarmupRecord.Window> seen) {
        if (seen.size() < 2 * STEADY_WINDOWS) {
            return false;
        }
        int n = seen.size();
        double before = mean(seen.subList(n - 2 * STEADY_WINDOWS, n - STEADY_WINDOWS));
        return Math.abs(mean(seen.subList(n - STEADY_WINDOWS, n)) - before) <= STEADY_SHARE * before;
    }

    private static double mean(List<WarmupRecord.Window> windows) {
        return windows.stream().mapToDouble(WarmupRecord.Window::throughput).average().orElse(0);
    }

    private static boolean within(double[] values) {
        double mean = Arrays.stream(values).average().orElse(0);
        if (mean <= 0) {
            return false;
        }
        return Arrays.stream(values).allMatch(v -> Math.abs(v - mean) <= STEADY_SHARE * mean);
    }
}
