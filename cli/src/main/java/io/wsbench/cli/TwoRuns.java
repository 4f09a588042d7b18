package io.wsbench.cli;

import io.wsbench.report.Comparison;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;

/** The two runs {@code compare} and {@code why} take, A the baseline and B the run compared with it. */
final class TwoRuns {

    @Parameters(index = "0", paramLabel = "RUN_A", description = "the baseline run: a results directory (or its run.json)")
    Path runA;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "the run compared with it")
    Path runB;

    /** B against A, their profiles read from their directories; a run that cannot be read is one line. */
    Comparison compare() {
        return Comparison.of(runA.toString(), CompareCommand.read(runA), CompareCommand.dirOf(runA),
                runB.toString(), CompareCommand.read(runB), CompareCommand.dirOf(runB));
    }
}
