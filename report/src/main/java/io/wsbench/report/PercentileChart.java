package io.wsbench.report;

import io.wsbench.core.load.Measurement;
import io.wsbench.core.record.PointRecord;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Latency by percentile for one load level, as HdrHistogram plots it: the x axis stretches the tail
 * (0, 90, 99, 99.9, 99.99%) so that outliers get as much room as the median.
 */
final class PercentileChart {

    private static final double NINES = 4; // up to 99.99%
    private static final int STEPS = 80;

    private PercentileChart() {
    }

    static String svg(String load, List<PointRecord> points, List<String> targets) {
        Map<String, Histogram> merged = merged(points);
        double max = merged.values().stream()
                .mapToDouble(h -> h.getValueAtPercentile(percentile(NINES))).max().orElse(1000);
        List<Plot.Tick> xTicks = List.of(new Plot.Tick(0, "0%"), new Plot.Tick(1, "90%"), new Plot.Tick(2, "99%"),
                new Plot.Tick(3, "99.9%"), new Plot.Tick(4, "99.99%"));
        Plot plot = new Plot(0, NINES, xTicks, Plot.ticks(max, v -> HtmlFormat.tick(v / 1000)));
        for (var e : merged.entrySet()) {
            int t = targets.indexOf(e.getKey());
            plot.line(curve(e.getValue()), Plot.color(t), null, e.getKey() + " @ " + load);
            plot.legend(e.getKey(), Plot.color(t));
        }
        return plot.svg("Latency by percentile at " + load, "percentile", "latency (ms)");
    }

    /** The repeats of each target merged into one histogram: exact, since HdrHistogram adds counts. */
    static Map<String, Histogram> merged(List<PointRecord> points) {
        Map<String, Histogram> byTarget = new LinkedHashMap<>();
        for (PointRecord p : points) {
            if (p.histogram() == null) {
                continue;
            }
            Histogram h = Measurement.decode(p.histogram());
            if (h.getTotalCount() > 0) {
                byTarget.computeIfAbsent(p.target().label(), k -> new Histogram(3)).add(h); // auto-resizing
            }
        }
        return byTarget;
    }

    private static List<double[]> curve(Histogram h) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i <= STEPS; i++) {
            double nines = NINES * i / STEPS;
            points.add(new double[] {nines, h.getValueAtPercentile(percentile(nines))});
        }
        return points;
    }

    // 1 nine is 90%, 2 nines 99%, and so on.
    private static double percentile(double nines) {
        return 100 * (1 - Math.pow(10, -nines));
    }
}
