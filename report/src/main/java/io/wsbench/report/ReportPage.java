package io.wsbench.report;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import io.wsbench.model.record.AgentRecord;
import io.wsbench.model.record.Environment;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.Summary;
import io.wsbench.model.record.Sweep;
import io.wsbench.model.record.WarmupRecord;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * report.html: one file with its styles, its charts' library and their data inline, so it opens
 * offline, mailed or archived next to run.json. The page is the template {@code report.mustache},
 * rendered by JMustache with HTML escaping on; this class only builds the view model from the run.
 * The charts are drawn in the browser by Apache ECharts (from its webjar, inlined with its licence).
 */
final class ReportPage {

    private static final Template TEMPLATE = template("report.mustache");
    static final Script ECHARTS = echarts();
    private static final String CHARTS_JS = resource("charts.js");
    static final String FLAME_JS = resource("flame.js");

    /** A row of the "what ran" and "environment" tables; {@code code}, when there is one, follows the text in monospace. */
    record Fact(String name, String text, String code) {

        Fact(String name, String text) {
            this(name, text, null);
        }
    }

    /** A script inlined into the page, with what it is. */
    record Script(String name, String version, String licence, String source) {
    }

    record SweepView(String knee, Charts.Chart chart) {
    }

    /** A load level's heading and its chart. */
    record Section(String load, Charts.Chart chart) {
    }

    /** An auto warm-up: its windows' throughput (the steady ones in bold) and JIT time. */
    record Steady(String target, String seconds, boolean steady, List<Window> windows, String jit) {
    }

    record Window(String rate, boolean steady) {
    }

    /** One point of a JVM server as Flight Recorder saw it. */
    record Inside(String title, String heapMb, String recording, long samples, Table frames, Table exceptions) {
    }

    private final RunRecord run;
    private final List<PointRecord> points;
    private final List<Summary> rows;
    private final List<String> targets;
    private final List<String> loads;

    private final Path runDir;

    private ReportPage(RunRecord run, Path runDir) {
        this.run = run;
        this.runDir = runDir;
        this.points = run.points() == null ? List.of() : run.points();
        this.rows = Summary.of(run);
        // the suite's own order (a run in rounds measured in any), so colours and groups follow it
        this.targets = rows.stream().map(r -> r.target().label()).distinct().toList();
        this.loads = rows.stream().map(r -> r.load().describe()).distinct().toList();
    }

    static String render(RunRecord run) {
        return render(run, null);
    }

    /** The page of {@code run}, whose files (profiles) are under {@code runDir} (null: none read). */
    static String render(RunRecord run, Path runDir) {
        return TEMPLATE.execute(new ReportPage(run, runDir).model());
    }

