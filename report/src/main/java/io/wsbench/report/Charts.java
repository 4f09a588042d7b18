package io.wsbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.StepRecord;
import io.wsbench.model.record.Summary;
import io.wsbench.model.record.Sweep;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The report's charts as data: what each chart shows, in JSON that {@code charts.js} hands to Apache
 * ECharts. Java decides the figures (medians, spreads, percentiles, the knee); the script only draws
 * them. Each chart whose figures appear in no table carries a table of its own, so that a reader
 * with scripts blocked still has every figure.
 */
final class Charts {

    /** One chart of the page: its caption, its data as JSON, and its figures as a table (null when the summary has them). */
    record Chart(String caption, String data, Table figures) {
    }

    /**
     * What {@code charts.js} reads. {@code kind}: bars, stacked (horizontal, one bar per category),
     * percentiles, seconds or sweep. {@code unit}
     * follows every value in a tooltip; {@code decimals} is how it is rounded there.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Spec(String kind, String xName, String yName, String y2Name, String unit, int decimals,
                List<String> categories, List<Series> series, Mark mark) {
    }

    /**
     * A series: bars (one per category, null where the target did not run that load) or points
     * ({@code [x, y, ...]}). {@code color}: the target's index, so that a target keeps its colour in
     * every chart; {@code dashed}: a later repeat; {@code right}: drawn against the right-hand axis.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Series(String name, int color, boolean dashed, boolean right, List<double[]> points, List<Bar> bars) {
    }

    /** A bar: the median of the repeats and, with two or more, their min and max (the whisker). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Bar(double value, Double min, Double max, int repeats) {
    }

    /** A labelled vertical line, e.g. a sweep's knee. */
    record Mark(double x, String label) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double NINES = 4; // the percentile chart reaches 99.99%
    private static final int STEPS = 80;

    private Charts() {
    }

    /** Requests per second as bars, one group per load level, one bar per target, whiskers for min–max. */
    static Chart throughput(List<Summary> rows, List<String> targets, List<String> loads) {
        List<Series> series = bars(rows, targets, loads, row -> Double.isNaN(row.throughput().median()) ? null
                : bar(row.throughput().median(), row.throughput().min(), row.throughput().max(), row.repeats()));
        return chart("Requests per second by target and load",
                new Spec("bars", "load", "requests/s", null, "req/s", 0, loads, series, null), null);
    }

    /** True when the run timed request sequences against a baseline: the normalized chart means something. */
    static boolean normalizes(List<Summary> rows, String baseline) {
        return baseline != null && rows.stream().anyMatch(r -> !Double.isNaN(r.secondsPerPass().median()));
    }

    /**
     * Seed 001's "normalized to CXF" bars: the time of one pass of a request sequence as a multiple of
     * the baseline stack's time in the same sequence and load, paired round by round. Shorter is better;
     * whiskers span the ratio's 95% interval ({@link Summary#pairedRatio}).
     */
    static Chart normalized(List<Summary> rows, List<String> targets, List<String> loads, String baseline) {
        List<Series> series = bars(rows, targets, loads, row -> {
            io.wsbench.model.stats.Estimate ratio = Summary.pairedRatio(rows, row, baseline);
            if (ratio == null || !(ratio.median() > 0)) {
                return null;
            }
            // a time is the inverse of a throughput: the interval's ends swap
            return ratio.bounded() && ratio.low() > 0
                    ? bar(1 / ratio.median(), 1 / ratio.high(), 1 / ratio.low(), row.repeats())
                    : bar(1 / ratio.median(), Double.NaN, Double.NaN, row.repeats());
        });
        return chart("Time per pass normalized to " + baseline + " (shorter is better)",
                new Spec("bars", "load", "× the baseline's time", null, "× the baseline's time", 2, loads, series, null), null);
    }

