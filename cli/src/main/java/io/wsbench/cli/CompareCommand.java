package io.wsbench.cli;

import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.Summary;
import io.wsbench.model.stats.Ratios;
import io.wsbench.report.Comparison;
import io.wsbench.runner.OneLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

@Command(name = "compare", description = {
        "Compare run B with run A, target by target and load by load.",
        "For each target and load in both: B/A of throughput, p50 and p99 latency with a 95%% interval (Welch's t over each run's processes, or its repeats), and a verdict.",
        "Writes compare.json, compare.csv and compare.html."})
final class CompareCommand implements Callable<Integer> {

    @Mixin
    TwoRuns runs;

    @Option(names = "--out", paramLabel = "DIR", description = "where to write compare.json, compare.csv and compare.html (default: the current directory)")
    Path out = Path.of(".");

    @Override
    public Integer call() {
        Comparison c = runs.compare();
        PrintStream o = System.out;
        o.println("A  " + header(c.a()));
        o.println("B  " + header(c.b()));
        o.println();
        if (!c.rows().isEmpty()) {
            o.print(table(c));
            o.println("B/A is the ratio of the medians over the repeats, with its 95% interval: " + Ratios.WELCH + ".");
            o.println("A verdict needs the whole interval on one side of 1: req/s faster or slower; p50 and p99 lower (better)"
                    + " or higher (worse).");
            int rows = c.rows().size();
            if (rows > 1) {
                // the verdicts are read on wider intervals than the 95% shown: one that just leaves 1 out may still say no difference
                o.println("The verdicts are read on intervals at " + Ratios.percent(Ratios.simultaneous(rows)) + " each, so that the "
                        + rows + " rows' verdicts on a figure hold together at 95% (Bonferroni): a 95% interval that just"
                        + " leaves 1 out may still read no significant difference.");
            }
        } else if (c.capacities() == null) {
            o.println("No target was measured under the same load in both runs.");
        }
        if (c.why() != null) {
            o.println("why, from the servers' profiles (wsbench why A B for the frames):");
            c.why().forEach(d -> o.println("  " + d.point() + ": " + d.says()));
        }
        if (c.capacities() != null) {
            o.println("capacity, B over A:");
            c.capacities().forEach(x -> o.println("  " + x.target() + ": " + x.says()));
        }
        unmatched(o, "A", c.onlyInA(), c.onlyInB());
        unmatched(o, "B", c.onlyInB(), c.onlyInA());
        for (Path p : c.write(out)) {
            o.println("wrote " + p);
        }
        return 0;
    }

    /** "only in A: X", each with how the other run's target of its name differs, where it has one. */
    private static void unmatched(PrintStream o, String side, List<Comparison.Unmatched> only, List<Comparison.Unmatched> others) {
        for (Comparison.Unmatched u : only) {
            String unlike = u.unlike(others);
            o.println("only in " + side + ": " + u.name() + (unlike == null ? "" : " (" + unlike + ")"));
        }
    }

    /** The directory of a run given as its directory or its run.json. */
    static Path dirOf(Path run) {
        return Files.isDirectory(run) ? run : run.toAbsolutePath().getParent();
    }

    static RunRecord read(Path run) {
        Path json = Files.isDirectory(run) ? run.resolve("run.json") : run;
        if (!Files.exists(run)) {
            throw new UserError("no such run directory: " + run);
        }
        if (!Files.isRegularFile(json)) {
            throw new UserError("no run.json in " + run);
        }
        try {
            RunRecord r = RunJson.read(json);
            if (r == null || r.points() == null) {
                throw new IOException("it has no points");
            }
            return r;
        } catch (IOException e) {
            throw new UserError(json + ": not a readable run: " + OneLine.of(e));
        }
    }

    /** The facts that decide whether two runs are comparable: versions of wsbench and of each stack. */
    private static String header(Comparison.Side s) {
        StringBuilder sb = new StringBuilder(s.run()).append(": suite ").append(s.suite())
                .append(", wsbench ").append(s.wsbenchVersion());
        if (s.gitCommit() != null && !s.gitCommit().isEmpty()) {
            sb.append(" (").append(s.gitCommit(), 0, Math.min(10, s.gitCommit().length())).append(')');
        }
        sb.append(", started ").append(s.startedAt());
        Map<String, String> stacks = new TreeMap<>(s.stacks());
        if (!stacks.isEmpty()) {
            List<String> each = new ArrayList<>();
            stacks.forEach((name, version) -> each.add(name + " " + version));
            sb.append(", stacks: ").append(String.join(", ", each));
        }
        if (s.status() != null && !"complete".equals(s.status())) {
            sb.append("  [").append(s.status()).append(" run]");
        }
        return sb.toString();
    }

    private static String table(Comparison c) {
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[]{"target", "load", "metric", "A (n)", "B (n)", "B/A", "95% interval", "verdict"});
        for (Comparison.Row r : c.rows()) {
            boolean first = true;
            for (Comparison.Ratio x : r.ratios()) {
                String unit = switch (x.metric()) {
                    case "throughput", Comparison.REQUESTS_PER_SECOND -> "req/s";
                    case Comparison.ITERATIONS_PER_SECOND -> "it/s";
                    default -> null;
                };
                boolean rate = unit != null;
                boolean ratio = x.metric().startsWith(Comparison.RATIO_PREFIX);
                cells.add(new String[]{first ? r.target().label() : "", first ? r.load().describe() : "",
                        rate ? unit : x.metric().replace("Micros", ""),
                        figure(x.a(), rate, ratio) + " (" + r.repeatsA() + ")", figure(x.b(), rate, ratio) + " (" + r.repeatsB() + ")",
                        x.ratio() == null ? "-" : String.format(Locale.ROOT, "%.3f", x.ratio()),
                        x.low() == null ? "-" : String.format(Locale.ROOT, "%.3f–%.3f", x.low(), x.high()),
                        x.verdict()});
                first = false;
            }
        }
        return ConsoleSummary.layout(cells, "lllrrrrl");
    }

    /** A median with its spread over the repeats, as in the summary table: a rate, a ratio (x.xxx) or a latency (µs shown in ms). */
    private static String figure(Summary.Spread s, boolean rate, boolean ratio) {
        if (s == null) {
            return "-";
        }
        String median = rate ? String.format(Locale.ROOT, "%,.0f", s.median())
                : ratio ? String.format(Locale.ROOT, "%.3f", s.median()) : ConsoleSummary.millis(s.median());
        return s.max() > s.min() ? median + String.format(Locale.ROOT, " ±%.1f%%", 100 * s.relativeHalfRange()) : median;
    }
}
