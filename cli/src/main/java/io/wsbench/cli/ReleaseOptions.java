package io.wsbench.cli;

import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.StackException;
import io.wsbench.launch.StackVersions;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.runner.Home;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The releases {@code bisect} goes through: the values of one option of a stack (its version, or its JDK,
 * or any other), from {@code --from} to {@code --to}, as Maven Central lists them or as {@code --values}
 * gives them.
 */
final class ReleaseOptions {

    @Option(names = "--stack", required = true, paramLabel = "STACK", description = "the stack whose releases are bisected")
    String stack;

    @Option(names = "--from", paramLabel = "RELEASE", description = "the older end (with --values: the first value by default)")
    String from;

    @Option(names = "--to", paramLabel = "RELEASE", description = "the newer end (with --values: the last value by default)")
    String to;

    @Option(names = "--option", paramLabel = "NAME", defaultValue = "version",
            description = "the stack option the releases are values of (default: version; java for JDKs with --values 17,25)")
    String option;

    @Option(names = "--values", split = ",", paramLabel = "V1,V2,...",
            description = "the releases in order, instead of Maven Central's list (any stack option: JDKs, a fault's size, ...)")
    List<String> values;

    @Option(names = "--previews", description = "keep milestones and release candidates in Central's list")
    boolean previews;

    /** The releases in order: --values (from --from to --to within them), or Central's between --from and --to. */
    List<String> releases(Suite suite, TargetSpec t) {
        StackCatalog catalog = StackCatalog.in(Home.find());
        StackDescriptor desc = catalog.find(stack).orElseThrow(() -> new UserError("bisect: no stack '" + stack + "' here"));
        if (values != null) {
            List<String> all = values.stream().map(String::strip).filter(v -> !v.isEmpty()).toList();
            int a = from == null ? 0 : all.indexOf(from);
            int b = to == null ? all.size() - 1 : all.indexOf(to);
            if (a < 0 || b < 0) {
                throw new UserError("bisect: --from and --to must be among --values");
            }
            if (b - a < 1) {
                throw new UserError("bisect: give at least two releases, the older first");
            }
            return List.copyOf(all.subList(a, b + 1));
        }
        if (from == null || to == null) {
            throw new UserError("bisect: give --from and --to (or --values)");
        }
        Map<String, String> options = new LinkedHashMap<>(suite.optionsFor(t));
        options.put(option, from);
        StackDescriptor older = catalog.serving(desc, options);
        options.put(option, to);
        StackDescriptor newer = catalog.serving(desc, options);
        if (!older.name().equals(newer.name())) {
            throw new UserError("bisect: " + stack + " " + from + " is on its " + line(older) + " and " + to + " on its " + line(newer)
                    + ": two builds, not one line of releases; bisect within one (" + StackVersions.lines(desc, option) + ")");
        }
        try {
            for (String end : List.of(from, to)) {
                Map<String, String> one = new LinkedHashMap<>(suite.optionsFor(t));
                one.put(option, end);
                StackVersions.check(older, one);
            }
            List<String> all = StackVersions.releases(older, option, from, to, previews);
            if (all.size() < 2) {
                throw new UserError("bisect: " + from + " and " + to + " are one release");
            }
            return all;
        } catch (StackException e) {
            throw new UserError(e.getMessage());
        }
    }

    private static String line(StackDescriptor d) {
        return d.lineOf() == null ? "main line (" + d.name() + ")" : "line " + d.name();
    }
}
