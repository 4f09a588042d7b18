package io.wsbench.report;

import io.wsbench.core.record.Summary;

import java.util.List;

/** Requests per second as bars, one group per load level, one bar per target, whiskers for min–max. */
final class ThroughputChart {

    private ThroughputChart() {
    }

    static String svg(List<Summary> rows, List<String> targets, List<String> loads) {
        double max = rows.stream().mapToDouble(r -> r.throughput().max()).filter(Double::isFinite).max().orElse(1);
        Plot plot = new Plot(0, loads.size(), List.of(), Plot.ticks(max, HtmlFormat::tick));
        double group = plot.x(1) - plot.x(0);
        double barWidth = group * 0.8 / targets.size();
        for (int g = 0; g < loads.size(); g++) {
            plot.category(plot.x(g + 0.5), loads.get(g));
            for (Summary row : rows) {
                int t = targets.indexOf(row.target().label());
                if (!row.load().describe().equals(loads.get(g)) || Double.isNaN(row.throughput().median())) {
                    continue;
                }
                double left = plot.x(g) + group * 0.1 + t * barWidth;
                plot.bar(left + 1, barWidth - 2, row.throughput().median(), Plot.color(t), tooltip(row));
                if (row.repeats() > 1) {
                    plot.whisker(left + barWidth / 2, row.throughput().min(), row.throughput().max());
                }
            }
        }
        for (int t = 0; t < targets.size(); t++) {
            plot.legend(targets.get(t), Plot.color(t));
        }
        return plot.svg("Requests per second by target and load", "load", "requests/s");
    }

    private static String tooltip(Summary row) {
        Summary.Spread s = row.throughput();
        String text = row.key() + ": " + HtmlFormat.rate(s.median()) + " req/s";
        return row.repeats() > 1 ? text + " (" + HtmlFormat.rate(s.min()) + "–" + HtmlFormat.rate(s.max()) + ")" : text;
    }
}
