package io.wsbench.report;

import io.wsbench.model.record.AgentRecord;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.ErrorKind;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.Stall;
import io.wsbench.model.record.Trend;
import io.wsbench.model.record.WarmupRecord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What a reader must know before trusting the numbers, in plain words: an unfinished run, wrong
 * answers, stopped points, and signs that the server or the generator was not in the state measured.
 */
public final class Flags {

    /**
     * Above this (a quarter of a core, JIT compiler threads left out) a server was still working
     * on something when the load stopped: a thread left spinning, a backlog, a collector that
     * can't keep up. A server at rest reads 0-5%; a spinning thread up to 100%, but only 24-64%
     * on a crowded 2-core machine, hence a threshold well below one core.
     */
    static final double RESIDUAL_CPU_PERCENT = 25;
    /** A fitted fall of throughput larger than this share of the mean, over a point of ... */
    static final double SLOWDOWN_PERCENT = 10;
    /** ... at least this many whole seconds, is a server slowing down under load. */
    static final int SLOWDOWN_MIN_SECONDS = 5;
    /** From one exception per this many requests, exceptions are part of what the server does. */
    static final double REQUESTS_PER_EXCEPTION = 10;
    /** An open loop whose answered and failed requests fall below this share of its rate fell behind. */
    static final double OPEN_RATE_SHARE = 0.95;
    /**
     * Above this (a quarter of a core) something beside the server and the generator used the
     * machine during a point: another program, the kernel's own threads, or a hypervisor taking
     * the CPU back (steal). Quiet points on 2 cores read 0-5%.
     */
    static final double OTHERS_CPU_PERCENT = 25;
    /**
     * /proc's CPU times tick every 10 ms: over d seconds the machine's busy share is off by up to a tick
     * per core and the server's by one more, (cores + 1) / d % of a core in all. The others' share is
     * told only where that is at most half {@link #OTHERS_CPU_PERCENT} (0.24 s on 2 cores, 1.4 s on 16).
     */
    private static final double PROC_TICK_SECONDS = 0.01;

    private Flags() {
    }

    /** The flags of a run, for the terminal as well as the page. */
    public static List<String> of(RunRecord run) {
        return of(run, run.points() == null ? List.of() : run.points());
    }

    /**
     * The flags one point raises on its own, as it ends (a live page shows them then); a row's across
     * its repeats and a warm-up's come with the run. {@code cores}: the machine's.
     */
    public static List<String> of(PointRecord p, int cores) {
        List<Raised> raised = new ArrayList<>();
        raised(p, cores, said -> raised.add(new Raised(p.key(), p.repeat(), said)));
        return merged(raised);
    }

    static List<String> of(RunRecord run, List<PointRecord> points) {
        return of(run, points, UnsteadyRows.of(run, points, cores(run)));
    }

    /** The same, its rows not steady already found ({@link UnsteadyRows#of}): report.html tables them too. */
    static List<String> of(RunRecord run, List<PointRecord> points, List<UnsteadyRows.Row> unsteady) {
        List<String> flags = new ArrayList<>();
        if ("partial".equals(run.status())) {
            flags.add("This run is partial: " + (run.partialReason() == null ? "no reason recorded" : run.partialReason())
                    + ". Points after the interruption are missing.");
        } else if ("running".equals(run.status())) {
            flags.add("This run never finished: run.json still says it is running, so the process probably died.");
        }
        List<Raised> raised = new ArrayList<>();
        int cores = cores(run);
        for (PointRecord p : points) {
            raised(p, cores, said -> raised.add(new Raised(p.key(), p.repeat(), said)));
        }
        flags.addAll(merged(raised));
        for (WarmupRecord w : run.warmup() == null ? List.<WarmupRecord>of() : run.warmup()) {
            if (Boolean.FALSE.equals(w.steady()) && w.windows() != null && !w.windows().isEmpty()
                    && w.windows().stream().allMatch(x -> x.throughput() == 0)) {
                // the warm-up stops at a first window with no valid answer: the target is wrong, not cold
                flags.add(w.target() + ": no valid answer in its warm-up, which stopped after its first window: its points'"
                        + " errors say what went wrong; its figures are those of the errors.");
            } else if (Boolean.FALSE.equals(w.steady())) {
                flags.add(w.target() + ": never steady in its warm-up of " + HtmlFormat.fixed(w.seconds(), 0)
                        + " s (its last windows still moved more than ±5%, or its JIT compiler was still busy): its first"
                        + " points may include warm-up. Raise warmupMax, or look at the warm-up table.");
            }
        }
        flags.addAll(UnsteadyRows.flags(unsteady, PointRecord.byKey(points).size()));
        flags.addAll(TlsTable.flags(points));
        capacity(run, flags);
        return flags;
    }

