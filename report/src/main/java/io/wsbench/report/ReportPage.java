package io.wsbench.report;

import io.wsbench.core.record.Environment;
import io.wsbench.core.record.PointRecord;
import io.wsbench.core.record.RunRecord;
import io.wsbench.core.record.ServerRecord;
import io.wsbench.core.record.Summary;
import io.wsbench.core.record.WarmupRecord;
import io.wsbench.core.record.Sweep;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * report.html: one file with its styles and charts inline, so it opens offline, mailed or archived
 * next to run.json. Every string taken from the run is escaped; the page has no script at all.
 */
final class ReportPage {

    private static final String CSS = """
            :root { --ink: #1f2328; --muted: #656d76; --line: #d0d7de; --soft: #f6f8fa; }
            body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
                   max-width: 1040px; margin: 2rem auto; padding: 0 1.25rem; }
            h1 { font-size: 1.7rem; margin-bottom: .2rem; } h2 { font-size: 1.25rem; margin-top: 2.4rem;
                   border-bottom: 1px solid var(--line); padding-bottom: .3rem; } h3 { font-size: 1rem; }
            .lead { color: var(--muted); margin-top: 0; }
            .flags { border: 1px solid #d4a72c; background: #fff8c5; border-radius: 6px; padding: .6rem 1.2rem; }
            .flags.clear { border-color: #4ac26b; background: #dafbe1; }
            .flags li { margin: .2rem 0; }
            table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
            th, td { padding: .35rem .7rem; border-bottom: 1px solid var(--line); vertical-align: top; }
            th { text-align: left; background: var(--soft); font-weight: 600; }
            table.summary { width: 100%; font-size: 14px; }
            table.summary td:nth-child(n+3), table.summary th:nth-child(n+3) { text-align: right; }
            table.summary tbody tr:nth-child(even) { background: #fbfcfd; }
            table.facts th { width: 11rem; background: none; font-weight: 500; color: var(--muted); }
            .spread { display: block; color: var(--muted); font-size: 12px; }
            td.bad { color: #cf222e; font-weight: 600; }
            tr.unstable td { background: #fff8c5; }
            code { font: 13px ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--soft);
                   padding: .1rem .3rem; border-radius: 4px; word-break: break-all; }
            svg { width: 100%; height: auto; margin: .5rem 0 1.5rem; }
            svg text { font: 12px system-ui, sans-serif; fill: var(--ink); }
            svg .tick { fill: var(--muted); } svg .axis-title { font-weight: 600; }
            svg .grid { stroke: #eaeef2; } svg .axis { stroke: var(--muted); fill: none; }
            svg .whisker { stroke: var(--ink); stroke-width: 1.5; fill: none; }
            .note { color: var(--muted); font-size: 13px; }
            details { margin: .4rem 0; } summary { cursor: pointer; } details table { margin: .4rem 0 .8rem; font-size: 13px; }
            """;

    private final RunRecord run;
    private final List<PointRecord> points;
    private final List<Summary> rows;
    private final List<String> targets;
    private final List<String> loads;
    private final StringBuilder out = new StringBuilder();

    private ReportPage(RunRecord run) {
        this.run = run;
        this.points = run.points() == null ? List.of() : run.points();
        this.rows = Summary.of(points);
        // first-seen order, so colours and groups follow the suite's own order
        this.targets = points.stream().map(p -> p.target().label()).distinct().toList();
        this.loads = points.stream().map(p -> p.load().describe()).distinct().toList();
    }

    static String render(RunRecord run) {
        return new ReportPage(run).render();
    }

    private String render() {
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>wsbench — ")
                .append(HtmlFormat.escape(run.suite())).append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n")
                .append("<h1>wsbench — ").append(HtmlFormat.escape(run.suite())).append("</h1>\n");
        if (run.description() != null) {
            out.append("<p class=\"lead\">").append(HtmlFormat.escape(run.description())).append("</p>\n");
        }
        flags();
        whatRan();
        environment();
        results();
        return out.append("</body>\n</html>\n").toString();
    }

