package io.wsbench.cli;

import io.wsbench.model.load.LoadSpec;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.suite.Durations;
import io.wsbench.model.suite.LoadPointSpec;
import io.wsbench.model.suite.Stages;
import io.wsbench.monitor.MonitorKind;
import io.wsbench.model.record.Assertion;
import io.wsbench.runner.PointSession;
import io.wsbench.model.suite.Suite;
import io.wsbench.runner.RunEvents;
import io.wsbench.runner.SuiteRunner;
import io.wsbench.runner.Target;
import io.wsbench.service.own.OwnWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;

@Command(name = "load", description = "Load-test one HTTP endpoint, like ab, wrk or siege (closed loop), or wrk2 (--rate).")
final class LoadCommand implements Callable<Integer> {

    @Option(names = "--flow", paramLabel = "FLOW.yaml", description = "a multi-step flow: each user runs the file's steps in order,"
            + " carrying variables from answer to request; -n counts iterations")
    Path flow;

    @Spec
    CommandSpec spec;

    @Mixin
    TargetOptions target;

    @Mixin
    WatchOptions watch;

    @Option(names = {"-c", "--connections"}, paramLabel = "USERS", description = "concurrent users / connections (default: ${DEFAULT-VALUE})")
    int connections = 10;

    @Option(names = {"-n", "--requests"}, paramLabel = "REQUESTS", description = "total requests (rounded up to a multiple of -c)")
    Long requests;

    @Option(names = {"-d", "--duration"}, paramLabel = "DURATION", description = "run for this long, e.g. 10s (default 10s when -n is not given)")
    String duration;

    @Option(names = "--rate", paramLabel = "RPS", description = "open loop: send this many requests per second, latency from the intended send time")
    Double rate;

    @Option(names = "--stages", paramLabel = "STAGES", description = {"a load that ramps: DURATION:TARGET stages, each ramped linearly from the last (0 at first),"
            + " e.g. 10s:100/s,30s:1000/s,10s:0/s (rates: an open loop on -c connections) or 30s:50,1m:50 (users: a closed loop);",
            "a stage of 0s is a step. The stages set the point's length: no -n, -d or --rate"})
    String stages;

    @Option(names = "--keepalive", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "reuse connections (default); --no-keepalive opens one per request")
    boolean keepAlive;

    @Option(names = "--timeout", description = "per-request timeout (default: ${DEFAULT-VALUE})")
    String timeout = "30s";

    @Option(names = "--think", paramLabel = "DURATION", description = "closed loop: pause between an answer and the next request")
    String think;

    @Mixin
    MetricsOptions metricsOptions;

    @Option(names = "--json", description = "print the point as JSON (the fields of a point in run.json)")
    boolean json;

    @Mixin
    AssertOptions asserts;

    @Mixin
    TlsOptions tlsOptions;

    @Mixin
    GeneratorOptions generatorOptions;

    @Option(names = "--history", arity = "0..1", fallbackValue = "", paramLabel = "FILE|JDBC-URL",
            description = "record the point in the history, as a run of suite 'load URL' (alone: $WSBENCH_HISTORY, else results/history.db)")
    String history;

    @Option(names = "--junit", paramLabel = "FILE", description = "write the --assert results to FILE as JUnit XML")
    Path junit;

    @Override
    public Integer call() throws Exception {
        List<Assertion> assertions = asserts.parse();
        if (junit != null && assertions.isEmpty()) {
            throw new UserError("--junit needs at least one --assert");
        }
        if (watch.serverPid == null && assertions.stream().anyMatch(Assertion::needsServer)) {
            throw new UserError("an assertion on cpu needs --server-pid PID, the server process to sample");
        }
        List<MonitorKind> monitors = watch.monitors();
        LoadPointSpec point = loadPoint(think); // refused with --flow, whose pauses are its think steps
        // a URL and a flow alike: the suite of one target the options (or the flow file) write, its load the options'
        boolean open = point.toLoadSpec().open();
        Suite suite = watch.warmed(flow == null ? target.suite("load", tlsOptions, point, null) : FlowLoad.suite(this, point),
                connections, open);
        Target loaded = TargetOptions.ready(suite, tlsOptions, flow == null ? target : null);
        if (suite.targets().get(0).flow() != null) { // a flow file's, or a URL's with checks or rows (UrlStep)
            FlowLoad.check(this, suite.targets().get(0), loaded);
        }
        BiConsumer<PointRecord, String> summary = flow == null
                ? (p, transport) -> printSummary(System.out, p, point.toLoadSpec(), transport, watch.openLoopDefault(open))
                : (p, transport) -> FlowLoad.print(System.out, p, loaded.label());
        return measureAndTell(suite, loaded, monitors, flow != null ? "--flow " + flow : TargetOptions.shown(loaded),
                assertions, summary);
    }

