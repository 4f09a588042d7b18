package io.wsbench.report;

import io.wsbench.model.profile.Folded;
import io.wsbench.model.profile.PackageGroups;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.ProfileRecord;
import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.Summary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * The profiles of a run's points, read from the collapsed stacks beside its run.json, per row (a
 * target under a load, its repeats together) and per request: CPU microseconds, bytes allocated and
 * microseconds waited. What the report's "Where the time went" section, {@code wsbench flame}, and
 * the differential of {@code compare} and {@code wsbench why} read.
 */
final class Profiles {

    /** The colour of each kind of code, in the graphs and their legend (Observable's palette). */
    static final Map<String, String> COLOURS = new LinkedHashMap<>();

    static {
        List<String> palette = List.of("#ff725c", "#efb118", "#6cc5b0", "#a463f2", "#4269d0", "#9c6b4e", "#97bbf5", "#c8cad0");
        for (int i = 0; i < PackageGroups.PARTS.size(); i++) {
            COLOURS.put(PackageGroups.PARTS.get(i), palette.get(i));
        }
    }

    /** Frames under this share of a graph's whole are folded into their caller, so a page stays small. */
    static final double MIN_SHARE = 0.001;

    /** The three kinds of stacks, their files and the unit of their per-request figure. */
    enum Kind {
        CPU("CPU", ProfileRecord.CPU, "µs/request"),
        ALLOC("allocations", ProfileRecord.ALLOC, "bytes/request"),
        WAIT("waits (locks, socket reads)", ProfileRecord.WAIT, "µs/request");

        final String title;
        final String suffix;
        final String unit;

        Kind(String title, String suffix, String unit) {
            this.title = title;
            this.suffix = suffix;
            this.unit = unit;
        }

