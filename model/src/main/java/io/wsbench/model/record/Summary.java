package io.wsbench.model.record;

import io.wsbench.model.stats.ByInstance;
import io.wsbench.model.stats.Estimate;
import io.wsbench.model.stats.Levels;
import io.wsbench.model.stats.Ratios;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * The repeats of one target under one load, reduced to a median and its spread (min and max).
 * Every table wsbench prints is made of these rows, so no figure goes out without its spread.
 * {@code generatorPaced} counts the repeats in which the load generator may have set the pace
 * ({@link PointRecord#generatorSetThePace}): the row then measures wsbench as much as the server.
 * {@code throughputs}: each measured repeat's throughput by its instance (server process) and round, so
 * that a ratio to the baseline pairs points measured in the same round and its interval holds the
 * processes' noise ({@link Levels}); {@code cpuPerAnswer} the server's CPU per valid answer (µs) alike. A {@code flow}'s row counts
 * iterations in {@code throughput} (it/s); its {@code requestsPerSecond} are its steps' requests.
 * {@code meanMicrosByRepeat} and {@code p99MicrosByRepeat}: each measured repeat's latencies, for their intervals.
 */
public record Summary(String key, TargetRecord target, LoadRecord load, int repeats,
                      Spread throughput, Spread meanMicros, Spread p50Micros, Spread p99Micros,
                      Spread bytesSent, Spread bytesReceived, Spread serverCpuPercent, Spread secondsPerPass,
                      long requests, long errors, long validated, List<String> aborted, int generatorPaced,
                      @com.fasterxml.jackson.annotation.JsonIgnore ByInstance throughputs,
                      boolean flow, Spread requestsPerSecond,
                      @com.fasterxml.jackson.annotation.JsonIgnore double[] meanMicrosByRepeat,
                      @com.fasterxml.jackson.annotation.JsonIgnore double[] p99MicrosByRepeat,
                      @com.fasterxml.jackson.annotation.JsonIgnore ByInstance cpuPerAnswer) {

    /** A median with the smallest and largest value seen. */
    public record Spread(double median, double min, double max) {
        public static Spread of(double[] values) {
            if (values.length == 0) {
                return new Spread(Double.NaN, Double.NaN, Double.NaN);
            }
            double[] v = values.clone();
            Arrays.sort(v);
            int n = v.length;
            double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
            return new Spread(median, v[0], v[n - 1]);
        }

        /** Half the range as a share of the median, e.g. 0.03 for ±3%. */
        public double relativeHalfRange() {
            return median == 0 ? 0 : (max - min) / 2 / Math.abs(median);
        }
    }

    /** Repeats that spread more than this (half the min–max range over the median) are not a steady figure. */
    public static final double STEADY_SPREAD = 0.10;

    /**
     * Whether the repeats disagree by more than {@link #STEADY_SPREAD} in throughput or mean
     * latency: the figure is then not one the run can vouch for. One repeat has no spread to judge.
     */
    public boolean unstable() {
        return repeats >= 2 && spreadOfRepeats() > STEADY_SPREAD;
    }

    /** The larger of throughput's and mean latency's half range over their medians. */
    public double spreadOfRepeats() {
        double t = throughput.relativeHalfRange();
        double m = meanMicros.relativeHalfRange();
        return Math.max(Double.isNaN(t) ? 0 : t, Double.isNaN(m) ? 0 : m);
    }

    /** Groups points by target and load, in the order they were first measured. */
    public static List<Summary> of(List<PointRecord> points) {
        List<Summary> rows = new ArrayList<>();
        for (var e : PointRecord.byKey(points).entrySet()) {
            List<PointRecord> ps = e.getValue();
            List<PointRecord> measured = ps.stream().filter(p -> p.requests() > 0).toList();
            PointRecord first = ps.get(0);
            rows.add(new Summary(e.getKey(), first.target(), first.load(), ps.size(),
                    spread(measured, PointRecord::throughput),
                    spread(measured, p -> p.latencyMicros().mean()),
                    spread(measured, p -> p.latencyMicros().p50()),
                    spread(measured, p -> p.latencyMicros().p99()),
                    spread(measured, PointRecord::bytesSentPerRequest),
                    spread(measured, PointRecord::bytesReceivedPerRequest),
                    spread(measured.stream().filter(p -> p.server() != null && p.server().cpuPercent() != null).toList(),
                            p -> p.server().cpuPercent()),
                    spread(measured.stream().filter(p -> p.load().sequences() != null).toList(),
                            p -> p.durationSeconds() / p.load().sequences()),
                    ps.stream().mapToLong(PointRecord::requests).sum(),
                    ps.stream().mapToLong(p -> p.errors().total()).sum(),
                    ps.stream().mapToLong(PointRecord::validated).sum(),
                    ps.stream().map(PointRecord::aborted).filter(a -> a != null).toList(),
                    (int) measured.stream().filter(PointRecord::generatorSetThePace).count(),
                    byInstance(measured, PointRecord::throughput), first.flow(), spread(measured, PointRecord::requestsPerSecond),
                    measured.stream().mapToDouble(p -> p.latencyMicros().mean()).toArray(),
                    measured.stream().mapToDouble(p -> p.latencyMicros().p99()).toArray(),
                    byInstance(measured.stream().filter(p -> p.serverCpuMicrosPerRequest() != null).toList(),
                            PointRecord::serverCpuMicrosPerRequest)));
        }
        return rows;
    }

    /**
     * The rows of a run in the suite's order: its targets as the suite lists them (a run in rounds
     * measured them in a random order), each target's loads by users, then rate.
     */
    public static List<Summary> of(RunRecord run) {
        List<Summary> rows = of(run.points() == null ? List.of() : run.points());
        List<String> labels = run.order() == null || run.order().targets() == null ? List.of() : run.order().targets();
        if (labels.isEmpty()) {
            return rows;
        }
        List<Summary> sorted = new ArrayList<>(rows);
        sorted.sort(java.util.Comparator.<Summary>comparingInt(r -> {
            int i = labels.indexOf(r.target().label());
            return i < 0 ? labels.size() : i;
        }).thenComparingInt(r -> r.load().users()).thenComparingDouble(r -> r.load().rate() == null ? 0 : r.load().rate()));
        return List.copyOf(sorted);
    }

    /** {@code f} of each point by its instance and round. */
    public static ByInstance byInstance(List<PointRecord> points, ToDoubleFunction<PointRecord> f) {
        return ByInstance.of(points.stream().map(p -> new ByInstance.Value(p.instance(), p.repeat(), f.applyAsDouble(p))).toList());
    }

    /**
     * The row's throughput with its 95% interval: over its instances when it has several (both levels,
     * {@link Levels#centre}), else the median of its repeats ({@link Ratios#median}).
     */
    public Estimate throughputInterval() {
        return Levels.centre(throughputs);
    }

    /** The server's CPU per valid answer (µs) with its 95% interval, as {@link #throughputInterval()}; null when not measured. */
    public Estimate cpuPerAnswerInterval() {
        return cpuPerAnswer.instances() == 0 ? null : Levels.centre(cpuPerAnswer);
    }

    /**
     * What the intervals of {@code rows} hold, said once under every table of them: with servers run
     * as several processes, both levels (n is processes x rounds), and how far a row's processes lay
     * apart; with one, the noise between the rounds of that process only. Null for rows of one repeat.
     */
    public static String levels(List<Summary> rows) {
        if (rows.isEmpty() || rows.stream().allMatch(r -> r.repeats() < 2)) {
            return null;
        }
        int most = rows.stream().mapToInt(Summary::instances).max().orElse(0);
        if (most < 2) {
            return "one process a server, so they hold the noise between its rounds, not what another process"
                    + " of the same build would read (run with --instances 3 or more)";
        }
        double widest = rows.stream().mapToDouble(r -> r.throughputs().instanceSpread()).filter(Double::isFinite).max().orElse(Double.NaN);
        long single = rows.stream().filter(r -> r.instances() == 1).count();
        return String.format(java.util.Locale.ROOT, "%d processes of each server (n: processes x rounds), Student's t over"
                + " the processes' means, so they hold what two processes of one build differ by%s%s", most,
                Double.isNaN(widest) ? "" : String.format(java.util.Locale.ROOT, "; the processes of one row lay up to ±%.1f%% apart", 100 * widest),
                single == 0 ? "" : "; " + single + (single == 1 ? " row" : " rows") + " of one process (a URL wsbench did not start,"
                        + " or a server that chooses its own port) hold that process's noise only");
    }

    /** How many server processes measured the row. */
    public int instances() {
        return throughputs.instances();
    }

    /** The row's median mean latency (µs) with its 95% interval over its repeats. */
    public Estimate meanInterval() {
        return Ratios.median(meanMicrosByRepeat);
    }

    /** The row's median p99 latency (µs) with its 95% interval over its repeats. */
    public Estimate p99Interval() {
        return Ratios.median(p99MicrosByRepeat);
    }

    /**
     * Throughput of {@code row} over its baseline's at the same load, paired round by round: each
     * round's ratio of two points measured in that round, their median and its 95% interval
     * ({@link Ratios#paired}); null when there is no baseline row.
     */
    public static Estimate pairedRatio(List<Summary> rows, Summary row, String baseline) {
        Summary base = baselineRow(rows, row, baseline);
        return base == null ? null : ratio(base, row, Estimate.CONFIDENCE);
    }

    /**
     * The server's CPU per answer of {@code row} over its baseline's, paired as {@link #pairedRatio};
     * null without a baseline row or without the CPU of both.
     */
    public static Estimate pairedCpuRatio(List<Summary> rows, Summary row, String baseline) {
        Summary base = baselineRow(rows, row, baseline);
        return base == null ? null : cpuRatio(base, row, Estimate.CONFIDENCE);
    }

    /**
     * The server's CPU per answer of {@code b} over {@code a}'s, measured in the same run, paired as
     * {@link #ratio} is; null when either has no CPU measured.
     */
    public static Estimate cpuRatio(Summary a, Summary b, double confidence) {
        return a.cpuPerAnswer.instances() == 0 || b.cpuPerAnswer.instances() == 0 ? null
                : Levels.ratio(a.cpuPerAnswer, b.cpuPerAnswer, confidence);
    }

    /** Throughput of {@code b} over {@code a}, measured in the same run: paired by round, its interval at {@code confidence} over both levels ({@link Levels#ratio}). */
    public static Estimate ratio(Summary a, Summary b, double confidence) {
        return Levels.ratio(a.throughputs, b.throughputs, confidence);
    }

    /**
     * The throughput of {@code row} over its baseline's as units a comparison of two runs holds apart:
     * each instance's ratio, or each round's for servers of one process ({@link Levels#unitRatios});
     * null when there is no baseline row.
     */
    public static double[] unitRatios(List<Summary> rows, Summary row, String baseline) {
        Summary base = baselineRow(rows, row, baseline);
        return base == null ? null : Levels.unitRatios(base.throughputs, row.throughputs);
    }

    /**
     * Median throughput of {@code row} over that of its baseline at the same load, or NaN. The
     * baseline is the target labelled {@code baseline}, or, for a row of another request sequence
     * or security configuration, the baseline's stack and protocol in that same sequence and
     * configuration (seed 001 normalized each sequence to CXF).
     */
    public static double ratioToBaseline(List<Summary> rows, Summary row, String baseline) {
        Summary r = baselineRow(rows, row, baseline);
        return r == null ? Double.NaN : row.throughput().median() / r.throughput().median();
    }

    /**
     * The label of the row {@code row} is held against, by {@link #ratioToBaseline}'s rule ("CXF large" for a row of
     * seed 001's large sequence whose run's baseline is "CXF small"); null for none.
     */
    public static String baselineOf(List<Summary> rows, Summary row, String baseline) {
        Summary b = baselineRow(rows, row, baseline);
        return b == null ? null : b.target().label();
    }

    /** The labels of the rows that {@code rows} are held against, in the order the rows first use them. */
    public static List<String> baselines(List<Summary> rows, String baseline) {
        return rows.stream().map(r -> baselineOf(rows, r, baseline)).filter(Objects::nonNull).distinct().toList();
    }

    /**
     * The name a column of ratios to {@code baseline} goes by: the baseline's label where every row is held against it;
     * where rows of other sequences or security configurations are held against its counterparts, the leading words
     * their labels share ("CXF" for "CXF small" and "CXF large"), else "baseline". Null without a baseline.
     */
    public static String baselineHeading(List<Summary> rows, String baseline) {
        return heading(baselines(rows, baseline), baseline);
    }

    /** {@link #baselineHeading} of the rows held against {@code labels}. */
    private static String heading(List<String> labels, String baseline) {
        if (baseline == null || labels.size() <= 1) {
            return baseline;
        }
        String[] shared = labels.get(0).split(" ");
        int n = shared.length;
        for (String l : labels) {
            String[] words = l.split(" ");
            int i = 0;
            while (i < Math.min(n, words.length) && words[i].equals(shared[i])) {
                i++;
            }
            n = i;
        }
        return n == 0 ? "baseline" : String.join(" ", Arrays.asList(shared).subList(0, n));
    }

    /**
     * Where rows are held against the baseline's counterparts in other sequences or configurations, what a column headed
     * {@link #baselineHeading} means: "each row over the CXF row of its own request sequence or security configuration, at
     * the same load (CXF small, CXF large)"; null where every row is held against the baseline itself.
     */
    public static String counterpartsSaid(List<Summary> rows, String baseline) {
        List<String> labels = baselines(rows, baseline);
        return labels.size() <= 1 ? null : "each row over the " + heading(labels, baseline)
                + " row of its own request sequence or security configuration, at the same load (" + String.join(", ", labels) + ")";
    }

    /** The row {@code row} is held against: {@link #ratioToBaseline}'s rule; null for none. */
    private static Summary baselineRow(List<Summary> rows, Summary row, String baseline) {
        if (baseline == null) {
            return null;
        }
        TargetRecord b = rows.stream().map(Summary::target).filter(t -> baseline.equals(t.label())).findFirst().orElse(null);
        if (b == null) {
            return null;
        }
        for (Summary r : rows) {
            TargetRecord t = r.target();
            // the baseline itself, or its counterpart: the same server and request in another sequence or
            // security (a URL target's server is its URL: two URL targets of one protocol are not one)
            boolean sameTarget = baseline.equals(t.label()) || (b.stack() != null && Objects.equals(t.stack(), b.stack())
                    && Objects.equals(t.protocol(), b.protocol()) && Objects.equals(t.variant(), b.variant())
                    && Objects.equals(t.operation(), b.operation()) && Objects.equals(t.stackOptions(), b.stackOptions()));
            if (sameTarget && Objects.equals(t.sequence(), row.target().sequence())
                    && Objects.equals(t.security(), row.target().security())
                    && r.load().describe().equals(row.load().describe()) && r.throughput().median() > 0) {
                return r;
            }
        }
        return null;
    }

    private static Spread spread(List<PointRecord> ps, ToDoubleFunction<PointRecord> f) {
        return Spread.of(ps.stream().mapToDouble(f).toArray());
    }
}
