package io.wsbench.report;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * compare.html: two runs side by side, every matched point's B/A with its 95% interval and verdict,
 * a chart of the ratios and their intervals, and the points only one run measured. The page is the
 * template {@code compare.mustache}, rendered by JMustache with HTML escaping on; this class only
 * builds the view model (texts and chart coordinates) from the comparison.
 */
final class ComparePage {

    private static final Template TEMPLATE = compile();
    /** The chart: where the plot begins (labels on its left), its width, and the height of a row. */
    static final int PLOT_LEFT = 330;
    static final int PLOT_WIDTH = 520;
    static final int ROW_HEIGHT = 20;
    /** Pixels between two ticks' centres, so that their labels never overlap. */
    static final int MIN_TICK_GAP = 56;

    private ComparePage() {
    }

    static String render(Comparison c) {
        return TEMPLATE.execute(model(c));
    }

    /** The page's header rows: one per field, run A's beside run B's. */
    record Field(String name, String a, String b, boolean differs) {
    }

    /** One metric of one matched point, as the table shows it. */
    record Line(String point, String metric, String a, String b, String ratio, String interval, String verdict,
                String tone) {
    }

    /** One ratio in the chart, with its interval when it has one: a log scale around 1. */
    record Bar(String label, String ratio, double y, double textY, double x, boolean hasInterval, double xLow,
               double xHigh, String tone) {
    }

    /** A tick of the chart's log axis. */
    record Tick(String label, double x, boolean one) {
    }

    record Only(String point, String side) {
    }

    static Map<String, Object> model(Comparison c) {
        List<Line> lines = new ArrayList<>();
        List<Comparison.Ratio> charted = new ArrayList<>();
        List<String> chartLabels = new ArrayList<>();
        for (Comparison.Row r : c.rows()) {
            for (Comparison.Ratio x : r.ratios()) {
                lines.add(new Line(r.name(), x.metric(), spread(x.a()), spread(x.b()),
                        x.ratio() == null ? "-" : fixed(x.ratio()),
                        x.low() == null ? "-" : fixed(x.low()) + "–" + fixed(x.high()), x.verdict(), tone(x.verdict())));
                if (x.ratio() != null) {
                    charted.add(x);
                    chartLabels.add(r.name() + " · " + x.metric());
                }
            }
        }
        double lo = 0.5, hi = 2;
        for (Comparison.Ratio x : charted) {
            lo = Math.min(lo, (x.low() == null ? x.ratio() : x.low()) * 0.9);
            hi = Math.max(hi, (x.high() == null ? x.ratio() : x.high()) * 1.1);
        }
        List<Bar> bars = new ArrayList<>();
        for (int i = 0; i < charted.size(); i++) {
            Comparison.Ratio x = charted.get(i);
            double y = 30 + i * ROW_HEIGHT;
            bars.add(new Bar(chartLabels.get(i), fixed(x.ratio()), y, y + 4, at(x.ratio(), lo, hi), x.low() != null,
                    x.low() == null ? 0 : at(x.low(), lo, hi), x.high() == null ? 0 : at(x.high(), lo, hi),
                    tone(x.verdict())));
        }
        // 1 always; the others where they leave room for their labels, nearest to 1 first
        List<Tick> ticks = new ArrayList<>();
        ticks.add(new Tick("1 (same)", at(1, lo, hi), true));
        for (double t : new double[]{0.8, 1.25, 0.5, 2, 0.25, 4, 0.2, 5, 0.1, 10, 0.05, 20, 0.01, 100}) {
            double x = at(t, lo, hi);
            if (t >= lo && t <= hi && ticks.stream().allMatch(k -> Math.abs(k.x() - x) >= MIN_TICK_GAP)) {
                ticks.add(new Tick(HtmlFormat.tick(t) + "×", x, false));
            }
        }
        List<Only> only = new ArrayList<>();
        c.onlyInA().forEach(u -> only.add(new Only(u.name(), "A (" + c.a().run() + ")")));
        c.onlyInB().forEach(u -> only.add(new Only(u.name(), "B (" + c.b().run() + ")")));
        Profiles.Flames flames = new Profiles.Flames();
        List<Map<String, Object>> why = why(c, flames);
        return Map.ofEntries(
                Map.entry("a", c.a()), Map.entry("b", c.b()),
                Map.entry("fields", fields(c.a(), c.b())),
                Map.entry("lines", lines), Map.entry("method", c.method()),
                Map.entry("bars", bars), Map.entry("hasBars", !bars.isEmpty()), Map.entry("ticks", ticks),
                Map.entry("chartHeight", 50 + charted.size() * ROW_HEIGHT), Map.entry("axisY", 30 + charted.size() * ROW_HEIGHT),
                Map.entry("plotLeft", PLOT_LEFT), Map.entry("plotRight", PLOT_LEFT + PLOT_WIDTH),
                Map.entry("labelX", PLOT_LEFT - 8), Map.entry("chartWidth", PLOT_LEFT + PLOT_WIDTH + 60),
                Map.entry("only", only), Map.entry("hasOnly", !only.isEmpty()),
                Map.entry("capacities", c.capacities() == null ? List.of() : c.capacities().stream().map(x -> Map.of(
                        "target", x.target(), "slo", String.join(" and ", x.slo()),
                        "a", x.a() == null ? "none" : HtmlFormat.rate(x.a()), "b", x.b() == null ? "none" : HtmlFormat.rate(x.b()),
                        "ratio", x.ratio() == null ? "-" : fixed(x.ratio()),
                        "interval", (x.low() == null ? "?" : fixed(x.low())) + "–" + (x.high() == null ? "?" : fixed(x.high())),
                        "verdict", x.says(), "tone", x.verdict().equals(CapacityRatio.MORE) ? tone(Comparison.FASTER)
                                : x.verdict().equals(CapacityRatio.LESS) ? tone(Comparison.SLOWER) : tone(Comparison.SAME))).toList()),
                Map.entry("hasCapacities", c.capacities() != null),
                Map.entry("why", why), Map.entry("hasWhy", c.why() != null), Map.entry("flameData", flames.packed()),
                Map.entry("echarts", ReportPage.ECHARTS.source()), Map.entry("flameJs", ReportPage.FLAME_JS));
    }