    /**
     * Latency by percentile at one load level, as HdrHistogram plots it: the x axis is "1 in N" on a
     * log scale (90%, 99%, 99.9%, 99.99%), so that the tail gets as much room as the median.
     */
    static Chart percentiles(String load, List<PointRecord> points, List<String> targets) {
        Map<String, Histogram> merged = merged(points);
        List<Series> series = new ArrayList<>();
        List<Table.Row> rows = new ArrayList<>();
        for (Map.Entry<String, Histogram> e : merged.entrySet()) {
            Histogram h = e.getValue();
            List<double[]> curve = new ArrayList<>();
            for (int i = 0; i <= STEPS; i++) {
                double oneIn = Math.pow(10, NINES * i / STEPS);
                curve.add(new double[] {oneIn, h.getValueAtPercentile(100 * (1 - 1 / oneIn)) / 1000.0});
            }
            series.add(new Series(e.getKey(), targets.indexOf(e.getKey()), false, false, curve, null));
            List<Table.Cell> cells = new ArrayList<>();
            cells.add(Table.Cell.of(e.getKey()));
            for (double p : new double[] {50, 90, 99, 99.9, 99.99}) {
                cells.add(Table.Cell.of(HtmlFormat.millis(h.getValueAtPercentile(p))));
            }
            cells.add(Table.Cell.of(HtmlFormat.millis(h.getMaxValue())));
            cells.add(Table.Cell.of(HtmlFormat.count(h.getTotalCount())));
            rows.add(new Table.Row(cells));
        }
        Table figures = new Table(List.of("target", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "p99.99 ms", "max ms",
                "answers"), rows);
        return chart("Latency by percentile at " + load,
                new Spec("percentiles", "percentile", "latency (ms)", null, "ms", 3, null, series, null), figures);
    }

    /** The repeats of each target merged into one histogram: exact, since HdrHistogram adds counts. */
    static Map<String, Histogram> merged(List<PointRecord> points) {
        Map<String, Histogram> byTarget = new LinkedHashMap<>();
        for (PointRecord p : points) {
            if (p.histogram() == null) {
                continue;
            }
            Histogram h = io.wsbench.model.record.Histograms.decode(p.histogram());
            if (h.getTotalCount() > 0) {
                byTarget.computeIfAbsent(p.target().label(), k -> new Histogram(3)).add(h); // auto-resizing
            }
        }
        return byTarget;
    }

    /**
     * The shortest part of a second, at a point's end, drawn in its chart (at its rate: 400 requests in its last half
     * second draw 800/s); a shorter part, and the answers that came after the point's end to requests in flight at its
     * end (a second of its own, of one request a user), are in its figures, not in its line.
     */
    static final double MIN_SPAN = 0.5;

    /**
     * Requests completed in each second of each point at one load level: warm-up, stalls and a server
     * slowing down show here and nowhere else. One colour per target, later repeats dashed. Each point
     * is {@code [second, requests, p99 ms, errors]}, the last two for the tooltip.
     */
    static Chart seconds(String caption, List<PointRecord> points, List<String> targets) {
        List<Series> series = new ArrayList<>();
        List<Table.Row> rows = new ArrayList<>();
        for (PointRecord p : points) {
            List<SecondSample> samples = p.series() == null ? List.of() : p.series();
            List<double[]> line = new ArrayList<>();
            for (SecondSample s : samples) {
                double span = Math.min(1, p.durationSeconds() - s.second());
                if (span >= MIN_SPAN) { // the answers after the point's end (in flight at its end) drew a fall to 0
                    line.add(new double[] {s.second(), Math.round(s.requests() / span), s.p99Micros() / 1000.0, s.errors()});
                }
            }
            series.add(new Series(p.key() + ", repeat " + p.repeat(), targets.indexOf(p.target().label()),
                    p.repeat() > 1, false, line, null));
            rows.add(new Table.Row(List.of(Table.Cell.of(p.key()), Table.Cell.of(String.valueOf(p.repeat())),
                    Table.Cell.of(samples.stream().map(s -> HtmlFormat.count(s.requests())).collect(Collectors.joining(" · "))))));
        }
        Table figures = new Table(List.of("point", "repeat", "requests in each second, from the first"), rows);
        return chart("Requests per second over time at " + caption,
                new Spec("seconds", "second of the run", "requests/s", null, "requests", 0, null, series, null), figures);
    }

