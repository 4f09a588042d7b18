package io.wsbench.cli;

import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.Summary;
import io.wsbench.model.stats.Estimate;
import io.wsbench.model.stats.Ratios;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteException;
import io.wsbench.model.suite.SuiteReader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code wsbench ab A.yaml B.yaml}: is B faster than A? Both suites' targets are measured in the
 * same run, in the same rounds ({@link Suite#against}), so that each of B's points meets the machine
 * in the same minutes as its A; each B/A is paired round by round, with its 95%% interval and a verdict.
 */
@Command(name = "ab", description = {"B against A, interleaved in one run: A's and B's targets in the same rounds, in"
        + " random order, and each B/A paired round by round with its 95%% interval and a verdict.",
        "Any option of 'run' may follow (--quick, --repeat, --until, --seed, --cpus, ...)."})
final class AbCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A.yaml", description = "the suite of A (what B is held against)")
    Path a;

    @Parameters(index = "1", paramLabel = "B.yaml", description = "the suite of B")
    Path b;

    @Unmatched
    List<String> runOptions = new ArrayList<>();

    @Spec
    CommandSpec spec;

    /** Said when B/A's interval holds 1. */
    static final String SAME = "~ no significant difference";

    @Override
    public Integer call() throws Exception {
        Suite both;
        try {
            both = Suite.against(SuiteReader.read(a), SuiteReader.read(b));
        } catch (SuiteException e) {
            throw new UserError(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UserError("ab " + a + " " + b + ": " + e.getMessage());
        }
        RunCommand run = new RunCommand();
        CommandLine cl = new CommandLine(run);
        try {
            cl.parseArgs(runOptions.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new UserError(e.getMessage() + " (see 'wsbench help ab')");
        }
        if (run.suiteFile != null) {
            throw new UserError("ab takes two suites and run's options, not a third suite: " + run.suiteFile);
        }
        run.given = both;
        run.givenBy = GivenCommand.of(spec);
        int code = run.call();
        if (run.done != null) {
            System.out.print(render(run.done));
        }
        return code;
    }

    /**
     * One line per target and load of A that B has too: both medians, B/A paired by round with its 95%
     * interval, and the verdict. The verdicts are simultaneous: each row's interval for it is at
     * 1 - 5%/m for m rows (Bonferroni), so that an A/A run calls no row different 19 times in 20,
     * where m separate 95% intervals would call one different in a third of A/A runs of 8 rows.
     */
    static String render(RunRecord run) {
        List<Summary> rows = Summary.of(run);
        List<Summary[]> pairs = new ArrayList<>();
        for (Summary ra : rows) {
            String label = ra.target().label();
            if (!label.startsWith("A: ")) {
                continue;
            }
            String name = label.substring(3);
            rows.stream().filter(r -> r.target().label().equals(Suite.side("B", name))
                    && r.load().describe().equals(ra.load().describe())).findFirst().ifPresent(rb -> pairs.add(new Summary[]{ra, rb}));
        }
        double together = Ratios.simultaneous(pairs.size());
        StringBuilder out = new StringBuilder("\nB against A, paired round by round (95% interval" + (pairs.size() < 2 ? "):\n"
                : "; verdicts on intervals at " + Ratios.percent(together) + " each, so that the " + pairs.size()
                + " rows' hold together at 95%):\n"));
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[]{"target", "load", "A req/s", "B req/s", "B/A [95% CI]", "points", "verdict",
                "server CPU/answer B/A", "CPU verdict"});
        for (Summary[] p : pairs) {
            Summary ra = p[0];
            Summary rb = p[1];
            Estimate e = Summary.ratio(ra, rb, Estimate.CONFIDENCE);
            cells.add(new String[]{ra.target().label().substring(3), ra.load().describe(),
                    String.format(Locale.ROOT, "%,.0f", ra.throughput().median()),
                    String.format(Locale.ROOT, "%,.0f", rb.throughput().median()),
                    ConsoleSummary.ratio(e), String.valueOf(ra.repeats()), verdict(Summary.ratio(ra, rb, together)),
                    ConsoleSummary.ratio(Summary.cpuRatio(ra, rb, Estimate.CONFIDENCE)), cpuVerdict(Summary.cpuRatio(ra, rb, together))});
        }
        return out.append(ConsoleSummary.layout(cells, "llrrrrlrl")).toString();
    }

    /** "B costs more", "B costs less", {@link #SAME}, or why there is none; "-" where the CPU was not measured. */
    static String cpuVerdict(Estimate e) {
        if (e == null) {
            return "-";
        }
        if (!e.bounded()) {
            return verdict(e);
        }
        return e.low() > 1 ? "B costs more" : e.high() < 1 ? "B costs less" : SAME;
    }

    /** "B faster", "B slower", {@link #SAME}, or why there is none. */
    static String verdict(Estimate e) {
        if (!e.bounded()) {
            return "no verdict: " + e.method();
        }
        return e.low() > 1 ? "B faster" : e.high() < 1 ? "B slower" : SAME;
    }
}