    private void flags() {
        List<String> flags = Flags.of(run, points);
        if (flags.isEmpty()) {
            out.append("<div class=\"flags clear\"><p>Nothing to flag: the run finished, every response was valid, ")
                    .append("and neither the server nor the load generator looked saturated.</p></div>\n");
            return;
        }
        out.append("<div class=\"flags\"><p><strong>Read these before the numbers:</strong></p><ul>\n");
        flags.forEach(f -> out.append("<li>").append(HtmlFormat.escape(f)).append("</li>\n"));
        out.append("</ul></div>\n");
    }

    private void whatRan() {
        int repeats = rows.stream().mapToInt(Summary::repeats).max().orElse(0);
        out.append("<h2>What ran</h2>\n<table class=\"facts\">\n");
        fact("suite", HtmlFormat.escape(run.suite()));
        fact("command", "<code>" + HtmlFormat.escape(run.command()) + "</code>");
        fact("started", HtmlFormat.escape(run.startedAt()));
        fact("finished", HtmlFormat.escape(run.finishedAt()));
        fact("status", HtmlFormat.escape(run.status()) + (run.partialReason() == null ? "" : " — " + HtmlFormat.escape(run.partialReason())));
        fact("points", points.size() + " (" + targets.size() + " targets × " + loads.size() + " loads, up to "
                + repeats + (repeats == 1 ? " repeat)" : " repeats)"));
        fact("baseline", HtmlFormat.escape(run.baseline()));
        fact("wsbench", HtmlFormat.escape(run.wsbenchVersion()) + ", commit <code>" + HtmlFormat.escape(run.gitCommit()) + "</code>");
        out.append("</table>\n");
        if (run.notes() != null && !run.notes().isEmpty()) {
            out.append("<h3>Notes</h3>\n<ul>\n");
            run.notes().forEach(n -> out.append("<li>").append(HtmlFormat.escape(n)).append("</li>\n"));
            out.append("</ul>\n");
        }
    }

    private void environment() {
        out.append("<h2>Environment</h2>\n");
        Environment env = run.environment();
        if (env == null) {
            out.append("<p>Not recorded.</p>\n");
            return;
        }
        out.append("<table class=\"facts\">\n");
        fact("CPU", HtmlFormat.escape(env.cpuModel()) + ", " + env.cores() + " cores");
        fact("OS", HtmlFormat.escape(env.os()) + ", kernel " + HtmlFormat.escape(env.kernel()));
        fact("JVM", HtmlFormat.escape(env.jvm()));
        fact("placement", env.cpus() == null ? "none: the OS put the generator's and the servers' threads on any core"
                : "load generator on cores " + HtmlFormat.escape(env.cpus().get("generator")) + ", servers on cores "
                        + HtmlFormat.escape(env.cpus().get("servers")));
        fact("memory", HtmlFormat.gibibytes(env.memoryBytes()));
        if (env.stacks() != null) {
            for (Map.Entry<String, String> e : new TreeMap<>(env.stacks()).entrySet()) {
                fact("stack " + HtmlFormat.escape(e.getKey()), HtmlFormat.escape(e.getValue()));
            }
        }
        out.append("</table>\n");
    }

