package io.wsbench.cli;

import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.core.load.ClientTls;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.StepRecord;
import io.wsbench.model.record.TargetRecord;
import io.wsbench.model.suite.LoadPointSpec;
import io.wsbench.model.suite.SuiteException;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.model.record.Assertion;
import io.wsbench.runner.FlowTarget;
import io.wsbench.runner.Target;
import io.wsbench.runner.TargetException;
import io.wsbench.runner.TlsClients;
import io.wsbench.runner.Warmup;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code wsbench load --flow FILE}: the flow file's target made ready, measured as one point through
 * the runner's one path, and printed a line per step (setup and teardown apart) under the
 * iterations' own figures; with {@code --json}, the point as run.json keeps it.
 */
final class FlowLoad {

    private FlowLoad() {
    }

    static int run(LoadCommand c) throws Exception {
        if (c.target.url != null || c.target.wsdl != null || c.target.openapi != null || c.target.template != null || c.target.data != null || !c.target.checks.isEmpty()
                || c.target.request.written() || c.target.protocol != null || !c.target.request.headers.isEmpty()) {
            throw new UserError("--flow takes its address, description, data and checks from the flow file:"
                    + " drop the URL, --wsdl, --openapi, --template, --data, --check, --body, --protocol, --header and --expect");
        }
        List<Assertion> assertions = c.asserts.parse();
        TargetSpec t;
        try {
            t = SuiteReader.readFlow(c.flow);
        } catch (SuiteException e) {
            throw new UserError(e.getMessage());
        }
        if (t.stack() != null) {
            throw new UserError(c.flow + ": a flow file's target is at a 'url' (or the address its description"
                    + " names); a 'stack' is for a suite");
        }
        Path dir = c.flow.toAbsolutePath().getParent();
        FlowTarget flow = FlowTarget.of(t, dir::resolve, null, WsSecurityKeys.defaultDir());
        String refused = flow.workload().refusal(c.connections);
        if (refused != null) {
            throw new UserError(c.flow + ": " + refused);
        }
        LoadPointSpec point = c.loadPoint(null); // a flow's pauses are its think steps
        Warmup warmup = c.watch.warmupAsked(c.connections);
        ClientTls tls = tls(c, t, dir, flow.endpoint());
        String label = t.label() != null ? t.label() : "flow " + c.flow.getFileName();
        Target target = Target.of(new TargetRecord(label, null, "flow", null, null,
                t.secured() ? t.security().word() : null, null, flow.endpoint().toString()),
                flow.endpoint(), flow.workload(), tls);
        // a flow speaks HTTP/1.1 (its target asks for no HTTP/2); warmed by whole iterations, unrecorded, as a suite's flow target
        return c.measureAndTell(target, point, warmup, c.watch.monitors(), label, "--flow " + c.flow, assertions,
                (p, transport) -> print(System.out, p, label));
    }

    /**
     * The TLS client of an https:// flow: from the flow file's {@code tls:} (its files relative to the
     * flow file), as a suite's target takes it, or from load's options; not from both.
     */
    private static ClientTls tls(LoadCommand c, TargetSpec t, Path dir, URI endpoint) {
        if (t.tls() == null) {
            return c.tlsOptions.client(endpoint);
        }
        if (c.tlsOptions.given()) {
            throw new UserError(c.flow + " has its own 'tls:': give the TLS settings there or as --cacert, --insecure,"
                    + " --cert, --key, --pkcs12 and --tls-provider, not both");
        }
        if (!TlsClients.https(endpoint)) {
            throw new UserError(c.flow + ": 'tls' is for an https:// address, not " + endpoint);
        }
        try {
            return TlsClients.of(t.tls().settings(dir::resolve), endpoint);
        } catch (TargetException e) {
            throw new UserError(c.flow + ": " + e.getMessage());
        }
    }

    private static void print(PrintStream out, PointRecord p, String label) {
        out.printf(Locale.ROOT, "%s  %s  %s, %d users%n", label, p.target().url(), "open".equals(p.load().model())
                ? String.format(Locale.ROOT, "open loop, iterations due at %,.1f/s (latency from when each was due)", p.load().rate())
                : "closed loop", p.load().users());
        out.printf(Locale.ROOT, "  iterations    %,d in %.2f s = %,.1f valid iterations/s (%,d valid)%s%n", p.iterations(),
                p.durationSeconds(), p.throughput(), p.validated(),
                p.unfinished() == 0 ? "" : String.format(Locale.ROOT, "; %,d more never finished", p.unfinished()));
        out.println("  errors        " + errors(p.errors()) + " (an error ends its iteration; counted against its step below)");
        out.println("  iteration     " + latency(p.latencyMicros()));
        out.printf(Locale.ROOT, "  %-22s %9s %9s %7s  %s%n", "step", "requests", "valid", "errors", "latency of valid answers");
        steps(out, "setup ", p.setup());
        steps(out, "", p.steps());
        steps(out, "teardown ", p.teardown());
        for (List<StepRecord> phase : List.of(p.setup(), p.steps(), p.teardown())) {
            for (StepRecord s : phase) {
                if (s.firstFailure() != null) {
                    out.println("  first failure " + s.name() + ": " + s.firstFailure());
                }
            }
        }
        if (p.tls() != null) {
            out.println("  tls           " + TlsOptions.describe(p.tls()));
        }
        if (p.generator() != null) {
            out.printf(Locale.ROOT, "  generator     %.2f CPU-s (%.0f%% of one core), %,.0f requests per CPU-second%n",
                    p.generator().cpuSeconds(), p.generator().cpuPercent(),
                    p.generator().cpuSeconds() > 0 ? p.requests() / p.generator().cpuSeconds() : 0);
        }
    }

    private static void steps(PrintStream out, String phase, List<StepRecord> steps) {
        for (StepRecord s : steps) {
            out.printf(Locale.ROOT, "  %-22s %9d %9d %7d  %s  bytes/request sent %.0f, received %.0f%s%n", phase + s.name(),
                    s.requests(), s.validated(), s.errors().total(), latency(s.latencyMicros()),
                    s.bytesSentPerRequest(), s.bytesReceivedPerRequest(),
                    s.redirects() == 0 ? "" : ", " + s.redirects() + " redirects followed");
        }
    }

    /** "12 (connect 0, timeout 0, http status 2, soap fault 0, validation 10, protocol 0, client 0)": every kind the point lists. */
    static String errors(ErrorCounts e) {
        return e.total() + " (" + String.join(", ", e.byKind().entrySet().stream()
                .map(k -> words(k.getKey().key()) + " " + k.getValue()).toList()) + ")";
    }

    /** A kind's key as words: "httpStatus" is "http status". */
    private static String words(String key) {
        return key.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

    private static String latency(LatencyRecord l) {
        return "mean " + ConsoleSummary.millis(l.mean()) + " ± " + ConsoleSummary.millis(l.stdev()) + "  p50 "
                + ConsoleSummary.millis(l.p50()) + "  p99 " + ConsoleSummary.millis(l.p99()) + "  max " + ConsoleSummary.millis(l.max());
    }
}
