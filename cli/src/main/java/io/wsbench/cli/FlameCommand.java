package io.wsbench.cli;

import io.wsbench.model.record.RunRecord;
import io.wsbench.report.FlamePage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "flame", description = {
        "Write a run's flame graphs as a page, or one point's stacks as collapsed text.",
        "Its JVM servers' CPU, allocations or lock waits per request, as a page of their own on standard output, or one point's"
        + " stacks as collapsed text (--folded) for flamegraph.pl, speedscope and the like."})
final class FlameCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN", description = "a results directory (or its run.json)")
    Path run;

    @Option(names = "--point", paramLabel = "TARGET @ LOAD",
            description = "the point, as the report names it ('cxf @ 5 users'), or the start of its name (default: every point)")
    String point;

    @Option(names = "--kind", paramLabel = "KIND", defaultValue = "cpu",
            description = "cpu (µs/request), alloc (bytes/request) or wait (µs/request on locks); default: ${DEFAULT-VALUE}")
    String kind;

    @Option(names = "--folded", description = "collapsed stacks of one point instead of a page: its repeats together,"
            + " CPU in µs, allocations in bytes, waits in µs")
    boolean folded;

    @Override
    public Integer call() {
        RunRecord r = CompareCommand.read(run);
        Path dir = Files.isDirectory(run) ? run : run.toAbsolutePath().getParent();
        try {
            System.out.print(folded ? FlamePage.folded(r, dir, point, kind) : FlamePage.html(r, dir, point, kind));
        } catch (IllegalArgumentException e) {
            throw new UserError("flame: " + e.getMessage());
        }
        System.out.flush();
        return 0;
    }
}