    /** Each profiled point's differential: its sentence, its frames' changes, and its graph. */
    private static List<Map<String, Object>> why(Comparison c, Profiles.Flames flames) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (c.why() == null) {
            return out;
        }
        for (int i = 0; i < c.why().size(); i++) {
            out.add(why(c.why().get(i), flames.add(c.differentials().get(i))));
        }
        return out;
    }

    /** One differential as a page shows it: its sentence, its frames' changes, and its graph (its index in the page's flames). */
    static Map<String, Object> why(ProfileDiff d, int graph) {
        return Map.of("point", d.point(), "says", d.says(), "graph", graph,
                "frames", d.frames().stream().map(f -> Map.of("frame", f.frame(), "a", HtmlFormat.fixed(f.a(), 1),
                        "b", HtmlFormat.fixed(f.b(), 1), "change", String.format(Locale.ROOT, "%+.1f", f.change()),
                        "interval", f.low() == null ? "-" : String.format(Locale.ROOT, "%+.1f to %+.1f", f.low(), f.high()),
                        "share", f.shareOfChange() == null ? "-" : HtmlFormat.fixed(100 * f.shareOfChange(), 0) + "%",
                        "significant", f.significant())).toList());
    }

    private static List<Field> fields(Comparison.Side a, Comparison.Side b) {
        List<Field> f = new ArrayList<>();
        f.add(field("run", a.run(), b.run()));
        f.add(field("suite", a.suite(), b.suite()));
        f.add(field("status", a.status(), b.status()));
        f.add(field("started", a.startedAt(), b.startedAt()));
        f.add(field("wsbench", a.wsbenchVersion(), b.wsbenchVersion()));
        f.add(field("commit", a.gitCommit(), b.gitCommit()));
        f.add(field("machine", a.machine(), b.machine()));
        TreeSet<String> stacks = new TreeSet<>(a.stacks().keySet());
        stacks.addAll(b.stacks().keySet());
        for (String s : stacks) {
            f.add(field(s, a.stacks().get(s), b.stacks().get(s)));
        }
        return f;
    }

    private static Field field(String name, String a, String b) {
        String va = a == null ? "-" : a;
        String vb = b == null ? "-" : b;
        return new Field(name, va, vb, !va.equals(vb));
    }

    /** The x of {@code v} on the log axis from {@code lo} to {@code hi}. */
    private static double at(double v, double lo, double hi) {
        double share = (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo));
        return Math.round(10 * (PLOT_LEFT + Math.max(0, Math.min(1, share)) * PLOT_WIDTH)) / 10.0;
    }

    /** Green for better, red for worse, grey for no difference or no verdict. */
    static String tone(String verdict) {
        if (verdict == null) {
            return "none";
        }
        String v = verdict.replace("probably ", "");
        if (v.startsWith(Comparison.FASTER) || v.startsWith(Comparison.LOWER)) {
            return verdict.startsWith("probably ") ? "better weak" : "better";
        }
        if (v.startsWith(Comparison.SLOWER) || v.startsWith(Comparison.HIGHER)) {
            return verdict.startsWith("probably ") ? "worse weak" : "worse";
        }
        return v.startsWith(Comparison.SAME) ? "same" : "none";
    }

    private static String spread(io.wsbench.model.record.Summary.Spread s) {
        if (s == null) {
            return "-";
        }
        return s.min() == s.max() ? trim(s.median()) : trim(s.median()) + " (" + trim(s.min()) + "–" + trim(s.max()) + ")";
    }

    private static String fixed(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static String trim(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,.0f", v)
                : String.format(Locale.ROOT, "%,.2f", v);
    }

    private static Template compile() {
        try (InputStream in = ComparePage.class.getResourceAsStream("compare.mustache")) {
            if (in == null) {
                throw new IllegalStateException("compare.mustache is missing from the classpath");
            }
            return Mustache.compiler().escapeHTML(true).strictSections(false)
                    .compile(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