    /** The cores of the machine {@code run} was measured on; 0 when not recorded. */
    static int cores(RunRecord run) {
        return run.environment() == null ? 0 : run.environment().cores();
    }

    /**
     * What to know before reading a capacity: a search the generator limited or the target stopped, and
     * probes at its boundary (the rates that decided it) whose seconds did not hold their rate.
     */
    private static void capacity(RunRecord run, List<String> flags) {
        for (io.wsbench.model.record.CapacityRecord c : run.capacity() == null ? List.<io.wsbench.model.record.CapacityRecord>of()
                : run.capacity()) {
            String who = c.target().label() + "'s capacity";
            if (c.limitedBy() != null) {
                flags.add(who + ": " + c.limitedBy() + "; the figure is a lower bound, not the server's capacity.");
            }
            if (c.aborted() != null) {
                flags.add(who + ": " + c.aborted() + "; the figure is what the probes before it found.");
            }
            List<Double> boundary = c.interval() == null ? List.of() : c.interval();
            List<String> unsteady = c.probes().stream()
                    .filter(p -> Boolean.FALSE.equals(p.steady()) && boundary.contains(p.rate()))
                    .map(p -> HtmlFormat.rate(p.rate()) + "/s").distinct().toList();
            if (!unsteady.isEmpty()) {
                flags.add(who + ": its probes at " + String.join(" and ", unsteady) + " did not hold their rate"
                        + " (their seconds moved more than ±10%): the boundary may lie elsewhere; use longer probes.");
            }
        }
    }

    /**
     * A point's flags, each its sentence after the point's name, with the figures that may differ
     * from repeat to repeat ({} in the sentence) apart, so that a row's repeats can share one line.
     */
    private static void raised(PointRecord p, int cores, Consumer<Said> out) {
        errors(p).ifPresent(out);
        if (p.aborted() != null) {
            out.accept(new Said(" was aborted: {}", p.aborted()));
        }
        if (p.unfinished() > 0) {
            out.accept(new Said(": {} requests were never answered (in flight"
                    + ("open".equals(p.load().model()) ? ", or due and not yet sent," : "")
                    + " when the point ended), beside its {} answered or failed ones.",
                    HtmlFormat.count(p.unfinished()), HtmlFormat.count(p.requests())));
        }
        behind(p).ifPresent(why -> out.accept(why.after(": ", "")));
        ServerRecord s = p.server();
        if (s != null && s.residualCpuPercent() > RESIDUAL_CPU_PERCENT) {
            out.accept(new Said(": server still busy after the load stopped ({} CPU afterwards).", percent(s.residualCpuPercent())));
        }
        for (Stall st : p.stalls() == null ? List.<Stall>of() : p.stalls()) {
            out.accept(new Said(": no answer at all for {}: the server stalled."
                    + ("closed".equals(p.load().model()) ? " A closed loop sends nothing while its users wait, so its"
                    + " percentiles hide the stall and only the max shows it: an open loop (--rate, model: open)"
                    + " counts every request that fell due in it." : ""),
                    HtmlFormat.fixed(st.seconds(), 1) + " s from second " + HtmlFormat.fixed(st.atSecond(), 1)));
        }
        Trend trend = p.trend();
        if (trend != null && trend.seconds() >= SLOWDOWN_MIN_SECONDS && trend.percentOverPoint() < -SLOWDOWN_PERCENT) {
            out.accept(new Said(": throughput fell steadily during the point, {}.", "by " + percent(-trend.percentOverPoint())
                    + " of its mean over " + trend.seconds() + " s (" + String.format(Locale.ROOT, "%.1f", trend.percentPerSecond())
                    + "%/s, " + String.format(Locale.ROOT, "%.0f", trend.slopePerSecond()) + " req/s per second)"));
        }
        if (p.overTime() != null) {
            for (io.wsbench.model.record.Drift d : p.overTime().drifts()) {
                out.accept(new Said(d.leak() ? ": a leak, {}: a server that keeps what it should let go runs out"
                        + " in time; its allocations (wsbench flame --kind alloc) show what is kept."
                        : ": the server slows down, {}: a longer soak shows where it ends.", Said.literal(d.describe())));
            }
        }
        double thrown = s == null || s.jfr().exceptions() == null ? 0 : s.exceptionsPerSecond() - closingPerSecond(p, s);
        if (thrown > 0 && p.throughput() > 0 && thrown * REQUESTS_PER_EXCEPTION >= p.throughput()) {
            ServerRecord.ExceptionRate top = s.jfr().exceptions().stream().filter(e -> !CLOSING.contains(e.className()))
                    .findFirst().orElse(s.jfr().exceptions().get(0));
            out.accept(new Said(": the server created {} exceptions per second ({} per request), most of them {}."
                    + " Caught or not, each one costs a stack trace.", HtmlFormat.rate(thrown),
                    String.format(Locale.ROOT, "%.2f", thrown / p.throughput()),
                    top.className() + (top.thrownAt() == null ? "" : " at " + top.thrownAt())));
        }
        othersCpuPercent(p, cores).filter(o -> o > OTHERS_CPU_PERCENT).ifPresent(o -> out.accept(new Said(
                ": other processes took {} of a core during the point (the machine's CPU less the server's and the"
                + " generator's): the load did not have the machine to itself.", percent(o))));
        if (!p.paceJudged()) {
            // too short to say whether the generator kept up
        } else if (p.agents() == null) {
            generatorBusy(p.generator(), p.server()).ifPresent(why -> out.accept(why.after(": the load generator may have been the bottleneck (", ").")));
        } else {
            // each agent's own generator: the merged record's busiest thread does not say whose it was
            for (AgentRecord a : p.agents()) {
                generatorBusy(a.generator(), ServerRecord.sharingItsCpus(p.server())).ifPresent(why -> out.accept(why.after(": agent " + Said.literal(a.agent())
                        + " (" + Said.literal(a.host()) + ") may have been the bottleneck (", "): add agents, or give them more cores.")));
            }
        }
    }

