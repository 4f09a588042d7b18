package io.wsbench.runner;

import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.Summary;
import io.wsbench.model.stats.Estimate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How wide each row's 95% interval is after the rounds so far: the paired ratio to the baseline
 * where the suite has one (the baseline's own rows are 1 by definition), else the row's own
 * throughput. What {@code until: ±3%} waits for.
 */
final class Widths {

    private Widths() {
    }

    /** The rows whose interval is wider than {@code share} (e.g. 0.03), each named with its width; empty when all are within. */
    static List<String> over(List<PointRecord> points, String baseline, double share) {
        List<Summary> rows = Summary.of(points);
        List<String> wide = new ArrayList<>();
        for (Summary row : rows) {
            if (baseline != null && baseline.equals(row.target().label())) {
                continue;
            }
            Estimate e = baseline == null ? null : Summary.pairedRatio(rows, row, baseline);
            if (e == null) {
                e = row.throughputInterval();
            }
            double width = e.relativeHalfWidth();
            if (!(width <= share)) {
                wide.add(row.key() + (Double.isInfinite(width) ? " (no interval yet)"
                        : String.format(Locale.ROOT, " ±%.1f%%", 100 * width)));
            }
        }
        return wide;
    }
}
