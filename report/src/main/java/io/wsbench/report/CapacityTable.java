package io.wsbench.report;

import io.wsbench.model.record.Assertion;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.RunRecord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The report's capacity section: one row per target's capacity search (the highest rate that met
 * every SLO, the interval it lies in, the ratio to the baseline's, the probes and the verdict), and
 * each search's probes in a table of their own under its chart.
 */
final class CapacityTable {

    private CapacityTable() {
    }

    /** One target's search: its chart, and its probes as the chart's figures. */
    record View(Charts.Chart chart) {
    }

    static boolean applies(RunRecord run) {
        return run.capacity() != null && !run.capacity().isEmpty();
    }

    static Table of(RunRecord run) {
        List<CapacityRecord> all = run.capacity();
        String baseline = run.baseline() == null ? all.get(0).target().label() : run.baseline();
        Double base = all.stream().filter(c -> c.target().label().equals(baseline)).map(CapacityRecord::rate)
                .filter(Objects::nonNull).findFirst().orElse(null);
        List<Table.Row> rows = new ArrayList<>();
        for (CapacityRecord c : all) {
            boolean lowerBound = c.limitedBy() != null || c.aborted() != null || (c.interval() != null && c.interval().get(1) == null);
            rows.add(new Table.Row(List.of(Table.Cell.of(c.target().label()),
                    Table.Cell.bad(c.rate() == null ? "none" : (lowerBound ? "≥ " : "") + HtmlFormat.rate(c.rate()), c.rate() == null),
                    Table.Cell.of(c.interval() == null ? "—" : HtmlFormat.rate(c.interval().get(0)) + " – "
                            + (c.interval().get(1) == null ? "?" : HtmlFormat.rate(c.interval().get(1)))),
                    Table.Cell.of(c.rate() == null || base == null ? "—" : HtmlFormat.fixed(c.rate() / base, 2)),
                    Table.Cell.of(String.valueOf(c.probes().size())), Table.Cell.of(String.valueOf(c.agreed())),
                    Table.Cell.code(String.join(" and ", c.slo())), Table.Cell.of(c.verdict()))));
        }
        return new Table(List.of("target", "capacity req/s", "passed – failed req/s", "× " + baseline, "probes",
                "agreeing probes at the boundary", "SLO", "verdict"), rows);
    }

    /**
     * Capacities of one target measured on servers started with other stack options (another version,
     * another JVM) in this run: each B over the first options' A, as {@code compare} judges two runs'
     * ({@link CapacityRatio}). Empty when no target was searched on two sets of options.
     */
    static List<CapacityRatio> versions(RunRecord run) {
        java.util.Map<List<Object>, List<CapacityRecord>> groups = new java.util.LinkedHashMap<>();
        for (CapacityRecord c : run.capacity()) {
            var t = c.target();
            groups.computeIfAbsent(Arrays.asList(t.stack(), t.protocol(), t.variant(), t.operation(), t.security(),
                    t.sequence(), t.client(), c.slo()), k -> new ArrayList<>()).add(c);
        }
        List<CapacityRatio> out = new ArrayList<>();
        for (List<CapacityRecord> same : groups.values()) {
            for (CapacityRecord b : same.subList(1, same.size())) {
                CapacityRecord a = same.get(0);
                if (!Objects.equals(a.target().stackOptions(), b.target().stackOptions())) {
                    CapacityRatio r = CapacityRatio.of(a, b);
                    out.add(new CapacityRatio(b.target().label() + " over " + a.target().label() + " ("
                            + VersionsTable.differs(a.target().stackOptions(), b.target().stackOptions()) + ")",
                            r.slo(), r.a(), r.b(), r.ratio(), r.low(), r.high(), r.verdict(), r.says()));
                }
            }
        }
        return out;
    }

    /** Each search's hockey stick, its probes as the figures under it. */
    static List<View> charts(RunRecord run) {
        List<View> out = new ArrayList<>();
        for (CapacityRecord c : run.capacity()) {
            List<Double> latencySlos = c.slo().stream().map(Assertion::parse)
                    .filter(a -> a.metric().matches("p\\d+|mean|max") && a.operator().startsWith("<"))
                    .map(a -> a.limit() / 1000).toList();
            Charts.Chart chart = Charts.capacity(c, latencySlos);
            out.add(new View(new Charts.Chart(chart.caption(), chart.data(), probes(c))));
        }
        return out;
    }

    private static Table probes(CapacityRecord c) {
        List<Table.Row> rows = new ArrayList<>();
        int i = 1;
        for (CapacityRecord.Probe p : c.probes()) {
            rows.add(new Table.Row(List.of(Table.Cell.of(String.valueOf(i++)), Table.Cell.of(HtmlFormat.rate(p.rate())),
                    Table.Cell.of(HtmlFormat.rate(p.achieved())), Table.Cell.of(HtmlFormat.fixed(p.p50Micros() / 1000, 2)),
                    Table.Cell.of(HtmlFormat.fixed(p.p99Micros() / 1000, 2)), Table.Cell.of(HtmlFormat.fixed(p.p999Micros() / 1000, 2)),
                    Table.Cell.of(HtmlFormat.count(p.errors())),
                    Table.Cell.of(p.serverCpuPercent() == null ? "—" : HtmlFormat.fixed(p.serverCpuPercent(), 0) + "%"),
                    Table.Cell.of(p.steady() == null ? "—" : p.steady() ? "yes" : "no"),
                    Table.Cell.bad(p.passed() ? "pass" : "fail: " + String.join(", ", p.broken()), !p.passed()))));
        }
        return new Table(List.of("probe", "offered req/s", "achieved req/s", "p50 ms", "p99 ms", "p99.9 ms", "errors",
                "server CPU", "steady", "SLO"), rows);
    }
}