    /**
     * The one way {@code load} measures, whether of a URL or of a flow: the session opened, {@code suite} (of its one
     * target, {@code loaded}) run by the runner, its point's progress on the console, then told on the console (by
     * {@code summary}, given the point and the generator's transport) or as JSON, to the metrics (--prometheus, --otlp),
     * to the history (--history) and against the assertions. {@code loadedAs} is what was loaded, as the command names
     * it (a URL, or {@code --flow FILE}): the history's suite is "load " and it, the assertions' report "wsbench load "
     * and it.
     */
    private int measureAndTell(Suite suite, Target loaded, List<MonitorKind> monitors, String loadedAs,
                               List<Assertion> assertions, BiConsumer<PointRecord, String> summary)
            throws InterruptedException, java.io.IOException {
        PrintStream out = System.out;
        PrintStream aside = json ? System.err : out; // with --json, stdout holds the JSON alone
        try (PointSession session = generatorOptions.session(watch, monitors).connections(connections)
                .reaching(loaded).open();
             MetricsOut metrics = metricsOptions.start(aside)) {
            TlsOptions.warnIfInsecure(loaded.tls(), loaded.uri(), aside);
            boolean interactive = !json && Console.interactive();
            Console console = new Console(System.err, interactive);
            RunEvents progress = metrics == null ? console : new LiveEvents(console, null, metrics);
            RunEvents events = new CommandEvents(aside, watch, progress, p -> {
                if (interactive) {
                    console.pointDone(p);
                }
                if (metrics != null) {
                    metrics.pointDone(p);
                }
                if (json) {
                    out.println(RunJson.toJson(p));
                } else {
                    summary.accept(p, session.generator().forConnections(connections).transport());
                }
            }, target -> { }, searched -> { });
            PointRecord p = SuiteRunner.measure(suite, loaded, session, events).points().get(0);
            session.notes().forEach(n -> aside.println("  note          " + n));
            if (history != null) {
                HistoryOptions.recordLoad(history, p, loadedAs, GivenCommand.of(spec), aside);
            }
            if (loaded.workload() instanceof OwnWorkload o && o.firstFailure() != null) {
                aside.println("  first failure " + o.firstFailure());
            }
            boolean passed = AssertOptions.check(assertions, List.of(p), "wsbench load " + loadedAs, junit, aside);
            if (metrics != null && !assertions.isEmpty()) {
                metrics.assertions(Assertion.checkAll(assertions, List.of(p)));
            }
            if (PointSession.INTERRUPTED.equals(p.aborted())) {
                aside.println("wsbench: " + PointSession.INTERRUPTED + ": the point above is what was measured until then");
            }
            if (p.aborted() != null) {
                throw new UserError(p.aborted(), ExitCode.PROBLEM);
            }
            return passed ? 0 : ExitCode.PROBLEM;
        }
    }

    /**
     * The point the options ask for, as a suite would write it: -c users, -n requests (a flow's
     * iterations) in all, rounded up to a multiple of -c, or -d long (10 s by default); with --rate,
     * due at that rate on the -c connections (-n of them last n / rate); with --stages, the profile.
     * {@code think}: the closed loop's pause, null for none.
     */
    LoadPointSpec loadPoint(String think) {
        try {
            if (stages != null) {
                if (requests != null || duration != null || rate != null) {
                    throw new IllegalArgumentException("--stages set the load and its length: drop -n, -d and --rate");
                }
                return new LoadPointSpec(null, connections, null, null, null, duration("--think", think), keepAlive,
                        duration("--timeout", timeout), null, null, Stages.parse(stages));
            }
            Duration d = duration != null ? duration("-d", duration) : (requests == null ? Duration.ofSeconds(10) : null);
            long perUser = requests == null ? 0 : (requests + connections - 1) / connections;
            if (rate != null && perUser > 0 && duration == null) {
                // an open-loop point of N requests lasts N / rate seconds
                d = Duration.ofNanos((long) (1e9 * perUser * connections / rate));
                perUser = 0;
            }
            return new LoadPointSpec(rate != null ? "open" : "closed", connections, perUser > 0 ? perUser : null, d, rate,
                    duration("--think", think), keepAlive, duration("--timeout", timeout), null, null);
        } catch (IllegalArgumentException e) {
            throw new UserError(stages != null && !e.getMessage().startsWith("--stages")
                    ? "--stages " + stages + ": " + e.getMessage() : e.getMessage());
        }
    }

