package io.wsbench.cli;

import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.Assertion;
import io.wsbench.report.JUnitXml;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code --assert EXPR}, shared by {@code run} and {@code load}: thresholds that fail a CI build. */
final class AssertOptions {

    @Option(names = "--assert", paramLabel = "EXPR",
            description = "fail (exit 1) unless every point meets EXPR, e.g. 'p99<50ms', 'errors==0', 'throughput>=1000'; 'step:NAME EXPR' reads a flow's step"
                    + " (repeatable; metrics: p50 p90 p99 p999 mean max throughput errors validation cpu)")
    List<String> expressions = List.of();

    /** Reads every expression; a malformed one is a one-line error before any load is sent. */
    List<Assertion> parse() {
        List<Assertion> assertions = new ArrayList<>();
        for (String e : expressions) {
            try {
                assertions.add(Assertion.parse(e));
            } catch (IllegalArgumentException bad) {
                throw new UserError(bad.getMessage());
            }
        }
        return assertions;
    }

    /**
     * Checks the assertions against the points, prints a PASS or FAIL line for each, and writes the
     * JUnit XML file if one is asked for. Returns whether all of them held.
     */
    static boolean check(List<Assertion> assertions, List<PointRecord> points, String suite, Path junit,
                         PrintStream out) {
        List<JUnitXml.Case> cases = new java.util.ArrayList<>();
        boolean passed = check(assertions, points, out, cases);
        if (junit != null && !cases.isEmpty()) {
            JUnitXml.writeCases(suite, cases, junit);
            out.println("wrote " + junit);
        }
        return passed;
    }

    /** The checks told on {@code out}, their testcases added to {@code cases} (for junit.xml); whether all passed. */
    static boolean check(List<Assertion> assertions, List<PointRecord> points, PrintStream out, List<JUnitXml.Case> cases) {
        if (assertions.isEmpty()) {
            return true;
        }
        List<Assertion.Check> checks = Assertion.checkAll(assertions, points);
        checks.forEach(c -> out.println(c.line()));
        long failed = checks.stream().filter(c -> !c.passed()).count();
        out.println(failed == 0 ? "all " + checks.size() + " assertions passed"
                : failed + " of " + checks.size() + " assertions failed");
        cases.addAll(JUnitXml.cases(checks));
        return failed == 0;
    }
}
