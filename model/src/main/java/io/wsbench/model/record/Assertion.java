package io.wsbench.model.record;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A threshold the results must meet, as written after {@code --assert}: {@code p99<50ms},
 * {@code errors==0}, {@code throughput>=1000}, {@code cpu<150}. Latencies take a unit (us, ms, s);
 * internally every latency limit is in microseconds, as in run.json. {@code step:NAME} before it reads
 * that step of a flow ({@code step:getOrder p99<20ms}); {@code step} is null for the point's own figures.
 */
public record Assertion(String text, String metric, String operator, double limit, String unit, String step) {

    /** {@code step:NAME} or, for a name with spaces, {@code step:"NAME"}. */
    private static final Pattern STEP = Pattern.compile("\\s*step:(?:\"([^\"]+)\"|(\\S+))\\s+(.*)");
    /** What a step's record can answer: no server CPU and no unfinished count of its own. */
    private static final java.util.Set<String> STEP_METRICS = java.util.Set.of("p50", "p90", "p99", "p999", "mean", "max",
            "throughput", "errors", "validation");

    public Assertion(String text, String metric, String operator, double limit, String unit) {
        this(text, metric, operator, limit, unit, null);
    }

    private static final Pattern FORM = Pattern.compile("\\s*([A-Za-z][A-Za-z0-9.]*)\\s*(<=|>=|==|<|>)\\s*"
            + "(\\d+(?:\\.\\d+)?)\\s*([A-Za-zµ%]*)\\s*");

    /** What a metric reads from a point, and whether repeats are summed (counts) or take their median. */
    private record Metric(ToDoubleFunction<PointRecord> value, boolean latency, boolean count) {
    }

    private static final Map<String, Metric> METRICS = new LinkedHashMap<>();

    static {
        METRICS.put("p50", new Metric(p -> p.latencyMicros().p50(), true, false));
        METRICS.put("p90", new Metric(p -> p.latencyMicros().p90(), true, false));
        METRICS.put("p99", new Metric(p -> p.latencyMicros().p99(), true, false));
        METRICS.put("p999", new Metric(p -> p.latencyMicros().p999(), true, false));
        METRICS.put("mean", new Metric(p -> p.latencyMicros().mean(), true, false));
        METRICS.put("max", new Metric(p -> p.latencyMicros().max(), true, false));
        METRICS.put("throughput", new Metric(PointRecord::throughput, false, false));
        METRICS.put("errors", new Metric(p -> p.errors().total(), false, true));
        // errors<0.1%: the share of the requests that failed, read as its own metric
        METRICS.put("errors%", new Metric(p -> p.requests() == 0 ? Double.NaN : 100.0 * p.errors().total() / p.requests(),
                false, false));
        METRICS.put("validation", new Metric(p -> p.errors().count(ErrorKind.VALIDATION), false, true));
        METRICS.put("unfinished", new Metric(PointRecord::unfinished, false, true));
        METRICS.put("cpu", new Metric(p -> p.server() == null || p.server().cpuPercent() == null ? Double.NaN : p.server().cpuPercent(), false, false));
    }

