package io.wsbench.runner;

import io.wsbench.launch.StackException;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A server's first warm-up on every core, its measured points on its own cores. A JVM stack placed on
 * one core warms slowly: its JIT compilers share that core with the requests they are compiling for
 * (seed 001's CXF small: 60–120 s of 20 users, the compiler busy nearly all of every 1 s window),
 * while the generator's core waits on a server that answers slowly. The code the JIT makes does not
 * depend on the cores it was made on, and what is measured is measured on the server's own cores: every
 * thread of the server goes back there before its warm-up is over, and the short re-warm before each
 * point runs there too. {@code WSBENCH_WARMUP_OWN_CORES} (instance numbers, or {@code all}) keeps those
 * instances on their own cores for their warm-up as well, so that {@code bench/warmup-cores.sh} can
 * measure both ways in one run.
 */
final class WarmingCores {

    /** A run that is not placed: every warm-up runs where the server is. */
    static final WarmingCores NONE = new WarmingCores(null, null, Set.of(), s -> { });

    /** The environment variable naming the instances warmed on their own cores only. */
    static final String OWN_CORES = "WSBENCH_WARMUP_OWN_CORES";

    /** An instance's warm-up on every core, undone by {@link #back()} or on close (back to the servers' cores). */
    interface Spread extends AutoCloseable {
        Spread NONE = () -> false;

        /** Puts the server back on its own cores; whether it moved now (false: it was there already). */
        boolean back();

        @Override
        default void close() {
            back();
        }
    }

    private final String every;
    private final String own;
    /** Instances warmed on their own cores; null: every one. */
    private final Set<Integer> ownOnly;
    private final Consumer<String> problems;

    private WarmingCores(String every, String own, Set<Integer> ownOnly, Consumer<String> problems) {
        this.every = every;
        this.own = own;
        this.ownOnly = ownOnly;
        this.problems = problems;
    }

    /** Where the first warm-ups of a run placed by {@code placed} go; said in {@code run}'s notes. */
    static WarmingCores of(PlacedGenerator placed, RunUnderWay run) {
        return of(placed.before(), placed.servers(), System.getenv(OWN_CORES), run::record, run::note);
    }

    /**
     * {@code every}: the cores this process had before it was placed; {@code own}: the servers' cores;
     * {@code ownCores}: the value of {@link #OWN_CORES} (null when unset). {@code record} keeps what
     * the run says of it, {@code problems} tells a pin that failed.
     */
    static WarmingCores of(String every, String own, String ownCores, Consumer<String> record, Consumer<String> problems) {
        if (every == null || own == null || every.equals(own)) {
            return NONE;
        }
        Set<Integer> ownOnly = instances(ownCores);
        if (ownOnly == null) {
            record.accept("warm-ups on the servers' own cores (" + own + "), as " + OWN_CORES + " asked");
            return NONE;
        }
        record.accept("first warm-ups on every core (" + every + ") so that a server's JIT compilers do not share"
                + " its own cores with its requests; every server back on its cores (" + own + ") before its warm-up"
                + " ends and for every measured point"
                + (ownOnly.isEmpty() ? "" : "; instances " + ownOnly.stream().sorted().map(String::valueOf)
                .collect(Collectors.joining(", ")) + " warmed on their own cores (" + OWN_CORES + ")"));
        return new WarmingCores(every, own, ownOnly, problems);
    }

    /** The instances {@code value} names (empty: none; null: all); a word that is not a number is ignored. */
    static Set<Integer> instances(String value) {
        if (value == null || value.isBlank()) {
            return Set.of();
        }
        if (value.trim().equalsIgnoreCase("all")) {
            return null;
        }
        return Arrays.stream(value.split("[,\\s]+")).filter(w -> w.matches("\\d+")).map(Integer::valueOf)
                .collect(Collectors.toUnmodifiableSet());
    }

    /**
     * Puts {@code server} (null: none, nothing is moved), process {@code instance} of its server (0: its only
     * one), on every core until the returned spread is closed.
     */
    Spread spread(StackServer server, int instance) {
        if (every == null || server == null || ownOnly.contains(instance)) {
            return Spread.NONE;
        }
        try {
            server.pin(every);
        } catch (StackException e) {
            problems.accept("warm-up on the server's own cores: " + e.getMessage());
            return Spread.NONE;
        }
        AtomicBoolean spread = new AtomicBoolean(true);
        return () -> {
            if (!spread.getAndSet(false)) {
                return false;
            }
            try {
                server.pin(own);
            } catch (StackException e) {
                // its points would be measured on the generator's cores too: said, never hidden
                problems.accept("the server could not be put back on its cores " + own + " after its warm-up, so its"
                        + " points share the generator's cores: " + e.getMessage());
            }
            return true;
        };
    }
}