    /**
     * Seed 002's chart: requests/s (left axis) and server CPU (right axis) against users, for one
     * target, with its knee marked where throughput stops growing. The summary table has its figures.
     */
    static Chart sweep(Sweep sweep) {
        List<double[]> rate = new ArrayList<>();
        List<double[]> cpu = new ArrayList<>();
        for (Sweep.Step s : sweep.steps()) {
            rate.add(new double[] {s.users(), s.throughput()});
            if (Double.isFinite(s.serverCpuPercent())) {
                cpu.add(new double[] {s.users(), s.serverCpuPercent()});
            }
        }
        List<Series> series = new ArrayList<>();
        series.add(new Series("requests/s", 0, false, false, rate, null));
        if (!cpu.isEmpty()) {
            series.add(new Series("server CPU % (100 = one core)", 2, true, true, cpu, null));
        }
        Mark knee = sweep.knee() == null ? null : new Mark(sweep.knee().users(), "knee: " + sweep.knee().users() + " users");
        return chart(sweep.target() + ": requests/s and server CPU against users",
                new Spec("sweep", "users (closed loop)", "requests/s", cpu.isEmpty() ? null : "server CPU %", null, 0, null,
                        series, knee), null);
    }

    /**
     * A capacity search's "hockey stick": each probe's p50 and p99 (ms, left axis) and its errors (%,
     * right axis) against the rate it offered, in rate order, with each latency SLO as a flat dashed
     * line and the capacity found marked. Its figures are in the capacity table.
     */
    static Chart capacity(CapacityRecord c, List<Double> latencySlosMillis) {
        List<CapacityRecord.Probe> probes = c.probes().stream()
                .sorted(java.util.Comparator.comparingDouble(CapacityRecord.Probe::rate)).toList();
        List<double[]> p50 = new ArrayList<>();
        List<double[]> p99 = new ArrayList<>();
        List<double[]> errors = new ArrayList<>();
        for (CapacityRecord.Probe p : probes) {
            p50.add(new double[] {p.rate(), p.p50Micros() / 1000});
            p99.add(new double[] {p.rate(), p.p99Micros() / 1000});
            errors.add(new double[] {p.rate(), p.requests() == 0 ? 0 : 100.0 * p.errors() / p.requests()});
        }
        List<Series> series = new ArrayList<>(List.of(new Series("p99 ms", 2, false, false, p99, null),
                new Series("p50 ms", 0, false, false, p50, null), new Series("errors %", 9, true, true, errors, null)));
        double last = probes.isEmpty() ? 0 : probes.get(probes.size() - 1).rate();
        for (double slo : latencySlosMillis) {
            series.add(new Series("SLO " + HtmlFormat.fixed(slo, slo < 10 ? 1 : 0) + " ms", 4, true, false,
                    List.of(new double[] {0, slo}, new double[] {last, slo}), null));
        }
        Mark found = c.rate() == null ? null : new Mark(c.rate(), "capacity " + HtmlFormat.rate(c.rate()) + "/s");
        return chart(c.target().label() + ": latency and errors against the rate offered",
                new Spec("xy", "requests/s offered (open loop)", "latency (ms)", "errors %", "req/s offered", 0, null,
                        series, found), null);
    }

    /**
     * A profiled point's load against time: the load its stages offered and the answers achieved each
     * second (left axis), and each second's p50 and p99 (ms, right axis): where they part is where the
     * server stopped keeping up. Each point is {@code [second, value]}.
     */
    static Chart ramp(PointRecord p) {
        List<double[]> offered = new ArrayList<>();
        List<double[]> achieved = new ArrayList<>();
        List<double[]> p50 = new ArrayList<>();
        List<double[]> p99 = new ArrayList<>();
        for (SecondSample s : p.series()) {
            offered.add(new double[] {s.second(), s.offered() == null ? 0 : s.offered()});
            achieved.add(new double[] {s.second(), s.requests()});
            if (s.requests() > 0) {
                p50.add(new double[] {s.second(), s.p50Micros() == null ? 0 : s.p50Micros() / 1000.0});
                p99.add(new double[] {s.second(), s.p99Micros() / 1000.0});
            }
        }
        boolean open = "open".equals(p.load().model());
        return chart(p.key() + ", repeat " + p.repeat() + ": " + p.load().stages() + ", offered against achieved",
                new Spec("xy", "second of the point", open ? "requests/s" : "users (offered) · answers/s", "latency (ms)",
                        "s", 0, null, List.of(new Series(open ? "offered req/s" : "users offered", 9, true, false, offered, null),
                        new Series("achieved req/s", 0, false, false, achieved, null),
                        new Series("p50 ms", 3, false, true, p50, null), new Series("p99 ms", 2, false, true, p99, null)), null),
                null);
    }

