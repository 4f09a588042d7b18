package io.wsbench.report;

import io.wsbench.model.record.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The summary table: one row per target and load, medians of the repeats with their min–max and 95%
 * interval (throughput, mean and p99 latency), and the ratio to the baseline paired round by round
 * with its interval.
 */
final class SummaryTable {

    private SummaryTable() {
    }

    /** {@code neverSteady}: labels of targets whose warm-up ran out of time before they were steady. */
    static Table of(List<Summary> rows, String baseline, Set<String> neverSteady) {
        // a flow's throughput is iterations: with one among the rows, each rate says its unit
        boolean flows = rows.stream().anyMatch(Summary::flow);
        List<String> headers = new ArrayList<>(List.of("target", "load", flows ? "rate" : "requests/s", "95% CI"));
        // seed 001's suites hold each sequence's rows against CXF in that sequence: "vs CXF", the page's note says which
        String against = baseline == null ? null : Summary.baselineHeading(rows, baseline);
        if (baseline != null) {
            headers.add("vs " + against + " [95% CI, paired by round]");
        }
        boolean several = rows.stream().anyMatch(r -> r.instances() > 1);
        if (several) {
            headers.add("processes apart");
        }
        headers.addAll(List.of("mean ms", "95% CI", "p50 ms", "p99 ms", "95% CI", "sent B/req", "received B/req", "server CPU %",
                "server CPU µs/answer [95% CI]"));
        if (baseline != null) {
            headers.add("CPU/answer vs " + against + " [95% CI]");
        }
        headers.addAll(List.of("errors", "validated"));
        List<Table.Row> table = new ArrayList<>();
        for (Summary row : rows) {
            String why = unsteady(row, neverSteady);
            int n = row.repeats();
            List<Table.Cell> cells = new ArrayList<>();
            cells.add(Table.Cell.of(row.target().label() + (why.isEmpty() ? "" : " ⚠")));
            cells.add(Table.Cell.of(row.load().describe()));
            Table.Cell rate = Table.Cell.spread(row.throughput(), n, HtmlFormat::rate);
            if (row.flow()) {
                rate = new Table.Cell(rate.text() + " it/s (" + HtmlFormat.rate(row.requestsPerSecond().median()) + " req/s)",
                        rate.spread(), false, false);
            } else if (flows) {
                rate = new Table.Cell(rate.text() + " req/s", rate.spread(), false, false);
            }
            cells.add(row.generatorPaced() == 0 ? rate : new Table.Cell(rate.text() + " ⚑", rate.spread(), true, false));
            cells.add(Table.Cell.of(HtmlFormat.interval(row.throughputInterval())));
            if (baseline != null) {
                cells.add(Table.Cell.of(HtmlFormat.ratio(Summary.pairedRatio(rows, row, baseline))));
            }
            if (several) {
                // how far the row's server processes lay apart: the level a run of one process cannot see
                double apart = row.throughputs().instanceSpread();
                cells.add(Table.Cell.of(Double.isNaN(apart) ? "one process" : row.instances() + " × ±" + HtmlFormat.fixed(100 * apart, 1) + "%"));
            }
            if (row.validated() == 0) {
                // no answer passed its check: a latency is only a right answer's, and there is none
                for (int i = 0; i < 5; i++) {
                    cells.add(Table.Cell.of("–"));
                }
            } else {
                cells.add(Table.Cell.spread(row.meanMicros(), n, HtmlFormat::millis));
                cells.add(Table.Cell.of(HtmlFormat.interval(row.meanInterval())));
                cells.add(Table.Cell.spread(row.p50Micros(), n, HtmlFormat::millis));
                cells.add(Table.Cell.spread(row.p99Micros(), n, HtmlFormat::millis));
                cells.add(Table.Cell.of(HtmlFormat.interval(row.p99Interval())));
            }
            cells.add(Table.Cell.of(HtmlFormat.fixed(row.bytesSent().median(), 0)));
            cells.add(Table.Cell.of(HtmlFormat.fixed(row.bytesReceived().median(), 0)));
            cells.add(Table.Cell.spread(row.serverCpuPercent(), n, v -> HtmlFormat.fixed(v, 0)));
            io.wsbench.model.stats.Estimate cpu = row.cpuPerAnswerInterval();
            cells.add(Table.Cell.of(cpu == null ? "–" : HtmlFormat.fixed(cpu.median(), 1) + " " + HtmlFormat.interval(cpu)));
            if (baseline != null) {
                cells.add(Table.Cell.of(HtmlFormat.ratio(Summary.pairedCpuRatio(rows, row, baseline))));
            }
            cells.add(Table.Cell.bad(HtmlFormat.count(row.errors()), row.errors() > 0));
            cells.add(Table.Cell.of(HtmlFormat.count(row.validated())));
            String paced = generatorPaced(row);
            String warning = String.join("; ", java.util.stream.Stream.of(why.isEmpty() ? "" : "not steady: " + why, paced)
                    .filter(w -> !w.isEmpty()).toList());
            table.add(new Table.Row(cells, warning.isEmpty() ? null : warning));
        }
        return new Table(headers, table);
    }

    /** Why a row's figures are not steady (repeats that disagree, a warm-up that never settled), or "". */
    static String unsteady(Summary row, Set<String> neverSteady) {
        String why = row.unstable() ? "repeats spread ±" + HtmlFormat.fixed(100 * row.spreadOfRepeats(), 0) + "%" : "";
        if (neverSteady.contains(row.target().label())) {
            why += (why.isEmpty() ? "" : "; ") + "never steady in its warm-up";
        }
        return why;
    }

    /** Why a row measures the load generator as much as the server, or "". */
    static String generatorPaced(Summary row) {
        return row.generatorPaced() == 0 ? "" : "the load generator set the pace in " + row.generatorPaced() + " of "
                + row.repeats() + " repeats (its busiest I/O thread over "
                + Math.round(100 * io.wsbench.model.record.GeneratorRecord.BUSY_SHARE) + "% on the CPU while the server had CPU to spare or was not watched)";
    }
}
