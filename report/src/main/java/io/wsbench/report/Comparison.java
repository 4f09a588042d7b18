package io.wsbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.Summary;
import io.wsbench.model.record.TargetRecord;
import io.wsbench.model.stats.Estimate;
import io.wsbench.model.stats.Ratios;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Run B against run A, point by point: for each target and load measured in both, the ratio B/A of
 * throughput and of p50 and p99 latency, each with a 95% interval (Welch's t over each run's processes, or its repeats)
 * and a verdict. Points measured in one run only are listed, never dropped. {@code capacities}: B's capacity over
 * A's for each target both searched at the same SLOs ({@link CapacityRatio}). Written as compare.json
 * and compare.csv.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Comparison(Side a, Side b, String method, List<Row> rows, List<Unmatched> onlyInA,
                         List<Unmatched> onlyInB, List<CapacityRatio> capacities, List<ProfileDiff> why,
                         @com.fasterxml.jackson.annotation.JsonIgnore List<Profiles.Graph> differentials) {

    public static final String FASTER = "faster";
    public static final String SLOWER = "slower";
    public static final String LOWER = "lower";
    public static final String HIGHER = "higher";
    public static final String SAME = "no significant difference";
    /** Fewest repeats on each side for a verdict; with 2, an interval is shown but no verdict. */
    public static final int VERDICT_REPEATS = 3;

    /** What a reader needs to judge whether two runs are comparable at all. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Side(String run, String suite, String wsbenchVersion, String gitCommit, String startedAt,
                       String status, Map<String, String> stacks, String machine) {
        static Side of(String name, RunRecord r) {
            var env = r.environment();
            String machine = env == null ? null : env.cores() + " cores, " + env.cpuModel() + "; " + env.os()
                    + (env.kernel() == null ? "" : " " + env.kernel()) + "; " + env.jvm()
                    + (env.cpus() == null ? "" : "; generator on cores " + env.cpus().get("generator")
                    + ", servers on " + env.cpus().get("servers"))
                    + (env.idle() == null ? "" : "; idle cores " + env.idle());
            return new Side(name, r.suite(), r.wsbenchVersion(), r.gitCommit(), r.startedAt(), r.status(),
                    env == null || env.stacks() == null ? Map.of() : env.stacks(), machine);
        }
    }

    /** One target under one load, measured in both runs. */
    public record Row(TargetRecord target, LoadRecord load, int repeatsA, int repeatsB, List<Ratio> ratios) {
        public String name() {
            return Comparison.name(target, load);
        }
    }

    /** A target under a load that only one of the runs measured. */
    public record Unmatched(TargetRecord target, LoadRecord load) {
        public String name() {
            return Comparison.name(target, load);
        }

        /**
         * How the other run's target of this one's name (and load) differs, where it has one: "the other run's is protocol
         * http, this one's plain". A suite edited between two runs (a protocol given, then left out) left two lines that
         * read alike, "only in A: axis2 @ 2 users" and "only in B: axis2 @ 2 users"; null when the other run has no such
         * target.
         */
        public String unlike(List<Unmatched> others) {
            for (Unmatched o : others) {
                if (!o.name().equals(name())) {
                    continue;
                }
                List<String> said = new ArrayList<>();
                differs(said, "stack", target.stack(), o.target.stack());
                differs(said, "protocol", target.protocol(), o.target.protocol());
                differs(said, "variant", target.variant(), o.target.variant());
                differs(said, "security", target.security(), o.target.security());
                differs(said, "sequence", target.sequence(), o.target.sequence());
                differs(said, "loop", load.model(), o.load.model());
                differs(said, "rate", load.rate() == null ? null : load.rate().toString(), o.load.rate() == null ? null : o.load.rate().toString());
                return said.isEmpty() ? "the other run's is measured otherwise" : "the other run's has " + String.join(", ", said);
            }
            return null;
        }

        private static void differs(List<String> said, String what, String mine, String theirs) {
            if (!java.util.Objects.equals(mine, theirs)) {
                said.add(what + " " + (theirs == null ? "none" : theirs) + ", this one's " + (mine == null ? "none" : mine));
            }
        }
    }

    /**
     * B/A of one metric: each side's repeats (median, min, max), the ratio of the medians, and the
     * interval's bounds (null when a side has fewer than two repeats, and then the verdict says so).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Ratio(String metric, Summary.Spread a, Summary.Spread b, Double ratio, Double low, Double high,
                        String verdict) {
    }

    private record Metric(String name, boolean higherIsBetter, ToDoubleFunction<PointRecord> value) {
    }

    /** A flow's throughput's name, and its requests' beside it. */
    public static final String ITERATIONS_PER_SECOND = "iterationsPerSecond";
    public static final String REQUESTS_PER_SECOND = "requestsPerSecond";
    /** The start of a ratio metric's name: a row's throughput over its baseline's, the baseline's label after it. */
    public static final String RATIO_PREFIX = "throughput x ";

    private static final List<Metric> METRICS = List.of(
            new Metric("throughput", true, PointRecord::throughput),
            new Metric("p50Micros", false, p -> p.latencyMicros().p50()),
            new Metric("p99Micros", false, p -> p.latencyMicros().p99()));

    /**
     * Points match when these agree; sizes (requests, duration) may differ, as between --quick and full runs.
     * Within a run two loads that differ only in length are two rows (PointRecord.key names them apart); across
     * runs the load's shape matches, not its length, since --quick shortens every point. Of two loads named
     * apart, one by count and one by time, each still meets its own kind in the other run.
     */
    private record Match(String label, String stack, String protocol, String variant, String security,
                         String sequence, String load, String model, int users, Double rate, String lengthBy) {
        static Match of(PointRecord p) {
            TargetRecord t = p.target();
            LoadRecord l = p.load();
            String lengthBy = l.lengthInName() == null ? null : l.requestsPerUser() != null ? "count" : "time";
            return new Match(t.label(), t.stack(), t.protocol(), t.variant(), t.security(), t.sequence(),
                    l.shape(), l.model(), l.users(), l.rate(), lengthBy);
        }
    }

    public static Comparison of(String nameA, RunRecord a, String nameB, RunRecord b) {
        return of(nameA, a, null, nameB, b, null);
    }

    /**
     * B against A; with the runs' directories ({@code dirA}, {@code dirB}, null when not known), also
     * what changed in their servers' profiles, point by point ({@link ProfileDiff}), and the
     * differential flame graphs of their CPU per request.
     */
    public static Comparison of(String nameA, RunRecord a, Path dirA, String nameB, RunRecord b, Path dirB) {
        Map<Match, List<PointRecord>> pointsA = byMatch(a);
        Map<Match, List<PointRecord>> pointsB = byMatch(b);
        List<Row> rows = new ArrayList<>();
        List<Unmatched> onlyInA = new ArrayList<>();
        int matched = (int) pointsA.keySet().stream().filter(pointsB::containsKey).count();
        double together = Ratios.simultaneous(matched);
        // each run's rows, made once: every row's ratio to its baseline reads them
        Sides summaries = new Sides(Summary.of(a), Summary.of(b));
        for (var e : pointsA.entrySet()) {
            List<PointRecord> inB = pointsB.get(e.getKey());
            PointRecord first = e.getValue().get(0);
            if (inB == null) {
                onlyInA.add(new Unmatched(first.target(), first.load()));
            } else {
                String label = first.target().label();
                rows.add(withBaseline(row(e.getValue(), inB, false, a.neverSteady().contains(label), b.neverSteady().contains(label),
                        together), a, b, summaries, together));
            }
        }
        List<Unmatched> onlyInB = pointsB.entrySet().stream().filter(e -> !pointsA.containsKey(e.getKey()))
                .map(e -> new Unmatched(e.getValue().get(0).target(), e.getValue().get(0).load())).toList();
        String method = "B/A of the medians over repeats; " + Ratios.WELCH + ". Runs made apart cannot be paired round by"
                + " round: the interval covers each run's own noise, not a drift of the machine between the two runs, so"
                + " a verdict on a row's own figures may be the machine's; the x-baseline ratios (each run's rows over its"
                + " baseline, paired within the run) cancel that drift. To ask whether B is faster, measure A and B"
                + " interleaved in one run (wsbench ab A.yaml B.yaml)" + (matched > 1 ? ". Verdicts on intervals at "
                + Ratios.percent(together) + " each, so that the " + matched + " rows' verdicts on a figure hold together at 95%"
                + " (Bonferroni): an A/A pair of runs then calls no row different 19 times in 20" : "");
        List<CapacityRatio> capacities = CapacityRatio.of(a, b);
        List<ProfileDiff> why = new ArrayList<>();
        List<Profiles.Graph> differentials = new ArrayList<>();
        for (var e : pointsA.entrySet()) {
            List<PointRecord> inB = pointsB.get(e.getKey());
            if (inB == null || dirA == null || dirB == null) {
                continue;
            }
            List<Profiles.Point> pa = Profiles.readAll(e.getValue(), dirA);
            List<Profiles.Point> pb = Profiles.readAll(inB, dirB);
            if (!pa.isEmpty() && !pb.isEmpty()) {
                Profiles.Why w = Profiles.why(name(e.getValue().get(0).target(), e.getValue().get(0).load()), pa, pb);
                why.add(w.diff());
                differentials.add(w.graph());
            }
        }
        return new Comparison(Side.of(nameA, a), Side.of(nameB, b), method, List.copyOf(rows), List.copyOf(onlyInA),
                onlyInB, capacities.isEmpty() ? null : capacities, why.isEmpty() ? null : List.copyOf(why),
                List.copyOf(differentials));
    }

    private static Map<Match, List<PointRecord>> byMatch(RunRecord run) {
        Map<Match, List<PointRecord>> groups = new LinkedHashMap<>();
        for (PointRecord p : run.points() == null ? List.<PointRecord>of() : run.points()) {
            groups.computeIfAbsent(Match.of(p), k -> new ArrayList<>()).add(p);
        }
        return groups;
    }

    /**
     * The repeats of B against those of A (A's target and load name the row), as {@code compare} judges
     * two runs and report.html two versions in one run: {@code coldA}, {@code coldB}, whether a side
     * never reached steady state in its warm-up, which weakens a verdict like a wide spread does;
     * {@code together}: the confidence of the interval each verdict is read on (95%, or more when the
     * verdicts of many rows must hold together: {@link Ratios#simultaneous}), the interval shown being 95%.
     */
    static Row row(List<PointRecord> pointsA, List<PointRecord> pointsB, boolean paired, boolean coldA, boolean coldB,
                   double together) {
        PointRecord first = pointsA.get(0);
        // an aborted point that sent nothing has no figures to compare, as in the summary tables
        List<PointRecord> a = pointsA.stream().filter(p -> p.requests() > 0).toList();
        List<PointRecord> b = pointsB.stream().filter(p -> p.requests() > 0).toList();
        List<Ratio> ratios = new ArrayList<>();
        for (Metric m : METRICS) {
            // a flow's throughput counts iterations, so it is named as such, with its requests per second beside
            ratios.add(ratio(first.flow() && m == METRICS.get(0) ? new Metric(ITERATIONS_PER_SECOND, true, PointRecord::throughput)
                    : m, a, b, paired, coldA, coldB, together));
            if (first.flow() && m == METRICS.get(0)) {
                ratios.add(ratio(new Metric(REQUESTS_PER_SECOND, true, PointRecord::requestsPerSecond), a, b, paired, coldA, coldB,
                        together));
            }
        }
        // a flow's points are then matched step by step: each step both runs measured, by its name
        for (String step : stepsOfAll(a, b)) {
            for (Metric m : List.of(new Metric("step " + step + " p50Micros", false, p -> step(p, step).latencyMicros().p50()),
                    new Metric("step " + step + " p99Micros", false, p -> step(p, step).latencyMicros().p99()))) {
                ratios.add(ratio(m, a, b, paired, coldA, coldB, together));
            }
        }
        return new Row(first.target(), first.load(), a.size(), b.size(), List.copyOf(ratios));
    }

    private static boolean noneValidated(List<PointRecord> points) {
        return !points.isEmpty() && points.stream().allMatch(p -> p.validated() == 0);
    }

    /** The names of the iteration steps every point of both sides has, in A's order. */
    private static List<String> stepsOfAll(List<PointRecord> a, List<PointRecord> b) {
        if (a.isEmpty() || a.get(0).steps() == null) {
            return List.of();
        }
        return a.get(0).steps().stream().map(io.wsbench.model.record.StepRecord::name)
                .filter(name -> java.util.stream.Stream.concat(a.stream(), b.stream())
                        .allMatch(p -> p.steps() != null && p.steps().stream().anyMatch(s -> s.name().equals(name))))
                .toList();
    }

    private static io.wsbench.model.record.StepRecord step(PointRecord p, String name) {
        return p.steps().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    /**
     * B/A of one metric: {@code paired}, when A and B were measured in the same rounds of one run
     * (each round's B over its A: {@link Ratios#paired}), else two runs' repeats apart ({@link Ratios#unpaired}).
     */
    private static Ratio ratio(Metric m, List<PointRecord> pointsA, List<PointRecord> pointsB, boolean paired,
                               boolean coldA, boolean coldB, double together) {
        String noAnswer = m.higherIsBetter() ? null : noneValidated(pointsA) ? "A" : noneValidated(pointsB) ? "B" : null;
        if (noAnswer != null) {
            // a latency is only a right answer's: where none passed its check there is none to compare (not 0 ms)
            return new Ratio(m.name(), null, null, null, null, null, "no latency: no answer passed its check in " + noAnswer);
        }
        double[] a = pointsA.stream().mapToDouble(m.value()).toArray();
        double[] b = pointsB.stream().mapToDouble(m.value()).toArray();
        java.util.function.DoubleFunction<Estimate> interval;
        if (paired) {
            io.wsbench.model.stats.ByInstance byA = Summary.byInstance(pointsA, m.value());
            io.wsbench.model.stats.ByInstance byB = Summary.byInstance(pointsB, m.value());
            interval = confidence -> io.wsbench.model.stats.Levels.ratio(byA, byB, confidence);
        } else {
            // two runs made apart: each run's processes (or, of one process, its repeats) are its units
            double[] unitsA = io.wsbench.model.stats.Levels.units(Summary.byInstance(pointsA, m.value()));
            double[] unitsB = io.wsbench.model.stats.Levels.units(Summary.byInstance(pointsB, m.value()));
            interval = confidence -> Ratios.unpaired(unitsA, unitsB, confidence);
        }
        return ratio(m.name(), m.higherIsBetter(), a, b, interval, together, coldA, coldB);
    }

    /** B/A of one figure: its 95% interval shown, its verdict read on the interval at {@code together}. */
    private static Ratio ratio(String metric, boolean higherIsBetter, double[] a, double[] b,
                               java.util.function.DoubleFunction<Estimate> intervalAt, double together, boolean coldA, boolean coldB) {
        Estimate interval = intervalAt.apply(Estimate.CONFIDENCE);
        Metric m = new Metric(metric, higherIsBetter, p -> 0);
        if (a.length == 0 || b.length == 0) {
            return new Ratio(m.name(), null, null, null, null, null,
                    "no interval: nothing measured in " + (a.length == 0 ? "A" : "B"));
        }
        Summary.Spread spreadA = Summary.Spread.of(a);
        Summary.Spread spreadB = Summary.Spread.of(b);
        Double ratio = finite(spreadB.median() / spreadA.median());
        if (a.length < 2 || b.length < 2) {
            return new Ratio(m.name(), spreadA, spreadB, ratio, null, null,
                    "no interval: 1 repeat in " + (a.length < 2 ? "A" : "B"));
        }
        Double low = interval.low() == null ? null : finite(interval.low());
        Double high = interval.high() == null ? null : finite(interval.high());
        if (ratio == null || low == null || high == null) {
            return new Ratio(m.name(), spreadA, spreadB, ratio, low, high, "no interval: A measured 0");
        }
        if (a.length < VERDICT_REPEATS || b.length < VERDICT_REPEATS) {
            // 2 repeats give an interval, and too little to judge by
            return new Ratio(m.name(), spreadA, spreadB, ratio, low, high, "no verdict: 2 repeats in "
                    + (a.length < VERDICT_REPEATS ? "A" : "B") + " (needs " + VERDICT_REPEATS + ")");
        }
        Estimate judged = together == Estimate.CONFIDENCE ? interval : intervalAt.apply(together);
        double judgedLow = judged.low() == null ? low : judged.low();
        double judgedHigh = judged.high() == null ? high : judged.high();
        String verdict = judgedLow > 1 ? (m.higherIsBetter() ? FASTER : HIGHER)
                : judgedHigh < 1 ? (m.higherIsBetter() ? SLOWER : LOWER) : SAME;
        // a side whose repeats disagree makes any verdict a weaker one: say so beside it
        List<String> unsteady = new ArrayList<>();
        if (spreadA.relativeHalfRange() > Summary.STEADY_SPREAD) {
            unsteady.add(String.format(java.util.Locale.ROOT, "A spreads ±%.0f%%", 100 * spreadA.relativeHalfRange()));
        }
        if (spreadB.relativeHalfRange() > Summary.STEADY_SPREAD) {
            unsteady.add(String.format(java.util.Locale.ROOT, "B spreads ±%.0f%%", 100 * spreadB.relativeHalfRange()));
        }
        if (coldA) {
            unsteady.add("A never steady in its warm-up");
        }
        if (coldB) {
            unsteady.add("B never steady in its warm-up");
        }
        if (!unsteady.isEmpty()) {
            verdict = (verdict.equals(SAME) ? verdict : "probably " + verdict) + " (not steady: " + String.join(", ", unsteady) + ")";
        }
        return new Ratio(m.name(), spreadA, spreadB, ratio, low, high, verdict);
    }

    /**
     * The row with, when both runs have the same baseline and this row is not held against itself, a ratio of the
     * row's throughput over its baseline's (the run's baseline, or its counterpart in the row's sequence or security
     * configuration, which the metric's name then says): each run's rounds paired within the run, the two runs'
     * ratios then held apart. A drift of the machine between the runs moves a row and its baseline alike, and
     * cancels here.
     */
    private static Row withBaseline(Row row, RunRecord a, RunRecord b, Sides summaries, double together) {
        String baseline = a.baseline();
        if (baseline == null || !baseline.equals(b.baseline())) {
            return row;
        }
        List<Summary> rowsA = summaries.a();
        List<Summary> rowsB = summaries.b();
        Summary mineA = find(rowsA, row);
        Summary mineB = find(rowsB, row);
        String against = mineA == null ? null : Summary.baselineOf(rowsA, mineA, baseline);
        if (against == null || mineB == null || against.equals(row.target().label())) {
            return row;
        }
        double[] ra = Summary.unitRatios(rowsA, mineA, baseline);
        double[] rb = Summary.unitRatios(rowsB, mineB, baseline);
        if (ra == null || rb == null) {
            return row;
        }
        List<Ratio> ratios = new ArrayList<>(row.ratios());
        ratios.add(ratio(RATIO_PREFIX + against, true, ra, rb, confidence -> Ratios.unpaired(ra, rb, confidence), together,
                false, false));
        return new Row(row.target(), row.load(), row.repeatsA(), row.repeatsB(), List.copyOf(ratios));
    }

    /** The rows of run A and of run B ({@link Summary#of(RunRecord)}). */
    private record Sides(List<Summary> a, List<Summary> b) {
    }

    /** {@code row}'s target and load among a run's rows; null when the run has none. */
    private static Summary find(List<Summary> rows, Row row) {
        return rows.stream().filter(r -> r.target().label().equals(row.target().label())
                && r.load().shape().equals(row.load().shape())).findFirst().orElse(null);
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    static String name(TargetRecord t, LoadRecord l) {
        return t.label() + " @ " + l.describe();
    }

    /** Writes compare.json, compare.csv and compare.html into {@code dir}; returns their paths. */
    public List<Path> write(Path dir) {
        try {
            Files.createDirectories(dir);
            Path json = dir.resolve("compare.json");
            RunJson.MAPPER.writeValue(json.toFile(), this);
            Path csv = dir.resolve("compare.csv");
            writeCsv(csv);
            Path html = dir.resolve("compare.html");
            Files.writeString(html, ComparePage.render(this), StandardCharsets.UTF_8);
            return List.of(json, csv, html);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the comparison into " + dir + ": " + e.getMessage(), e);
        }
    }

    /** One line per target, load and metric; points measured in one run only get a line saying so. */
    private void writeCsv(Path file) throws IOException {
        try (ResultsCsv.Table csv = new ResultsCsv.Table(file, List.of("target.label", "target.stack", "target.protocol",
                "target.variant", "target.security", "load", "metric", "repeatsA", "medianA", "minA", "maxA", "repeatsB",
                "medianB", "minB", "maxB", "ratioBA", "ci95Low", "ci95High", "verdict"))) {
            for (Row r : rows) {
                TargetRecord t = r.target();
                for (Ratio x : r.ratios()) {
                    csv.row(t.label(), t.stack(), t.protocol(), t.variant(), t.security(), r.load().describe(),
                            x.metric(), r.repeatsA(), median(x.a()), min(x.a()), max(x.a()),
                            r.repeatsB(), median(x.b()), min(x.b()), max(x.b()), x.ratio(), x.low(), x.high(), x.verdict());
                }
            }
            for (Unmatched u : onlyInA) {
                unmatched(csv, u, "only in A");
            }
            for (Unmatched u : onlyInB) {
                unmatched(csv, u, "only in B");
            }
        }
    }

    private static void unmatched(ResultsCsv.Table csv, Unmatched u, String verdict) {
        TargetRecord t = u.target();
        csv.row(t.label(), t.stack(), t.protocol(), t.variant(), t.security(), u.load().describe(),
                null, null, null, null, null, null, null, null, null, null, null, null, verdict);
    }

    private static Double median(Summary.Spread s) {
        return s == null ? null : s.median();
    }

    private static Double min(Summary.Spread s) {
        return s == null ? null : s.min();
    }

    private static Double max(Summary.Spread s) {
        return s == null ? null : s.max();
    }
}