    /**
     * A long point minute by minute (a soak): the answers per second in each minute (left axis) and
     * its p50 and p99 (ms, right axis), with every minute's figures, the server's among them, in its
     * table. A leak or a slowdown is read here; its flag says by how much. Each point is {@code [minute, value]}.
     */
    static Chart overTime(PointRecord p) {
        List<double[]> rate = new ArrayList<>();
        List<double[]> p50 = new ArrayList<>();
        List<double[]> p99 = new ArrayList<>();
        List<Table.Row> rows = new ArrayList<>();
        for (io.wsbench.model.record.MinuteSample m : p.overTime().minutes()) {
            int minute = m.minute() + 1;
            rate.add(new double[] {minute, m.throughput()});
            if (m.requests() > 0) {
                p50.add(new double[] {minute, m.p50Micros() / 1000.0});
                p99.add(new double[] {minute, m.p99Micros() / 1000.0});
            }
            rows.add(new Table.Row(List.of(Table.Cell.of(String.valueOf(minute)), Table.Cell.of(HtmlFormat.rate(m.throughput())),
                    Table.Cell.of(HtmlFormat.fixed(m.p50Micros() / 1000.0, 2)), Table.Cell.of(HtmlFormat.fixed(m.p99Micros() / 1000.0, 2)),
                    Table.Cell.of(HtmlFormat.count(m.errors())),
                    Table.Cell.of(m.serverCpuPercent() == null ? "" : HtmlFormat.fixed(m.serverCpuPercent(), 0)),
                    Table.Cell.of(m.rssBytes() == null ? "" : HtmlFormat.fixed(m.rssBytes() / 1e6, 1)),
                    Table.Cell.of(m.liveHeapBytes() == null ? "" : HtmlFormat.fixed(m.liveHeapBytes() / 1e6, 1)),
                    Table.Cell.of(m.threads() == null ? "" : String.valueOf(m.threads())),
                    Table.Cell.of(m.openFiles() == null ? "" : String.valueOf(m.openFiles()))), null));
        }
        Table table = new Table(List.of("minute", "req/s", "p50 ms", "p99 ms", "errors", "server CPU %", "RSS MB",
                "live heap MB", "threads", "open files"), rows);
        return chart(p.key() + ", repeat " + p.repeat() + ": minute by minute",
                new Spec("xy", "minute of the point", "requests/s", "latency (ms)", "", 0, null,
                        List.of(new Series("req/s", 0, false, false, rate, null),
                                new Series("p50 ms", 3, false, true, p50, null), new Series("p99 ms", 2, false, true, p99, null)), null),
                table);
    }

    /** The colour of an iteration's time outside its steps: charts.js's grey, apart from the steps' colours. */
    static final int REST_COLOUR = 9;

