package io.wsbench.cli;

import io.wsbench.model.load.Http2;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.StepRecord;
import io.wsbench.model.suite.LoadPointSpec;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteException;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.runner.Target;
import io.wsbench.service.flow.FlowWorkload;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code wsbench load --flow FILE}: the flow file's target made the one target of load's suite, as
 * {@code load URL}'s options make theirs, so that it is measured and told by load's one path; and the
 * point printed a line per step (setup and teardown apart) under the iterations' own figures.
 */
final class FlowLoad {

    private FlowLoad() {
    }

    /**
     * The suite of {@code load --flow}: the flow file's target (its files relative to the flow file, its TLS
     * from its own {@code tls:} or from load's options, not both) at {@code point}, as {@code load URL}'s.
     */
    static Suite suite(LoadCommand c, LoadPointSpec point) {
        if (c.target.url != null || c.target.wsdl != null || c.target.openapi != null || c.target.template != null || c.target.data != null || !c.target.checks.isEmpty()
                || c.target.request.written() || c.target.protocol != null || !c.target.request.headers.isEmpty()) {
            throw new UserError("--flow takes its address, description, data and checks from the flow file:"
                    + " drop the URL, --wsdl, --openapi, --template, --data, --check, --body, --protocol, --header and --expect");
        }
        if (c.think != null) {
            throw new UserError("--think does not apply to --flow: a flow pauses where its file says, in its steps' think");
        }
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
        if (t.tls() != null && c.tlsOptions.given()) {
            throw new UserError(c.flow + " has its own 'tls:': give the TLS settings there or as --cacert, --insecure,"
                    + " --cert, --key, --pkcs12 and --tls-provider, not both");
        }
        Http2 h2 = c.target.http2(false);
        if (h2 != null && t.http2() != null) {
            throw new UserError(c.flow + " says 'http: 2' itself: drop --http2" + (c.target.streams != null ? " and --streams" : ""));
        }
        try {
            TargetSpec target = c.tlsOptions.given() ? t.withTls(c.tlsOptions.spec()) : t;
            target = h2 != null ? target.withHttp2(h2) : target;
            return Suite.of("load", target, point, null).from(c.flow);
        } catch (IllegalArgumentException e) {
            throw new UserError(c.flow + ": " + e.getMessage());
        }
    }

    /** What a flow's target, made ready as {@code loaded}, refuses: more users than a step has rows, a 'tls' for http://. */
    static void check(LoadCommand c, TargetSpec t, Target loaded) {
        String refused = loaded.workload() instanceof FlowWorkload f ? f.refusal(c.connections) : null;
        if (refused != null) {
            throw new UserError(c.flow != null ? c.flow + ": " + refused : refused);
        }
        if (c.flow != null && t.tls() != null && loaded.tls() == null) {
            throw new UserError(c.flow + ": 'tls' is for an https:// address, not " + loaded.label());
        }
    }

    static void print(PrintStream out, PointRecord p, String label) {
        out.printf(Locale.ROOT, "%s  %s  %s, %d user%s%n", label, p.target().url(), "open".equals(p.load().model())
                ? String.format(Locale.ROOT, "open loop, iterations due at %,.1f/s (latency from when each was due)", p.load().rate())
                : "closed loop", p.load().users(), p.load().users() == 1 ? "" : "s");
        out.printf(Locale.ROOT, "  iterations    %,d in %.2f s = %,.1f valid iterations/s (%,d valid)%s%n", p.iterations(),
                p.durationSeconds(), p.throughput(), p.validated(),
                p.unfinished() == 0 ? "" : String.format(Locale.ROOT, "; %,d more never finished", p.unfinished()));
        out.println("  errors        " + errors(p.errors()) + " (an error ends its iteration; counted against its step below)");
        http2(out, p);
        out.println("  iteration     " + latency(p.validated(), p.latencyMicros()));
        Map<String, List<StepRecord>> phases = new LinkedHashMap<>();
        phases.put("setup ", p.setup());
        phases.put("", p.steps());
        phases.put("teardown ", p.teardown());
        int width = phases.entrySet().stream().flatMap(e -> e.getValue().stream().map(s -> (e.getKey() + s.name()).length()))
                .reduce(22, Math::max);
        String name = "  %-" + width + "s";
        out.printf(Locale.ROOT, name + " %9s %9s %7s  %s%n", "step", "requests", "valid", "errors", "latency of valid answers");
        phases.forEach((phase, steps) -> steps(out, name, phase, steps));
        for (List<StepRecord> phase : phases.values()) {
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

    /** The point's HTTP/2 line, when it went over HTTP/2: h2 or h2c, streams a connection, connections, resets and GOAWAYs. */
    static void http2(PrintStream out, PointRecord p) {
        var h2 = p.generator() == null ? null : p.generator().http2();
        if (h2 != null) {
            out.printf(Locale.ROOT, "  http/2        %s, %d stream%s a connection, %d connection%s opened%s%n", h2.protocol(), h2.streams(),
                    h2.streams() == 1 ? "" : "s", h2.connections(), h2.connections() == 1 ? "" : "s",
                    h2.events().isEmpty() ? "" : "; " + String.join(", ", h2.events().entrySet().stream()
                            .map(e -> e.getKey() + " x" + e.getValue()).toList()));
        }
    }

    /** One line a step, its name in a column as wide as {@code name}'s format ({@code "  %-30s"}) makes it. */
    private static void steps(PrintStream out, String name, String phase, List<StepRecord> steps) {
        for (StepRecord s : steps) {
            out.printf(Locale.ROOT, name + " %9d %9d %7d  %s  bytes/request sent %.0f, received %.0f%s%n", phase + s.name(),
                    s.requests(), s.validated(), s.errors().total(), latency(s.validated(), s.latencyMicros()),
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

    /** "-" where no answer passed its check: no latency to give, not 0 ms. */
    private static String latency(long validated, LatencyRecord l) {
        if (validated == 0) {
            return "-";
        }
        return "mean " + ConsoleSummary.millis(l.mean()) + " ± " + ConsoleSummary.millis(l.stdev()) + "  p50 "
                + ConsoleSummary.millis(l.p50()) + "  p99 " + ConsoleSummary.millis(l.p99()) + "  max " + ConsoleSummary.millis(l.max());
    }
}
