package io.wsbench.cli;

import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.Summary;
import io.wsbench.model.record.Sweep;
import io.wsbench.launch.StackCatalog;
import io.wsbench.model.suite.Placement;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteException;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.model.record.Assertion;
import io.wsbench.report.Flags;
import io.wsbench.report.ReportWriter;
import io.wsbench.core.load.ClientTls;
import io.wsbench.runner.PointSession;
import io.wsbench.runner.Home;
import io.wsbench.runner.OwnService;
import io.wsbench.runner.SuiteCheck;
import io.wsbench.runner.SuiteRunner;
import io.wsbench.runner.TlsClients;
import io.wsbench.report.JUnitXml;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import io.wsbench.monitor.MonitorKind;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "run", description = "Run a suite (default: suites/default.yaml) and write results/<time>-<suite>/.")
final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "SUITE", description = "suite YAML file")
    Path suiteFile;

    @Option(names = "--quick", description = "shrink every load point so the suite finishes in seconds")
    boolean quick;

    @Option(names = "--keep-recordings", description = "keep every point's Flight Recorder recording (jfr/),"
            + " not only the first point's of each row, the one the report names")
    boolean keepRecordings;

    @Option(names = "--out", paramLabel = "DIR", description = "directory to write results into")
    Path out;

    @Mixin
    RoundsOptions rounds;

    @Option(names = "--cpus", paramLabel = "GEN:SERVERS", description = "pin the load generator and the servers to"
            + " disjoint cores, as CPU lists (e.g. 1:0 or 3:0-2; over the suite's cpus:), 'auto' (the generator on the last"
            + " quarter of the cores), or 'off'")
    String cpus;

    @Option(names = "--one-user", paramLabel = "apart|together", description = "where a placed run sends a point of one user"
            + " from: the generator's cores (apart, the default) or the servers' (together: its requests and answers take"
            + " turns on one core instead of waking another; over the suite's cpus: oneUser)")
    String oneUser;

    @Mixin
    AssertOptions asserts;

    @Mixin
    HistoryOptions history;

    @Mixin
    AgentOptions agents;

    @Mixin
    GeneratorOptions generatorOptions;

    /** Every monitor: the process, the JVM's counters, Flight Recorder and the profiler. */
    static final String DEFAULT_MONITORS = "proc,jvm,jfr,profile";

    @Option(names = "--monitor", paramLabel = "LIST", defaultValue = DEFAULT_MONITORS,
            description = {"what watches each server, comma-separated (default: ${DEFAULT-VALUE}; none for nothing):",
                    MonitorOptions.HELP})
    String monitor;

    /** bisect's steps: a server that cannot start ends the run before anything is measured. */
    @Option(names = "--every-server", hidden = true)
    boolean everyServer;

    @Option(names = "--live", paramLabel = "PORT",
            description = "serve a page on 127.0.0.1:PORT (0: any free port) that shows the run as it happens: each second of the current point, the points done, what the run says")
    Integer live;

    @Mixin
    MetricsOptions metricsOptions;

    @Option(names = "--profile-interval", paramLabel = "DURATION",
            description = "the profile monitor's period: CPU time between two samples of a server thread (default 4ms; the kernel's tick bounds it)")
    String profileInterval;

    @Option(names = "--jfr-period", paramLabel = "DURATION", description = "Flight Recorder's period between two execution"
            + " samples (default 10ms, at least 1ms): shorter gives a short point more hot-frame samples")
    String jfrPeriod;

    @Option(names = "--jvm-monitor", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "--no-jvm-monitor is --monitor proc: no look inside JVM stacks, to measure what that costs")
    boolean jvmMonitor;

    @Spec
    CommandSpec spec;

    /**
     * A monitor's sampling period given as {@code option}'s DURATION, set as {@code property} in units of
     * {@code unitNanos}; cleared when not given, so that an earlier run in this JVM does not set this one's.
     */
    private static void period(String option, String value, long minNanos, long unitNanos, String property) {
        if (value == null) {
            System.clearProperty(property);
            return;
        }
        try {
            long nanos = io.wsbench.model.suite.Durations.parse(value).toNanos();
            if (nanos < minNanos) {
                throw new IllegalArgumentException("below " + java.math.BigDecimal.valueOf(minNanos, 6).stripTrailingZeros().toPlainString() + " ms");
            }
            System.setProperty(property, String.valueOf(nanos / unitNanos));
        } catch (IllegalArgumentException e) {
            throw new UserError(option + " " + value + ": " + e.getMessage());
        }
    }

    /** The monitors asked for: --monitor, or proc alone with --no-jvm-monitor. */
    private List<MonitorKind> monitors() {
        return MonitorOptions.parse(jvmMonitor ? monitor : "proc");
    }

    @Override
    public Integer call() throws Exception {
        monitors(); // a name that is no monitor: one line before anything starts
        period("--profile-interval", profileInterval, 100_000, 1, io.wsbench.monitor.AsyncProfiler.INTERVAL_PROPERTY);
        period("--jfr-period", jfrPeriod, 1_000_000, 1_000_000, io.wsbench.monitor.FlightRecorder.PERIOD_PROPERTY);
        List<Assertion> assertions = asserts.parse();
        history.check();
        Path home = Home.find();
        Path file = suiteFile != null ? suiteFile : home.resolve("suites/default.yaml");
        Suite suite = given != null ? over(given) : suite(file);
        assertions = withSuites(assertions, suite);
        if (Boolean.TRUE.equals(suite.busyPoll())) {
            generatorOptions.busyPoll = true; // the suite asks it of the generator, as --busy-poll does
        }
        PrintStream stdout = System.out;
        StackCatalog catalog = StackCatalog.in(home);
        Path dir = this.dir = out != null ? out : home.resolve("results")
                .resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + suite.name());
        try {
            SuiteCheck.check(catalog, suite);
        } catch (SuiteException e) {
            throw new UserError(e.getMessage());
        }
        // Ctrl-C (the session's): the runner stops and keeps the run partial; then exit with 1, "measured but incomplete"
        PointSession.Builder opening = generatorOptions.session().placing(suite.cpus())
                .driving(() -> agents.driver(generatorOptions, file, SuiteRunner.keysDir(catalog), dir.resolve("logs"), stdout));
        Map<URI, ClientTls> reached = reaching(suite, opening);
        try (PointSession session = opening.open();
             MetricsOut metrics = metricsOptions.start(stdout);
             LiveServer page = live == null ? null : startLive(live, suite.name(), stdout)) {
            reached.forEach((url, tls) -> TlsOptions.warnIfInsecure(tls, url, stdout));
            Console console = new Console(stdout, Console.interactive());
            SuiteRunner runner = new SuiteRunner(catalog,
                    page == null && metrics == null ? console : new LiveEvents(console, page, metrics),
                    quick ? 200 : 500, monitors()).everyServer(everyServer).keepRecordings(keepRecordings);
            Files.createDirectories(dir);
            stdout.println("wsbench " + Home.version() + ": suite " + suite.name() + (quick ? " (quick)" : "")
                    + ", " + suite.targets().size() + " targets x " + suite.load().size() + " loads x "
                    + suite.rounds().repeat() + (!suite.rounds().grouped() ? " rounds" : " repeats")
                    + (suite.rounds().until() == null ? "" : " (more until " + suite.rounds().until() + ")")
                    + " -> " + shown(dir));
            RunRecord run = runner.run(suite, dir, givenBy != null ? givenBy : GivenCommand.of(spec), session);
            if (session.interrupted()) {
                return ExitCode.PROBLEM; // the session's hook ends the process once closed: no summary or report of a run cut short
            }
            done = run;
            printAndWrite(run, dir, stdout);
            Path junit = dir.resolve("junit.xml");
            List<JUnitXml.Case> cases = new java.util.ArrayList<>();
            boolean passed = AssertOptions.check(assertions, run.points(), stdout, cases);
            passed &= history.recordAndGate(run, dir, stdout, cases);
            if (!cases.isEmpty()) {
                JUnitXml.writeCases(run.suite(), cases, junit);
                stdout.println("wrote " + junit);
            }
            if (metrics != null && !assertions.isEmpty()) {
                metrics.assertions(Assertion.checkAll(assertions, run.points()));
            }
            if (!"complete".equals(run.status())) {
                stdout.println("wsbench: run is partial: " + run.partialReason());
                return ExitCode.PROBLEM;
            }
            return passed ? 0 : ExitCode.PROBLEM;
        }
    }

    /** Where the figures go while the run lasts (--prometheus, --otlp), each told on {@code stdout}; null for nowhere. */
    static MetricsOut metrics(Integer prometheus, String otlp, PrintStream stdout) {
        PrometheusExport scraped = prometheus == null ? null : startMetrics(prometheus, stdout);
        OtlpExport pushed = null;
        if (otlp != null) {
            try {
                pushed = OtlpExport.start(otlp);
            } catch (RuntimeException e) {
                if (scraped != null) {
                    scraped.close();
                }
                throw e;
            }
            stdout.println("metrics: pushed every second over OTLP/HTTP to " + pushed.endpoint());
        }
        return MetricsOut.all(scraped, pushed);
    }

    /** The metrics' server, its address printed; a port that cannot be had is one line. */
    static PrometheusExport startMetrics(int port, PrintStream stdout) {
        PrometheusExport metrics = serve("--prometheus", port, () -> PrometheusExport.start(port));
        stdout.println("metrics: " + metrics.url() + " (for Prometheus to scrape while the run lasts)");
        return metrics;
    }

    /** The live page's server, its address printed; a port that cannot be had is one line. */
    private static LiveServer startLive(int port, String suite, PrintStream stdout) {
        LiveServer page = serve("--live", port, () -> LiveServer.start(port, io.wsbench.report.LivePage.html(suite)));
        stdout.println("live: " + page.url() + " (until the run ends)");
        return page;
    }

    /** A server that {@code option} asked for on 127.0.0.1:{@code port}; a port out of range or taken is one line. */
    private static <T> T serve(String option, int port, Server<T> start) {
        if (port < 0 || port > 65535) {
            throw new UserError(option + " " + port + ": a port is 0 to 65535 (0: any free one)");
        }
        try {
            return start.start();
        } catch (java.io.IOException e) {
            throw new UserError(option + " " + port + ": cannot serve on 127.0.0.1:" + port + " (" + e.getMessage() + ")");
        }
    }

    @FunctionalInterface
    private interface Server<T> {
        T start() throws java.io.IOException;
    }

    /** A suite made by another command (wsbench ab) instead of a file, and where its run was written. */
    Suite given;
    String givenBy;
    Path dir;
    RunRecord done;

    /** The suite file read, with the command line's --quick, --cpus and --repeat over it. */
    /** The suite's own {@code assert:} thresholds, then the command line's. */
    private static List<Assertion> withSuites(List<Assertion> given, Suite suite) {
        List<Assertion> all = new java.util.ArrayList<>();
        for (String a : suite.assertions()) {
            try {
                all.add(Assertion.parse(a));
            } catch (IllegalArgumentException e) {
                throw new UserError(suite.source() + ": assert '" + a + "': " + e.getMessage());
            }
        }
        all.addAll(given);
        return all;
    }

    private Suite suite(Path file) {
        try {
            return over(SuiteReader.read(file));
        } catch (SuiteException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** {@code suite} with the command line's --quick, --cpus, --repeat and rounds' options over it. */
    Suite over(Suite suite) {
        if (quick) {
            suite = suite.quickened();
        }
        try {
            if (cpus != null) {
                // new cores, the suite's choice for one user kept
                Placement placed = "off".equals(cpus) ? null : Placement.parse(cpus);
                suite = suite.withCpus(placed == null || suite.cpus() == null ? placed : placed.withOneUser(suite.cpus().oneUser()));
            }
            if (oneUser != null) {
                if (suite.cpus() == null) {
                    throw new UserError("--one-user needs the processes placed (the suite's cpus: or --cpus): unplaced, every"
                            + " thread runs where the OS puts it");
                }
                suite = suite.withCpus(suite.cpus().withOneUser(oneUser));
            }
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage().replace("cpus: oneUser", "--one-user"));
        }
        return rounds.over(suite);
    }

    /**
     * Every target at an address of its own (a url, or the one its WSDL or OpenAPI spec names), for the
     * session to check before any load (as load does: an unreachable URL is one line and exit 2, before
     * any stack starts); returns them with their TLS clients.
     */
    private static Map<URI, ClientTls> reaching(Suite suite, PointSession.Builder session) {
        Map<URI, ClientTls> reached = new java.util.LinkedHashMap<>();
        for (TargetSpec t : suite.targets()) {
            URI url = t.url() != null ? URI.create(t.url())
                    // the address its WSDL or OpenAPI spec names
                    : t.own() && t.stack() == null ? OwnService.of(OwnService.spec(suite, t, null)).endpoint() : null;
            if (url != null) {
                ClientTls tls = TlsClients.forTarget(suite, t, url);
                session.reaching(url, tls, t.overHttp2());
                reached.put(url, tls);
            }
        }
        return reached;
    }

    /** The summary, the knees and flags on the console; the report and its tables beside run.json. */
    private static void printAndWrite(RunRecord run, Path dir, PrintStream stdout) {
        stdout.println();
        if (!run.points().isEmpty()) {
            stdout.print(ConsoleSummary.render(run));
        }
        stdout.print(ConsoleSummary.capacity(run));
        stdout.print(ConsoleSummary.insideTheServer(run.points()));
        for (Sweep sweep : Sweep.of(Summary.of(run))) {
            stdout.println("knee: " + sweep.describeKnee());
        }
        for (String flag : Flags.of(run)) {
            stdout.println("flag: " + flag);
        }
        for (Path p : ReportWriter.write(run, dir)) {
            stdout.println("wrote " + shown(p));
        }
        stdout.println("wrote " + shown(dir.resolve("run.json")));
    }

    /**
     * {@code p} as the user can open it from where they ran wsbench: relative to that directory when under it, else whole
     * (a run started elsewhere writes under wsbench's home, and "results/..." would name a folder that is not there).
     */
    private static String shown(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path here = Path.of("").toAbsolutePath();
        return abs.startsWith(here) ? here.relativize(abs).toString() : abs.toString();
    }
}
