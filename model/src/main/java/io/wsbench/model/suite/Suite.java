package io.wsbench.model.suite;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An experiment: targets × load points × repeats. Each target is warmed before it is measured,
 * unrecorded: {@code warmup} "auto" (the default) in windows until steady, at most
 * {@code warmupMax}, in windows of {@code warmupWindow} (1 s; 0.2 s with --quick); "requests": {@code warmupRequests} in all (the default when they are given);
 * "none". {@code quick} says how far
 * {@code --quick} shrinks the suite. {@code stackOptions} are handed to a stack's server as
 * {@code -Dwsbench.KEY=VALUE}, e.g. to switch on a fault the experiment needs; {@code jvmOptions}
 * among them (a list) are the server JVM's own options (heap, GC, system properties). {@code stacks} are
 * the user's own servers ({@link UserStack}), which targets name like the built-in stacks.
 * {@code cpus} pins the generator and the servers to disjoint cores ({@link Placement}).
 * {@code capacity}, when given, searches each target's highest rate that meets its SLOs after the
 * target's points ({@link CapacitySpec}); a suite with it may have no {@code load} points at all.
 * <p>{@code order}: "rounds" (the default: every server up at once, each round measures every
 * target and load once, in a random order drawn from {@code seed}) or "grouped" (one server after
 * another). {@code repeat} is the number of rounds; {@code until} (e.g. "±3%") adds rounds until every
 * ratio's 95% interval is that narrow, or {@code budget} (e.g. "30m") runs out.
 * <p>{@code assert} ({@code assertions}): thresholds the results must meet, as {@code --assert} writes them
 * ({@code step:getQuote max<=200ms}); {@code run} checks them beside its own {@code --assert}s.
 */