    private void results() {
        out.append("<h2>Summary</h2>\n");
        if (points.isEmpty()) {
            out.append("<p>No point was measured.</p>\n");
            return;
        }
        if (rows.stream().anyMatch(r -> r.repeats() > 1)) {
            out.append("<p class=\"note\">Medians of the repeats; the smaller figures under them are min–max.</p>\n");
        }
        out.append(SummaryTable.html(rows, run.baseline(), run.neverSteady()));
        List<Sweep> sweeps = Sweep.of(rows);
        if (!sweeps.isEmpty()) {
            out.append("<h2>Users sweep</h2>\n<p class=\"note\">The knee is the last step that still grew throughput by ")
                    .append(Math.round(Sweep.GROWTH * 100)).append("% or more over the step before it.</p>\n");
            for (Sweep sweep : sweeps) {
                out.append("<p><strong>").append(HtmlFormat.escape(sweep.describeKnee())).append("</strong></p>\n")
                        .append(SweepChart.svg(sweep));
            }
        }
        if (NormalizedChart.applies(rows, run.baseline())) {
            out.append("<h2>Time per pass, normalized</h2>\n<p class=\"note\">Each target's time for one pass of its ")
                    .append("request sequence over the baseline stack's time in the same sequence and load.</p>\n")
                    .append(NormalizedChart.svg(rows, targets, loads, run.baseline()));
        }
        out.append("<h2>Throughput</h2>\n").append(ThroughputChart.svg(rows, targets, loads));
        if (CostTable.applies(points)) {
            out.append("<h2>Client and server cost</h2>\n<p class=\"note\">Per valid answer. The client is wsbench's own ")
                    .append("process: its CPU, the time it spent applying and checking WS-Security, what all its threads ")
                    .append("allocated, and the heap it still held after a full collection at the end of the point (what it keeps, not when its collector last ran). Server heap comes from the JVM's performance counters, ")
                    .append("for JVM servers only.</p>\n").append(CostTable.html(points));
        }
        if (TlsTable.applies(points)) {
            out.append("<h2>TLS</h2>\n<p class=\"note\">The https:// targets. A handshake's time runs from the TCP ")
                    .append("connection to the end of the handshake; a resumed handshake reused an earlier session, as a ")
                    .append("new connection per request (no keep-alive) lets it.</p>\n").append(TlsTable.html(points));
        }
        out.append("<h2>Latency by percentile</h2>\n<p class=\"note\">Repeats merged. Latency of valid answers, ")
                .append("from the intended send time in open-loop points.</p>\n");
        for (String load : loads) {
            out.append("<h3>").append(HtmlFormat.escape(load)).append("</h3>\n")
                    .append(PercentileChart.svg(load, atLoad(load), targets));
        }
        out.append("<h2>Throughput second by second</h2>\n<p class=\"note\">One line per point; ")
                .append("repeat 1 is solid, later repeats dashed.</p>\n");
        for (String load : loads) {
            out.append("<h3>").append(HtmlFormat.escape(load)).append("</h3>\n")
                    .append(SeriesChart.svg(load, atLoad(load), targets));
        }
        warmupsUntilSteady();
        warmups();
        insideTheServer();
    }

    /** Each target's warm-up in windows (warmup: auto): how long it took, whether it settled, each window's throughput. */
    private void warmupsUntilSteady() {
        List<WarmupRecord> auto = run.warmup() == null ? List.of()
                : run.warmup().stream().filter(w -> w.windows() != null && !w.windows().isEmpty()).toList();
        if (auto.isEmpty()) {
            return;
        }
        out.append("<h2>Warm-up until steady</h2>\n<p class=\"note\">Each target was loaded in windows, unrecorded, right ")
                .append("before its first point, until its last three windows agreed within ±5% in throughput and mean latency ")
                .append("and a JVM server's JIT compiler had gone quiet, or until warmupMax. The steady windows are in bold.</p>\n")
                .append("<table><thead><tr><th>target</th><th>seconds</th><th>steady</th><th>requests/s per window</th>")
                .append("<th>JIT ms per window</th></tr></thead><tbody>\n");
        for (WarmupRecord w : auto) {
            List<WarmupRecord.Window> ws = w.windows();
            int steadyFrom = Boolean.TRUE.equals(w.steady()) ? Math.max(0, ws.size() - 3) : ws.size();
            StringBuilder rates = new StringBuilder();
            StringBuilder jit = new StringBuilder();
            for (int i = 0; i < ws.size(); i++) {
                String rate = HtmlFormat.rate(ws.get(i).throughput());
                rates.append(i > 0 ? " → " : "").append(i >= steadyFrom ? "<b>" + rate + "</b>" : rate);
                jit.append(i > 0 ? " " : "").append(ws.get(i).jitMillis() == null ? "–" : String.valueOf(ws.get(i).jitMillis()));
            }
            out.append("<tr><td>").append(HtmlFormat.escape(w.target())).append("</td><td>").append(HtmlFormat.fixed(w.seconds(), 1))
                    .append("</td>").append(Boolean.TRUE.equals(w.steady()) ? "<td>yes</td>" : "<td class=\"bad\">no</td>")
                    .append("<td>").append(rates).append("</td><td>").append(jit).append("</td></tr>\n");
        }
        out.append("</tbody></table>\n");
    }

