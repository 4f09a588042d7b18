package io.wsbench.runner;

import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.OrderRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RoundRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.stats.SignedRank;
import io.wsbench.model.suite.CapacitySpec;
import io.wsbench.model.suite.Durations;
import io.wsbench.model.suite.LoadPointSpec;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.launch.StackException;
import io.wsbench.launch.StackLauncher;
import io.wsbench.monitor.ProcessCpu;
import io.wsbench.model.record.OrderRecordBuilder;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A suite measured in rounds (Abedi and Brecht's randomized multiple interleaved trials): every
 * server up at once, each target warmed until steady once, then round after round in which every
 * (target, load) point is measured once, in a fresh random order. Two points of one round are
 * minutes apart at most, so a ratio taken within a round compares the servers, not two phases of a
 * machine whose speed wanders over minutes. The rounds end when the suite's rounds are done or,
 * with {@code until}, when every ratio's interval is that narrow or the budget is spent.
 */
final class InterleavedRounds {

    /**
     * A re-warm before a point whose target is not the one just measured: one short window, unrecorded, and more while
     * the server's JIT compiler was busy in the last, {@link #REWARM_MAX} at most.
     */
    static final Duration REWARM = Duration.ofMillis(250);
    /**
     * How long a re-warm goes on at most while the server's JIT compiler is busy. After its warm-up a server's other
     * targets are warmed on it, and the code they share is compiled again for them: a first point of a round measured
     * that instead of the server (the default suite, 2026-12-05/06: the first SOAP @ 1 user point of one process ran at
     * 12,000-15,000 req/s against 29,000-35,000, its server's CPU 63-82 µs an answer against 24, most of it the JIT).
     */
    static final Duration REWARM_MAX = Duration.ofSeconds(5);
    /** {@code -Dwsbench.rewarm=fixed}: one window whatever the JIT does, as before 2026-12-06 (for bench/ to compare). */
    private static final boolean REWARM_UNTIL_QUIET = !"fixed".equals(System.getProperty("wsbench.rewarm"));
    /** The budget of {@code until} when the suite gives none. */
    static final String DEFAULT_BUDGET = "30m";

    private final SuiteRunner runner;
    private final RunUnderWay run;
    /** Re-warms before the rounds' points that went on while the server's JIT compiler was busy, and their time. */
    private int rewarmsLonger;
    private double rewarmedSeconds;

    /** One point of every round: a target of a server at one load level. */
    private record Slot(SuiteRunner.Server server, Target target, LoadPointSpec load, int level) {
    }

    InterleavedRounds(SuiteRunner runner, RunUnderWay run) {
        this.runner = runner;
        this.run = run;
    }

    /**
     * Starts every server of {@code groups} as {@code instances} processes (a URL's, and a server of the
     * user's own that chooses its own port, as one), warms and measures them in rounds.
     */
    RunRecord run(StackLauncher launcher, Path dir, Map<String, List<TargetSpec>> groups, int instances) throws InterruptedException {
        Suite suite = run.suite;
        long seed = suite.rounds().seed() != null ? suite.rounds().seed() : ThreadLocalRandom.current().nextLong(1L << 40);
        String budget = suite.rounds().until() == null ? null : suite.rounds().budget() != null ? suite.rounds().budget() : DEFAULT_BUDGET;
        OrderRecord order = OrderRecordBuilder.builder().kind(Suite.ROUNDS).seed(seed).rounds(0)
                .until(suite.rounds().until()).budget(budget)
                .targets(suite.targets().stream().map(TargetSpec::label).toList())
                .instances(instances > 1 ? instances : null).build();
        run.file.update(r -> r.withOrder(order));
        List<String> partial = new ArrayList<>();
        List<SuiteRunner.Server> servers = new ArrayList<>();
        try {
            for (List<TargetSpec> group : groups.values()) {
                if (runner.interrupted()) {
                    break;
                }
                int copies = copies(group, instances);
                for (int i = 1; i <= copies && !runner.interrupted(); i++) {
                    try {
                        servers.add(runner.open(run, launcher, dir, group, copies > 1 ? i : 0));
                    } catch (StackException e) {
                        // the other servers are measured: one that cannot start costs its own rows only
                        run.note(e.getMessage());
                        partial.add(e.getMessage());
                    }
                }
            }
            servers.forEach(s -> loaded(s, false));
            run.record("rounds: every server up at once (" + String.join(", ", servers.stream().map(SuiteRunner.Server::name).toList())
                    + "); each round measures every target and load once" + (instances > 1 ? " on each process" : "")
                    + ", in a random order drawn from seed " + seed
                    + " (--seed " + seed + " replays it)");
            boolean halted = !partial.isEmpty() && runner.everyServer;
            String stopped = halted ? "a server did not start: nothing measured" : measure(servers, order, partial);
            if (rewarmsLonger > 0) {
                run.record(String.format(java.util.Locale.ROOT, "%d re-warms before a point went on while the server's JIT compiler"
                        + " was busy compiling again what its other targets' load had changed (%.1f s in all, at most %d s each;"
                        + " one window of %d ms otherwise)", rewarmsLonger, rewarmedSeconds, REWARM_MAX.toSeconds(), REWARM.toMillis()));
            }
            if (stopped != null && !SuiteRunner.INTERRUPTED.equals(stopped)) {
                run.record("rounds: " + stopped);
            }
            if (!halted) {
                capacities(servers, partial, seed);
            }
        } finally {
            servers.forEach(runner::close);
        }
        String reason = partial.isEmpty() ? null : String.join("; ", partial);
        return run.finish(SuiteRunner.now(), reason == null ? "complete" : "partial", reason);
    }

    /**
     * How many processes of a group's server to start: {@code instances} for a server wsbench starts on
     * a port of its choosing; one for a URL's (it is not wsbench's to start) and for a server of the
     * user's own that chooses its own port (a second copy would want the same), said in a note.
     */
    private int copies(List<TargetSpec> group, int instances) {
        TargetSpec first = group.get(0);
        if (instances <= 1 || first.cold()) {
            return 1;
        }
        if (first.stack() == null) {
            run.note("target '" + first.label() + "' is a URL wsbench did not start: one process, so its intervals hold"
                    + " the noise between rounds of that process only, not what another process of it would read");
            return 1;
        }
        var own = run.suite.stacks().get(first.stack());
        if (own != null && own.command() != null && !ServerGroups.takesPort(own)) {
            run.note("server " + first.stack() + " chooses its own port (no {port} in its command or environment): one"
                    + " process, so its intervals hold the noise between rounds of that process only");
            return 1;
        }
        return instances;
    }

    /** Warms each target, then measures the rounds; returns why they ended. */
    private String measure(List<SuiteRunner.Server> servers, OrderRecord order, List<String> partial)
            throws InterruptedException {
        Suite suite = run.suite;
        List<Slot> slots = new ArrayList<>();
        for (SuiteRunner.Server s : servers) {
            for (Target t : s.targets()) {
                if (runner.interrupted()) {
                    partial.add(SuiteRunner.INTERRUPTED);
                    return SuiteRunner.INTERRUPTED;
                }
                loaded(s, true);
                try {
                    runner.warmUp(run, s.points(), t, Warmup.of(suite), true, s);
                } finally {
                    loaded(s, false);
                }
                int level = 0;
                for (LoadPointSpec l : suite.load()) {
                    slots.add(new Slot(s, t, l, level++));
                }
            }
        }
        Rounds<Slot> rounds = new Rounds<>(slots, order.seed());
        Warmup rewarm = !suite.warming().auto() ? Warmup.NONE : REWARM_UNTIL_QUIET ? Warmup.untilQuiet(suite, REWARM, REWARM_MAX)
                : Warmup.windows(suite, REWARM, 1);
        double share = suite.rounds().until() == null ? 0 : Suite.untilShare(suite.rounds().until());
        long budgetNanos = order.budget() == null ? Long.MAX_VALUE : Durations.parse(order.budget()).toNanos();
        long started = System.nanoTime();
        Target previous = null;
        int index = 0;
        int again = 0; // points measured again at their round's end so far, for the progress's count
        for (int round = 1; ; round++) {
            long roundStarted = System.nanoTime();
            List<Slot> next = rounds.next();
            // points measured with the cores apart throughout, measured again once the round's other points are done
            List<Map.Entry<Slot, Measured>> later = new ArrayList<>();
            for (int i = 0; i < next.size() + later.size(); i++) {
                int atEnd = i - next.size(); // its place among the points measured again; negative before them
                if (atEnd < 0) {
                    putOff(next, i);
                }
                Slot slot = atEnd >= 0 ? later.get(atEnd).getKey() : next.get(i);
                Measured first = atEnd >= 0 ? later.get(atEnd).getValue() : null;
                String gone = gone(rounds, slot, round, partial);
                if (gone != null && gone != LOST) {
                    recorded(later, Math.max(atEnd, 0)); // measured, not yet recorded: kept whatever stops the round
                    return gone;
                }
                if (first != null && (gone == LOST || !slot.server().points().mayMeasureAgain())) {
                    recorded(first); // measured before its server died, or the run's time for waits spent: kept as first measured
                    continue;
                } else if (gone == LOST) {
                    continue;
                }
                if (previous != slot.target()) {
                    loaded(slot.server(), true);
                    try {
                        // said only when the server's JIT made it longer: a round re-warms before nearly every point
                        PointRun.Warmed w = slot.server().points().warmUp(slot.target(), rewarm, ProgressListener.NONE);
                        if (w != null && w.how().windows().size() > 1) {
                            rewarmsLonger++;
                            rewarmedSeconds += w.how().seconds();
                        }
                    } finally {
                        loaded(slot.server(), false);
                    }
                }
                previous = slot.target();
                Measured m = point(servers, slot, round, i + 1, next.size(), ++index,
                        Math.max(suite.rounds().repeat(), round) * next.size() + again, first != null ? first.file() + "-again" : null);
                if (first == null && slot.server().points().measuredApart(m.point())) {
                    later.add(Map.entry(slot, m));
                    again++;
                    continue;
                }
                String died = m.point().aborted();
                if (first != null) {
                    // of the two measures, the one not kept leaves no file behind
                    boolean back = slot.server().points().backAtRoundEnd(m.point());
                    Recordings.discard(run.file.path().getParent(), back ? first.file() : m.file());
                    m = back ? m : first;
                }
                recorded(m);
                if (died != null) {
                    gone = gone(rounds, slot, round, partial);
                    if (gone == LOST) {
                        continue;
                    }
                    recorded(later, Math.max(atEnd + 1, 0));
                    if (gone != null) {
                        return gone;
                    }
                    partial.add(died);
                    return died;
                }
            }
            int done = round;
            run.file.update(r -> r.withOrder(r.order().withRounds(done, null)));
            String stop = stop(rounds, round, share, System.nanoTime() - started, System.nanoTime() - roundStarted, budgetNanos);
            if (stop != null) {
                run.file.update(r -> r.withOrder(r.order().withRounds(done, stop)));
                return stop;
            }
        }
    }

    /**
     * With {@code -Dwsbench.coreDistance=putoff}, puts the point at {@code i} of a round's order off while its cores are
     * apart, where the round has a point of one user sent from its server's core still to come: that point, which the
     * cores' distance does not reach, is measured now and the other takes its place, instead of waiting for the cores.
     * Not the default: it measured fewer points apart, but the points of one user it moved into that time read slower
     * (docs/numbers.md, "Where the cores are"). A run that waits leaves its order as drawn.
     */
    private static void putOff(List<Slot> order, int i) {
        Slot slot = order.get(i);
        if (!slot.server().points().putsOff()) {
            return; // as shipped: no later point looked at, the order as drawn
        }
        for (int j = i + 1; j < order.size(); j++) {
            Slot other = order.get(j);
            if (other.server().points().shares(other.target(), other.load())) {
                if (slot.server().points().putOff(slot.target(), slot.load())) {
                    java.util.Collections.swap(order, i, j);
                }
                return;
            }
        }
    }

    /**
     * Why the rounds end after {@code round}, or null to go on: the suite's rounds done (and with
     * {@code until}, every interval narrow enough, or the budget too short for another round).
     */
    private String stop(Rounds<Slot> rounds, int round, double share, long spent, long lastRound, long budget) {
        Suite suite = run.suite;
        if (rounds.isEmpty()) {
            return "no server left to measure";
        }
        if (round < suite.rounds().repeat()) {
            return null;
        }
        if (suite.rounds().until() == null) {
            return round + (round == 1 ? " round" : " rounds") + ", as asked";
        }
        String width = "±" + java.math.BigDecimal.valueOf(100 * share).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString() + "%";
        boolean oneProcess = run.file.get().order().instances() == null;
        List<String> wide = oneProcess && round < SignedRank.FEWEST ? List.of("(fewer than " + SignedRank.FEWEST + " rounds)")
                : Widths.over(run.file.get().points(), suite.baseline(), share);
        if (wide.isEmpty()) {
            return "every interval within " + width + " after " + round + " rounds";
        }
        if (spent + lastRound > budget) {
            String why = "the budget of " + run.file.get().order().budget() + " is spent after " + round + " rounds; "
                    + wide.size() + (wide.size() == 1 ? " row is" : " rows are") + " wider than " + width + ": "
                    + String.join(", ", wide);
            run.note("until " + width + ": " + why);
            return why;
        }
        return null;
    }

    /** A point measured, and the name of its files (its Flight Recorder recording, its profile). */
    private record Measured(PointRecord point, String file) {
    }

    /** A point into run.json, with the files the run keeps of it. */
    private void recorded(Measured m) {
        run.pointDone(runner.recordings().keep(m.point(), run.file.path().getParent(), m.file()));
    }

    /** The points of {@code later} from {@code from} on into run.json: measured, not yet recorded when the round stops. */
    private void recorded(List<Map.Entry<Slot, Measured>> later, int from) {
        later.subList(from, later.size()).forEach(e -> recorded(e.getValue()));
    }

    /**
     * Measures one point of a round, with what the other, idle servers spent meanwhile; its files named {@code file}, or
     * afresh when null.
     */
    private Measured point(List<SuiteRunner.Server> servers, Slot slot, int round, int position, int points,
                           int index, int total, String file) throws InterruptedException {
        Suite suite = run.suite;
        LoadPointSpec point = SuiteRunner.passes(run, slot.server().points(), slot.target(), slot.load(), slot.level())
                .forSequence(slot.target().workload().sequenceLength());
        // loads that differ only in length are named apart, so that they are two rows
        boolean apart = LoadRecord.namedApart(suite.load().stream().map(LoadPointSpec::toRecord).toList())
                .get(slot.level()).lengthInName() != null;
        LoadRecord load = apart ? point.toRecord().withLengthInName() : point.toRecord();
        String describe = load.describe();
        String label = slot.target().label() + " @ " + describe + " #" + round;
        Map<String, Double> before = new LinkedHashMap<>();
        for (SuiteRunner.Server s : servers) {
            if (s != slot.server() && s.session() != null) {
                before.put(s.name(), ProcessCpu.seconds(watched(s)));
            }
        }
        long t0 = System.nanoTime();
        loaded(slot.server(), true);
        file = file != null ? file : run.nextFile(label);
        PointRecord p;
        try {
            p = slot.server().points().measure(slot.target(), point, round, label, file,
                    runner.events().pointStarting(slot.target().label(), describe, round, label, index, total));
        } finally {
            loaded(slot.server(), false);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        Map<String, Double> idle = new LinkedHashMap<>();
        for (SuiteRunner.Server s : servers) {
            Double cpu0 = before.get(s.name());
            double cpu1 = cpu0 == null ? -1 : ProcessCpu.seconds(watched(s));
            if (cpu0 != null && cpu0 >= 0 && cpu1 >= 0 && seconds > 0) {
                idle.put(s.name(), Math.round(1000 * (cpu1 - cpu0) / seconds) / 10.0);
            }
        }
        p = apart ? p.withLoad(p.load().withLengthInName()) : p;
        int instance = slot.server().instance();
        return new Measured(p.withRound(new RoundRecord(round, position, points, instance > 0 ? instance : null,
                idle.isEmpty() ? null : idle)), file);
    }

    /** One target's capacity search, taken a step at a time. */
    private record Search(SuiteRunner.Server server, Target target, CapacitySearch search) {
    }

    /**
     * Every target's capacity search after the rounds, interleaved as the rounds are: each step probes
     * every target whose search goes on once, in a fresh random order (from the run's seed), so that
     * the capacities compared were found over the same minutes. A search that ends (or whose server
     * dies) leaves the steps; the others go on.
     */
    private void capacities(List<SuiteRunner.Server> servers, List<String> partial, long seed) throws InterruptedException {
        CapacitySpec spec = run.suite.capacity();
        if (spec == null) {
            return;
        }
        List<Search> searches = new ArrayList<>();
        for (SuiteRunner.Server s : servers) {
            for (Target t : s.targets()) {
                searches.add(new Search(s, t, new CapacitySearch(CapacitySearch.Settings.of(spec), spec.slos())));
            }
        }
        if (searches.size() > 1) {
            run.record("capacity: the " + searches.size() + " targets' searches interleaved: each step probes every target"
                    + " still searching once, in a random order drawn from seed " + seed);
        }
        Rounds<Search> steps = new Rounds<>(searches, seed);
        // as between two points of a round: a quick re-warm when the server served another target last; the probe's settle follows it
        Warmup rewarm = run.suite.warming().auto() ? Warmup.windows(run.suite, REWARM, 1) : Warmup.NONE;
        Target previous = null;
        while (!steps.isEmpty()) {
            for (Search s : steps.next()) {
                if (runner.interrupted()) {
                    partial.add(SuiteRunner.INTERRUPTED);
                    return;
                }
                if (!alive(s.server())) {
                    s.search().abort(s.server().session().deathNotice());
                }
                Double rate = s.search().nextRate();
                if (rate != null) {
                    loaded(s.server(), true);
                    try {
                        if (previous != s.target()) {
                            // said nowhere, as in the rounds: nearly every probe follows another target's
                            s.server().points().warmUp(s.target(), rewarm, ProgressListener.NONE);
                        }
                        previous = s.target();
                        String label = s.target().label();
                        PointRecord p = CapacitySearch.probe(s.server().points(), s.target(), spec, label,
                                s.search().nextIndex(), rate, name -> runner.events().pointStarting(name, 0, 0));
                        runner.events().probeDone(p, CapacitySearch.broken(spec.slos(), p));
                        s.search().accept(rate, p);
                    } finally {
                        loaded(s.server(), false);
                    }
                    rate = s.search().nextRate();
                }
                if (rate == null) {
                    steps.drop(x -> x == s);
                    CapacityRecord c = s.search().result(s.target().record());
                    run.capacityDone(c);
                    if (c.aborted() != null) {
                        partial.add(c.aborted());
                    }
                }
            }
        }
    }

    /** A server found dead: its points are taken out of the rounds, the others go on. */
    private void lost(Rounds<Slot> rounds, SuiteRunner.Server server, int round, List<String> partial) {
        int dropped = rounds.drop(s -> s.server() == server);
        if (dropped > 0) {
            String why = server.session().deathNotice() + " (round " + round + "): its " + dropped
                    + " points are measured no further; the other servers' rounds go on";
            run.note(why);
            partial.add(server.session().deathNotice());
        }
    }

    private static boolean alive(SuiteRunner.Server s) {
        return s.session() == null || s.session().alive();
    }

    /** What {@link #gone} says of a slot whose server died: taken out of the rounds, the others go on. */
    private static final String LOST = "its server died";

    /**
     * Why the rounds stop at {@code slot} (Ctrl-C: {@link SuiteRunner#INTERRUPTED}), or {@link #LOST} when its
     * server died (its points taken out of the rounds); null when it may be measured.
     */
    private String gone(Rounds<Slot> rounds, Slot slot, int round, List<String> partial) {
        if (runner.interrupted()) {
            partial.add(SuiteRunner.INTERRUPTED);
            return SuiteRunner.INTERRUPTED;
        }
        if (!alive(slot.server())) {
            lost(rounds, slot.server(), round, partial);
            return LOST;
        }
        return null;
    }

    private static void loaded(SuiteRunner.Server s, boolean now) {
        if (s.session() != null) {
            s.session().loaded(now);
        }
    }

    private static long watched(SuiteRunner.Server s) {
        return s.session().jvmPid() > 0 ? s.session().jvmPid() : s.session().pid();
    }
}