    private Map<String, Object> model() {
        Map<String, Object> m = new HashMap<>();
        m.put("suite", run.suite());
        m.put("description", run.description());
        List<UnsteadyRows.Row> unsteady = UnsteadyRows.of(run, points, Flags.cores(run)); // for the flags and their table
        List<String> flags = Flags.of(run, points, unsteady);
        m.put("flags", flags);
        m.put("unsteady", UnsteadyRows.table(unsteady));
        m.put("hasFlags", !flags.isEmpty());
        m.put("facts", whatRan());
        m.put("notes", run.notes());
        m.put("hasNotes", run.notes() != null && !run.notes().isEmpty());
        m.put("environment", environment());
        m.put("hasEnvironment", run.environment() != null);
        m.put("echarts", ECHARTS);
        m.put("chartsJs", CHARTS_JS);
        if (CapacityTable.applies(run)) {
            m.put("capacity", CapacityTable.of(run));
            m.put("capacityCharts", CapacityTable.charts(run));
            m.put("hasCapacity", true);
            m.put("capacityVersions", CapacityTable.versions(run));
        }
        if (points.isEmpty()) {
            return m;
        }
        m.put("ramps", points.stream().filter(p -> p.load().stages() != null && p.series() != null).map(Charts::ramp).toList());
        m.put("overTime", points.stream().filter(p -> p.overTime() != null && !p.overTime().minutes().isEmpty())
                .map(Charts::overTime).toList());
        m.put("measured", true);
        m.put("repeated", rows.stream().anyMatch(r -> r.repeats() > 1));
        m.put("summary", SummaryTable.of(rows, run.baseline(), run.neverSteady()));
        String counterparts = Summary.counterpartsSaid(rows, run.baseline());
        m.put("counterparts", counterparts == null ? null : "vs " + Summary.baselineHeading(rows, run.baseline()) + ": " + counterparts + ".");
        String levels = Summary.levels(rows);
        m.put("levels", levels == null ? null : "The 95% intervals: " + levels + ".");
        m.put("versions", VersionsTable.of(run));
        List<SweepView> sweeps = Sweep.of(rows).stream().map(s -> new SweepView(s.describeKnee(), Charts.sweep(s))).toList();
        if (!sweeps.isEmpty()) {
            m.put("sweeps", sweeps);
            m.put("hasSweeps", true);
            m.put("growth", Math.round(Sweep.GROWTH * 100));
        }
        if (Charts.normalizes(rows, run.baseline())) {
            m.put("normalized", Charts.normalized(rows, targets, loads, run.baseline()));
        }
        m.put("throughput", Charts.throughput(rows, targets, loads));
        m.put("cost", CostTable.applies(points) ? CostTable.of(points) : null);
        m.put("tls", TlsTable.applies(points) ? TlsTable.of(points) : null);
        m.put("flowSteps", StepsTable.applies(points) ? StepsTable.of(points) : null);
        m.put("iterationTime", points.stream().filter(p -> p.steps() != null).map(p -> p.target().label()).distinct()
                .map(t -> Charts.iterationTime(t, points)).toList());
        m.put("agents", agents());
        m.put("percentiles", loads.stream().map(l -> new Section(l, Charts.percentiles(l, atLoad(points, l), targets))).toList());
        m.put("seconds", loads.stream().map(l -> new Section(l, Charts.seconds(l, atLoad(points, l), targets))).toList());
        List<Steady> steady = warmupsUntilSteady();
        m.put("steadyRows", steady);
        m.put("hasSteady", !steady.isEmpty());
        warmups(m);
        List<Inside> inside = insideTheServer();
        m.put("inside", inside);
        m.put("hasInside", !inside.isEmpty());
        Profiles.Flames flames = new Profiles.Flames();
        Map<String, Object> where = Profiles.section(points, runDir, flames);
        List<Map<String, Object>> versionsWhy = VersionsTable.why(run, runDir, flames);
        m.put("where", where);
        m.put("versionsWhy", versionsWhy.isEmpty() ? null : Map.of("pairs", versionsWhy));
        m.put("hasFlames", !flames.isEmpty());
        m.put("flameData", flames.isEmpty() ? "" : flames.packed());
        m.put("flameJs", FLAME_JS);
        return m;
    }

    private List<Fact> whatRan() {
        int repeats = rows.stream().mapToInt(Summary::repeats).max().orElse(0);
        return List.of(new Fact("suite", run.suite()), new Fact("command", "", run.command()),
                new Fact("started", run.startedAt()), new Fact("finished", run.finishedAt()),
                new Fact("status", run.status() + (run.partialReason() == null ? "" : " — " + run.partialReason())),
                new Fact("points", points.size() + " (" + targets.size() + " targets × " + loads.size() + " loads, up to "
                        + repeats + (repeats == 1 ? " repeat)" : " repeats)")),
                new Fact("baseline", run.baseline()),
                new Fact("wsbench", run.wsbenchVersion() + ", commit ", run.gitCommit() == null ? "—" : run.gitCommit()));
    }