    /**
     * Each target's warm-up, second by second: what the server did before it was measured (a page
     * compiled on first use, the JIT). A measured series that still climbs means the warm-up was short.
     */
    private void warmups() {
        List<PointRecord> warm = run.warmups() == null ? List.of() : run.warmups();
        if (warm.isEmpty()) {
            return;
        }
        out.append("<h2>Warm-up second by second</h2>\n<p class=\"note\">Sent before each target was measured and not ")
                .append("counted in any table; its requests were validated all the same. A warm-up shorter than a second ")
                .append("is one sample.</p>\n<table><thead><tr><th>target</th><th>requests</th><th>seconds</th>")
                .append("<th>requests/s</th><th>errors</th></tr></thead><tbody>\n");
        for (PointRecord p : warm) {
            out.append("<tr><td>").append(HtmlFormat.escape(p.target().label())).append("</td><td>").append(HtmlFormat.count(p.requests()))
                    .append("</td><td>").append(HtmlFormat.fixed(p.durationSeconds(), 2)).append("</td><td>")
                    .append(HtmlFormat.rate(p.throughput())).append("</td><td>").append(HtmlFormat.count(p.errors().total()))
                    .append("</td></tr>\n");
        }
        out.append("</tbody></table>\n");
        for (String load : warm.stream().map(p -> p.load().describe()).distinct().toList()) {
            out.append(SeriesChart.svg("warm-up, " + load,
                    warm.stream().filter(p -> p.load().describe().equals(load)).toList(), targets));
        }
    }

    /** What the JVM counters and Flight Recorder saw in each point of a JVM server: seed 002's thread dumps, taken for you. */
    private void insideTheServer() {
        List<PointRecord> seen = points.stream().filter(p -> p.server() != null && p.server().hotFrames() != null).toList();
        if (seen.isEmpty()) {
            return;
        }
        out.append("<h2>Inside the server</h2>\n<p class=\"note\">From the JVM's performance counters and a Flight Recorder recording of each point ")
                .append("(execution samples every 10 ms, every exception created). A sample counts for its top frame outside ")
                .append("the JDK: the server's own line that was running or had called into the JDK. Exceptions count even ")
                .append("when the server caught them. Open a recording with <code>jfr print</code> or JDK Mission Control.</p>\n");
        for (PointRecord p : seen) {
            ServerRecord s = p.server();
            out.append("<details><summary>").append(HtmlFormat.escape(p.key())).append(", repeat ").append(p.repeat())
                    .append(" — ").append(s.exceptions().isEmpty() ? "no exceptions"
                            : HtmlFormat.rate(s.exceptionsPerSecond()) + " exceptions/s")
                    .append(", ").append(s.gcCount()).append(" GCs (").append(s.gcTimeMillis()).append(" ms)</summary>\n")
                    .append("<p>heap used at most ").append(HtmlFormat.fixed(s.heapUsedMaxBytes() / 1e6, 0)).append(" MB; recording <code>")
                    .append(HtmlFormat.escape(s.recording())).append("</code></p>\n<table><thead><tr><th>hot frame</th><th>share of ").append(s.executionSamples())
                    .append(" samples</th></tr></thead><tbody>\n");
            for (ServerRecord.HotFrame f : s.hotFrames()) {
                out.append("<tr><td><code>").append(HtmlFormat.escape(f.frame())).append("</code></td><td>")
                        .append(HtmlFormat.fixed(100 * f.share(), 1)).append("%</td></tr>\n");
            }
            out.append("</tbody></table>\n");
            if (!s.exceptions().isEmpty()) {
                out.append("<table><thead><tr><th>exception</th><th>per second</th><th>count</th><th>created at</th></tr></thead><tbody>\n");
                for (ServerRecord.ExceptionRate e : s.exceptions()) {
                    out.append("<tr><td><code>").append(HtmlFormat.escape(e.className())).append("</code></td><td>")
                            .append(HtmlFormat.rate(e.perSecond())).append("</td><td>").append(HtmlFormat.count(e.count()))
                            .append("</td><td><code>").append(HtmlFormat.escape(e.thrownAt())).append("</code></td></tr>\n");
                }
                out.append("</tbody></table>\n");
            }
            out.append("</details>\n");
        }
    }

    private List<PointRecord> atLoad(String load) {
        return points.stream().filter(p -> p.load().describe().equals(load)).toList();
    }

    // value is already HTML: callers escape what came from the run
    private void fact(String name, String value) {
        out.append("<tr><th>").append(name).append("</th><td>").append(value).append("</td></tr>\n");
    }
}
