package io.wsbench.model.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.wsbench.model.stats.Estimate;

import java.util.List;

/**
 * One row of a run's summary as run.json gives it: a target under one load, over its repeats (its
 * rounds), with its median throughput and that figure's 95% interval, and its throughput over the
 * baseline's at the same load, paired round by round, with that ratio's 95% interval; its mean and
 * p99 latency (µs) with their 95% intervals over the repeats. Derived from
 * the points every time run.json is written, so it always agrees with them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RowRecord(String row, int repeats, Estimate throughput, String baseline, Estimate ratio,
                        Estimate meanMicros, Estimate p99Micros) {

    /** The rows of {@code run}, each against its baseline (null: none). */
    public static List<RowRecord> of(RunRecord run) {
        List<Summary> rows = Summary.of(run);
        String baseline = run.baseline();
        return rows.stream().map(r -> new RowRecord(r.key(), r.repeats(), r.throughputInterval(), baseline,
                Summary.pairedRatio(rows, r, baseline), r.meanInterval(), r.p99Interval())).toList();
    }
}
