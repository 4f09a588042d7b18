package io.wsbench.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.stats.ChangePoints;
import io.wsbench.history.HistoryException;
import io.wsbench.history.HistoryLocation;
import io.wsbench.history.HistoryStore;
import io.wsbench.history.Metric;
import io.wsbench.history.StoredRow;
import io.wsbench.history.StoredRun;
import io.wsbench.history.Timeline;
import io.wsbench.report.TrendPage;
import io.wsbench.runner.Home;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

@Command(name = "history", description = {
        "A suite's rows run after run, their change points, and trend.html.",
        "From the history every run is recorded in (results/history.db, or --history): the series of one figure per row and kind of machine,"
        + " the change points found in it (E-Divisive means), and trend.html with their charts.",
        "'wsbench history import DIR' records the runs of a results folder."},
        subcommands = HistoryCommand.Import.class)
final class HistoryCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "SUITE", description = "the suite's name (none: list the suites)")
    String suite;

    @Option(names = "--target", paramLabel = "LABEL", description = "only the rows of this target")
    String target;

    @Option(names = "--load", paramLabel = "LOAD", description = "only the rows of this load, as the tables name it (e.g. '5 users')")
    String load;

    @Option(names = "--metric", paramLabel = "NAME", defaultValue = "throughput",
            description = "throughput (the default), p99, mean, cpu (the server's µs per request) or ratio (to the suite's baseline)")
    String metric;

    @Option(names = "--json", description = "print {series, changePoints} as JSON instead of the tables")
    boolean json;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write the page (default: trend.html in the current directory)")
    Path out = Path.of("trend.html");

    @Option(names = "--history", paramLabel = "FILE|JDBC-URL", description = HISTORY_HELP)
    String history;

    static final String HISTORY_HELP = "the history: a SQLite file, or jdbc:postgresql://HOST/DB (password in"
            + " WSBENCH_HISTORY_PASSWORD); default: $WSBENCH_HISTORY, else results/history.db";

    @Override
    public Integer call() {
        Metric m;
        try {
            m = Metric.named(metric);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        PrintStream o = System.out;
        try (HistoryStore store = open(history, false)) {
            if (suite == null) {
                List<String> suites = store.suites();
                o.println(suites.isEmpty() ? "history " + store.location().shown() + " holds no run yet"
                        : "suites in " + store.location().shown() + ": " + String.join(", ", suites));
                return 0;
            }
            List<StoredRun> runs = store.runs(suite);
            if (runs.isEmpty()) {
                throw new UserError("history " + store.location().shown() + " has no run of suite '" + suite + "'"
                        + suitesHeld(store));
            }
            Predicate<StoredRow> chosen = r -> (target == null || r.target().equals(target))
                    && (load == null || r.load().equals(load));
            List<Timeline.Series> series = Timeline.of(runs, store.rows(suite), chosen, m);
            if (series.isEmpty()) {
                throw new UserError("suite '" + suite + "' has no row" + (target == null ? "" : " of target '" + target + "'")
                        + (load == null ? "" : " at load '" + load + "'") + " with a " + m.word + " figure in the history");
            }
            if (json) {
                o.println(json(series));
            } else {
                series.forEach(s -> o.print(table(s)));
            }
            try {
                Files.writeString(out, TrendPage.html(suite, m.word + " (" + m.unit + ")", series.stream().map(HistoryCommand::chart).toList()));
            } catch (IOException e) {
                throw new UserError("cannot write " + out + ": " + io.wsbench.runner.OneLine.why(e));
            }
            if (!json) {
                o.println("wrote " + out);
            }
            return 0;
        }
    }

    /** The history at {@code given} (--history), else the environment's, else results/history.db; one line when it cannot be opened. */
    static HistoryStore open(String given) {
        return open(given, true);
    }

    /** As {@link #open(String)}; unless {@code create}, a SQLite file that is not there is one line, not made empty. */
    static HistoryStore open(String given, boolean create) {
        HistoryLocation where;
        try {
            where = HistoryLocation.of(given, System.getenv(), Home.find().resolve("results/history.db"));
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        if (!create && where.sqlite() && !Files.exists(where.sqliteFile())) {
            throw new UserError("no history at " + where.shown() + ": every run records itself there, or 'wsbench history import"
                    + " results/' builds it from run directories");
        }
        try {
            return HistoryStore.open(where);
        } catch (HistoryException e) {
            throw new UserError(e.getMessage());
        }
    }

    private static String suitesHeld(HistoryStore store) {
        List<String> all = store.suites();
        return all.isEmpty() ? " (it holds none yet: a run records itself, or 'wsbench history import results/')"
                : " (it holds " + String.join(", ", all) + ")";
    }

    /** One series as a table: each run's figure and interval, the change points under it. */
    static String table(Timeline.Series s) {
        StringBuilder sb = new StringBuilder();
        sb.append(s.row()).append(" — ").append(s.metric().unit).append(", on ").append(s.machine()).append('\n');
        sb.append(String.format(Locale.ROOT, "  %3s  %-28s  %-12s  %12s  %-25s%n", "#", "run", "commit", s.metric().word, "95% interval"));
        for (int i = 0; i < s.entries().size(); i++) {
            Timeline.Entry e = s.entries().get(i);
            StoredRow.Figure f = e.figure();
            for (ChangePoints.ChangePoint c : s.changePoints()) {
                if (c.index() == i) {
                    sb.append("  ---- change point: ").append(says(c)).append('\n');
                }
            }
            sb.append(String.format(Locale.ROOT, "  %3d  %-28s  %-12s  %12s  %-25s%n", i, e.runId(), e.commit(), number(f.median()),
                    f.bounded() ? "[" + number(f.low()) + ", " + number(f.high()) + "]" : "—"));
        }
        if (s.changePoints().isEmpty()) {
            sb.append("  no change point in ").append(s.entries().size()).append(" runs\n");
        }
        return sb.append('\n').toString();
    }

    /** What a change point says: the step and its interval, and the runs' medians either side. */
    static String says(ChangePoints.ChangePoint c) {
        String interval = Double.isFinite(c.low()) && Double.isFinite(c.high())
                ? String.format(Locale.ROOT, " [%+.1f%%, %+.1f%%]", c.low() * 100, c.high() * 100)
                : " (too few runs on a side for an interval)";
        return String.format(Locale.ROOT, "%+.1f%%%s from run %d on (median %s before, %s after; p = %.3f)",
                c.step() * 100, interval, c.index(), number(c.before()), number(c.after()), c.pValue());
    }

    private static String number(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    /** {"series": [...], "changePoints": [...]}: each change point names its series and the index of its first run. */
    static String json(List<Timeline.Series> series) {
        ObjectNode root = RunJson.MAPPER.createObjectNode();
        ArrayNode all = root.putArray("series");
        ArrayNode changes = root.putArray("changePoints");
        for (int n = 0; n < series.size(); n++) {
            Timeline.Series s = series.get(n);
            ObjectNode one = all.addObject();
            one.put("row", s.row()).put("machine", s.machine()).put("metric", s.metric().word);
            ArrayNode runs = one.putArray("runs");
            for (Timeline.Entry e : s.entries()) {
                ObjectNode r = runs.addObject();
                r.put("run", e.runId()).put("startedAt", e.startedAt()).put("commit", e.commit()).put("median", e.figure().median());
                if (e.figure().bounded()) {
                    r.put("low", e.figure().low()).put("high", e.figure().high());
                }
                if (e.stackVersion() != null) {
                    r.put("version", e.stackVersion());
                }
            }
            for (ChangePoints.ChangePoint c : s.changePoints()) {
                ObjectNode change = changes.addObject().put("series", n).put("row", s.row()).put("index", c.index())
                        .put("run", s.first(c).runId()).put("step", c.step());
                if (Double.isFinite(c.low()) && Double.isFinite(c.high())) {
                    change.put("low", c.low()).put("high", c.high());
                }
                change.put("pValue", c.pValue());
            }
        }
        try {
            return RunJson.MAPPER.writeValueAsString(root);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static TrendPage.Chart chart(Timeline.Series s) {
        List<TrendPage.Run> runs = new ArrayList<>();
        for (Timeline.Entry e : s.entries()) {
            String versions = (e.wsbenchVersion() == null ? "" : "wsbench " + e.wsbenchVersion())
                    + (e.stackVersion() == null ? "" : "; " + e.stackVersion());
            runs.add(new TrendPage.Run(e.runId(), e.startedAt(), e.commit(), versions, e.figure().median(), e.figure().low(), e.figure().high()));
        }
        List<TrendPage.Mark> marks = s.changePoints().stream()
                .map(c -> new TrendPage.Mark(c.index(), "change point before run " + c.index() + " (" + s.first(c).runId() + "): " + says(c)))
                .toList();
        return new TrendPage.Chart(s.row(), s.machine(), s.metric().unit, runs, marks);
    }

    @Command(name = "import", description = "Record in the history every run under DIR (a results folder or one run's"
            + " directory), each by its directory's name; a run recorded before is replaced, not doubled.")
    static final class Import implements Callable<Integer> {

        @Parameters(index = "0", paramLabel = "DIR", description = "a results folder, or one run's directory")
        Path dir;

        @Option(names = "--history", paramLabel = "FILE|JDBC-URL", description = HISTORY_HELP)
        String history;

        @Override
        public Integer call() {
            if (!Files.isDirectory(dir)) {
                throw new UserError("history import: no such directory: " + dir);
            }
            try (HistoryStore store = open(history)) {
                HistoryStore.Imported done;
                try {
                    done = store.importRuns(dir);
                } catch (HistoryException e) {
                    throw new UserError(e.getMessage());
                }
                done.skipped().forEach(s -> System.out.println("skipped " + s));
                System.out.println("recorded " + done.recorded().size() + " run" + (done.recorded().size() == 1 ? "" : "s")
                        + " in " + store.location().shown());
                return 0;
            }
        }
    }
}
