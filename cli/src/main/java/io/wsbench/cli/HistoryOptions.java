package io.wsbench.cli;

import io.wsbench.model.record.RunRecord;
import io.wsbench.history.Gate;
import io.wsbench.history.HistoryException;
import io.wsbench.history.HistoryLocation;
import io.wsbench.history.HistoryStore;
import io.wsbench.history.Metric;
import io.wsbench.history.StoredRun;
import io.wsbench.report.JUnitXml;
import io.wsbench.model.record.RunRecordBuilder;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a run is recorded ({@code --history}, {@code --no-history}) and the CI gate against the
 * runs before it ({@code --baseline history[:N]}, {@code --max-regression}). A history that cannot be
 * opened or written is one line: the run's own files are written before it, and stay.
 */
final class HistoryOptions {

    @Option(names = "--history", paramLabel = "FILE|JDBC-URL", description = "where the run is recorded: a SQLite file, or"
            + " jdbc:postgresql://HOST/DB (password in WSBENCH_HISTORY_PASSWORD); default: $WSBENCH_HISTORY, else history.db"
            + " beside the run's directory (results/history.db)")
    String where;

    @Option(names = "--no-history", description = "do not record the run in the history")
    boolean off;

    @Option(names = "--baseline", paramLabel = "history[:N]", description = "compare each row with the last N (default "
            + Gate.DEFAULT_RUNS + ") runs of the suite on this kind of machine; exit 1 when one got worse beyond"
            + " --max-regression with its whole 95%% interval; the verdicts go to junit.xml")
    String baseline;

    @Option(names = "--max-regression", paramLabel = "P%", description = "how much worse a row may get before --baseline fails it (default 5%%)")
    String maxRegression;

    /** The number of earlier runs --baseline names; 0 when it is not given. */
    int baselineRuns() {
        if (baseline == null) {
            return 0;
        }
        String b = baseline.strip();
        if (b.equals("history")) {
            return Gate.DEFAULT_RUNS;
        }
        if (b.startsWith("history:")) {
            try {
                int n = Integer.parseInt(b.substring("history:".length()));
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // below
            }
        }
        throw new UserError("--baseline " + baseline + ": history or history:N (N the number of earlier runs, 1 or more)");
    }

    double maxRegression() {
        return maxRegression == null ? 0.05 : percent("--max-regression", maxRegression);
    }

    /** A share given as a percentage ("5%" or "5"), above 0 and below 100%; else one line naming {@code option}. */
    static double percent(String option, String value) {
        String v = value.strip();
        try {
            double share = Double.parseDouble(v.endsWith("%") ? v.substring(0, v.length() - 1) : v) / 100;
            if (share > 0 && share < 1) {
                return share;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new UserError(option + " " + value + ": a percentage between 0 and 100, e.g. 5%");
    }

    /** Refuses a bad --baseline or --max-regression before the run starts. */
    void check() {
        baselineRuns();
        maxRegression();
        if (off && baseline != null) {
            throw new UserError("--baseline history needs the history: leave out --no-history");
        }
        if (where != null) {
            try {
                location(Path.of("."));
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage());
            }
        }
    }

    private HistoryLocation location(Path runDir) {
        Path parent = runDir.toAbsolutePath().getParent();
        return HistoryLocation.of(where, System.getenv(), (parent == null ? runDir : parent).resolve("history.db"));
    }

    /**
     * Records {@code run} (written in {@code dir}) in the history, then, with --baseline, judges its rows
     * against the runs before it: each verdict told on {@code out} and added to {@code cases}. False when
     * the gate failed a row; a history that cannot be used is one line and no failure of the run.
     */
    boolean recordAndGate(RunRecord run, Path dir, PrintStream out, List<JUnitXml.Case> cases) {
        if (off) {
            return true;
        }
        HistoryLocation at = location(dir);
        String id = dir.toAbsolutePath().getFileName().toString();
        try (HistoryStore store = HistoryStore.open(at)) {
            store.record(id, run, dir.resolve("run.json").toAbsolutePath().toString());
            out.println("history: recorded in " + at.shown());
            if (baseline == null) {
                return true;
            }
            Metric metric = Metric.THROUGHPUT;
            List<io.wsbench.history.StoredRow> rows = store.rows(run.suite());
            Gate.Result gate = Gate.check(run.suite(), id, StoredRun.machine(run.environment()),
                    rows.stream().filter(r -> r.runId().equals(id)).toList(),
                    store.runs(run.suite()), rows, baselineRuns(), maxRegression(), metric);
            if (gate.noHistory()) {
                out.println("baseline: no history yet of suite " + run.suite() + " on this kind of machine (" + gate.machine()
                        + "): nothing to compare with, the gate passes");
                return true;
            }
            out.println("baseline: against the last " + gate.comparedWith().size() + " run" + (gate.comparedWith().size() == 1 ? "" : "s")
                    + " of " + run.suite() + " on this kind of machine, worse by more than "
                    + io.wsbench.model.stats.Ratios.percent(maxRegression())
                    + " fails:");
            for (Gate.Verdict v : gate.verdicts()) {
                out.println(v.line());
                cases.add(new JUnitXml.Case(v.row(), "baseline " + baseline + " " + metric.word, !v.failed(), v.detail()));
            }
            long failed = gate.verdicts().stream().filter(Gate.Verdict::failed).count();
            out.println(failed == 0 ? "baseline: no row got worse beyond the noise"
                    : "baseline: " + failed + " of " + gate.verdicts().size() + " rows got worse beyond the noise");
            return failed == 0;
        } catch (HistoryException e) {
            out.println("wsbench: " + e.getMessage() + " (the run's files are written"
                    + (baseline == null ? ")" : "; --baseline could not judge the run: it fails)"));
            return baseline == null;
        }
    }

    /**
     * {@code load --history}: the point recorded as a run of its own, of suite "load URL", so that the
     * loads of one URL form a series; {@code where} is --history's value ("" for the default), {@code command}
     * the command line as given ({@link GivenCommand}). A history that cannot be used is one line on {@code out}.
     */
    static void recordLoad(String where, io.wsbench.model.record.PointRecord p, String loaded, String command, PrintStream out) {
        String url = HistoryLocation.redact(loaded);
        HistoryLocation at;
        try {
            at = HistoryLocation.of(where.isEmpty() ? null : where, System.getenv(),
                    io.wsbench.runner.Home.find().resolve("results/history.db"));
        } catch (IllegalArgumentException e) {
            out.println("wsbench: " + e.getMessage());
            return;
        }
        String now = java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
        RunRecord run = RunRecordBuilder.builder().suite("load " + url)
                .wsbenchVersion(io.wsbench.runner.Home.version())
                .gitCommit(io.wsbench.runner.Home.gitCommit(io.wsbench.runner.Home.find())).startedAt(now)
                .finishedAt(now).status(p.aborted() == null ? "complete" : "partial").partialReason(p.aborted())
                .command(command).environment(io.wsbench.model.record.Environment.detect(java.util.Map.of()))
                .notes(List.of()).points(List.of(p)).build();
        String id = "load-" + now.replace(":", "").replace("-", "") + "-" + ProcessHandle.current().pid();
        try (HistoryStore store = HistoryStore.open(at)) {
            store.record(id, run, null);
            out.println("  history       recorded in " + at.shown() + " (suite 'load " + url + "')");
        } catch (HistoryException e) {
            out.println("wsbench: " + e.getMessage());
        }
    }
}