    /** What a server's network layer throws when its client closes a connection (Tomcat's NIO endpoint: EOFException). */
    static final java.util.Set<String> CLOSING = java.util.Set.of("java.io.EOFException", "java.nio.channels.ClosedChannelException",
            "java.nio.channels.CancelledKeyException", "java.nio.channels.AsynchronousCloseException",
            // Netty's own, for a write to a connection its client closed (the direct stack: 11-37 a second, one a connection)
            "io.netty.channel.StacklessClosedChannelException");

    /**
     * The exceptions per second that the load's own closes explain: those of the {@link #CLOSING} kinds, up to two for each
     * connection the point closed (its users' at its end, those reopened during it; every request's without
     * keep-alive). A 2 s point of 20 users on Tomcat read "9.90 exceptions per second, most of them EOFException": its
     * 20 connections closed at its end, not the server's doing.
     */
    static double closingPerSecond(PointRecord p, ServerRecord s) {
        if (p.durationSeconds() <= 0 || p.load() == null) {
            return 0;
        }
        GeneratorRecord g = p.generator();
        long reopened = g == null ? 0 : (g.serverClosedConnections() == null ? 0 : g.serverClosedConnections())
                + (g.reopenedAfterKeepAliveTimeout() == null ? 0 : g.reopenedAfterKeepAliveTimeout());
        long closed = p.load().keepAlive() ? p.load().users() + reopened : p.requests();
        double closing = s.jfr().exceptions().stream().filter(e -> CLOSING.contains(e.className()))
                .mapToDouble(ServerRecord.ExceptionRate::perSecond).sum();
        return Math.min(closing, 2.0 * closed / p.durationSeconds());
    }

    /**
     * Words of a flag: {@code sentence} with a {@code {}} for each of {@code figures}. Two points'
     * flags of one sentence are one flag said of both.
     */
    record Said(String sentence, List<String> figures) {
        Said(String sentence, String... figures) {
            this(sentence, List.of(figures));
        }

        /** These words between {@code before} and {@code after}, which hold no figure. */
        Said after(String before, String after) {
            return new Said(before + sentence + after, figures);
        }

        /** {@code text} (a name, a host) as words of a sentence: a brace in it is no figure's place. */
        static String literal(String text) {
            return String.valueOf(text).replace("{}", "{ }");
        }

        /** The sentence with each place holding its figures, one when they agree, else all in order. */
        String fill(List<List<String>> each) {
            StringBuilder out = new StringBuilder();
            int from = 0;
            for (List<String> values : each) {
                int at = sentence.indexOf("{}", from);
                List<String> distinct = values.stream().distinct().toList();
                String joiner = values.stream().anyMatch(v -> v.contains(",")) ? "; " : ", ";
                out.append(sentence, from, at).append(distinct.size() == 1 ? distinct.get(0) : String.join(joiner, values));
                from = at + 2;
            }
            return out.append(sentence.substring(from)).toString();
        }
    }

