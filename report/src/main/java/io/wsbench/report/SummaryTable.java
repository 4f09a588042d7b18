package io.wsbench.report;

import io.wsbench.core.record.Summary;

import java.util.List;
import java.util.function.DoubleFunction;

/** The summary table: one row per target and load, medians of the repeats with their min–max. */
final class SummaryTable {

    private SummaryTable() {
    }

    /** {@code neverSteady}: labels of targets whose warm-up ran out of time before they were steady. */
    static String html(List<Summary> rows, String baseline, java.util.Set<String> neverSteady) {
        StringBuilder s = new StringBuilder("<table class=\"summary\">\n<thead><tr><th>target</th><th>load</th>"
                + "<th>requests/s</th>");
        if (baseline != null) {
            s.append("<th>vs ").append(HtmlFormat.escape(baseline)).append("</th>");
        }
        s.append("<th>mean ms</th><th>p50 ms</th><th>p99 ms</th><th>sent B/req</th><th>received B/req</th>"
                + "<th>server CPU %</th><th>errors</th><th>validated</th></tr></thead>\n<tbody>\n");
        for (Summary row : rows) {
            boolean cold = neverSteady.contains(row.target().label());
            String why = row.unstable() ? "repeats spread ±" + HtmlFormat.fixed(100 * row.spreadOfRepeats(), 0) + "%" : "";
            if (cold) {
                why += (why.isEmpty() ? "" : "; ") + "never steady in its warm-up";
            }
            s.append(!why.isEmpty() ? "<tr class=\"unstable\" title=\"not steady: " + why + "\"><td>" : "<tr><td>")
                    .append(HtmlFormat.escape(row.target().label())).append(!why.isEmpty() ? " ⚠" : "").append("</td><td>")
                    .append(HtmlFormat.escape(row.load().describe())).append("</td>");
            s.append(cell(row, row.throughput(), HtmlFormat::rate));
            if (baseline != null) {
                s.append("<td>").append(HtmlFormat.ratio(Summary.ratioToBaseline(rows, row, baseline))).append("</td>");
            }
            s.append(cell(row, row.meanMicros(), HtmlFormat::millis))
                    .append(cell(row, row.p50Micros(), HtmlFormat::millis))
                    .append(cell(row, row.p99Micros(), HtmlFormat::millis))
                    .append("<td>").append(HtmlFormat.fixed(row.bytesSent().median(), 0)).append("</td>")
                    .append("<td>").append(HtmlFormat.fixed(row.bytesReceived().median(), 0)).append("</td>")
                    .append(cell(row, row.serverCpuPercent(), v -> HtmlFormat.fixed(v, 0)))
                    .append(row.errors() > 0 ? "<td class=\"bad\">" : "<td>").append(HtmlFormat.count(row.errors()))
                    .append("</td><td>").append(HtmlFormat.count(row.validated())).append("</td></tr>\n");
        }
        return s.append("</tbody>\n</table>\n").toString();
    }

    // A median means little without its spread (JMH's habit), so repeats show min–max under it.
    private static String cell(Summary row, Summary.Spread spread, DoubleFunction<String> format) {
        String median = format.apply(spread.median());
        if (row.repeats() < 2 || Double.isNaN(spread.median())) {
            return "<td>" + median + "</td>";
        }
        return "<td>" + median + "<span class=\"spread\">" + format.apply(spread.min()) + "–"
                + format.apply(spread.max()) + "</span></td>";
    }
}