@RecordBuilder
public record Suite(String name, String description, String operation, String baseline, List<TargetSpec> targets,
                    List<LoadPointSpec> load, Warming warming, Rounds rounds, Quick quick,
                    Map<String, Map<String, String>> stackOptions, Map<String, UserStack> stacks, Placement cpus,
                    CapacitySpec capacity, Boolean busyPoll, List<String> assertions, Path source) {

    /**
     * A suite as its file writes it, every key at the top: the warm-up's keys become its {@link Warming},
     * the rounds' its {@link Rounds}.
     */
    @JsonCreator
    public static Suite fromKeys(@JsonProperty("name") String name,
                                 @JsonProperty("description") String description,
                                 @JsonProperty("operation") String operation,
                                 @JsonProperty("baseline") String baseline,
                                 @JsonProperty("repeat") Integer repeat,
                                 @JsonProperty("warmupRequests") Long warmupRequests,
                                 @JsonProperty("warmup") String warmup,
                                 @JsonProperty("warmupMax") String warmupMax,
                                 @JsonProperty("warmupWindow") String warmupWindow,
                                 @JsonProperty("targets") List<TargetSpec> targets,
                                 @JsonProperty("load") List<LoadPointSpec> load,
                                 @JsonProperty("quick") Quick quick,
                                 @JsonProperty("stackOptions") @JsonDeserialize(contentUsing = StackOptionsReader.class)
                                 Map<String, Map<String, String>> stackOptions,
                                 @JsonProperty("stacks") Map<String, UserStack> stacks,
                                 @JsonProperty("cpus") Placement cpus,
                                 @JsonProperty("capacity") CapacitySpec capacity,
                                 @JsonProperty("busyPoll") Boolean busyPoll,
                                 @JsonProperty("order") String order,
                                 @JsonProperty("seed") Long seed,
                                 @JsonProperty("until") String until,
                                 @JsonProperty("budget") String budget,
                                 @JsonProperty("instances") Integer instances,
                                 @JsonProperty("assert") List<String> assertions) {
        checkName(name);
        if (targets == null || targets.isEmpty()) {
            throw new IllegalArgumentException("a suite needs at least one entry under 'targets'");
        }
        if ((load == null || load.isEmpty()) && capacity == null) {
            throw new IllegalArgumentException("a suite needs at least one entry under 'load' (or a 'capacity' search)");
        }
        return new Suite(name, description, operation, baseline, targets, load,
                new Warming(warmup, warmupRequests, warmupMax, warmupWindow), new Rounds(repeat, order, seed, until, budget, instances),
                quick, stackOptions, stacks, cpus, capacity, busyPoll, assertions, null);
    }

    /** How {@code --quick} shrinks a suite so it finishes in seconds. */
    public record Quick(@JsonProperty("requestsPerUser") Long requestsPerUser,
                        @JsonProperty("duration") String duration,
                        @JsonProperty("repeat") Integer repeat,
                        @JsonProperty("warmupRequests") Long warmupRequests) {
        public Quick {
            requestsPerUser = requestsPerUser == null ? 200 : requestsPerUser;
            duration = duration == null ? "1s" : duration;
            Durations.parse(duration);
            repeat = repeat == null ? 1 : repeat;
            warmupRequests = warmupRequests == null ? 50 : warmupRequests;
        }
    }

    /**
     * How each target is warmed before it is measured, unrecorded ({@code warmup}, {@code warmupRequests},
     * {@code warmupMax} and {@code warmupWindow} in the file): {@code mode} "auto" (the default) in windows
     * until steady, at most {@code max}, in windows of {@code window} (1 s; 0.2 s with --quick); "requests":
     * {@code requests} in all (the default when they are given); "none".
     */
    public record Warming(String mode, Long requests, String max, String window) {

        /** No warm-up: a command's suite unless --warmup asks for one. */
        public static final Warming NONE = new Warming("none", null, null, null);

        public Warming {
            requests = requests == null ? 0 : requests;
            // warm until steady unless a fixed count is asked for
            mode = mode != null ? mode : requests > 0 ? "requests" : "auto";
            if (!List.of("auto", "requests", "none").contains(mode)) {
                throw new IllegalArgumentException("warmup is 'auto' (until steady), 'requests' (warmupRequests) or 'none', not '" + mode + "'");
            }
            if ("requests".equals(mode) && requests <= 0) {
                throw new IllegalArgumentException("warmup: requests needs warmupRequests");
            }
            max = max == null ? "60s" : max;
            Durations.parse(max);
            window = window == null ? "1s" : window;
            Durations.parse(window);
        }

        /** Whether it warms until steady. */
        public boolean auto() {
            return "auto".equals(mode);
        }
    }

    /**
     * How the suite is measured ({@code repeat}, {@code order}, {@code seed}, {@code until} and {@code budget}
     * in the file): {@code order} "rounds" (the default: every server up at once, each round measures every
     * target and load once, in a random order drawn from {@code seed}) or "grouped" (one server after
     * another); {@code repeat} rounds; {@code until} (e.g. "±3%") adds rounds until every ratio's 95%
     * interval is that narrow, or {@code budget} (e.g. "30m") runs out.
     */
    public record Rounds(Integer repeat, String order, Long seed, String until, String budget, Integer instances) {
        public Rounds {
            instances = instances == null ? defaultInstances() : instances;
            if (instances < 1 || instances > MAX_INSTANCES) {
                throw new IllegalArgumentException("instances is how many processes of each server run, 1 to " + MAX_INSTANCES
                        + ", not " + instances);
            }
            repeat = repeat == null ? 1 : repeat;
            if (repeat < 1) {
                throw new IllegalArgumentException("repeat must be at least 1");
            }
            order = order == null ? ROUNDS : order;
            if (!List.of(ROUNDS, GROUPED).contains(order)) {
                throw new IllegalArgumentException("order is 'rounds' (every server up, rounds in random order) or 'grouped', not '" + order + "'");
            }
            if (until != null) {
                untilShare(until);
            }
            if (budget != null) {
                Durations.parse(budget);
            }
        }

        /** These rounds with every server run as {@code k} processes. */
        public Rounds withInstances(int k) {
            return new Rounds(repeat, order, seed, until, budget, k);
        }

        /** Whether each point is measured once: one round of one process a server, and no rounds added until an interval. */
        public boolean once() {
            return repeat == 1 && instances == 1 && until == null;
        }

        /** Whether one server is measured after another, not all in rounds. */
        public boolean grouped() {
            return GROUPED.equals(order);
        }
    }

    public Suite {
        checkName(name);
        load = load == null ? List.of() : List.copyOf(load);
        assertions = assertions == null ? List.of() : List.copyOf(assertions);
        operation = operation == null ? "hello" : operation;
        String op = operation;
        targets = targets.stream().map(t -> t.withOperation(op)).toList();
        warming = warming == null ? new Warming(null, null, null, null) : warming;
        rounds = rounds == null ? new Rounds(null, null, null, null, null, null) : rounds;
        quick = quick == null ? new Quick(null, null, null, null) : quick;
        stackOptions = stackOptions == null ? Map.of() : Map.copyOf(stackOptions);
        stacks = stacks == null ? Map.of() : Map.copyOf(stacks);
        for (String own : stacks.keySet()) {
            if (!own.matches("[A-Za-z0-9._-]+")) {
                throw new IllegalArgumentException("a stack name may hold letters, digits, '.', '_' and '-' only: '" + own + "'");
            }
        }
        java.util.Set<String> labels = new java.util.HashSet<>();
        for (TargetSpec t : targets) {
            if (!labels.add(t.label())) {
                // a report's rows, compare's and the baseline name targets by their labels: two alike would be one row
                throw new IllegalArgumentException("two targets are labelled '" + t.label() + "': give each a 'label' of its own");
            }
        }
        if (baseline != null && targets.stream().noneMatch(t -> t.label().equals(baseline))) {
            throw new IllegalArgumentException("baseline '" + baseline + "' is not the label of a target");
        }
        if (targets.stream().anyMatch(TargetSpec::overHttp2) && load.stream().anyMatch(l -> Boolean.FALSE.equals(l.keepAlive()))) {
            // HTTP/2's streams share connections that stay open: a connection a request is HTTP/1.1's
            throw new IllegalArgumentException("'keepAlive: false' (--no-keepalive) opens a connection a request, which is HTTP/1.1's;"
                    + " over HTTP/2 the users' streams share connections that stay open: leave one of them out");
        }
    }

    private static void checkName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a suite needs a 'name'");
        }
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("a suite name may hold letters, digits, '.', '_' and '-' only: '" + name + "'");
        }
    }

    /**
     * The suite a command's options make ({@code load URL}, {@code capacity URL}): one target at its
     * own address, measured at {@code load} or searched as {@code capacity} says, unwarmed (the
     * command writes its {@code --warmup} in), one process, its files relative to the working directory.
     */
    public static Suite of(String name, TargetSpec target, LoadPointSpec load, CapacitySpec capacity) {
        if (load == null && capacity == null) {
            throw new IllegalArgumentException("a suite needs at least one entry under 'load' (or a 'capacity' search)");
        }
        return SuiteBuilder.builder().name(name).targets(List.of(target)).load(load == null ? null : List.of(load))
                .capacity(capacity).warming(Warming.NONE)
                .rounds(new Rounds(null, null, null, null, null, 1)).build();
    }

    public static final String ROUNDS = "rounds";
    public static final String GROUPED = "grouped";
    /**
     * How many processes of each server a run starts unless told (docs/numbers.md, "Two levels"):
     * two processes of one build differ by a few percent, and only several of them can tell by how much.
     */
    public static final int DEFAULT_INSTANCES = 4;
    /**
     * The processes of each server when neither the suite nor the command line says: the environment's
     * {@code WSBENCH_INSTANCES} (the project's own tests set 1), else {@link #DEFAULT_INSTANCES}.
     */
    public static int defaultInstances() {
        String v = System.getenv("WSBENCH_INSTANCES");
        if (v == null || v.isBlank()) {
            return DEFAULT_INSTANCES;
        }
        try {
            int k = Integer.parseInt(v.trim());
            if (k >= 1 && k <= MAX_INSTANCES) {
                return k;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("WSBENCH_INSTANCES is how many processes of each server run, 1 to "
                + MAX_INSTANCES + ", not '" + v + "'");
    }

    /** The most processes of one server a run starts. */
    public static final int MAX_INSTANCES = 16;

    /** "±3%", "3%" or "0.03" as the share 0.03; anything else is refused in one line. */
    public static double untilShare(String until) {
        String s = until.trim().replace("±", "").replace("+-", "");
        try {
            double v = s.endsWith("%") ? Double.parseDouble(s.substring(0, s.length() - 1).trim()) / 100 : Double.parseDouble(s);
            if (v > 0 && v < 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("until is an interval's half width, e.g. ±3%, not '" + until + "'");
    }

    /** The longest auto warm-up of a target under {@code --quick}. */
    public static final String QUICK_WARMUP_MAX = "5s";
    /** The window of an auto warm-up under {@code --quick}. */
    public static final String QUICK_WARMUP_WINDOW = "0.2s";

    /** The suite as {@code --quick} runs it. */
    public Suite quickened() {
        List<LoadPointSpec> small = load.stream()
                .map(l -> l.shrunk(quick.requestsPerUser(), Durations.parse(quick.duration()))).toList();
        // an auto warm-up in --quick: at most 5 s a target
        String max = Durations.parse(warming.max()).compareTo(Durations.parse(QUICK_WARMUP_MAX)) > 0 ? QUICK_WARMUP_MAX : warming.max();
        return SuiteBuilder.builder(this).load(small).capacity(capacity == null ? null : capacity.quickened())
                .warming(new Warming(warming.mode(), Math.min(warming.requests(), quick.warmupRequests()), max, QUICK_WARMUP_WINDOW))
                .rounds(new Rounds(quick.repeat(), rounds.order(), rounds.seed(), null, null, 1)).build();
    }

    public Suite withRepeat(int n) {
        return SuiteBuilder.builder(this).rounds(new Rounds(n, rounds.order(), rounds.seed(), rounds.until(), rounds.budget(),
                rounds.instances())).build();
    }

    /** The same suite as read from {@code file}: the paths it names are relative to that file's directory. */
    public Suite from(Path file) {
        return SuiteBuilder.builder(this).source(file).build();
    }

    /** The label of side {@code side} ("A" or "B") of {@link #against}'s target {@code label}. */
    public static String side(String side, String label) {
        return side + ": " + label;
    }

    /**
     * A and B as one suite, so that they are measured in the same rounds: A's targets labelled
     * "A: label" and B's "B: label", each with its own suite's stack options as its own (a stack
     * both configure alike is one server, one they configure apart two), under A's loads, rounds and
     * warm-up, the more rounds of the two. Refused in one line when the two cannot be one run: other
     * loads, a capacity search, two different stacks of the user's own under one name.
     */
    public static Suite against(Suite a, Suite b) {
        if (!a.load().equals(b.load())) {
            throw new IllegalArgumentException("A and B need the same load points to be compared point by point: A has "
                    + a.load().size() + ", B " + b.load().size() + (a.load().size() == b.load().size() ? ", not alike" : ""));
        }
        if (a.capacity() != null || b.capacity() != null) {
            throw new IllegalArgumentException("ab compares load points; a capacity search is not one (run it in a suite)");
        }
        Map<String, UserStack> stacks = new LinkedHashMap<>(a.stacks());
        for (var e : b.stacks().entrySet()) {
            UserStack before = stacks.putIfAbsent(e.getKey(), e.getValue());
            if (before != null && !before.equals(e.getValue())) {
                throw new IllegalArgumentException("A and B declare two different servers of their own named '" + e.getKey()
                        + "': rename one");
            }
        }
        List<TargetSpec> targets = new java.util.ArrayList<>();
        for (TargetSpec t : a.targets()) {
            targets.add(t.as(side("A", t.label()), a.optionsFor(t)));
        }
        for (TargetSpec t : b.targets()) {
            targets.add(t.as(side("B", t.label()), b.optionsFor(t)));
        }
        Rounds r = a.rounds();
        return SuiteBuilder.builder(a).name("ab-" + a.name() + "-" + b.name())
                .description("B (" + b.name() + ") against A (" + a.name() + "), measured in the same rounds")
                .baseline(null).targets(targets).stackOptions(Map.of()).stacks(stacks).capacity(null)
                .rounds(new Rounds(Math.max(r.repeat(), b.rounds().repeat()), ROUNDS, r.seed(), r.until(), r.budget(),
                        Math.max(r.instances(), b.rounds().instances()))).build();
    }

    /** The suite measured in {@code order}, its rounds drawn from {@code seed} (null: each run its own), until and within the budget given (null: as the suite says). */
    public Suite withRounds(String order, Long seed, String until, String budget) {
        return SuiteBuilder.builder(this).rounds(new Rounds(rounds.repeat(), order == null ? rounds.order() : order,
                seed == null ? rounds.seed() : seed, until == null ? rounds.until() : until, budget == null ? rounds.budget() : budget,
                rounds.instances())).build();
    }

    /** The suite with every server it starts run as {@code k} processes. */
    public Suite withInstances(int k) {
        return SuiteBuilder.builder(this).rounds(rounds.withInstances(k)).build();
    }

    /** The suite with the processes placed on {@code cpus} (null: wherever the OS puts them). */
    public Suite withCpus(Placement placement) {
        return SuiteBuilder.builder(this).cpus(placement).build();
    }

    /**
     * The options the user wrote for {@code target}'s server: the suite's for its stack, the target's
     * own over them (none for a target at a URL). wsbench's own additions, such as where the keys are,
     * are not among them: this is what a run records to tell two versions of a stack apart.
     */
    public Map<String, String> optionsFor(TargetSpec target) {
        Map<String, String> options = new LinkedHashMap<>(
                target.stack() == null ? Map.of() : stackOptions.getOrDefault(target.stack(), Map.of()));
        options.putAll(target.ownOptions());
        if (target.http2() != null && target.stack() != null) {
            options.putIfAbsent("http2", "on"); // a Tomcat stack answers HTTP/2 when asked (the direct stack always does)
        }
        return options;
    }

    /** A path the suite names, relative to the suite file's directory (or the working directory). */
    public Path resolve(String path) {
        Path p = Path.of(path);
        return p.isAbsolute() || source == null ? p.toAbsolutePath() : source.toAbsolutePath().getParent().resolve(p).normalize();
    }
}