        static Kind named(String name) {
            for (Kind k : values()) {
                if (k.name().equalsIgnoreCase(name)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("unknown kind '" + name + "' (cpu, alloc or wait)");
        }
    }

    /**
     * One point's stacks: CPU in microseconds (the samples weighted so that they add up to the CPU the
     * kernel counted for the process), allocations in bytes, waits in microseconds; and its requests.
     */
    record Point(PointRecord point, Folded cpu, Folded alloc, Folded waits, long requests) {

        Folded of(Kind kind) {
            return switch (kind) {
                case CPU -> cpu;
                case ALLOC -> alloc;
                case WAIT -> waits;
            };
        }

        double cpuPerRequest() {
            return point.server().profile().cpuMicros() / requests;
        }
    }

    /** A row's points, all of them profiled. */
    record Row(String key, List<Point> points) {

        long requests() {
            return points.stream().mapToLong(Point::requests).sum();
        }

        Folded merged(Kind kind) {
            return Folded.of(points.stream().map(p -> p.of(kind)).toList());
        }
    }

    private Profiles() {
    }

    static boolean profiled(PointRecord p) {
        ServerRecord s = p.server();
        return s != null && s.profile() != null && s.profile().files() != null && p.requests() > 0;
    }

    /** The point's stacks from {@code runDir}, or null when it has none or they are gone. */
    static Point read(PointRecord p, Path runDir) {
        if (!profiled(p) || runDir == null) {
            return null;
        }
        ProfileRecord r = p.server().profile();
        Path base = runDir.resolve(r.files());
        try {
            Folded samples = Folded.read(Path.of(base + ProfileRecord.CPU));
            if (samples.isEmpty()) {
                return null;
            }
            Folded cpu = new Folded();
            double perSample = r.cpuMicros() / Math.max(1, r.cpuSamples());
            samples.stacks().forEach(e -> cpu.add(e.getKey(), Math.round(e.getValue() * perSample)));
            Folded waits = Folded.read(Path.of(base + ProfileRecord.WAIT));
            waits.addAll(Folded.read(Path.of(base + ProfileRecord.IO)));
            return new Point(p, cpu, Folded.read(Path.of(base + ProfileRecord.ALLOC)), waits, p.requests());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The stacks of those of {@code points} that have them, in their order. */
    static List<Point> readAll(List<PointRecord> points, Path runDir) {
        return points.stream().map(p -> read(p, runDir)).filter(java.util.Objects::nonNull).toList();
    }

    /** The profiled rows of {@code points}, in the order first measured. */
    static List<Row> rows(List<PointRecord> points, Path runDir) {
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, List<PointRecord>> e : PointRecord.byKey(points).entrySet()) {
            List<Point> read = readAll(e.getValue(), runDir);
            if (!read.isEmpty()) {
                rows.add(new Row(e.getKey(), read));
            }
        }
        return rows;
    }

    /**
     * A flame graph's data: the tree of {@code stacks} per request, each node
     * {@code {"n": name, "v": value, "k": kind of code, "c": [children]}}.
     */
    static Graph flame(String title, Kind kind, Folded stacks, long requests) {
        return new Graph(graph(title, kind, stacks.tree("all", 1.0 / Math.max(1, requests), MIN_SHARE), null));
    }

    /** What changed from {@code a} to {@code b}: the frames ranked by their change, and B's differential graph. */
    record Why(ProfileDiff diff, Graph graph) {
    }

    static Why why(String name, List<Point> a, List<Point> b) {
        Row ra = new Row(name, a);
        Row rb = new Row(name, b);
        // B's tree per request, each node with "d", its value in B minus A's; a frame A had and B has not is not drawn
        Folded.Node before = ra.merged(Kind.CPU).tree("all", 1.0 / Math.max(1, ra.requests()), 0);
        Folded.Node after = rb.merged(Kind.CPU).tree("all", 1.0 / Math.max(1, rb.requests()), MIN_SHARE);
        return new Why(ProfileDiff.of(name, a, b), new Graph(graph(name + ", CPU, B against A", Kind.CPU, after, before)));
    }

    private static Map<String, Object> graph(String title, Kind kind, Folded.Node root, Folded.Node before) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("unit", kind.unit);
        m.put("colours", List.copyOf(COLOURS.values()));
        m.put("root", node(root, before, REST));
        return m;
    }

    /**
     * "Where the time went": per row, the server's CPU per request and its parts (median over the
     * repeats, min–max under it), how many samples it rests on and what share of the CPU they saw,
     * and the collector's pauses.
     */
    static Table where(List<Row> rows) {
        List<String> parts = PackageGroups.PARTS.stream()
                .filter(part -> rows.stream().anyMatch(r -> r.points().stream()
                        .anyMatch(p -> p.point().server().profile().micros(part) > 0)))
                .toList();
        List<String> headers = new ArrayList<>(List.of("target @ load", "CPU µs/request"));
        headers.addAll(parts);
        headers.addAll(List.of("samples (share of CPU seen)", "GC pauses/s, longest"));
        List<Table.Row> out = new ArrayList<>();
        for (Row r : rows) {
            int n = r.points().size();
            List<Table.Cell> cells = new ArrayList<>();
            cells.add(Table.Cell.of(r.key()));
            cells.add(Table.Cell.spread(spread(r, Point::cpuPerRequest), n, v -> HtmlFormat.fixed(v, v < 100 ? 1 : 0)));
            for (String part : parts) {
                cells.add(Table.Cell.spread(spread(r, p -> p.point().server().profile().micros(part) / p.requests()), n,
                        v -> HtmlFormat.fixed(v, v < 100 ? 1 : 0)));
            }
            long samples = r.points().stream().mapToLong(p -> p.point().server().profile().cpuSamples()).sum();
            Summary.Spread coverage = spread(r, p -> p.point().server().profile().coverage());
            cells.add(Table.Cell.of(HtmlFormat.count(samples) + " (" + HtmlFormat.fixed(100 * coverage.median(), 0) + "%)"));
            cells.add(Table.Cell.of(pauses(r)));
            out.add(new Table.Row(cells, coverage.median() < 0.5
                    ? "the samples saw only " + HtmlFormat.fixed(100 * coverage.median(), 0) + "% of the CPU" : null));
        }
        return new Table(headers, out);
    }

    /** One row's graphs in the report: CPU, then allocations and waits where there were any. */
    record Graphs(String title, List<Integer> flames) {
    }

    /** A flame graph's data: its title, unit, colours and tree ({@link #node}); a page packs its graphs into its {@link Flames}. */
    record Graph(Map<String, Object> data) {
    }

    /**
     * The flame graphs of one page, written into it once: their frames' names in one table (a node's
     * "n" its index there) and their trees, as JSON gzipped in base64, which flame.js inflates with the
     * browser's own DecompressionStream once the page has loaded. Graphs of the same stacks share
     * most names: soap-vs-rest's 71 graphs were 3.7 MB of JSON in the page, and are 0.2 MB so.
     */
    static final class Flames {

        private final Map<String, Integer> names = new LinkedHashMap<>();
        private final List<Map<String, Object>> graphs = new ArrayList<>();

        /** Adds {@code graph} to the page; its index, which its div's data-flame holds. */
        int add(Graph graph) {
            Map<String, Object> g = new LinkedHashMap<>(graph.data());
            g.put("root", indexed(graph.data().get("root")));
            graphs.add(g);
            return graphs.size() - 1;
        }

        boolean isEmpty() {
            return graphs.isEmpty();
        }

        @SuppressWarnings("unchecked")
        private Map<String, Object> indexed(Object node) {
            Map<String, Object> m = new LinkedHashMap<>((Map<String, Object>) node);
            m.put("n", names.computeIfAbsent((String) m.get("n"), n -> names.size()));
            List<Object> callees = (List<Object>) m.get("c");
            if (callees != null) {
                m.put("c", callees.stream().map(this::indexed).toList());
            }
            return m;
        }

        /** What the page's flame data element holds. */
        String packed() {
            Map<String, Object> all = new LinkedHashMap<>();
            all.put("names", List.copyOf(names.keySet()));
            all.put("graphs", graphs);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (GZIPOutputStream gzip = new GZIPOutputStream(bytes) {
                {
                    def.setLevel(Deflater.BEST_COMPRESSION);
                }
            }) {
                gzip.write(json(all).getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e); // in memory: cannot happen
            }
            return Base64.getEncoder().encodeToString(bytes.toByteArray());
        }
    }

    /** The report's "Where the time went" section, its graphs added to {@code flames}; null when no point was profiled. */
    static Map<String, Object> section(List<PointRecord> points, Path runDir, Flames flames) {
        List<Row> rows = rows(points, runDir);
        if (rows.isEmpty()) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        ProfileRecord any = rows.get(0).points().get(0).point().server().profile();
        m.put("note", "Each JVM server's CPU per request, split by the kind of code that spent it: " + any.profiler()
                + " sampled every thread's stack every " + HtmlFormat.fixed(any.periodMicros() / 1000, 1)
                + " ms of its CPU (native frames included: the JVM's, the C library's), and each part is the server's measured CPU"
                + " in proportion to its samples. A sample belongs to the topmost frame a part names by package"
                + " (the stack's framework, XML and JSON, WS-Security and crypto, HTTP and I/O); other code outside"
                + " the JDK is the application's. Repeats: median, min–max under it. Under each row its flame"
                + " graphs per request: CPU, allocations (sampled every 512 KB) and waits (contended locks and parks,"
                + " blocking socket reads of 1 ms or more). The stacks are in"
                + " profiles/ as collapsed stacks (for flamegraph.pl, speedscope…); wsbench flame RUN writes a graph alone.");
        m.put("table", where(rows));
        m.put("legend", COLOURS.entrySet().stream().map(e -> Map.of("name", e.getKey(), "colour", e.getValue())).toList());
        List<Graphs> graphs = new ArrayList<>();
        for (Row r : rows) {
            List<Integer> drawn = new ArrayList<>();
            for (Kind k : Kind.values()) {
                Folded f = r.merged(k);
                if (k == Kind.CPU || !f.isEmpty()) {
                    drawn.add(flames.add(flame(r.key() + ", " + k.title, k, f, r.requests())));
                }
            }
            graphs.add(new Graphs(r.key() + ": flame graphs (" + r.points().size() + " repeat"
                    + (r.points().size() == 1 ? "" : "s") + ")", drawn));
        }
        m.put("graphs", graphs);
        return m;
    }

    static String json(Object o) {
        return io.wsbench.model.record.RunJson.toCompactJson(o);
    }

    private static Summary.Spread spread(Row r, java.util.function.ToDoubleFunction<Point> f) {
        return Summary.Spread.of(r.points().stream().mapToDouble(f).toArray());
    }

    /** The collector's pauses per second over the row's repeats and the longest of them; — when not recorded. */
    private static String pauses(Row r) {
        double seconds = 0;
        long count = 0;
        double longest = 0;
        boolean seen = false;
        for (Point p : r.points()) {
            ServerRecord.GcPauses g = p.point().server().jfr().gcPauses();
            if (g != null) {
                seen = true;
                seconds += p.point().durationSeconds();
                count += g.collections();
                longest = Math.max(longest, g.longestMillis());
            }
        }
        return !seen ? "—" : HtmlFormat.fixed(count / Math.max(seconds, 1e-3), 1) + "/s, "
                + HtmlFormat.fixed(longest, longest < 10 ? 1 : 0) + " ms";
    }

    private static final PackageGroups NAMING = PackageGroups.of(List.of(), List.of());

    private static final int REST = PackageGroups.PARTS.indexOf(PackageGroups.REST);

    /**
     * A node and its callees; its kind of code is its frame's, or its caller's when no part names
     * the frame (the JDK's HashMap under Woodstox is drawn as XML, as the table counts it).
     */
    private static Map<String, Object> node(Folded.Node n, Folded.Node before, int callerKind) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", n.name);
        m.put("v", round(n.value));
        int own = PackageGroups.PARTS.indexOf(NAMING.partOf(List.of(n.name)));
        int kind = own == REST ? callerKind : own;
        m.put("k", kind);
        if (before != null) {
            m.put("d", round(n.value - (before == null ? 0 : before.value)));
        }
        if (!n.children.isEmpty()) {
            List<Map<String, Object>> children = new ArrayList<>();
            for (Folded.Node c : n.children) {
                Folded.Node cb = before == null ? null : before.find(c.name);
                children.add(cb == null && before != null ? withDelta(node(c, null, kind), c) : node(c, cb, kind));
            }
            m.put("c", children);
        }
        return m;
    }

    /** A subtree A never had: all of it grew. */
    private static Map<String, Object> withDelta(Map<String, Object> m, Folded.Node n) {
        m.put("d", round(n.value));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> children = (List<Map<String, Object>>) m.get("c");
        if (children != null) {
            for (int i = 0; i < children.size(); i++) {
                withDelta(children.get(i), n.children.get(i));
            }
        }
        return m;
    }

    private static double round(double v) {
        double a = Math.abs(v);
        double scale = a >= 100 ? 10 : a >= 1 ? 1000 : 100000;
        return Math.round(v * scale) / scale;
    }
}
