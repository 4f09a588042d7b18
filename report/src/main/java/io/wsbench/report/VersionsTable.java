package io.wsbench.report;

import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.Summary;
import io.wsbench.model.record.TargetRecord;
import io.wsbench.model.stats.Ratios;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * report.html's answer to "is the upgrade faster?": targets of one run that measured the same thing
 * on servers started with other stack options (another version, another JVM) are paired, the first
 * options the run measured as A and each other set as a B, and B is judged against A exactly as
 * {@code wsbench compare} judges two runs ({@link Comparison#row}).
 */
final class VersionsTable {

    private VersionsTable() {
    }

    /**
     * What makes two points one measurement, but their label and stack options. Unlike
     * {@code compare}'s match, the labels differ here, so the operation, the client and a cold
     * start, which a label usually names, must agree on their own.
     */
    private record Measured(String stack, String protocol, String variant, String operation, String security,
                            String sequence, String client, Boolean coldStart, String load, String model, int users,
                            Double rate) {
        static Measured of(PointRecord p) {
            TargetRecord t = p.target();
            return new Measured(t.stack(), t.protocol(), t.variant(), t.operation(), t.security(), t.sequence(),
                    t.client(), t.coldStart(), p.load().describe(), p.load().model(), p.load().users(), p.load().rate());
        }
    }

    /**
     * B against A under one load: {@code row} holds the ratios and verdicts; {@code unsteadyA} and
     * {@code unsteadyB} say why a side's figures are not steady ("" when they are).
     */
    record Pair(TargetRecord a, TargetRecord b, Comparison.Row row, String unsteadyA, String unsteadyB,
                List<PointRecord> pointsA, List<PointRecord> pointsB) {
    }

    /**
     * What changed in the servers' profiles from A to B, for each pair whose points both have one
     * (read from {@code runDir}): as {@code compare} shows it for two runs, its graphs added to {@code flames}.
     */
    static List<Map<String, Object>> why(RunRecord run, java.nio.file.Path runDir, Profiles.Flames flames) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (runDir == null) {
            return out;
        }
        for (Pair p : pairs(run)) {
            List<Profiles.Point> a = Profiles.readAll(p.pointsA(), runDir);
            List<Profiles.Point> b = Profiles.readAll(p.pointsB(), runDir);
            if (!a.isEmpty() && !b.isEmpty()) {
                String name = p.b().label() + " against " + p.a().label() + " @ " + p.pointsA().get(0).load().describe();
                Profiles.Why w = Profiles.why(name, a, b);
                out.add(ComparePage.why(w.diff(), flames.add(w.graph())));
            }
        }
        return out;
    }

    /** Every pair of the run, a pair's loads together, in the order the run first measured them. */
    static List<Pair> pairs(RunRecord run) {
        Map<Measured, Map<Map<String, String>, List<PointRecord>>> groups = new LinkedHashMap<>();
        for (PointRecord p : run.points() == null ? List.<PointRecord>of() : run.points()) {
            Map<String, String> options = p.target().stackOptions() == null ? Map.of() : p.target().stackOptions();
            List<PointRecord> side = groups.computeIfAbsent(Measured.of(p), k -> new LinkedHashMap<>())
                    .computeIfAbsent(options, k -> new ArrayList<>());
            // another label on the same options is the same server, not another version: the first one speaks for it
            if (side.isEmpty() || side.get(0).target().label().equals(p.target().label())) {
                side.add(p);
            }
        }
        Set<String> neverSteady = run.neverSteady();
        Map<List<String>, List<Pair>> byTargets = new LinkedHashMap<>();
        // the verdicts of all the run's pairs hold together at 95%, as compare's and ab's rows do
        double together = Ratios.simultaneous(groups.values().stream().mapToInt(sides -> sides.size() - 1).sum());
        for (Map<Map<String, String>, List<PointRecord>> sides : groups.values()) {
            List<List<PointRecord>> all = List.copyOf(sides.values());
            List<PointRecord> a = all.get(0);
            for (List<PointRecord> b : all.subList(1, all.size())) {
                TargetRecord ta = a.get(0).target();
                TargetRecord tb = b.get(0).target();
                Comparison.Row row = Comparison.row(a, b, true, neverSteady.contains(ta.label()), neverSteady.contains(tb.label()),
                        together);
                byTargets.computeIfAbsent(List.of(ta.label(), tb.label()), k -> new ArrayList<>()).add(new Pair(ta, tb, row,
                        SummaryTable.unsteady(Summary.of(a).get(0), neverSteady),
                        SummaryTable.unsteady(Summary.of(b).get(0), neverSteady), a, b));
            }
        }
        return byTargets.values().stream().flatMap(List::stream).toList();
    }

    /** The section's table, or null when the run measured no target on two sets of stack options. */
    static Table of(RunRecord run) {
        List<Pair> pairs = pairs(run);
        if (pairs.isEmpty()) {
            return null;
        }
        Map<String, String> stacks = run.environment() == null || run.environment().stacks() == null ? Map.of()
                : run.environment().stacks();
        List<Table.Row> rows = new ArrayList<>();
        for (Pair p : pairs) {
            List<String> unsteady = new ArrayList<>();
            if (!p.unsteadyA().isEmpty()) {
                unsteady.add("A: " + p.unsteadyA());
            }
            if (!p.unsteadyB().isEmpty()) {
                unsteady.add("B: " + p.unsteadyB());
            }
            String why = unsteady.isEmpty() ? null : String.join("; ", unsteady);
            List<Table.Cell> cells = new ArrayList<>();
            cells.add(new Table.Cell(p.a().label() + (p.unsteadyA().isEmpty() ? "" : " ⚠"), loaded(stacks, p.a()), false, false));
            cells.add(new Table.Cell(p.b().label() + (p.unsteadyB().isEmpty() ? "" : " ⚠"), loaded(stacks, p.b()), false, false));
            cells.add(Table.Cell.of(differs(p.a().stackOptions(), p.b().stackOptions())));
            cells.add(Table.Cell.of(p.row().load().describe()));
            cells.add(Table.Cell.of(p.row().repeatsA() + " / " + p.row().repeatsB()));
            for (Comparison.Ratio r : p.row().ratios().subList(0, 3)) { // the point's own: a flow's steps are compare's
                cells.add(new Table.Cell((r.ratio() == null ? "—" : HtmlFormat.fixed(r.ratio(), 3) + "×") + " " + r.verdict(),
                        r.low() == null ? null : "95%: " + HtmlFormat.fixed(r.low(), 3) + "–" + HtmlFormat.fixed(r.high(), 3),
                        false, false));
            }
            cells.add(Table.Cell.bad(why == null ? "steady" : "not steady: " + why, why != null));
            rows.add(new Table.Row(cells, why == null ? null : "not steady: " + why));
        }
        return new Table(List.of("A", "B", "stack options", "load", "repeats A / B", "requests/s B/A", "p50 B/A", "p99 B/A",
                "steadiness"), rows);
    }

    /** The options that differ, A's value then B's, e.g. "version 3.6.10 → default". */
    static String differs(Map<String, String> a, Map<String, String> b) {
        Map<String, String> inA = a == null ? Map.of() : a;
        Map<String, String> inB = b == null ? Map.of() : b;
        TreeSet<String> keys = new TreeSet<>(inA.keySet());
        keys.addAll(inB.keySet());
        List<String> differ = new ArrayList<>();
        for (String k : keys) {
            if (!Objects.equals(inA.get(k), inB.get(k))) {
                differ.add(k + " " + inA.getOrDefault(k, "default") + " → " + inB.getOrDefault(k, "default"));
            }
        }
        return String.join(", ", differ);
    }

    /**
     * What the target's server said it loaded, from the run's environment, or null. The runner names
     * a server by its stack and the target's own options ({@code cxf {version=3.6.10}}); the record
     * holds the suite's options for the stack too, so the name is that of the most options it holds.
     */
    static String loaded(Map<String, String> stacks, TargetRecord t) {
        if (t.stack() == null) {
            return null;
        }
        List<Map.Entry<String, String>> options = List.copyOf(
                (t.stackOptions() == null ? Map.<String, String>of() : t.stackOptions()).entrySet());
        // a handful of options at most: try every subset, largest first
        String best = null;
        int most = -1;
        for (int mask = 0; mask < 1 << Math.min(options.size(), 16); mask++) {
            TreeMap<String, String> own = new TreeMap<>();
            for (int i = 0; i < options.size(); i++) {
                if ((mask & 1 << i) != 0) {
                    own.put(options.get(i).getKey(), options.get(i).getValue());
                }
            }
            String version = stacks.get(own.isEmpty() ? t.stack() : t.stack() + " " + own);
            if (version != null && own.size() > most) {
                best = version;
                most = own.size();
            }
        }
        return best;
    }
}
