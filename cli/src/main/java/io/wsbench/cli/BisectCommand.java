package io.wsbench.cli;

import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.stats.Estimate;
import io.wsbench.model.stats.ByInstance;
import io.wsbench.model.stats.Levels;
import io.wsbench.model.suite.LoadPointSpec;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteBuilder;
import io.wsbench.model.suite.SuiteException;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.runner.Home;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code wsbench bisect SUITE --stack cxf --from 4.0.0 --to 4.2.3 --target 'CXF small'}: which release
 * of a stack moved a row's figure. The releases between the two (Maven Central's metadata, or
 * {@code --values}) are bisected: each step is one run of the target at the two ends of the range
 * still in doubt and the release between them, interleaved in rounds, and keeps the half whose
 * paired ratio moved most, until two adjacent releases are left. A release that does not start is
 * named and left out. Each step's run is an ordinary run: its directory, report and history.
 */
@Command(name = "bisect", description = {
        "Find which release of a stack moved a row's figure.",
        "The releases between --from and --to (Maven Central's, or --values) are bisected, each step one run of the target at"
        + " the range's two ends and the release between them, in the same rounds, until two adjacent releases are left.",
        "Any option of 'run' may follow (--quick, --repeat, --until, --monitor, ...)."})
final class BisectCommand implements java.util.concurrent.Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SUITE", description = "the suite that holds the target")
    Path suiteFile;

    @Option(names = "--target", required = true, paramLabel = "LABEL", description = "the suite's target to measure (on that stack)")
    String target;

    @Mixin
    ReleaseOptions range;

    @Spec
    CommandSpec spec;

    @Option(names = "--metric", paramLabel = "NAME", defaultValue = "throughput", description = "throughput (the default), p99, mean or cpu (the server's µs per valid answer)")
    String metric;

    @Option(names = "--threshold", paramLabel = "P%", defaultValue = "5%",
            description = "how far the figure must move between the ends (and between the pair found) to count (default 5%%)")
    String threshold;

    @Option(names = "--load", paramLabel = "N", defaultValue = "1", description = "which of the suite's loads, counting from 1 (default 1)")
    int load;

    @Option(names = "--confirm", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "measure a pair found to have moved again, in a step of its own with fresh servers, and say whether"
                    + " the change held (default: yes): a step's interval is the noise between its rounds, not what two JVMs of one build differ by")
    boolean confirm;

    @Unmatched
    List<String> runOptions = new ArrayList<>();

    /** One measured step: the releases it ran, their ratios, what it decided, how long it took. */
    record Step(int number, List<String> releases, List<String> said, Duration took, boolean measured) {
    }

    @Override
    public Integer call() {
        PrintStream o = System.out;
        double limit = threshold();
        if (!List.of("throughput", "p99", "mean", "cpu").contains(metric)) {
            throw new UserError("--metric " + metric + ": throughput, p99, mean or cpu");
        }
        Suite suite;
        try {
            suite = SuiteReader.read(suiteFile);
        } catch (SuiteException e) {
            throw new UserError(e.getMessage());
        }
        TargetSpec t = suite.targets().stream().filter(x -> x.label().equals(target)).findFirst()
                .orElseThrow(() -> new UserError("bisect: suite " + suite.name() + " has no target '" + target + "' (it has "
                        + String.join(", ", suite.targets().stream().map(x -> "'" + x.label() + "'").toList()) + ")"));
        if (!range.stack.equals(t.stack())) {
            throw new UserError("bisect: target '" + target + "' runs on " + (t.stack() == null ? "no stack of wsbench's" : "stack " + t.stack())
                    + ", not " + range.stack);
        }
        if (load < 1 || load > suite.load().size()) {
            throw new UserError("--load " + load + ": the suite has " + suite.load().size() + " load" + (suite.load().size() == 1 ? "" : "s"));
        }
        List<String> releases = range.releases(suite, t);
        long started = System.nanoTime();
        o.println("bisect: " + range.stack + " " + range.option + " over " + releases.size() + " releases, " + releases.get(0) + " .. "
                + releases.get(releases.size() - 1) + ", on '" + target + "' (" + metric + ", threshold " + threshold + ")");
        List<String> left = new ArrayList<>(releases);
        List<String> skipped = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        int lo = 0;
        int hi = left.size() - 1;
        String found = null;
        Estimate foundRatio = null;
        Path base = out(suite);
        boolean endsChecked = false; // the first step that measures every release checks the ends differ
        if (!runOptions.contains("--history") && !runOptions.contains("--no-history") && System.getenv(io.wsbench.history.HistoryLocation.ENV) == null) {
            // the steps' runs go into the history of the folder the bisect writes in (results/history.db), not one of its own
            Path parent = base.toAbsolutePath().getParent();
            runOptions.add("--history");
            runOptions.add((parent == null ? base.toAbsolutePath() : parent).resolve("history.db").toString());
        }
        while (true) {
            if (hi - lo < 1) {
                o.println("bisect: fewer than two releases start: nothing to compare (left out: " + String.join(", ", skipped) + ")");
                return ExitCode.PROBLEM;
            }
            int mid = hi - lo >= 2 ? (lo + hi) / 2 : -1;
            List<String> measured = mid < 0 ? List.of(left.get(lo), left.get(hi)) : List.of(left.get(lo), left.get(mid), left.get(hi));
            long t0 = System.nanoTime();
            RunRecord run = measure(suite, t, measured, base.resolve("step-" + (steps.size() + 1)));
            Map<String, ByInstance> byRelease = new LinkedHashMap<>();
            for (String r : measured) {
                byRelease.put(r, perRound(run, label(r)));
            }
            List<String> silent = measured.stream().filter(r -> byRelease.get(r).instances() == 0).toList();
            List<String> dead = culprits(run, silent);
            List<String> said = new ArrayList<>();
            if (!dead.isEmpty()) {
                for (String r : dead) {
                    said.add(range.option + " " + r + " did not start or answer: left out");
                    skipped.add(r);
                    int i = left.indexOf(r);
                    left.remove(i);
                    if (i < lo) {
                        lo--;
                    }
                    if (i <= hi) {
                        hi--;
                    }
                }
                // a step whose every release failed before answering (a version that cannot be had) measured nothing
                steps.add(tell(o, steps.size() + 1, measured, said, t0, silent.size() < measured.size()));
                continue;
            }
            String a = left.get(lo);
            String b = left.get(hi);
            Estimate ends = ratio(byRelease.get(a), byRelease.get(b));
            said.add(b + " / " + a + " = " + show(ends));
            if (!endsChecked && !moved(ends, limit)) {
                steps.add(tell(o, steps.size() + 1, measured, said, t0, true));
                o.println("bisect: no change beyond " + threshold + " (and beyond the noise) from " + a + " to " + b + ": " + show(ends)
                        + " (" + took(started) + ")");
                return 0;
            }
            if (mid < 0) {
                found = a + " -> " + b;
                foundRatio = ends;
                steps.add(tell(o, steps.size() + 1, measured, said, t0, true));
                break;
            }
            endsChecked = true;
            String m = left.get(mid);
            Estimate first = ratio(byRelease.get(a), byRelease.get(m));
            Estimate second = ratio(byRelease.get(m), byRelease.get(b));
            said.add(m + " / " + a + " = " + show(first) + ", " + b + " / " + m + " = " + show(second));
            boolean inFirst = Math.abs(Math.log(first.median())) >= Math.abs(Math.log(second.median()));
            Estimate chosen = inFirst ? first : second;
            if (!moved(chosen, limit)) {
                said.add("neither half moved beyond " + threshold + " and the noise: the change is spread over several releases, or"
                        + " is the noise's; following the larger");
            }
            if (inFirst) {
                hi = mid;
            } else {
                lo = mid;
            }
            said.add("the change is between " + left.get(lo) + " and " + left.get(hi));
            if (hi - lo == 1) {
                found = left.get(lo) + " -> " + left.get(hi);
                foundRatio = chosen;
                steps.add(tell(o, steps.size() + 1, measured, said, t0, true));
                break;
            }
            steps.add(tell(o, steps.size() + 1, measured, said, t0, true));
        }
        boolean pairMoved = moved(foundRatio, limit);
        String again = confirm && pairMoved
                ? confirm(o, suite, t, left.get(lo), left.get(hi), foundRatio, limit, base.resolve("step-" + (steps.size() + 1)), steps)
                : "";
        o.println();
        o.println("bisect: " + range.stack + " " + range.option + " " + found + ": " + metric + " x " + show(foundRatio)
                + (pairMoved ? again : " (not beyond " + threshold + " and the noise: the change is spread over the"
                + " releases, or the noise's: more rounds (--repeat, --until) narrow the intervals)"));
        long counted = steps.stream().filter(Step::measured).count();
        o.println("bisect: " + counted + " measured step" + (counted == 1 ? "" : "s") + (counted == steps.size() ? "" : " (" + steps.size() + " runs in all)")
                + " over " + releases.size() + " releases in " + took(started) + (skipped.isEmpty() ? "" : "; left out, not starting: " + String.join(", ", skipped))
                + "; the steps' runs in " + base);
        return 0;
    }

    /**
     * The pair found, {@code a} then {@code b}, measured again in a step of its own: fresh servers, as a step's
     * interval holds the noise between its rounds and not what two JVMs of one build differ by (an A/A pair
     * read 1.052 [0.994, 1.094] here: docs/history.md). The change holds when the fresh servers see it beyond
     * the threshold and the noise too, the same way. Returns what the last line adds.
     */
    private String confirm(PrintStream o, Suite suite, TargetSpec t, String a, String b, Estimate found, double limit, Path dir,
                           List<Step> steps) {
        long t0 = System.nanoTime();
        RunRecord run = measure(suite, t, List.of(a, b), dir);
        Estimate e = ratio(perRound(run, label(a)), perRound(run, label(b)));
        String verdict = e == null ? "could not be measured again with fresh servers"
                : moved(e, limit) && (e.median() > 1) == (found.median() > 1) ? "confirmed with fresh servers: x " + show(e)
                : "did not hold with fresh servers: x " + show(e) + "; fresh JVMs of the same two releases"
                + " read them otherwise: a lead to measure again, not a verdict";
        steps.add(tell(o, steps.size() + 1, List.of(a, b), List.of(b + " / " + a + " again: " + verdict), t0, true));
        return " (" + verdict + ")";
    }

    private static String took(long startedNanos) {
        long s = Math.round((System.nanoTime() - startedNanos) / 1e9);
        return s >= 60 ? (s / 60) + " min " + (s % 60) + " s" : s + " s";
    }

    private Step tell(PrintStream o, int number, List<String> measured, List<String> said, long t0, boolean anything) {
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        o.println("bisect step " + number + " (" + String.join(", ", measured) + ", " + took.toSeconds() + " s): " + String.join("; ", said));
        return new Step(number, measured, said, took, anything);
    }

    private double threshold() {
        return HistoryOptions.percent("--threshold", threshold);
    }

    private String label(String release) {
        return target + " " + range.option + "=" + release;
    }

    /** The step's suite: the target once per release, with that release as its option, under the chosen load, in rounds. */
    private Suite stepSuite(Suite suite, TargetSpec t, List<String> releases) {
        List<TargetSpec> targets = new ArrayList<>();
        for (String r : releases) {
            Map<String, String> options = new LinkedHashMap<>(suite.optionsFor(t));
            options.put(range.option, r);
            targets.add(t.as(label(r), options));
        }
        LoadPointSpec l = suite.load().get(load - 1);
        // the suite as written, in rounds, with what a step changes named
        return SuiteBuilder.builder(suite.withRounds(Suite.ROUNDS, null, null, null))
                .description("bisect of " + range.stack + " " + range.option + " on " + target).baseline(label(releases.get(0)))
                .targets(targets).load(List.of(l)).stackOptions(Map.of()).capacity(null).build();
    }

    private Path out(Suite suite) {
        int i = runOptions.indexOf("--out");
        if (i >= 0 && i + 1 < runOptions.size()) {
            Path given = Path.of(runOptions.get(i + 1));
            runOptions.remove(i + 1);
            runOptions.remove(i);
            return given;
        }
        return Home.find().resolve("results").resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                + "-bisect-" + suite.name());
    }

    /** One step: a run of the step's suite, as `run` makes it, into {@code dir}. */
    private RunRecord measure(Suite suite, TargetSpec t, List<String> releases, Path dir) {
        RunCommand run = new RunCommand();
        List<String> args = new ArrayList<>(runOptions);
        args.add("--out");
        args.add(dir.toString());
        args.add("--every-server"); // a release that does not start costs its step a few seconds, not the others' measuring
        try {
            new CommandLine(run).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new UserError(e.getMessage() + " (see 'wsbench help bisect')");
        }
        if (run.suiteFile != null) {
            throw new UserError("bisect takes one suite and run's options, not a second suite: " + run.suiteFile);
        }
        run.given = run.over(stepSuite(suite, t, releases));
        run.givenBy = GivenCommand.of(spec) + " (step " + dir.getFileName() + ")";
        try {
            run.call();
        } catch (UserError e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        if (run.done == null) {
            throw new UserError("bisect: the step's run in " + dir + " ended before measuring");
        }
        return run.done;
    }

    /**
     * Of the releases that gave no figure, those that failed: the ones the run's notes name (a version
     * that cannot be had stops every target of its stack, the others' with it, and the run says which
     * it was), or all of them when it names none.
     */
    private List<String> culprits(RunRecord run, List<String> silent) {
        if (silent.isEmpty()) {
            return silent;
        }
        // the servers that started are in the run's environment ("metro {version=2.4.5}"): the others did not
        java.util.Set<String> started = run.environment() == null || run.environment().stacks() == null ? java.util.Set.of()
                : run.environment().stacks().keySet();
        List<String> unstarted = silent.stream().filter(r -> started.stream().noneMatch(k -> java.util.regex.Pattern.compile(
                "[{ ,]" + java.util.regex.Pattern.quote(range.option + "=" + r) + "[,}]").matcher(k).find())).toList();
        if (!unstarted.isEmpty() && unstarted.size() < silent.size()) {
            return unstarted;
        }
        String said = (run.partialReason() == null ? "" : run.partialReason()) + "\n" + String.join("\n", run.notes() == null ? List.of() : run.notes());
        List<String> named = silent.stream()
                .filter(r -> java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(range.option + " " + r) + "(?![\\w.-])").matcher(said).find())
                .toList();
        return named.isEmpty() ? silent : named;
    }

    /** The figure of the target at {@code label}, by instance and round (none when it never answered). */
    private ByInstance perRound(RunRecord run, String label) {
        List<ByInstance.Value> rounds = new java.util.ArrayList<>();
        for (PointRecord p : run.points()) {
            if (p.target().label().equals(label) && p.validated() > 0) {
                Double v = switch (metric) {
                    case "p99" -> (double) p.latencyMicros().p99();
                    case "mean" -> p.latencyMicros().mean();
                    case "cpu" -> p.serverCpuMicrosPerRequest();
                    default -> p.throughput();
                };
                if (v != null) {
                    rounds.add(new ByInstance.Value(p.instance(), p.repeat(), v));
                }
            }
        }
        return ByInstance.of(rounds);
    }

    /** B/A paired round by round, its 95% interval over the processes too when each release ran as several ({@link Levels#ratio}). */
    private static Estimate ratio(ByInstance a, ByInstance b) {
        return Levels.ratio(a, b, Estimate.CONFIDENCE);
    }

    /** Moved beyond {@code limit}: its median by more than the limit, and its 95% interval clear of 1 (beyond the noise). */
    private static boolean moved(Estimate e, double limit) {
        return e != null && Math.abs(e.median() - 1) > limit && (!e.bounded() || e.low() > 1 || e.high() < 1);
    }

    private static String show(Estimate e) {
        if (e == null) {
            return "—";
        }
        return e.bounded() ? String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", e.median(), e.low(), e.high())
                : String.format(Locale.ROOT, "%.3f", e.median());
    }
}
