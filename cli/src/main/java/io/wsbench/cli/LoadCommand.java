package io.wsbench.cli;

import io.wsbench.core.load.ClientTls;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.LoadEngine;
import io.wsbench.core.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.core.record.LoadRecord;
import io.wsbench.core.record.PointRecord;
import io.wsbench.core.record.RunJson;
import io.wsbench.core.record.ServerRecord;
import io.wsbench.core.record.TargetRecord;
import io.wsbench.core.record.WarmupRecord;
import io.wsbench.core.suite.Durations;
import io.wsbench.monitor.JitClock;
import io.wsbench.monitor.ProcessSampler;
import io.wsbench.protocols.Workload;
import io.wsbench.protocols.Protocols;
import io.wsbench.report.Assertion;
import io.wsbench.runner.Generator;
import io.wsbench.runner.OneLine;
import io.wsbench.runner.OwnService;
import io.wsbench.runner.Reachable;
import io.wsbench.runner.SteadyWarmup;
import io.wsbench.runner.TlsClients;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

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

    @Option(names = {"-c", "--connections"}, paramLabel = "USERS", description = "concurrent users / connections (default: ${DEFAULT-VALUE})")
    int connections = 10;

    @Option(names = {"-n", "--requests"}, paramLabel = "REQUESTS", description = "total requests (rounded up to a multiple of -c)")
    Long requests;

    @Option(names = {"-d", "--duration"}, paramLabel = "DURATION", description = "run for this long, e.g. 10s (default 10s when -n is not given)")
    String duration;

    @Option(names = "--rate", paramLabel = "RPS", description = "open loop: send this many requests per second, latency from the intended send time")
    Double rate;

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

    @Option(names = "--threads", paramLabel = "N", description = Generator.THREADS_HELP)
    Integer threads;

    @Option(names = "--server-pid", paramLabel = "PID", description = "also sample this server process (CPU, memory) from /proc")
    Long serverPid;

    @Option(names = "--json", description = "print the point as JSON (the fields of a point in run.json)")
    boolean json;

    @Mixin
    AssertOptions asserts;

    @Mixin
    TlsOptions tlsOptions;

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
        List<Assertion> assertions = asserts.parse();
        if (junit != null && assertions.isEmpty()) {
            throw new Main.UserError("--junit needs at least one --assert");
        }
        if (serverPid == null && assertions.stream().anyMatch(Assertion::needsServer)) {
            throw new Main.UserError("an assertion on cpu needs --server-pid PID, the server process to sample");
        }
        Warmup warmupAsked = warmupAsked();
        OwnService own = ownService();
        URI uri = own != null ? own.endpoint() : parseUrl();
        LoadSpec spec = loadSpec();
        String tooMany = io.wsbench.core.load.FileLimit.tooMany(spec.connections(), io.wsbench.core.load.FileLimit.max());
        if (tooMany != null) {
            throw new Main.UserError(tooMany);
        }
        RequestSource request = own != null ? own.workload().requests(uri, keepAlive) : request(uri);
        Supplier<Validator> validators = own != null ? own.workload()::validator : validators();
        ClientTls tls = tlsOptions.client(uri);
        InetSocketAddress address = Reachable.check(uri, tls);
        PrintStream out = System.out;
        TlsOptions.warnIfInsecure(tls, uri, json ? System.err : out);
        try (Generator generator = new Generator(threads);
             ProcessSampler sampler = serverPid == null ? null : new ProcessSampler(serverPid)) {
            LoadEngine engine = generator.forConnections(connections);
            warmUp(warmupAsked, engine, address, tls, request, validators, json ? System.err : out);
            boolean interactive = !json && Console.interactive();
            Console console = new Console(System.err, interactive);
            if (sampler != null) {
                sampler.startPoint();
            }
            long checkNanos = own == null ? 0 : own.workload().checkNanos();
            long checked = own == null ? 0 : own.workload().checkedAnswers();
            Measurement m = engine.run(address, tls, spec, request, validators,
                    console.pointStarting(uri.toString(), 0, 0));
            ServerRecord server = sampler == null ? null : sampler.endPoint(500);
            PointRecord p = m.toPoint(targetRecord(uri), loadRecord(spec), 1, server);
            if (own != null && p.generator() != null) {
                p = p.withGenerator(p.generator().withCheckMicrosPerRequest(
                        OwnService.microsPerAnswer(own.workload(), checkNanos, checked)));
            }
            if (interactive) {
                console.pointDone(p);
            }
            if (json) {
                out.println(RunJson.toJson(p));
            } else {
                printSummary(out, p, m, engine, spec);
            }
            if (own != null && own.workload().firstFailure() != null) {
                (json ? System.err : out).println("  first failure " + own.workload().firstFailure());
            }
            // with --json, stdout holds the JSON alone
            boolean passed = AssertOptions.check(assertions, List.of(p), "wsbench load " + url, junit,
                    json ? System.err : out);
            if (m.aborted() != null) {
                throw new Main.UserError(m.aborted(), Main.PROBLEM);
            }
            return passed ? 0 : Main.PROBLEM;
        }
    }

    /**
     * The warm-up asked for, read before any load: {@code requests} per connection, or, when that is
     * 0, windows of {@code window} until steady for at most {@code max}.
     */
    private record Warmup(long requests, Duration window, Duration max) {
    }

    /**
     * Runs the warm-up asked for, before the point and not recorded: a request count, or windows
     * until steady ({@link SteadyWarmup}), whose outcome is printed.
     */
    private void warmUp(Warmup asked, LoadEngine engine, InetSocketAddress address, ClientTls tls, RequestSource request,
                        Supplier<Validator> validators, PrintStream out) throws InterruptedException {
        if (asked == null) {
            return;
        }
        if (asked.requests() > 0) {
            engine.run(address, tls, LoadSpec.closed(connections, asked.requests()), request, validators,
                    ProgressListener.NONE);
            return;
        }
        try (JitClock jit = jitClock()) {
            WarmupRecord w = SteadyWarmup.run(url,
                    spec -> engine.run(address, tls, spec, request, validators, ProgressListener.NONE),
                    new SteadyWarmup.Plan(connections, asked.window(), asked.max(), 0),
                    jit == null ? SteadyWarmup.NO_JIT : jit::compileMillis);
            WarmupRecord.Window last = w.windows().get(w.windows().size() - 1);
            out.printf(Locale.ROOT, "warm-up: %s after %.1f s (%d windows of %s; last %,.0f req/s, mean %s)%s%n",
                    w.steady() ? "steady" : "NOT steady", w.seconds(), w.windows().size(), warmupWindow,
                    last.throughput(), ConsoleSummary.millis(last.meanMicros()),
                    w.steady() ? "" : ": its last windows still moved more than ±5%"
                            + (jit == null ? "" : " or the JIT compiler was busy") + "; the figures below may include warm-up");
        }
    }

    /** The server's JIT clock when --server-pid names a JVM that publishes one, else null. */
    private JitClock jitClock() {
        if (serverPid == null) {
            return null;
        }
        try {
            return JitClock.of(serverPid);
        } catch (java.io.IOException e) {
            return null; // not a JVM: its warm-up is judged by its answers alone
        }
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

    /** The --warmup value, read before any load: auto, none, or a request count per connection; null for none. */
    private Warmup warmupAsked() {
        if (warmup == null || warmup.equals("none")) {
            return null;
        }
        if (warmup.equals("auto")) {
            return new Warmup(0, duration("--warmup-window", warmupWindow), duration("--warmup-max", warmupMax));
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
        return requests == 0 ? null : new Warmup(requests, null, null);
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

    private LoadSpec loadSpec() {
        try {
            Duration d = duration != null ? Durations.parse(duration) : (requests == null ? Duration.ofSeconds(10) : null);
            long perUser = requests == null ? 0 : (requests + connections - 1) / connections;
            if (rate != null && perUser > 0 && duration == null) {
                // an open-loop point of N requests lasts N / rate seconds
                d = Duration.ofNanos((long) (1e9 * perUser * connections / rate));
                perUser = 0;
            }
            LoadSpec s = new LoadSpec(rate != null, connections, perUser, d, rate == null ? 0 : rate,
                    think == null ? null : Durations.parse(think), keepAlive, Durations.parse(timeout));
            return s;
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(e.getMessage());
        }
    }

    private RequestSource request(URI uri) throws IOException {
        if (protocol != null) {
            return workload().requests(uri, keepAlive);
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
        return new HttpRequest(m, uri, h, bytes, keepAlive);
    }

    private Workload workload() {
        try {
            return Workload.of(protocol, operation(), sequence);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(e.getMessage());
        }
    }

    private Supplier<Validator> validators() {
        if (protocol != null) {
            return workload()::validator;
        }
        if (expect != null) {
            byte[] needle = expect.getBytes(StandardCharsets.UTF_8);
            return () -> (status, contentType, b, length) -> {
                if (status < 200 || status >= 300) {
                    return Verdict.HTTP_STATUS;
                }
                return contains(b, length, needle) ? Verdict.OK : Verdict.VALIDATION;
            };
        }
        return () -> Validator.ANY_2XX;
    }

    private static boolean contains(byte[] hay, int length, byte[] needle) {
        outer:
        for (int i = 0; i <= length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static LoadRecord loadRecord(LoadSpec s) {
        return new LoadRecord(s.open() ? "open" : "closed", s.connections(),
                s.requestsPerUser() > 0 ? s.requestsPerUser() : null,
                s.requestsPerUser() > 0 ? null : s.duration().toMillis() / 1000.0,
                s.open() ? s.rate() : null, s.thinkTime().isZero() ? null : s.thinkTime().toNanos() / 1e6, s.keepAlive());
    }

    private static void printSummary(PrintStream out, PointRecord p, Measurement m, LoadEngine engine, LoadSpec spec) {
        var l = p.latencyMicros();
        out.printf(Locale.ROOT, "%s  %s loop, %d %s, %s, %s x %d threads%n", p.target().url(),
                spec.open() ? "open" : "closed", spec.connections(), spec.open() ? "connections" : "users",
                spec.keepAlive() ? "keep-alive" : "new connection per request", engine.transport(), engine.threads());
        if (spec.open()) {
            out.printf(Locale.ROOT, "  target rate   %,.0f req/s (latency measured from the intended send time)%n", spec.rate());
        }
        out.printf(Locale.ROOT, "  requests      %,d in %.2f s = %,.1f valid req/s%s%n", p.requests(), p.durationSeconds(), p.throughput(),
                p.unfinished() == 0 ? "" : String.format(Locale.ROOT, "; %,d more never answered (unfinished)", p.unfinished()));
        out.printf(Locale.ROOT, "  errors        %d (connect %d, timeout %d, http status %d, soap fault %d, validation %d, protocol %d, client %d)%n",
                p.errors().total(), p.errors().connect(), p.errors().timeout(), p.errors().httpStatus(),
                p.errors().soapFault(), p.errors().validation(), p.errors().protocol(), p.errors().client());
        if (m.clientFailure() != null) {
            out.println("  client error  " + m.clientFailure());
        }
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
