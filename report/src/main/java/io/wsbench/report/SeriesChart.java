package io.wsbench.report;

import io.wsbench.core.record.PointRecord;
import io.wsbench.core.record.SecondSample;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Requests completed in each second of each point at one load level: warm-up, stalls and a
 * server slowing down show here and nowhere else. One colour per target, one dash per repeat.
 */
final class SeriesChart {

    private static final String[] DASHES = {null, "6 3", "2 3", "8 3 2 3"};

    private SeriesChart() {
    }

    static String svg(String load, List<PointRecord> points, List<String> targets) {
        int lastSecond = 1;
        long most = 1;
        for (PointRecord p : points) {
            for (SecondSample s : samples(p)) {
                lastSecond = Math.max(lastSecond, s.second());
                most = Math.max(most, s.requests());
            }
        }
        List<Plot.Tick> seconds = Plot.ticks(Math.max(lastSecond, 5), HtmlFormat::tick); // from 5 on, steps are whole seconds
        Plot plot = new Plot(0, seconds.get(seconds.size() - 1).value(), seconds, Plot.ticks(most, HtmlFormat::tick));
        Set<String> shown = new LinkedHashSet<>();
        for (PointRecord p : points) {
            int t = targets.indexOf(p.target().label());
            List<double[]> line = new ArrayList<>();
            for (SecondSample s : samples(p)) {
                line.add(new double[] {s.second(), s.requests()});
            }
            plot.line(line, Plot.color(t), DASHES[(Math.max(p.repeat(), 1) - 1) % DASHES.length],
                    p.key() + ", repeat " + p.repeat());
            if (shown.add(p.target().label())) {
                plot.legend(p.target().label(), Plot.color(t));
            }
        }
        return plot.svg("Requests per second over time at " + load, "second of the run", "requests/s");
    }

    private static List<SecondSample> samples(PointRecord p) {
        return p.series() == null ? List.of() : p.series();
    }
}
