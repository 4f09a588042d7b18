package io.wsbench.cli;

import io.wsbench.report.Comparison;
import io.wsbench.report.ProfileDiff;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "why", description = {
        "Why run B differs from run A, from their servers' profiles.",
        "For each point both profiled, the server's CPU per request in each and the frames whose CPU per request changed most,"
        + " with their intervals over the repeats and their share of the change."})
final class WhyCommand implements Callable<Integer> {

    @Mixin
    TwoRuns runs;

    @Option(names = "--top", paramLabel = "N", defaultValue = "5", description = "frames per point (default: ${DEFAULT-VALUE})")
    int top;

    @Override
    public Integer call() {
        Comparison c = runs.compare();
        PrintStream o = System.out;
        if (c.why() == null) {
            throw new UserError("why: no point was profiled in both runs (their servers ran without --monitor profile,"
                    + " were not JVMs, or the two runs measured no point in common)");
        }
        for (ProfileDiff d : c.why()) {
            o.println(d.point() + ": " + d.says());
            o.printf(Locale.ROOT, "  %-70s %10s %10s %9s %21s %6s%n", "frame (µs/request)", "A", "B", "change", "interval", "share");
            d.frames().stream().limit(top).forEach(f -> o.printf(Locale.ROOT, "  %-70s %10.1f %10.1f %+9.1f %21s %6s%s%n",
                    shorten(f.frame()), f.a(), f.b(), f.change(),
                    f.low() == null ? "-" : String.format(Locale.ROOT, "%+.1f to %+.1f", f.low(), f.high()),
                    f.shareOfChange() == null ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * f.shareOfChange()),
                    f.significant() ? " *" : ""));
        }
        // from ProfileDiff's own figures: a footnote of literals said 1% once the floor was 3%
        o.printf(Locale.ROOT, "* changed: the interval excludes 0 (Welch's t over the server's processes where each side ran as two"
                + " or more, else over the repeats; the %d frames' intervals together at 95%%, Bonferroni) and, over repeats, the"
                + " change is %.0f%% of A's CPU per request or more. share: of the whole change, where the whole changed beyond its"
                + " repeats' spread%n", ProfileDiff.TOP, 100 * ProfileDiff.LEAST_SHARE_OF_A);
        return 0;
    }

    private static String shorten(String frame) {
        return frame.length() <= 70 ? frame : "…" + frame.substring(frame.length() - 69);
    }
}