    private List<Fact> environment() {
        Environment env = run.environment();
        if (env == null) {
            return null;
        }
        List<Fact> facts = new ArrayList<>(List.of(new Fact("CPU", env.cpuModel() + ", " + env.cores() + " cores"),
                new Fact("OS", env.os() + ", kernel " + env.kernel()), new Fact("JVM", env.jvm()),
                new Fact("placement", env.cpus() == null ? "none: the OS put the generator's and the servers' threads on any core"
                        : "load generator on cores " + env.cpus().get("generator") + ", servers on cores " + env.cpus().get("servers")
                        + (env.cpus().containsKey("oneUser") ? "; a point of one user sent from the servers' cores (oneUser: "
                        + env.cpus().get("oneUser") + "), its requests and answers taking turns on one core" : "")),
                new Fact("memory", HtmlFormat.gibibytes(env.memoryBytes()))));
        if (env.idle() != null) {
            facts.add(new Fact("idle cores", switch (env.idle()) {
                case "poll" -> "polled instead of halting while measuring (/dev/cpu_dma_latency held at 0)";
                case "per point" -> "polled instead of halting during the points that leave them idle (/dev/cpu_dma_latency held"
                        + " at 0), let halt during the points that keep them busy: each point's generator record says which";
                case "none" -> "nothing to hold: the cpuidle driver is none, so an idle core halts whatever PM QoS asks";
                default -> "may halt between requests: a halted core's wake-up is in every latency";
            }));
        }
        if (env.stacks() != null) {
            new TreeMap<>(env.stacks()).forEach((stack, version) -> facts.add(new Fact("stack " + stack,
                    version + (env.jvmOptions() == null || !env.jvmOptions().containsKey(stack) ? ""
                            : "; JVM options " + String.join(" ", env.jvmOptions().get(stack))))));
        }
        return facts;
    }

    /** Each agent's share of each point that several agents ran together, or null when none did. */
    private Table agents() {
        List<Table.Row> rows = new ArrayList<>();
        for (PointRecord p : points) {
            if (p.agents() == null) {
                continue;
            }
            for (AgentRecord a : p.agents()) {
                GeneratorRecord g = a.generator();
                rows.add(new Table.Row(List.of(Table.Cell.of(p.key()), Table.Cell.of(String.valueOf(p.repeat())),
                        Table.Cell.of(a.agent()), Table.Cell.of(a.host()), Table.Cell.of(HtmlFormat.count(a.requests())),
                        Table.Cell.of(p.requests() == 0 ? "—" : HtmlFormat.fixed(100.0 * a.requests() / p.requests(), 1) + "%"),
                        Table.Cell.bad(HtmlFormat.count(a.errors()), a.errors() > 0),
                        Table.Cell.bad(HtmlFormat.count(a.unfinished()), a.unfinished() > 0),
                        Table.Cell.of(HtmlFormat.fixed(a.startSkewMillis(), 1)),
                        Table.Cell.of(g == null ? "—" : HtmlFormat.fixed(g.cpuPercent(), 0)),
                        Table.Cell.of(g == null || g.ioBusiestPercent() == null ? "—" : HtmlFormat.fixed(g.ioBusiestPercent(), 0)),
                        Table.Cell.of(g == null || g.heapUsedMaxBytes() == null ? "—" : HtmlFormat.fixed(g.heapUsedMaxBytes() / 1e6, 0)))));
            }
        }
        return rows.isEmpty() ? null : new Table(List.of("point", "repeat", "agent", "host", "requests", "share", "errors",
                "unfinished", "start skew ms", "CPU %", "busiest I/O thread %", "heap MB"), rows);
    }

    /** Each target's warm-up in windows (warmup: auto): how long it took, whether it settled, each window's throughput. */
    private List<Steady> warmupsUntilSteady() {
        List<Steady> steady = new ArrayList<>();
        for (WarmupRecord w : run.warmup() == null ? List.<WarmupRecord>of() : run.warmup()) {
            List<WarmupRecord.Window> ws = w.windows();
            if (ws == null || ws.isEmpty()) {
                continue;
            }
            boolean settled = Boolean.TRUE.equals(w.steady());
            int steadyFrom = settled ? Math.max(0, ws.size() - 3) : ws.size();
            List<Window> windows = new ArrayList<>();
            List<String> jit = new ArrayList<>();
            for (int i = 0; i < ws.size(); i++) {
                windows.add(new Window(HtmlFormat.rate(ws.get(i).throughput()), i >= steadyFrom));
                jit.add(ws.get(i).jitMillis() == null ? "–" : String.valueOf(ws.get(i).jitMillis()));
            }
            steady.add(new Steady(w.target(), HtmlFormat.fixed(w.seconds(), 1), settled, windows, String.join(" ", jit)));
        }
        return steady;
    }