    /**
     * Where a flow target's iteration time goes, one horizontal bar per load: a segment per iteration
     * step, its mean answer time (median of the repeats), then the rest of the iteration's mean time
     * (median of the repeats) beyond their sum, never below 0: think time and the client's work and
     * connections between steps, and in an open loop also the wait of an iteration that started late.
     */
    static Chart iterationTime(String target, List<PointRecord> points) {
        List<PointRecord> flow = points.stream().filter(p -> p.steps() != null && p.target().label().equals(target)).toList();
        List<String> steps = flow.get(0).steps().stream().map(StepRecord::name).toList();
        List<String> loads = flow.stream().map(p -> p.load().describe()).distinct().toList();
        List<List<Bar>> segments = new ArrayList<>();
        steps.forEach(s -> segments.add(new ArrayList<>()));
        List<Bar> closedRest = new ArrayList<>();
        List<Bar> openRest = new ArrayList<>();
        List<Table.Row> rows = new ArrayList<>();
        for (String load : loads) {
            List<PointRecord> repeats = flow.stream().filter(p -> p.load().describe().equals(load)).toList();
            List<Table.Cell> cells = new ArrayList<>(List.of(Table.Cell.of(load)));
            double stepsMillis = 0;
            for (int i = 0; i < steps.size(); i++) {
                int step = i;
                double[] means = repeats.stream().filter(p -> p.steps().size() > step)
                        .mapToDouble(p -> p.steps().get(step).latencyMicros().mean() / 1000).toArray();
                Summary.Spread s = Summary.Spread.of(means);
                segments.get(i).add(Double.isNaN(s.median()) ? null : bar(s.median(), s.min(), s.max(), means.length));
                stepsMillis += Double.isNaN(s.median()) ? 0 : s.median();
                cells.add(Table.Cell.spread(s, means.length, v -> HtmlFormat.fixed(v, 2)));
            }
            double[] iterations = repeats.stream().mapToDouble(p -> p.latencyMicros().mean() / 1000).toArray();
            Summary.Spread iteration = Summary.Spread.of(iterations);
            double rest = Math.max(0, iteration.median() - stepsMillis);
            boolean open = "open".equals(repeats.get(0).load().model());
            (open ? openRest : closedRest).add(new Bar(rest, null, null, repeats.size()));
            (open ? closedRest : openRest).add(null);
            cells.add(Table.Cell.of(HtmlFormat.fixed(rest, 2)));
            cells.add(Table.Cell.spread(iteration, iterations.length, v -> HtmlFormat.fixed(v, 2)));
            rows.add(new Table.Row(cells));
        }
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            series.add(new Series(steps.get(i), i % REST_COLOUR, false, false, null, segments.get(i)));
        }
        if (closedRest.stream().anyMatch(b -> b != null)) {
            series.add(new Series("think and gaps", REST_COLOUR, false, false, null, closedRest));
        }
        if (openRest.stream().anyMatch(b -> b != null)) {
            series.add(new Series("late start, think and gaps", REST_COLOUR, true, false, null, openRest));
        }
        List<String> headers = new ArrayList<>(List.of("load"));
        steps.forEach(s -> headers.add(s + " ms"));
        headers.addAll(List.of("think and gaps (and a late start, open loop) ms", "iteration mean ms"));
        return chart(target + ": where an iteration's time goes",
                new Spec("stacked", "mean time in an iteration (ms)", "load", null, "ms", 2, loads, series, null),
                new Table(headers, rows));
    }

    private static Bar bar(double value, double min, double max, int repeats) {
        return repeats > 1 && Double.isFinite(min) && Double.isFinite(max) ? new Bar(value, min, max, repeats)
                : new Bar(value, null, null, repeats);
    }

    /**
     * One bar series per target, one bar per load level: {@code bar} makes a row's bar, or null for
     * none, as a target that did not run a load has none.
     */
    private static List<Series> bars(List<Summary> rows, List<String> targets, List<String> loads, Function<Summary, Bar> bar) {
        List<Series> series = new ArrayList<>();
        for (int t = 0; t < targets.size(); t++) {
            List<Bar> bars = new ArrayList<>();
            for (String load : loads) {
                Summary row = row(rows, targets.get(t), load);
                bars.add(row == null ? null : bar.apply(row));
            }
            series.add(new Series(targets.get(t), t, false, false, null, bars));
        }
        return series;
    }

    private static Summary row(List<Summary> rows, String target, String load) {
        return rows.stream().filter(r -> r.target().label().equals(target) && r.load().describe().equals(load))
                .findFirst().orElse(null);
    }

    private static Chart chart(String caption, Spec spec, Table figures) {
        try {
            return new Chart(caption, JSON.writeValueAsString(spec), figures);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a chart's data could not be written as JSON", e);
        }
    }
}