    /** A flag raised by one point: its row, its repeat, and what it says. */
    private record Raised(String row, int repeat, Said said) {
    }

    /** Rows beyond this many that one flag says alike (its words, and its figures that are not numbers) share one line. */
    static final int ROWS_APART = 3;

    /** One row's flag of one sentence, its repeats and each place's figures over them. */
    private record RowFlag(String row, List<Integer> repeats, Said said, List<List<String>> figures) {

        String line() {
            return row + (repeats.size() == 1 ? ", repeat " + repeats.get(0) : ", repeats "
                    + String.join(", ", repeats.stream().map(String::valueOf).toList())) + said.fill(figures);
        }

        /** Its sentence with the figures that are not numbers: the rows that say it alike, whatever their numbers. */
        List<String> alike() {
            List<String> key = new ArrayList<>(List.of(said.sentence()));
            figures.forEach(f -> key.add(f.stream().allMatch(Flags::numeric) ? "#" : String.join("\n", f)));
            return key;
        }
    }

    /**
     * One line per row and sentence, in the order they were first raised, naming every repeat it holds for ("repeats
     * 1, 2, 3") with the figures of each, instead of one line per repeat; and one line for the rows beyond
     * {@value #ROWS_APART} that a sentence flags alike, its numbers as ranges (a quick run of the thread-pool suite: its
     * 12 Lucee rows each said that "the server created 134-418 exceptions per second", twelve lines above the table).
     */
    private static List<String> merged(List<Raised> raised) {
        Map<List<String>, List<Raised>> byRow = new LinkedHashMap<>();
        for (Raised r : raised) {
            byRow.computeIfAbsent(List.of(r.row(), r.said().sentence()), k -> new ArrayList<>()).add(r);
        }
        Map<List<String>, List<RowFlag>> alike = new LinkedHashMap<>();
        for (List<Raised> same : byRow.values()) {
            List<List<String>> figures = new ArrayList<>();
            for (int i = 0; i < same.get(0).said().figures().size(); i++) {
                int place = i;
                figures.add(same.stream().map(r -> r.said().figures().get(place)).toList());
            }
            RowFlag f = new RowFlag(same.get(0).row(), same.stream().map(Raised::repeat).distinct().sorted().toList(),
                    same.get(0).said(), figures);
            alike.computeIfAbsent(f.alike(), k -> new ArrayList<>()).add(f);
        }
        List<String> lines = new ArrayList<>();
        for (List<RowFlag> rows : alike.values()) {
            if (rows.size() <= ROWS_APART) {
                rows.forEach(f -> lines.add(f.line()));
                continue;
            }
            List<List<String>> ranges = new ArrayList<>();
            for (int i = 0; i < rows.get(0).figures().size(); i++) {
                int place = i;
                List<String> all = rows.stream().flatMap(f -> f.figures().get(place).stream()).toList();
                ranges.add(List.of(all.stream().allMatch(Flags::numeric) ? range(all) : all.get(0)));
            }
            lines.add(rows.size() + " rows (" + String.join(", ", rows.subList(0, ROWS_APART).stream().map(RowFlag::row).toList())
                    + " and " + (rows.size() - ROWS_APART) + " more)" + rows.get(0).said().fill(ranges));
        }
        return lines;
    }

    /** Whether a figure is a number as flags write them: "1,234", "3.97", "43%". */
    private static boolean numeric(String figure) {
        return figure.replace(",", "").matches("-?\\d+(\\.\\d+)?%?");
    }

    /** The lowest and the highest of numeric figures, as written ("137–418"), or the one when they agree. */
    private static String range(List<String> figures) {
        Comparator<String> byValue = Comparator.comparingDouble(f -> Double.parseDouble(f.replace(",", "").replace("%", "")));
        String low = figures.stream().min(byValue).orElseThrow();
        String high = figures.stream().max(byValue).orElseThrow();
        return low.equals(high) ? low : low + "–" + high;
    }

    /**
     * The CPU that neither the server nor the generator used during a point, in percent of one core:
     * the machine's busy time (steal included) less theirs. Empty where it cannot be told: no server
     * watched, the load spread over agents, the machine's size unknown, or a point too short for /proc to tell it.
     */
    static Optional<Double> othersCpuPercent(PointRecord p, int cores) {
        ServerRecord s = p.server();
        GeneratorRecord g = p.generator();
        if (s == null || g == null || p.agents() != null || cores <= 0 || s.machineCpuPercent() == null
                || s.cpuPercent() == null || s.machineCpuPercent() <= 0
                || 100 * (cores + 1) * PROC_TICK_SECONDS / p.durationSeconds() > OTHERS_CPU_PERCENT / 2) {
            return Optional.empty();
        }
        return Optional.of(Math.max(0, s.machineCpuPercent() * cores - s.cpuPercent() - g.cpuPercent()));
    }