    /**
     * Each target's warm-up, second by second: what the server did before it was measured (a page
     * compiled on first use, the JIT). A measured series that still climbs means the warm-up was short.
     */
    private void warmups(Map<String, Object> m) {
        List<PointRecord> warm = run.warmups() == null ? List.of() : run.warmups();
        if (warm.isEmpty()) {
            return;
        }
        List<Table.Row> table = new ArrayList<>();
        for (PointRecord p : warm) {
            table.add(new Table.Row(List.of(Table.Cell.of(p.target().label()), Table.Cell.of(HtmlFormat.count(p.requests())),
                    Table.Cell.of(HtmlFormat.fixed(p.durationSeconds(), 2)), Table.Cell.of(HtmlFormat.rate(p.throughput())),
                    Table.Cell.of(HtmlFormat.count(p.errors().total())))));
        }
        m.put("warmups", new Table(List.of("target", "requests", "seconds", "requests/s", "errors"), table));
        m.put("warmupCharts", warm.stream().map(p -> p.load().describe()).distinct()
                .map(l -> Charts.seconds("warm-up, " + l, atLoad(warm, l), targets)).toList());
    }

    /** What the JVM counters and Flight Recorder saw in each point of a JVM server: seed 002's thread dumps, taken for you. */
    private List<Inside> insideTheServer() {
        List<Inside> inside = new ArrayList<>();
        for (PointRecord p : points) {
            ServerRecord s = p.server();
            if (s == null || s.jfr().hotFrames() == null) {
                continue;
            }
            List<Table.Row> frames = s.jfr().hotFrames().stream().map(f -> new Table.Row(List.of(Table.Cell.code(f.frame()),
                    Table.Cell.of(HtmlFormat.fixed(100 * f.share(), 1) + "%")))).toList();
            List<Table.Row> exceptions = s.jfr().exceptions().stream().map(e -> new Table.Row(List.of(Table.Cell.code(e.className()),
                    Table.Cell.of(HtmlFormat.rate(e.perSecond())), Table.Cell.of(HtmlFormat.count(e.count())),
                    Table.Cell.code(e.thrownAt())))).toList();
            String title = p.key() + ", repeat " + p.repeat() + " — "
                    + (s.jfr().exceptions().isEmpty() ? "no exceptions" : "exceptions " + s.exceptionsSaid(HtmlFormat::rate))
                    // without the jvm monitor (--monitor proc,jfr) there are no counters: said as unknown, not a crash
                    + (s.counters().gcCount() == null ? "" : ", " + s.counters().gcCount() + " GCs (" + s.counters().gcTimeMillis() + " ms)");
            Long heap = s.counters().heapUsedMaxBytes();
            inside.add(new Inside(title, heap == null ? "—" : HtmlFormat.fixed(heap / 1e6, 0), s.jfr().recording(), s.jfr().executionSamples(),
                    new Table(List.of("hot frame", "share of " + s.jfr().executionSamples() + " samples"), frames),
                    exceptions.isEmpty() ? null : new Table(List.of("exception", "per second", "count", "created at"), exceptions)));
        }
        return inside;
    }

    private static List<PointRecord> atLoad(List<PointRecord> points, String load) {
        return points.stream().filter(p -> p.load().describe().equals(load)).toList();
    }

    /** A page and its partials (a table, a chart), HTML-escaped unless a tag says otherwise ({{{script}}} only). */
    static Template template(String page) {
        return Mustache.compiler().escapeHTML(true).strictSections(false).nullValue("—")
                .withLoader(name -> new StringReader(resource(name + ".mustache")))
                .compile(resource(page));
    }

    /** Apache ECharts from its webjar: the version from the webjar's own Maven properties, so a new webjar needs no code change. */
    private static Script echarts() {
        Properties pom = new Properties();
        try (InputStream in = ReportPage.class.getResourceAsStream("/META-INF/maven/org.webjars/echarts/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("the echarts webjar is missing from the classpath");
            }
            pom.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String version = pom.getProperty("version");
        String source = resource("/META-INF/resources/webjars/echarts/" + version + "/echarts.min.js");
        // the library sits inside a <script> element, which only "</script" could end early
        if (source.toLowerCase(java.util.Locale.ROOT).contains("</script")) {
            throw new IllegalStateException("echarts.min.js " + version + " contains </script> and cannot be inlined");
        }
        return new Script("Apache ECharts", version, "Apache License 2.0", source);
    }

    static String resource(String name) {
        try (InputStream in = ReportPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
