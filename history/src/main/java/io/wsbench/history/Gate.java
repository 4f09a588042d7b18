package io.wsbench.history;

import io.wsbench.model.stats.Ratios;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The CI gate ({@code run … --baseline history[:N]}): each row of a new run against the same row in
 * the last N runs of its suite on the same kind of machine. A row fails only when it got worse by
 * more than {@code maxRegression} with its whole 95% interval beyond that.
 * <p>Why this interval: a run made hours after the others meets another phase of the machine, so its
 * own rounds' interval (which holds the noise within the run) is too narrow for a comparison across
 * runs. The reference is the geometric mean of the N runs' medians; the new run's log-ratio to it
 * gets Student's t <em>prediction</em> interval from the spread of those N medians (a new run of the
 * same code falls in it 95% of the time: that spread holds the machine's drift between runs), and
 * never narrower than the two runs' own intervals combined, which is all there is with one or two
 * runs of history.
 */
public final class Gate {

    /** The default N of {@code --baseline history}. */
    public static final int DEFAULT_RUNS = 10;

    /** A row's verdict: {@code kind} is "slower", "faster", "same" or "new" (no history of the row). */
    public record Verdict(String row, String kind, double ratio, double low, double high, int runs, String detail) {

        public boolean failed() {
            return "slower".equals(kind);
        }

        /** The console's line for it. */
        public String line() {
            return "baseline: " + row + ": " + detail;
        }
    }

    /** The gate's answer: its verdicts, and the history it compared with (ids of the runs). */
    public record Result(List<Verdict> verdicts, List<String> comparedWith, String machine) {

        public boolean failed() {
            return verdicts.stream().anyMatch(Verdict::failed);
        }

        /** Whether there was no earlier run to compare with. */
        public boolean noHistory() {
            return comparedWith.isEmpty();
        }
    }

    private Gate() {
    }

    /**
     * The verdicts of run {@code runId}'s rows ({@code now}) against the last {@code n} other complete
     * runs of {@code suite} on {@code machine} that {@code runs} and {@code rows} (the history) hold.
     */
    public static Result check(String suite, String runId, String machine, List<StoredRow> now, List<StoredRun> runs,
                               List<StoredRow> rows, int n, double maxRegression, Metric metric) {
        // a --quick run is held against quick runs, a full one against full ones (their figures are of other kinds)
        boolean quick = runs.stream().filter(r -> r.id().equals(runId)).anyMatch(StoredRun::quick);
        List<StoredRun> earlier = runs.stream()
                .filter(r -> r.suite().equals(suite) && r.machine().equals(machine) && !r.id().equals(runId)
                        && "complete".equals(r.status()) && r.quick() == quick)
                .sorted(Comparator.comparing(StoredRun::startedAt).thenComparing(StoredRun::id))
                .toList();
        List<StoredRun> last = earlier.subList(Math.max(0, earlier.size() - n), earlier.size());
        Set<String> ids = last.stream().map(StoredRun::id).collect(Collectors.toSet());
        Map<String, List<StoredRow>> history = new LinkedHashMap<>();
        for (StoredRow r : rows) {
            if (ids.contains(r.runId()) && r.figure(metric) != null) {
                history.computeIfAbsent(r.row(), k -> new ArrayList<>()).add(r);
            }
        }
        List<Verdict> verdicts = new ArrayList<>();
        if (!last.isEmpty()) {
            for (StoredRow row : now) {
                StoredRow.Figure f = row.figure(metric);
                if (f != null) {
                    verdicts.add(verdict(row.row(), f, history.getOrDefault(row.row(), List.of()), maxRegression, metric));
                }
            }
        }
        return new Result(verdicts, last.stream().map(StoredRun::id).toList(), machine);
    }

    static Verdict verdict(String row, StoredRow.Figure now, List<StoredRow> earlier, double maxRegression, Metric metric) {
        if (earlier.isEmpty()) {
            return new Verdict(row, "new", Double.NaN, Double.NaN, Double.NaN, 0, "no history of this row yet");
        }
        double[] logs = earlier.stream().mapToDouble(r -> Math.log(r.figure(metric).median())).toArray();
        int k = logs.length;
        double mean = java.util.Arrays.stream(logs).average().orElseThrow();
        double logRatio = Math.log(now.median()) - mean;
        // the runs' own intervals, on the log scale (a figure without one counts as exact)
        double own = halfWidth(now);
        double ref = earlier.stream().mapToDouble(r -> halfWidth(r.figure(metric))).map(h -> h * h).average().orElse(0);
        double half = Math.sqrt(own * own + ref / k);
        if (k >= 3) {
            double sd = Math.sqrt(java.util.Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum() / (k - 1));
            double t = new TDistribution(k - 1).inverseCumulativeProbability(0.975);
            half = Math.max(half, t * sd * Math.sqrt(1 + 1.0 / k));
        }
        double ratio = Math.exp(logRatio);
        double low = Math.exp(logRatio - half);
        double high = Math.exp(logRatio + half);
        // worse: lower throughput (or ratio), higher latency or CPU
        double worseLimit = metric.higherIsBetter ? 1 - maxRegression : 1 + maxRegression;
        double betterLimit = metric.higherIsBetter ? 1 + maxRegression : 1 - maxRegression;
        boolean worse = metric.higherIsBetter ? high < worseLimit : low > worseLimit;
        boolean better = metric.higherIsBetter ? low > betterLimit : high < betterLimit;
        String kind = worse ? "slower" : better ? "faster" : "same";
        String figure = String.format(Locale.ROOT, "%.3f [%.3f, %.3f] x the last %d run%s' %s", ratio, low, high, k,
                k == 1 ? "" : "s", metric.word);
        String detail = switch (kind) {
            case "slower" -> figure + ": worse by more than " + Ratios.percent(maxRegression) + ", beyond the noise";
            case "faster" -> figure + ": better by more than " + Ratios.percent(maxRegression);
            default -> figure + ": within " + Ratios.percent(maxRegression) + " or the noise";
        };
        return new Verdict(row, kind, ratio, low, high, k, detail);
    }

    private static double halfWidth(StoredRow.Figure f) {
        return f.bounded() && f.low() > 0 && f.high() > 0 ? (Math.log(f.high()) - Math.log(f.low())) / 2 : 0;
    }

}