    /** An option's duration, or null when it is not given; a bad one is one line naming the option. */
    private static Duration duration(String option, String text) {
        if (text == null) {
            return null;
        }
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UserError(option + ": " + e.getMessage());
        }
    }

    /** Leading seconds whose p99 is this many times the point's second half's (and at least {@link #COLD_FIRST_MICROS}) are said. */
    static final double COLD_FACTOR = 10;
    static final long COLD_FIRST_MICROS = 1000;

    /**
     * The point's first seconds, when their p99 stood far above its second half's: the generator's or the server's JIT
     * still compiling. At 40,000 req/s on nginx, cold, the first two seconds' p99 read 203-212 ms and the later ones
     * 0.6-1 ms (the generator's own backlog, 2026-12-06). Said, so that a short point's percentiles are not read as the
     * server's steady state. Seconds with fewer than half the point's usual answers (the last, cut short) are left out.
     * A slow second must also stand above twice the slowest of the second half: a server that pauses every few seconds
     * (a collector, a flush) is as slow in its later seconds as in its first, and that is its pattern, not a cold start
     * (a server stalling 0.5 s of every 2 s read 496 ms in its first second, and 480-490 ms in every other second).
     */
    static Optional<String> coldStart(PointRecord p) {
        List<SecondSample> all = p.series() == null ? List.of() : p.series();
        long usual = all.stream().mapToLong(SecondSample::requests).sorted()
                .skip(all.size() / 2).findFirst().orElse(0);
        List<SecondSample> seconds = all.stream().filter(x -> x.requests() > 0 && 2 * x.requests() >= usual).toList();
        if (seconds.size() < 2 || seconds.get(0).second() != 0) {
            return Optional.empty();
        }
        long[] secondHalf = seconds.subList(seconds.size() / 2, seconds.size()).stream()
                .mapToLong(SecondSample::p99Micros).sorted().toArray();
        long steady = Math.max(1, secondHalf[secondHalf.length / 2]);
        long slowestLater = secondHalf[secondHalf.length - 1];
        int cold = 0;
        long worst = 0;
        // the leading seconds of the first half (of two seconds, the first) that stood far above it
        while (cold < Math.max(1, seconds.size() / 2) && seconds.get(cold).second() == cold
                && seconds.get(cold).p99Micros() >= COLD_FIRST_MICROS && seconds.get(cold).p99Micros() >= COLD_FACTOR * steady
                && seconds.get(cold).p99Micros() > 2 * slowestLater) {
            worst = Math.max(worst, seconds.get(cold).p99Micros());
            cold++;
        }
        if (cold == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the first %s p99 was up to %s, %.0fx the point's second"
                        + " half's (%s): the generator or the server was still warming (a JIT compiling), and the point's"
                        + " percentiles hold it; --warmup auto measures once both have settled",
                cold == 1 ? "second's" : cold + " seconds'", ConsoleSummary.millis(worst), (double) worst / steady,
                ConsoleSummary.millis(steady)));
    }

    private static void printSummary(PrintStream out, PointRecord p, LoadSpec spec, String transport, boolean warmedByDefault) {
        var l = p.latencyMicros();
        int threads = p.generator().ioThreads();
        // a URL with checks or rows is a flow of one step at the URL's origin (UrlStep): its label is the URL as given
        out.printf(Locale.ROOT, "%s  %s loop, %d %s%s, %s, %s x %d thread%s%n",
                ("flow".equals(p.target().protocol()) ? p.target().label() : p.target().url())
                        + (p.target().operation() == null ? "" : "  " + p.target().protocol() + " " + p.target().operation()),
                spec.open() ? "open" : "closed", spec.connections(), spec.open() ? "connection" : "user", spec.connections() == 1 ? "" : "s",
                spec.keepAlive() ? "keep-alive" : "new connection per request", transport, threads, threads == 1 ? "" : "s");
        if (spec.profile() != null) {
            out.printf(Locale.ROOT, "  stages        %s (%s; the per-second series in --json shows offered beside achieved)%n",
                    spec.profile().describe(spec.open()), spec.open() ? "latency measured from the intended send time"
                            : "users ramped");
        } else if (spec.open()) {
            out.printf(Locale.ROOT, "  target rate   %,.0f req/s (latency measured from the intended send time)%n", spec.rate());
        }
        if (warmedByDefault) {
            out.printf(Locale.ROOT, "  warm-up       %d request%s a connection first, not recorded (an open loop's default, so that"
                    + " the generator's own first use is not counted against the server; --warmup 0 for none)%n",
                    WatchOptions.OPEN_LOOP_WARMUP, WatchOptions.OPEN_LOOP_WARMUP == 1 ? "" : "s");
        }
        out.printf(Locale.ROOT, "  requests      %,d in %.2f s = %,.1f valid req/s%s%n", p.requests(), p.durationSeconds(), p.throughput(),
                p.unfinished() == 0 ? "" : String.format(Locale.ROOT, "; %,d more never answered (unfinished)", p.unfinished()));
        out.printf(Locale.ROOT, "  errors        %s%n", FlowLoad.errors(p.errors()));
        FlowLoad.http2(out, p);
        io.wsbench.report.Flags.behindSchedule(p).ifPresent(why -> out.println("  behind        " + why));

        if (p.stalls() != null) {
            for (io.wsbench.model.record.Stall st : p.stalls()) {
                out.printf(Locale.ROOT, "  stall         no answer for %.1f s from second %.1f: the server stopped%s%n",
                        st.seconds(), st.atSecond(), spec.open() ? ""
                                : "; a closed loop hides that from its percentiles (only max shows it): try --rate");
            }
        }
        coldStart(p).ifPresent(why -> out.println("  cold start    " + why));
        if (p.validated() == 0) {
            out.println("  latency       - (no answer passed its check: a latency is only a right answer's)");
        } else {
            out.printf(Locale.ROOT, "  latency       mean %s ± %s  p50 %s  p90 %s  p99 %s  p99.9 %s  max %s%n",
                    ConsoleSummary.millis(l.mean()), ConsoleSummary.millis(l.stdev()), ConsoleSummary.millis(l.p50()),
                    ConsoleSummary.millis(l.p90()), ConsoleSummary.millis(l.p99()), ConsoleSummary.millis(l.p999()),
                    ConsoleSummary.millis(l.max()));
        }
        out.printf(Locale.ROOT, "  bytes/request sent %.0f, received %.0f (headers included)%n",
                p.bytesSentPerRequest(), p.bytesReceivedPerRequest());
        out.printf(Locale.ROOT, "  generator     %.2f CPU-s (%.0f%% of one core), %,.0f requests per CPU-second%s%n",
                p.generator().cpuSeconds(), p.generator().cpuPercent(),
                p.generator().cpuSeconds() > 0 ? p.requests() / p.generator().cpuSeconds() : 0,
                p.generator().ioBusiestPercent() == null ? ""
                        : String.format(Locale.ROOT, ", busiest I/O thread %.0f%% busy", p.generator().ioBusiestPercent()));
        if (p.generator().checkMicrosPerRequest() != null) {
            out.printf(Locale.ROOT, "  checks        %.1f µs per answer on the client%n", p.generator().checkMicrosPerRequest());
        }
        if (p.tls() != null) {
            out.println("  tls           " + TlsOptions.describe(p.tls()));
        }
        if (p.server() != null) {
            String cpu = p.server().cpuPercent() == null ? "CPU not measured"
                    : String.format(Locale.ROOT, "CPU %.0f%% (user %.0f%%, system %.0f%%)",
                    p.server().cpuPercent(), p.server().cpuUserPercent(), p.server().cpuSystemPercent());
            out.printf(Locale.ROOT, "  server        %s, RSS max %.0f MB, %d threads, after the load %.0f%%%n",
                    cpu, p.server().rssMaxBytes() / 1e6, p.server().threadsMax(), p.server().residualCpuPercent());
            if (p.server().tooShort() != null) {
                out.println("  server        " + p.server().tooShort());
            }
        }
    }
}
