package io.wsbench.report;

import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.RunRecordBuilder;
import io.wsbench.model.record.Summary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rows whose repeats spread more than {@link Summary#STEADY_SPREAD}, each with what else moved while they were
 * measured: the machine (a fixed CPU loop, the generator's CPU per request, the distance between the generator's and
 * the server's cores), the server's collector, other processes. A few are flagged one by one; more than
 * {@value #ONE_BY_ONE} make one flag and a table of their own in report.html (seed 001 on a shared machine flagged 20
 * of its 24 rows, each in a paragraph of its own, a wall of text above the numbers and on the terminal).
 */
final class UnsteadyRows {

    /** Up to this many rows not steady are flagged one by one; more are counted in one flag and tabled. */
    static final int ONE_BY_ONE = 3;

    /** What moved a row, as the table says it. */
    enum Cause {
        OTHERS("other processes"), MACHINE("the machine, as much as the server"), SERVER("the server or the load");

        final String said;

        Cause(String said) {
            this.said = said;
        }
    }

    /**
     * One row not steady: its flag as one paragraph, and the same figures for a table's cells ("" where not known).
     * {@code spread} is its repeats' relative half range.
     */
    record Row(String key, double spread, String flag, String rates, String means, String loop, String generatorCpu,
               String coresApart, String gc, Cause cause) {
    }

    private UnsteadyRows() {
    }

    /** The rows of {@code points} of {@code run} whose repeats are not steady, in its summary's order. {@code cores}: the machine's. */
    static List<Row> of(RunRecord run, List<PointRecord> points, int cores) {
        Map<String, List<PointRecord>> repeats = PointRecord.byKey(points);
        List<Row> out = new ArrayList<>();
        for (Summary row : Summary.of(RunRecordBuilder.from(run).withPoints(points))) {
            if (!row.unstable()) {
                continue;
            }
            List<PointRecord> mine = repeats.get(row.key());
            double others = mine.stream().mapToDouble(p -> Flags.othersCpuPercent(p, cores).orElse(0.0)).max().orElse(0);
            boolean shared = others > Flags.OTHERS_CPU_PERCENT;
            Machine machine = machine(mine, row, !shared);
            String rates = HtmlFormat.rate(row.throughput().min()) + "–" + HtmlFormat.rate(row.throughput().max());
            String means = HtmlFormat.millis(row.meanMicros().min()) + "–" + HtmlFormat.millis(row.meanMicros().max());
            String gc = gc(mine);
            String flag = row.key() + ": not steady: its " + row.repeats() + " repeats spread ±" + Flags.percent(100 * row.spreadOfRepeats())
                    + " (" + rates + " req/s, mean " + means + " ms), more than ±" + Flags.percent(100 * Summary.STEADY_SPREAD) + "."
                    + machine.said() + gc + " Read its median with care: "
                    + (shared ? "other processes took up to " + Flags.percent(others) + " of a core during its repeats; run it on a quiet machine."
                    : machine.moved() ? "this machine ran the same work at different speeds during its repeats; add repeats,"
                    + " or run it on a machine of its own."
                    : "warm up longer, add repeats, or keep the processes on their own cores.");
            Cause cause = shared ? Cause.OTHERS : machine.moved() ? Cause.MACHINE : Cause.SERVER;
            out.add(new Row(row.key(), row.spreadOfRepeats(), flag, rates, means, machine.loop(), machine.generatorCpu(),
                    machine.coresApart(), gc.strip(), cause));
        }
        return out;
    }

    /** {@code rows}' flags: one each, or for more than {@value #ONE_BY_ONE} one that counts them ({@code all}: the rows measured). */
    static List<String> flags(List<Row> rows, int all) {
        if (rows.size() <= ONE_BY_ONE) {
            return rows.stream().map(Row::flag).toList();
        }
        Row widest = rows.stream().max(Comparator.comparingDouble(Row::spread)).orElseThrow();
        List<String> causes = new ArrayList<>();
        for (Cause c : Cause.values()) {
            long n = rows.stream().filter(r -> r.cause() == c).count();
            if (n > 0) {
                causes.add(n + (c == Cause.OTHERS ? " shared the machine with other processes"
                        : c == Cause.MACHINE ? " moved with the machine itself (a fixed CPU loop on the generator's cores, the"
                        + " generator's CPU per request or the distance between the cores varied as much as the row)"
                        : " moved while the machine held"));
            }
        }
        String which = causes.size() == 1 ? "All of them" + causes.get(0).substring(causes.get(0).indexOf(' '))
                : "Of them, " + String.join("; ", causes);
        return List.of(rows.size() + " of " + all + " rows are not steady: their repeats spread more than ±"
                + Flags.percent(100 * Summary.STEADY_SPREAD) + ", up to ±" + Flags.percent(100 * widest.spread()) + " (" + widest.key() + "). "
                + which + ". Read their medians with care: add repeats, or run them on a machine of"
                + " their own. Each row's figures: \"Rows not steady\" in report.html.");
    }

    /** The table of report.html's "Rows not steady"; null for {@value #ONE_BY_ONE} rows or fewer, which the flags give. */
    static Table table(List<Row> rows) {
        if (rows.size() <= ONE_BY_ONE) {
            return null;
        }
        List<Table.Row> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(new Table.Row(List.of(Table.Cell.of(r.key()), Table.Cell.of("±" + Flags.percent(100 * r.spread())),
                    Table.Cell.of(r.rates()), Table.Cell.of(r.means()), Table.Cell.of(r.loop()), Table.Cell.of(r.generatorCpu()),
                    Table.Cell.of(r.coresApart()), Table.Cell.of(r.gc()), Table.Cell.bad(r.cause().said, r.cause() == Cause.OTHERS))));
        }
        return new Table(List.of("row", "repeats spread", "req/s", "mean ms", "fixed CPU loop, ms", "generator CPU, µs/request",
                "cores apart, ns", "server GC", "what moved it"), out);
    }

    /**
     * How much the machine itself varied during a row's repeats: the fixed CPU work timed on the
     * generator's cores around each point, and the generator's own CPU per request, the same work in
     * every repeat of a row, which a fixed CPU loop does not see slow down when the machine's caches
     * and memory do (on a shared host both cores slowed by 15-25% together while the loop held within
     * 1%); "" when fewer than two repeats have either. Each figure also alone, for a table's cells.
     */
    private record Machine(String said, boolean moved, String loop, String generatorCpu, String coresApart) {
    }

    /** {@code judge}: whether to say which moved the row, the machine or the server (not when other processes shared it). */
    private static Machine machine(List<PointRecord> repeats, Summary row, boolean judge) {
        double[] probe = repeats.stream().filter(p -> p.generator() != null && p.generator().machineProbeMicros() != null)
                .mapToDouble(p -> p.generator().machineProbeMicros()).toArray();
        List<PointRecord> worked = repeats.stream().filter(UnsteadyRows::generatorWorkKnown).toList();
        double[] apart = repeats.stream().filter(p -> p.generator() != null && p.generator().coreDistanceNanos() != null)
                .flatMap(p -> p.generator().coreDistanceNanos().stream()).mapToDouble(Double::doubleValue).toArray();
        if (probe.length < 2 && worked.size() < 2 && apart.length == 0) {
            return new Machine("", false, "", "", "");
        }
        StringBuilder said = new StringBuilder();
        boolean moved = false;
        String loop = "";
        String generatorCpu = "";
        String coresApart = "";
        if (probe.length >= 2) {
            Summary.Spread machine = Summary.Spread.of(probe);
            double varied = machine.relativeHalfRange();
            String range = HtmlFormat.fixed(machine.min() / 1000, 2) + "–" + HtmlFormat.fixed(machine.max() / 1000, 2);
            loop = range + " (±" + halfRange(varied) + "%)";
            said.append(" The machine itself varied ±").append(halfRange(varied))
                    .append("% during these repeats (a fixed CPU loop on the generator's cores took ").append(range).append(" ms)");
            moved = varied >= row.spreadOfRepeats() / 2;
        }
        if (worked.size() >= 2) {
            double[] work = worked.stream().mapToDouble(UnsteadyRows::generatorMicrosPerRequest).toArray();
            double[] pace = worked.stream().mapToDouble(p -> 1 / p.throughput()).toArray();
            Summary.Spread w = Summary.Spread.of(work);
            double varied = w.relativeHalfRange();
            boolean inStep = correlation(work, pace) >= 0.5;
            String range = micros(w.min()) + "–" + micros(w.max());
            generatorCpu = range + " (±" + halfRange(varied) + "%)";
            said.append(said.isEmpty() ? " The generator's" : "; the generator's")
                    .append(" CPU per request, the same work in every repeat, took ").append(range).append(" µs (±")
                    .append(halfRange(varied)).append("%")
                    .append(inStep && varied >= 0.02 ? ", more where the server was slower)" : ")");
            moved |= inStep && varied >= row.spreadOfRepeats() / 2;
        }
        if (apart.length >= 4) {
            Summary.Spread d = Summary.Spread.of(apart);
            boolean moved2 = d.max() > GeneratorRecord.CORES_MOVED * d.min();
            String range = HtmlFormat.fixed(d.min(), 0) + "–" + HtmlFormat.fixed(d.max(), 0);
            coresApart = range + (moved2 ? " (moved)" : "");
            said.append(said.isEmpty() ? " The generator's" : "; the generator's").append(" and the server's cores lay ")
                    .append(range).append(" ns apart (a cache line's round trip)").append(moved2 ? ", as the hypervisor moved them" : "");
            moved |= moved2;
        }
        if (!judge) {
            return new Machine(said + ".", false, loop, generatorCpu, coresApart);
        }
        return new Machine(said + (moved ? ": the machine, as much as the server, moved this row."
                : ": the machine held, so the difference is the server's or the load's."), moved, loop, generatorCpu, coresApart);
    }

    /** A relative half range in percent, a decimal below 10%: "2.4", "17". */
    private static String halfRange(double varied) {
        return HtmlFormat.fixed(100 * varied, varied < 0.1 ? 1 : 0);
    }

    private static String micros(double v) {
        return v < 100 ? HtmlFormat.fixed(v, 1) : String.format(Locale.ROOT, "%,.0f", v);
    }

    /**
     * Whether a point's generator CPU per request is the cost of its work: not when agents sent it,
     * nor when an I/O thread was on the CPU 90% of the point or more (busy-polling, or saturated:
     * its CPU then says how busy it was, not how fast).
     */
    private static boolean generatorWorkKnown(PointRecord p) {
        GeneratorRecord g = p.generator();
        return g != null && p.agents() == null && p.requests() > 0 && g.cpuSeconds() > 0 && p.throughput() > 0
                && (g.ioBusiestPercent() == null || g.ioBusiestPercent() < 90);
    }

    private static double generatorMicrosPerRequest(PointRecord p) {
        return p.generator().cpuSeconds() * 1e6 / p.requests();
    }

    /** Pearson's correlation of two series of the same length; 0 when either does not vary. */
    static double correlation(double[] a, double[] b) {
        double ma = java.util.Arrays.stream(a).average().orElse(0);
        double mb = java.util.Arrays.stream(b).average().orElse(0);
        double cov = 0;
        double va = 0;
        double vb = 0;
        for (int i = 0; i < a.length; i++) {
            cov += (a[i] - ma) * (b[i] - mb);
            va += (a[i] - ma) * (a[i] - ma);
            vb += (b[i] - mb) * (b[i] - mb);
        }
        return va == 0 || vb == 0 ? 0 : cov / Math.sqrt(va * vb);
    }

    /**
     * Whether the server's collector took a different share of the repeats: the repeat that spent the
     * most of each second in GC against the one that spent the least, when the most is at least 1% of
     * the time and 30% more than the least; "" otherwise, or for servers whose GC is not seen.
     */
    private static String gc(List<PointRecord> repeats) {
        PointRecord most = null;
        PointRecord least = null;
        for (PointRecord p : repeats) {
            if (p.server() == null || p.server().counters().gcTimeMillis() == null || p.durationSeconds() <= 0) {
                continue;
            }
            if (most == null || gcPerSecond(p) > gcPerSecond(most)) {
                most = p;
            }
            if (least == null || gcPerSecond(p) < gcPerSecond(least)) {
                least = p;
            }
        }
        if (most == null || gcPerSecond(most) < 10 || gcPerSecond(most) < 1.3 * gcPerSecond(least)) {
            return "";
        }
        return " Repeat " + most.repeat() + " spent " + (gcPerSecond(least) == 0 ? "time"
                : Flags.percent(100 * (gcPerSecond(most) / gcPerSecond(least) - 1)) + " more time") + " in GC than repeat "
                + least.repeat() + " (" + HtmlFormat.fixed(gcPerSecond(most), 0) + " against "
                + HtmlFormat.fixed(gcPerSecond(least), 0) + " ms a second).";
    }

    private static double gcPerSecond(PointRecord p) {
        return p.server().counters().gcTimeMillis() / p.durationSeconds();
    }
}