    /** Reads one expression; a mistake gives an IllegalArgumentException whose message is one line for the user. */
    public static Assertion parse(String text) {
        Matcher step = STEP.matcher(text == null ? "" : text);
        if (step.matches()) {
            Assertion a = parse(step.group(3));
            if (!STEP_METRICS.contains(a.metric())) {
                throw new IllegalArgumentException("assertion '" + text.trim() + "': a step has no " + a.metric()
                        + " of its own (a step's: " + String.join(", ", new java.util.TreeSet<>(STEP_METRICS)) + ")");
            }
            return new Assertion(text.trim(), a.metric(), a.operator(), a.limit(), a.unit(), step.group(1) != null ? step.group(1) : step.group(2));
        }
        Matcher m = FORM.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("not an assertion: '" + text
                    + "' (write METRIC OP NUMBER, e.g. p99<50ms, errors==0, throughput>=1000)");
        }
        String metric = m.group(1).toLowerCase(Locale.ROOT).replace("p99.9", "p999");
        if (metric.equals("errors") && m.group(4).equals("%")) {
            metric = "errors%";
        }
        Metric what = METRICS.get(metric);
        if (what == null) {
            throw new IllegalArgumentException("unknown metric '" + m.group(1) + "' in assertion '" + text.trim()
                    + "' (known: " + String.join(", ", METRICS.keySet().stream().filter(k -> !k.endsWith("%")).toList()) + ")");
        }
        String unit = m.group(4);
        double number = Double.parseDouble(m.group(3));
        double limit;
        if (what.latency()) {
            double micros = switch (unit) {
                case "us", "µs" -> 1;
                case "ms" -> 1_000;
                case "s" -> 1_000_000;
                default -> throw new IllegalArgumentException("assertion '" + text.trim() + "': a latency needs a unit,"
                        + " us, ms or s" + (unit.isEmpty() ? "" : " (not '" + unit + "')"));
            };
            limit = number * micros;
        } else {
            boolean allowed = unit.isEmpty() || (("cpu".equals(metric) || "errors%".equals(metric)) && "%".equals(unit));
            if (!allowed) {
                throw new IllegalArgumentException("assertion '" + text.trim() + "': " + metric + " takes no unit '"
                        + unit + "'" + ("cpu".equals(metric) ? " (percent of one core, e.g. cpu<150)" : ""));
            }
            limit = number;
        }
        return new Assertion(text.trim(), metric, m.group(2), limit, unit);
    }

    /** True for {@code cpu}, which only a point with a sampled server process can answer. */
    public boolean needsServer() {
        return "cpu".equals(metric);
    }

    /**
     * The value this assertion reads from the repeats of one target under one load: counts
     * (errors, validation) are summed over the repeats, so one bad repeat fails {@code errors==0};
     * everything else is the median of the repeats, as in the summary table.
     */
    public double measure(List<PointRecord> repeats) {
        if (step != null) {
            if (!hasStep(repeats)) {
                return Double.NaN; // no such step: not measured, never a pass
            }
            repeats = repeats.stream().map(this::stepAsPoint).toList();
        }
        Metric what = METRICS.get(metric);
        if (what.count()) {
            return repeats.stream().mapToDouble(what.value()).sum();
        }
        // a latency is read from the answers that passed: a repeat none of whose requests did has none (its max 0 ms passed
        // max<=200ms where every request failed)
        double[] values = repeats.stream().filter(p -> p.requests() > 0 && (!what.latency() || p.validated() > 0))
                .mapToDouble(what.value()).filter(v -> !Double.isNaN(v)).toArray();
        return values.length == 0 ? Double.NaN : Summary.Spread.of(values).median();
    }

    private boolean hasStep(List<PointRecord> repeats) {
        return repeats.stream().anyMatch(p -> p.steps() != null && p.steps().stream().anyMatch(x -> x.name().equals(step)));
    }

    /**
     * The figures of the step this assertion names, in the shape of a point so the metrics read them
     * as they read a point's; a point without that step counts as one that measured nothing.
     */
    private PointRecord stepAsPoint(PointRecord p) {
        StepRecord s = p.steps() == null ? null : p.steps().stream()
                .filter(x -> x.name().equals(step)).findFirst().orElse(null);
        if (s == null) {
            return PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(p.repeat())
                    .durationSeconds(p.durationSeconds()).throughput(Double.NaN)
                    .latencyMicros(new LatencyRecord(Double.NaN, 0, 0, 0, 0, 0, 0)).errors(ErrorCounts.NONE).build();
        }
        return PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(p.repeat()).requests(s.requests())
                .durationSeconds(p.durationSeconds()).throughput(s.throughput()).latencyMicros(s.latencyMicros())
                .traffic(new PointRecord.Traffic(s.bytesSentPerRequest(), s.bytesReceivedPerRequest())).errors(s.errors())
                .validated(s.validated()).detail(new PointRecord.Detail(null, s.histogram(), null)).build();
    }

    public boolean holds(double measured) {
        return switch (operator) {
            case "<" -> measured < limit;
            case "<=" -> measured <= limit;
            case ">" -> measured > limit;
            case ">=" -> measured >= limit;
            default -> measured == limit;
        };
    }

    /** A value in this assertion's own unit, e.g. "63.2ms" for {@code p99<50ms}. */
    public String show(double value) {
        if (Double.isNaN(value)) {
            return "not measured" + (needsServer() ? " (no server process was sampled)"
                    : METRICS.get(metric).latency() ? step != null ? " (no step " + step + " in these points, or none of its answers passed)"
                    : " (no answer passed)"
                    : step != null ? " (no step " + step + " in these points)" : "");
        }
        if (METRICS.get(metric).latency()) {
            double perUnit = switch (unit) {
                case "ms" -> 1_000;
                case "s" -> 1_000_000;
                default -> 1;
            };
            return decimal(value / perUnit) + unit;
        }
        return decimal(value) + ("cpu".equals(metric) || "errors%".equals(metric) ? "%" : "");
    }

    private static String decimal(double v) {
        return BigDecimal.valueOf(v).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }

    /** The outcome of one assertion on one target under one load. */
    public record Check(Assertion assertion, String subject, double measured, boolean passed) {

        /** "p99 = 63.2ms, wanted < 50ms" */
        public String detail() {
            return assertion.metric().replace("%", "") + " = " + assertion.show(measured) + ", wanted " + assertion.operator() + " "
                    + assertion.show(assertion.limit());
        }

        /** The line printed after a run: "PASS  SOAP @ 5 users  p99<50ms  (p99 = 1.2ms, wanted < 50ms)". */
        public String line() {
            return (passed ? "PASS" : "FAIL") + "  " + subject + "  " + assertion.text() + "  (" + detail() + ")";
        }
    }

    /** Every assertion against every target under every load, in the order the points were measured. */
    public static List<Check> checkAll(List<Assertion> assertions, List<PointRecord> points) {
        List<Check> checks = new ArrayList<>();
        var groups = PointRecord.byKey(points);
        for (var g : groups.entrySet()) {
            for (Assertion a : assertions) {
                if (a.step != null && !a.hasStep(g.getValue()) && groups.values().stream().anyMatch(a::hasStep)) {
                    continue; // another target's step: a suite's targets each have their own steps
                }
                double measured = a.measure(g.getValue());
                checks.add(new Check(a, g.getKey(), measured, a.holds(measured)));
            }
        }
        return checks;
    }
}
