package io.wsbench.runner;

import io.wsbench.model.suite.Durations;
import io.wsbench.model.suite.LoadPointSpec;
import io.wsbench.model.suite.Suite;

import java.time.Duration;

/**
 * How a target is warmed before its points, and not measured: not at all; a number of closed-loop
 * requests (kept in run.json as the warm-up's own point, since its series shows a server speeding
 * up); or closed-loop windows until steady, or a fixed number of them ({@link SteadyWarmup.Plan}).
 */
public sealed interface Warmup {

    /** No warm-up: the first requests measured are the server's first (a cold start). */
    record None() implements Warmup {
    }

    /** {@code users} closed-loop users sending {@code perUser} requests each. */
    record Requests(int users, long perUser) implements Warmup {
    }

    /** Windows until steady, or a fixed number of them ({@link SteadyWarmup}). */
    record Windows(SteadyWarmup.Plan plan) implements Warmup {
    }

    Warmup NONE = new None();

    /** Windows of a re-warm before a target whose server just served another target. */
    int REWARM_WINDOWS = 2;

    /**
     * The warm-up a suite asks of each target before its first point, at its largest user count:
     * {@code warmup: none}, {@code requests} ({@code warmupRequests} in all), or {@code auto}.
     */
    static Warmup of(Suite suite) {
        int users = users(suite);
        return switch (suite.warming().mode()) {
            case "none" -> NONE;
            case "requests" -> new Requests(users, Math.max(1, suite.warming().requests() / users));
            default -> windows(suite, 0);
        };
    }

    /**
     * The short re-warm, not judged, of a target whose server just served another target's points:
     * with {@code warmup: auto} only (a request count or none asks for no more than the first).
     */
    static Warmup rewarm(Suite suite) {
        return suite.warming().auto() ? windows(suite, REWARM_WINDOWS) : NONE;
    }

    /** The suite's windows at its largest user count: until steady ({@code count} 0), or {@code count} of them. */
    private static Warmup windows(Suite suite, int count) {
        return new Windows(new SteadyWarmup.Plan(users(suite), Durations.parse(suite.warming().window()),
                Durations.parse(suite.warming().max()), count));
    }

    /**
     * One window of {@code window} at the suite's largest user count, then more while the server's JIT compiler was busy
     * in the last, for {@code max} at most: the re-warm before a point of a round.
     */
    static Warmup untilQuiet(Suite suite, Duration window, Duration max) {
        return new Windows(new SteadyWarmup.Plan(users(suite), window, max, 1, true));
    }

    /** {@code count} windows of {@code window} at the suite's largest user count. */
    static Warmup windows(Suite suite, Duration window, int count) {
        return new Windows(new SteadyWarmup.Plan(users(suite), window, Durations.parse(suite.warming().max()), count));
    }

    /** The suite's largest user count; a suite of a capacity search alone (capacity URL), its search's connections. */
    private static int users(Suite suite) {
        int searched = suite.capacity() == null || suite.capacity().connections() == null ? 1 : suite.capacity().connections();
        return suite.load().stream().mapToInt(LoadPointSpec::users).max().orElse(searched);
    }
}
