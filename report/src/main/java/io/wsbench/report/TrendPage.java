package io.wsbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.samskivert.mustache.Template;
import io.wsbench.model.record.RunJson;

import java.util.List;
import java.util.Map;

/**
 * trend.html ({@code wsbench history SUITE}): a suite's rows over its runs, one chart per row and
 * kind of machine, each run's median with its 95% interval, coloured by machine, the change points
 * marked where the run after them starts, the run's commit and versions on hover. One offline file,
 * with the report's charts library inline, as report.html.
 */
public final class TrendPage {

    private static final Template TEMPLATE = ReportPage.template("trend.mustache");

    /** One run's figure: its id, the commit and versions told on hover, the median and its interval (null: none). */
    public record Run(String id, String startedAt, String commit, String versions, double median, Double low, Double high) {
    }

    /** A change point: the index of the first run after it, and what it says (the step and its interval). */
    public record Mark(int index, String text) {
    }

    /** One row's series on one kind of machine. */
    public record Chart(String row, String machine, String unit, List<Run> runs, List<Mark> changes) {
    }

    private TrendPage() {
    }

    public static String html(String suite, String metric, List<Chart> charts) {
        String data;
        try {
            // inside a <script> element: escape what could end it or start a comment
            data = RunJson.MAPPER.writeValueAsString(charts).replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        List<String> machines = charts.stream().map(Chart::machine).distinct().toList();
        return TEMPLATE.execute(Map.of("suite", suite, "metric", metric, "count", charts.size(),
                "machines", machines, "data", data, "echarts", ReportPage.ECHARTS.source(),
                "echartsVersion", ReportPage.ECHARTS.version()));
    }
}
