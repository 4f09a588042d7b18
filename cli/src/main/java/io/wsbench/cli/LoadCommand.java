package io.wsbench.cli;

import io.wsbench.core.load.ClientTls;
import io.wsbench.core.load.LoadSpec;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.record.PointRecord;
import io.wsbench.core.record.RunJson;
import io.wsbench.core.record.TargetRecord;
import io.wsbench.core.record.WarmupRecord;
import io.wsbench.core.suite.Durations;
import io.wsbench.core.suite.LoadPointSpec;
import io.wsbench.core.suite.Stages;
import io.wsbench.monitor.MonitorKind;
import io.wsbench.protocols.HttpWorkload;
import io.wsbench.protocols.Protocols;
import io.wsbench.protocols.Workload;
import io.wsbench.report.Assertion;
import io.wsbench.runner.Generator;
import io.wsbench.runner.OneLine;
import io.wsbench.runner.OwnService;
import io.wsbench.runner.PointRun;
import io.wsbench.runner.Reachable;
import io.wsbench.runner.Target;
import io.wsbench.runner.TlsClients;
import io.wsbench.runner.WatchedServer;
import io.wsbench.runner.Warmup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "load", description = "Load-test one HTTP endpoint, like ab, wrk or siege (closed loop), or wrk2 (--rate).")
final class LoadCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "URL",
            description = "http:// or https:// URL to load (with --wsdl or --openapi: the address they name, unless given)")
    String url;

    @Option(names = "--wsdl", paramLabel = "WSDL", description = "your own SOAP service: load --operation of this WSDL (URL or file)")
    String wsdl;

    @Option(names = "--openapi", paramLabel = "SPEC", description = "your own REST service: load --operation (an operationId) of this OpenAPI spec (URL or file)")
    String openapi;

    @Option(names = "--port", paramLabel = "P", description = "with --wsdl: the port of the operation (default: its SOAP 1.1 port)")
    String port;

    @Option(names = "--template", paramLabel = "FILE", description = {"with --wsdl: the request envelope; with --openapi: the JSON body; $${column} placeholders filled from --data",
            "(wsbench wsdl --template and wsbench openapi --template write one)"})
    Path template;

    @Option(names = "--data", paramLabel = "CSV", description = "with --wsdl or --openapi: a CSV with a header row; each request fills its $${column} placeholders from the next row")
    Path data;

    @Option(names = "--data-mode", paramLabel = "MODE", description = "cycle (rows in turn, again and again; default) or unique (each row once: the point fails when they run out)")
    String dataMode;

    @Option(names = "--data-max-mb", paramLabel = "MB", description = "refuse a data set whose encoded requests take more (default 256)")
    Long dataMaxMb;

    @Option(names = "--check", paramLabel = "CHECK", description = {"with --wsdl or --openapi, on every answer (repeatable; a failure is a validation error):",
            "  xpath:EXPR  (XPath 1.0, true; e.g. //*[local-name()='AddResult'] = $${sum}; the WSDL's prefixes work)",
            "  jsonpath:PATH [== != < <= > >= VALUE]   status: 201 (or 2xx, or 200,201)   schema"})
    List<String> checks = List.of();

    @Option(names = "--flow", paramLabel = "FLOW.yaml", description = {"a multi-step flow: each user runs the file's steps in order,",
            "carrying variables from answer to request; -n counts iterations"})
    Path flow;

    @Option(names = {"-c", "--connections"}, paramLabel = "USERS", description = "concurrent users / connections (default: ${DEFAULT-VALUE})")
    int connections = 10;

    @Option(names = {"-n", "--requests"}, paramLabel = "REQUESTS", description = "total requests (rounded up to a multiple of -c)")
    Long requests;

    @Option(names = {"-d", "--duration"}, paramLabel = "DURATION", description = "run for this long, e.g. 10s (default 10s when -n is not given)")
    String duration;

    @Option(names = "--rate", paramLabel = "RPS", description = "open loop: send this many requests per second, latency from the intended send time")
    Double rate;

    @Option(names = "--stages", paramLabel = "STAGES", description = {"a load that ramps: DURATION:TARGET stages, each ramped linearly from the last (0 at first),",
            "e.g. 10s:100/s,30s:1000/s,10s:0/s (rates: an open loop on -c connections) or 30s:50,1m:50 (users: a closed loop);",
            "a stage of 0s is a step. The stages set the point's length: no -n, -d or --rate"})
    String stages;

    @Option(names = "--body", paramLabel = "FILE", description = "request body (makes the request a POST)")
    Path body;

    @Option(names = {"-H", "--header"}, paramLabel = "'K: V'", description = "extra request header (repeatable)")
    List<String> headers = List.of();

    @Option(names = "--soap-action", paramLabel = "A", description = "SOAPAction header; sets Content-Type text/xml")
    String soapAction;

    @Option(names = "--method", description = "HTTP method (default GET, or POST with --body)")
    String method;

    @Option(names = "--keepalive", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "reuse connections (default); --no-keepalive opens one per request")
    boolean keepAlive;

    @Option(names = "--protocol", paramLabel = "P", description = "speak and validate a wsbench protocol for --operation: ${COMPLETION-CANDIDATES}",
            completionCandidates = ProtocolNames.class)
    String protocol;

    @Option(names = "--operation", description = "operation for --protocol (hello or matchQuakes; default hello), or of --wsdl or --openapi")
    String operation;

    @Option(names = "--sequence", paramLabel = "NAME", description = "request sequence of the operation (matchQuakes: small or large)")
    String sequence;

    @Option(names = "--expect", paramLabel = "TEXT", description = "a response counts only if its body contains TEXT")
    String expect;

    @Option(names = "--timeout", description = "per-request timeout (default: ${DEFAULT-VALUE})")
    String timeout = "30s";

    @Option(names = "--think", paramLabel = "DURATION", description = "closed loop: pause between an answer and the next request")
    String think;

    @Option(names = "--warmup", paramLabel = "auto|REQUESTS", description = {"warm the server up first, not recorded: auto (closed-loop windows until",
            "the last 3 agree within ±5%% in throughput and mean latency and, with --server-pid on a JVM, its JIT",
            "compiler is quiet; at most --warmup-max), or REQUESTS per connection (default: none)"})
    String warmup;

    @Option(names = "--warmup-max", paramLabel = "DURATION", description = "with --warmup auto: the longest warm-up (default: ${DEFAULT-VALUE})")
    String warmupMax = "60s";

    @Option(names = "--warmup-window", paramLabel = "DURATION", description = "with --warmup auto: the length of a window (default: ${DEFAULT-VALUE})")
    String warmupWindow = "1s";

    @Option(names = "--server-pid", paramLabel = "PID", description = "also sample this server process (CPU, memory) from /proc")
    Long serverPid;

    @Option(names = "--monitor", paramLabel = "LIST", defaultValue = "proc",
            description = {"with --server-pid: what watches it, comma-separated (default: ${DEFAULT-VALUE}):",
                    "  proc (CPU, memory, threads from /proc), jvm (GC, heap)"})
    String monitor;

    @Option(names = "--json", description = "print the point as JSON (the fields of a point in run.json)")
    boolean json;

    @Mixin
    AssertOptions asserts;

    @Mixin
    TlsOptions tlsOptions;

    @Mixin
    GeneratorOptions generatorOptions;

    @Option(names = "--junit", paramLabel = "FILE", description = "write the --assert results to FILE as JUnit XML")
    Path junit;

    static final class ProtocolNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Protocols.names().iterator();
        }
    }

    @Override
    public Integer call() throws Exception {
        if (flow != null) {
            return FlowLoad.run(this);
        }
        List<Assertion> assertions = asserts.parse();
        if (junit != null && assertions.isEmpty()) {
            throw new Main.UserError("--junit needs at least one --assert");
        }
        if (serverPid == null && assertions.stream().anyMatch(Assertion::needsServer)) {
            throw new Main.UserError("an assertion on cpu needs --server-pid PID, the server process to sample");
        }
        Warmup warmupAsked = warmupAsked();
        List<MonitorKind> monitors = monitors();
        OwnService own = ownService();
        URI uri = own != null ? own.endpoint() : parseUrl();
        LoadPointSpec point = loadPoint(think);
        String tooMany = io.wsbench.core.load.FileLimit.tooMany(connections, io.wsbench.core.load.FileLimit.max());
        if (tooMany != null) {
            throw new Main.UserError(tooMany);
        }
        ClientTls tls = tlsOptions.client(uri);
        Target target = Target.of(targetRecord(uri), uri, own != null ? own.workload() : workload(), tls);
        Reachable.check(uri, tls);
        PrintStream out = System.out;
        PrintStream aside = json ? System.err : out; // with --json, stdout holds the JSON alone
        TlsOptions.warnIfInsecure(tls, uri, aside);
        try (Generator generator = new Generator(generatorOptions.threads);
             WatchedServer.Process watched = serverPid == null ? null : watch(serverPid, monitors)) {
            List<String> notes = new ArrayList<>();
            PointRun run = new PointRun(generator, watched == null ? WatchedServer.UNSEEN : watched, null, notes::add);
            PointRun.Warmed warmed = run.warmUp(target, warmupAsked, ProgressListener.NONE);
            if (warmed != null && warmed.how().steady() != null) {
                printWarmup(aside, warmed.how(), watched != null && watched.jit() != null);
            }
            boolean interactive = !json && Console.interactive();
            Console console = new Console(System.err, interactive);
            PointRecord p = run.measure(target, point, 1, uri.toString(), null, console.pointStarting(uri.toString(), 0, 0));
            if (interactive) {
                console.pointDone(p);
            }
            if (json) {
                out.println(RunJson.toJson(p));
            } else {
                printSummary(out, p, point.toLoadSpec(), generator.forConnections(connections).transport());
            }
            notes.forEach(n -> aside.println("  note          " + n));
            if (own != null && own.workload().firstFailure() != null) {
                aside.println("  first failure " + own.workload().firstFailure());
            }
            boolean passed = AssertOptions.check(assertions, List.of(p), "wsbench load " + url, junit, aside);
            if (p.aborted() != null) {
                throw new Main.UserError(p.aborted(), Main.PROBLEM);
            }
            return passed ? 0 : Main.PROBLEM;
        }
    }

    /** The monitors --monitor names, read before any load. */
    List<MonitorKind> monitors() {
        List<MonitorKind> kinds = MonitorOptions.parse(monitor);
        if (kinds.stream().anyMatch(k -> k.name().equals("jfr"))) {
            throw new Main.UserError("--monitor jfr keeps a recording per point beside a run's run.json: it goes with wsbench run");
        }
        return kinds;
    }

    /** The server process the user named, watched by the monitors asked for; one that cannot watch it is one line. */
    static WatchedServer.Process watch(long pid, List<MonitorKind> kinds) {
        try {
            return WatchedServer.process(pid, 500, kinds);
        } catch (IOException e) {
            throw new Main.UserError("--server-pid " + pid + ": " + e.getMessage());
        }
    }

    /** How a warm-up until steady went, before the point's figures. */
    void printWarmup(PrintStream out, WarmupRecord w, boolean jit) {
        WarmupRecord.Window last = w.windows().get(w.windows().size() - 1);
        out.printf(Locale.ROOT, "warm-up: %s after %.1f s (%d windows of %s; last %,.0f req/s, mean %s)%s%n",
                w.steady() ? "steady" : "NOT steady", w.seconds(), w.windows().size(), warmupWindow,
                last.throughput(), ConsoleSummary.millis(last.meanMicros()),
                w.steady() ? "" : ": its last windows still moved more than ±5%"
                        + (jit ? " or the JIT compiler was busy" : "") + "; the figures below may include warm-up");
    }

    private static Duration duration(String option, String value) {
        try {
            Duration d = Durations.parse(value);
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException("must be above 0");
            }
            return d;
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(option + " takes a duration such as 500ms or 30s, not '" + value + "'");
        }
    }

    /** The --warmup value, read before any load: auto, none, or a request count per connection. */
    Warmup warmupAsked() {
        if (warmup == null || warmup.equals("none")) {
            return Warmup.NONE;
        }
        if (warmup.equals("auto")) {
            return Warmup.untilSteady(connections, duration("--warmup-window", warmupWindow), duration("--warmup-max", warmupMax));
        }
        long requests;
        try {
            requests = Long.parseLong(warmup);
        } catch (NumberFormatException e) {
            requests = -1;
        }
        if (requests < 0) {
            throw new Main.UserError("--warmup takes auto, none or a request count per connection, not '" + warmup + "'");
        }
        return requests == 0 ? Warmup.NONE : new Warmup.Requests(connections, requests);
    }

    private OwnService ownService() {
        if (wsdl == null && openapi == null) {
            if (template != null || data != null || dataMode != null || !checks.isEmpty() || port != null) {
                throw new Main.UserError("--template, --data, --data-mode, --check and --port go with --wsdl or --openapi");
            }
            return null;
        }
        String flag = wsdl != null ? "--wsdl" : "--openapi";
        if (wsdl != null && openapi != null) {
            throw new Main.UserError("give either --wsdl or --openapi, not both");
        }
        if (protocol != null || body != null || soapAction != null || expect != null) {
            throw new Main.UserError(flag + " builds the requests and checks the answers itself: drop --protocol, --body, --soap-action and --expect");
        }
        if (openapi != null && port != null) {
            throw new Main.UserError("--port names a WSDL port: it goes with --wsdl, not --openapi");
        }
        return OwnService.of(new OwnService.Spec(wsdl, openapi, operation, port, template, data, dataMode, checks, url, dataMaxMb));
    }

    private TargetRecord targetRecord(URI uri) {
        if (wsdl != null || openapi != null) {
            return new TargetRecord(uri.toString(), null, wsdl != null ? "wsdl" : "openapi", null, operation, null, null, uri.toString());
        }
        return new TargetRecord(uri.toString(), null, protocol == null ? "http" : protocol, null,
                protocol == null ? null : operation(), null, sequence, uri.toString());
    }

    private String operation() {
        return operation == null ? "hello" : operation;
    }

    private URI parseUrl() {
        if (url == null) {
            throw new Main.UserError("give the URL to load (or --wsdl FILE --operation NAME, or --openapi SPEC --operation ID)");
        }
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError("not a URL: " + url);
        }
        if (!("http".equalsIgnoreCase(uri.getScheme()) || TlsClients.https(uri)) || uri.getHost() == null) {
            throw new Main.UserError("only http:// and https:// URLs with a host can be loaded: " + url);
        }
        return uri;
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
                return new LoadPointSpec(null, connections, null, null, null, think, keepAlive, timeout, null, null,
                        Stages.parse(stages));
            }
            Duration d = duration != null ? Durations.parse(duration) : (requests == null ? Duration.ofSeconds(10) : null);
            long perUser = requests == null ? 0 : (requests + connections - 1) / connections;
            if (rate != null && perUser > 0 && duration == null) {
                // an open-loop point of N requests lasts N / rate seconds
                d = Duration.ofNanos((long) (1e9 * perUser * connections / rate));
                perUser = 0;
            }
            return new LoadPointSpec(rate != null ? "open" : "closed", connections, perUser > 0 ? perUser : null,
                    d == null ? null : d.toNanos() / 1000 + "us", rate, think, keepAlive, timeout, null, null);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(stages != null && !e.getMessage().startsWith("--stages")
                    ? "--stages " + stages + ": " + e.getMessage() : e.getMessage());
        }
    }

    /** The requests and checks of a URL: a wsbench protocol's, or the request the options write. */
    private Workload workload() {
        if (protocol != null) {
            try {
                return Workload.of(protocol, operation(), sequence);
            } catch (IllegalArgumentException e) {
                throw new Main.UserError(e.getMessage());
            }
        }
        Map<String, String> h = new LinkedHashMap<>();
        byte[] bytes = null;
        if (body != null) {
            try {
                bytes = Files.readAllBytes(body);
            } catch (NoSuchFileException e) {
                throw new Main.UserError("no such body file: " + body);
            } catch (IOException e) {
                throw new Main.UserError("cannot read body file " + body + ": " + OneLine.of(e));
            }
        }
        if (soapAction != null) {
            h.put("Content-Type", "text/xml; charset=UTF-8");
            h.put("SOAPAction", soapAction.startsWith("\"") ? soapAction : "\"" + soapAction + "\"");
        } else if (bytes != null) {
            h.put("Content-Type", "application/octet-stream");
        }
        for (String header : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new Main.UserError("a header is written 'Name: value', not '" + header + "'");
            }
            h.put(header.substring(0, colon).trim(), header.substring(colon + 1).trim());
        }
        if (h.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("Content-Type") && !k.equals("Content-Type"))) {
            h.remove("Content-Type"); // the user's own spelling wins
        }
        String m = method != null ? method.toUpperCase(Locale.ROOT) : (bytes != null ? "POST" : "GET");
        return new HttpWorkload(m, h, bytes, expect);
    }

    private static void printSummary(PrintStream out, PointRecord p, LoadSpec spec, String transport) {
        var l = p.latencyMicros();
        out.printf(Locale.ROOT, "%s  %s loop, %d %s, %s, %s x %d threads%n", p.target().url(),
                spec.open() ? "open" : "closed", spec.connections(), spec.open() ? "connections" : "users",
                spec.keepAlive() ? "keep-alive" : "new connection per request", transport, p.generator().ioThreads());
        if (spec.profile() != null) {
            out.printf(Locale.ROOT, "  stages        %s (%s; the per-second series in --json shows offered beside achieved)%n",
                    spec.profile().describe(spec.open()), spec.open() ? "latency measured from the intended send time"
                            : "users ramped");
        } else if (spec.open()) {
            out.printf(Locale.ROOT, "  target rate   %,.0f req/s (latency measured from the intended send time)%n", spec.rate());
        }
        out.printf(Locale.ROOT, "  requests      %,d in %.2f s = %,.1f valid req/s%s%n", p.requests(), p.durationSeconds(), p.throughput(),
                p.unfinished() == 0 ? "" : String.format(Locale.ROOT, "; %,d more never answered (unfinished)", p.unfinished()));
        out.printf(Locale.ROOT, "  errors        %d (connect %d, timeout %d, http status %d, soap fault %d, validation %d, protocol %d, client %d)%n",
                p.errors().total(), p.errors().connect(), p.errors().timeout(), p.errors().httpStatus(),
                p.errors().soapFault(), p.errors().validation(), p.errors().protocol(), p.errors().client());
        io.wsbench.report.Flags.behindSchedule(p).ifPresent(why -> out.println("  behind        " + why));

        if (p.stalls() != null) {
            for (io.wsbench.core.record.Stall st : p.stalls()) {
                out.printf(Locale.ROOT, "  stall         no answer for %.1f s from second %.1f: the server stopped%s%n",
                        st.seconds(), st.atSecond(), spec.open() ? ""
                                : "; a closed loop hides that from its percentiles (only max shows it): try --rate");
            }
        }
        out.printf(Locale.ROOT, "  latency       mean %s ± %s  p50 %s  p90 %s  p99 %s  p99.9 %s  max %s%n",
                ConsoleSummary.millis(l.mean()), ConsoleSummary.millis(l.stdev()), ConsoleSummary.millis(l.p50()),
                ConsoleSummary.millis(l.p90()), ConsoleSummary.millis(l.p99()), ConsoleSummary.millis(l.p999()),
                ConsoleSummary.millis(l.max()));
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
            out.printf(Locale.ROOT, "  server        CPU %.0f%% (user %.0f%%, system %.0f%%), RSS max %.0f MB, %d threads, after the load %.0f%%%n",
                    p.server().cpuPercent(), p.server().cpuUserPercent(), p.server().cpuSystemPercent(),
                    p.server().rssMaxBytes() / 1e6, p.server().threadsMax(), p.server().residualCpuPercent());
        }
    }
}