    /**
     * Why the generator may have held the load back: it was at its limit while the server had CPU to spare
     * ({@link GeneratorRecord#setThePaceOf}). Where its busiest I/O thread's CPU was measured, that decides: the
     * process's CPU also counts the JIT compiler and the collector, which in a point of a fraction of a second can
     * take more than a core on their own.
     */
    private static Optional<Said> generatorBusy(GeneratorRecord g, ServerRecord server) {
        if (g == null || !g.setThePaceOf(server)) {
            return Optional.empty();
        }
        String busy = g.ioBusiestPercent() != null
                ? (g.ioThreads() == 1 ? "its I/O thread" : "its busiest of " + g.ioThreads() + " I/O threads") + " was on the CPU {} of the point"
                : "{} CPU on " + g.ioThreads() + " I/O thread" + (g.ioThreads() == 1 ? "" : "s");
        String figure = percent(g.ioBusiestPercent() != null ? g.ioBusiestPercent() : g.cpuPercent());
        Double itsCpus = server == null ? null : server.busyPercentOfItsCpus();
        if (itsCpus == null) {
            return Optional.of(new Said(busy, figure));
        }
        String room = server.ownCpusBusyPercent() != null && server.ownCpus() != null
                ? "the server alone on its " + (server.ownCpus() == 1 ? "core" : server.ownCpus() + " cores") + ", {} busy"
                : "the server machine {} busy";
        return Optional.of(new Said(busy + ", " + room, figure, percent(itsCpus)));
    }

    /**
     * An open loop that sent fewer requests than its rate asked for measured a lighter load than the
     * one it names: the generator, its connections or the server's answers held it back.
     */
    public static Optional<String> behindSchedule(PointRecord p) {
        return behind(p).map(said -> said.fill(said.figures().stream().map(List::of).toList()));
    }

    private static Optional<Said> behind(PointRecord p) {
        if (!"open".equals(p.load().model()) || p.load().rate() == null || p.durationSeconds() <= 0) {
            return Optional.empty();
        }
        double achieved = p.requests() / p.durationSeconds();
        // a profile's rate changes: what it asked on average is what its seconds offered
        double asked = p.load().stages() == null || p.series() == null ? p.load().rate()
                : p.series().stream().mapToDouble(s -> s.offered() == null ? 0 : s.offered()).sum() / p.durationSeconds();
        if (achieved >= OPEN_RATE_SHARE * asked) {
            return Optional.empty();
        }
        return Optional.of(new Said("only {} req/s of the {} asked were sent and answered ({}):"
                        + " a server that stalled or was slower than its connections allow, or a generator that could not"
                        + " keep up, made it a lighter load than named.",
                HtmlFormat.rate(achieved), HtmlFormat.rate(asked),
                String.format(Locale.ROOT, "%.0f%%", 100 * achieved / asked)));
    }

    private static Optional<Said> errors(PointRecord p) {
        ErrorCounts e = p.errors();
        if (e == null || e.total() == 0) {
            return Optional.empty();
        }
        List<String> kinds = new ArrayList<>();
        // what the answers said first, what the transport failed last: each kind in its own words
        e.byKind().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey(ErrorKind.ORDER.reversed()))
                .forEach(k -> add(kinds, k.getValue(), k.getKey().said()));
        // one figure a repeat, so that repeats of different counts read "a (…) out of b requests; c (…) out of d requests"
        // a flow's point counts failed iterations, each by the kind of its first failure
        return Optional.of(new Said(": {}.", HtmlFormat.count(e.total()) + (e.total() == 1 ? " error (" : " errors (") + String.join(", ", kinds) + ") out of "
                + (p.flow() && p.iterations() != null ? HtmlFormat.count(p.iterations()) + (p.iterations() == 1 ? " iteration" : " iterations")
                        : HtmlFormat.count(p.requests()) + (p.requests() == 1 ? " request" : " requests"))));
    }

    private static void add(List<String> kinds, long n, String what) {
        if (n > 0) {
            kinds.add(HtmlFormat.count(n) + " " + what);
        }
    }

    /** "17%": a percentage, whole. */
    static String percent(double v) {
        return String.format(Locale.ROOT, "%.0f%%", v);
    }
}
