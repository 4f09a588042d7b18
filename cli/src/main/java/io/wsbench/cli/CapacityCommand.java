package io.wsbench.cli;

import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.suite.Durations;
import io.wsbench.model.suite.CapacitySpec;
import io.wsbench.monitor.MonitorKind;
import io.wsbench.model.record.Assertion;
import io.wsbench.runner.CapacitySearch;
import io.wsbench.runner.PointSession;
import io.wsbench.model.suite.Suite;
import io.wsbench.runner.RunEvents;
import io.wsbench.runner.SuiteRunner;
import io.wsbench.runner.Target;
import io.wsbench.model.suite.CapacitySpecBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code wsbench capacity URL --slo 'p99<50ms'}: the highest open-loop rate at which the target
 * meets every SLO: the suite of its one target with that {@code capacity} search, run by the runner
 * as {@code load}'s is ({@link SuiteRunner#measure}), each probe a point measured as {@code load}
 * measures one ({@link CapacitySearch}).
 */
@Command(name = "capacity", description = {"Find the highest open-loop rate that meets every --slo.",
        "The rate doubles until an SLO breaks, then bisects; the probes at the boundary are repeated."})
final class CapacityCommand implements Callable<Integer> {

    @Mixin
    TargetOptions target;

    @Mixin
    WatchOptions watch;

    @Option(names = "--slo", paramLabel = "EXPR",
            description = "an SLO every probe must meet (repeatable), as --assert writes it: 'p99<50ms', 'errors<0.1%%',"
                    + " 'p999<200ms', 'cpu<150' (with --server-pid)")
    List<String> slo = List.of();

    @Option(names = {"-c", "--connections"}, paramLabel = "N", description = "connections the rate is sent on (default: ${DEFAULT-VALUE})")
    int connections = 50;

    @Option(names = {"-d", "--duration"}, paramLabel = "DURATION", description = "how long each probe is measured (default: ${DEFAULT-VALUE})")
    String duration = "5s";

    @Option(names = "--settle", paramLabel = "DURATION", description = "load at a probe's rate before it is measured, not recorded (default: ${DEFAULT-VALUE}; 0s for none)")
    String settle = "1s";

    @Option(names = "--start-rate", paramLabel = "RPS", description = "the first rate probed (default: ${DEFAULT-VALUE})")
    double startRate = 100;

    @Option(names = "--max-rate", paramLabel = "RPS", description = "the highest rate probed (default: ${DEFAULT-VALUE})")
    double maxRate = 1_000_000;

    @Option(names = "--precision", paramLabel = "PERCENT", description = "stop bisecting when the passing and failing rates are this close (default: ${DEFAULT-VALUE})")
    double precision = 5;

    @Option(names = "--max-probes", paramLabel = "N", description = "the most probes the search makes (default: ${DEFAULT-VALUE})")
    int maxProbes = 20;

    @Option(names = "--timeout", description = "per-request timeout (default: ${DEFAULT-VALUE})")
    String timeout = "10s";

    @Option(names = "--json", description = "print the capacity record as JSON ({\"capacity\": {...}})")
    boolean json;

    @Mixin
    TlsOptions tlsOptions;

    @Mixin
    GeneratorOptions generatorOptions;

    @Override
    public Integer call() throws Exception {
        slos(); // each one parses and can be measured, before any load
        duration("--duration", duration, false);
        duration("--settle", settle, true);
        CapacitySpec spec;
        try {
            spec = CapacitySpecBuilder.builder().slo(slo).startRate(startRate).maxRate(maxRate)
                    .precision(precision).probe(duration).settle(settle).connections(connections).maxProbes(maxProbes)
                    .timeout(timeout).build();
            CapacitySearch.Settings.of(spec); // its rates and precision hold together
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        List<MonitorKind> monitors = watch.monitors();
        Suite suite = watch.warmed(target.suite("capacity", tlsOptions, null, spec), connections, true); // probes are open loops
        Target loaded = TargetOptions.ready(suite, tlsOptions, target);
        PrintStream out = System.out;
        PrintStream aside = json ? System.err : out;
        try (PointSession session = generatorOptions.session(watch, monitors).connections(connections)
                .reaching(loaded).open()) {
            TlsOptions.warnIfInsecure(loaded.tls(), loaded.uri(), aside);
            // its probes' lines as they come, no progress bar, then its verdict (or JSON)
            RunEvents events = new CommandEvents(aside, watch, null, p -> { }, searched -> aside.printf(Locale.ROOT,
                    "capacity of %s at %s: open loop on %d connections, probes of %s after %s at the rate%n",
                    TargetOptions.shown(loaded), String.join(" and ", slo), connections, duration, settle),
                    searched -> out.println(json ? RunJson.toJson(new CapacityRecord.Printed(searched)) : "capacity: " + searched.verdict()));
            CapacityRecord c = SuiteRunner.measure(suite, loaded, session, events).capacity();
            session.notes().forEach(n -> aside.println("  note          " + n));
            if (c.aborted() != null) {
                throw new UserError(c.aborted(), ExitCode.PROBLEM);
            }
            return c.rate() == null || c.limitedBy() != null ? ExitCode.PROBLEM : 0;
        }
    }

    /** The SLOs, read before any load: one that does not parse, or needs a server not sampled, is one line. */
    private List<Assertion> slos() {
        if (slo.isEmpty()) {
            throw new UserError("give at least one --slo, e.g. --slo 'p99<50ms' --slo 'errors<0.1%'");
        }
        List<Assertion> out = new ArrayList<>();
        for (String s : slo) {
            try {
                out.add(Assertion.parse(s));
            } catch (IllegalArgumentException e) {
                throw new UserError("--slo: " + e.getMessage());
            }
        }
        if (watch.serverPid == null && out.stream().anyMatch(Assertion::needsServer)) {
            throw new UserError("an SLO on cpu needs --server-pid PID, the server process to sample");
        }
        return out;
    }

    private static Duration duration(String option, String value, boolean zeroAllowed) {
        try {
            Duration d = Durations.parse(value);
            if (d.isNegative() || (d.isZero() && !zeroAllowed)) {
                throw new IllegalArgumentException();
            }
            return d;
        } catch (IllegalArgumentException e) {
            throw new UserError(option + " takes a duration such as 500ms or 5s, not '" + value + "'");
        }
    }
}
