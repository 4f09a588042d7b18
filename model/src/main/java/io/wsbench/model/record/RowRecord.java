package io.wsbench.model.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.wsbench.model.stats.Estimate;

import java.util.List;

/**
 * One row of a run's summary as run.json gives it: a target under one load, over its repeats (its
 * rounds), with its median throughput and that figure's 95% interval, and its throughput over the
 * baseline's at the same load, paired round by round, with that ratio's 95% interval; its mean and
 * p99 latency (µs) with their 95% intervals over the repeats; the server processes it was measured on
 * ({@code instances}) and, with several, each one's throughput (the geometric mean of its rounds) and the
 * intervals over both levels; the server's CPU per valid answer (µs) with its interval and its ratio
 * to the baseline's, paired as throughput is: on a machine the generator shares, the figure that is
 * the server's own. Derived from
 * the points every time run.json is written, so it always agrees with them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RowRecord(String row, int repeats, Estimate throughput, String baseline, Estimate ratio,
                        Estimate meanMicros, Estimate p99Micros, Integer instances,
                        java.util.Map<Integer, Double> throughputByInstance, Estimate serverCpuMicrosPerAnswer,
                        Estimate cpuRatio) {

    /**
     * The rows of {@code run}, each against its baseline (null: none): the run's baseline target, or its counterpart in
     * the row's own sequence or security configuration, which {@code baseline} then names.
     */
    public static List<RowRecord> of(RunRecord run) {
        List<Summary> rows = Summary.of(run);
        String baseline = run.baseline();
        return rows.stream().map(r -> new RowRecord(r.key(), r.repeats(), r.throughputInterval(),
                heldAgainst(rows, r, baseline), Summary.pairedRatio(rows, r, baseline), r.meanInterval(), r.p99Interval(), r.instances(),
                r.instances() < 2 ? null : rounded(r.throughputs().instanceMeans()), r.cpuPerAnswerInterval(),
                Summary.pairedCpuRatio(rows, r, baseline))).toList();
    }

    /** The label of the row {@code row} is held against, or the run's baseline where it has none (null: no baseline). */
    private static String heldAgainst(List<Summary> rows, Summary row, String baseline) {
        String counterpart = Summary.baselineOf(rows, row, baseline);
        return counterpart != null ? counterpart : baseline;
    }

    private static java.util.Map<Integer, Double> rounded(java.util.SortedMap<Integer, Double> m) {
        java.util.Map<Integer, Double> out = new java.util.TreeMap<>();
        m.forEach((i, v) -> out.put(i, Math.round(v * 10) / 10.0));
        return out;
    }
}
