package io.wsbench.report;

import io.wsbench.core.record.Summary;

import java.util.List;

/**
 * Seed 001's "normalized to CXF" bars: the time of one pass of a request sequence, as a multiple
 * of the baseline stack's time in the same sequence and load. Shorter is better; whiskers span the
 * repeats.
 */
final class NormalizedChart {

    private NormalizedChart() {
    }

    /** True when the run timed request sequences against a baseline: the chart means something. */
    static boolean applies(List<Summary> rows, String baseline) {
        return baseline != null && rows.stream().anyMatch(r -> !Double.isNaN(r.secondsPerPass().median()));
    }

    static String svg(List<Summary> rows, List<String> targets, List<String> loads, String baseline) {
        double max = 1;
        for (Summary row : rows) {
            double ratio = Summary.ratioToBaseline(rows, row, baseline);
            if (ratio > 0) {
                max = Math.max(max, row.throughput().median() / ratio / Math.max(row.throughput().min(), 1e-9));
            }
        }
        Plot plot = new Plot(0, loads.size(), List.of(), Plot.ticks(Math.min(max, 20), v -> HtmlFormat.fixed(v, 1)));
        double group = plot.x(1) - plot.x(0);
        double barWidth = group * 0.8 / targets.size();
        for (int g = 0; g < loads.size(); g++) {
            plot.category(plot.x(g + 0.5), loads.get(g));
            for (Summary row : rows) {
                int t = targets.indexOf(row.target().label());
                double ratio = Summary.ratioToBaseline(rows, row, baseline);
                if (!row.load().describe().equals(loads.get(g)) || !(ratio > 0)) {
                    continue;
                }
                double baseRate = row.throughput().median() / ratio;
                double left = plot.x(g) + group * 0.1 + t * barWidth;
                plot.bar(left + 1, barWidth - 2, 1 / ratio, Plot.color(t),
                        row.key() + ": " + HtmlFormat.fixed(1 / ratio, 2) + " x the baseline's time");
                if (row.repeats() > 1 && row.throughput().min() > 0) {
                    plot.whisker(left + barWidth / 2, baseRate / row.throughput().max(), baseRate / row.throughput().min());
                }
            }
        }
        for (int t = 0; t < targets.size(); t++) {
            plot.legend(targets.get(t), Plot.color(t));
        }
        return plot.svg("Time per pass normalized to " + baseline + " (shorter is better)", "load",
                "x baseline time");
    }
}
