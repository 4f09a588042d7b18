package io.wsbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.StepRecord;
import io.wsbench.model.record.TargetRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * report.html's chart of where a flow's iteration time goes, read back from the page a run.json
 * with flow points makes: a bar per load, a segment per step at its mean (median of the repeats),
 * the rest of the iteration's mean time after them, and the same figures in a table under it.
 */
class IterationTimeChartTest {

    static final LoadRecord TWO = new LoadRecord("closed", 2, 50L, null, null, null, true);
    static final LoadRecord FOUR = new LoadRecord("closed", 4, 50L, null, null, null, true);
    static final LoadRecord OPEN = new LoadRecord("open", 5, null, 10.0, 20.0, null, true);

    /**
     * A flow point whose steps placeOrder and getOrder took {@code place} and {@code get} ms on
     * average and whose iterations {@code iteration} ms.
     */
    static PointRecord flowPoint(String label, LoadRecord load, int repeat, double place, double get, double iteration) {
        List<StepRecord> steps = List.of(step("placeOrder", place), step("getOrder", get));
        return PointRecordBuilder.builder()
                .target(new TargetRecord(label, null, "flow", null, null, null, null, "http://127.0.0.1:9000")).load(load)
                .repeat(repeat).requests(200).durationSeconds(2.0).throughput(50).latencyMicros(latency(iteration))
                .traffic(new PointRecord.Traffic(300, 200)).errors(ErrorCounts.NONE).validated(100).build()
                .withFlowSteps(new PointRecord.FlowSteps(100L, steps, List.of(step("login", 3)), List.of()));
    }

    private static StepRecord step(String name, double millis) {
        return new StepRecord(name, 100, 100, ErrorCounts.NONE, latency(millis), 50, 300, 200, null, null);
    }

    private static LatencyRecord latency(double millis) {
        long micros = Math.round(millis * 1000);
        return new LatencyRecord(millis * 1000, micros, micros, micros, micros, micros, 0);
    }

    /** checkout at 2 and 4 users (two repeats each) and in an open loop, and a single-request target beside it. */
    static RunRecord run() {
        List<PointRecord> points = new ArrayList<>();
        points.add(flowPoint("checkout", TWO, 1, 2.0, 1.0, 5.0));
        points.add(flowPoint("checkout", TWO, 2, 2.4, 1.2, 5.6));
        points.add(flowPoint("checkout", FOUR, 1, 4.0, 3.0, 9.0));
        points.add(flowPoint("checkout", FOUR, 2, 6.0, 3.0, 11.0));
        // steps longer than the iteration (its mean is over fewer, valid iterations): the rest is 0, not below
        points.add(flowPoint("checkout", OPEN, 1, 5.0, 4.0, 8.0));
        points.add(ReportWriterTest.point(ReportWriterTest.REST, "direct", TWO, 1, 1000, 1000));
        return io.wsbench.model.record.RunRecordBuilder.builder().suite("flows").wsbenchVersion("0.1.0")
                .startedAt("2026-11-25T10:00:00Z").finishedAt("2026-11-25T10:01:00Z").status("complete")
                .command("./wsbench run flows.yaml").notes(List.of()).points(points).build();
    }

    /** The data of each chart of {@code html} of kind {@code kind}, as charts.js reads it. */
    static List<JsonNode> charts(String html, String kind) throws Exception {
        List<JsonNode> found = new ArrayList<>();
        Matcher m = Pattern.compile("<div class=\"plot\" data-chart=\"([^\"]*)\"").matcher(ReportWriterTest.outsideScripts(html));
        while (m.find()) {
            JsonNode spec = new ObjectMapper().readTree(m.group(1).replace("&quot;", "\"").replace("&#39;", "'")
                    .replace("&lt;", "<").replace("&gt;", ">").replace("&#x3D;", "=").replace("&amp;", "&"));
            if (spec.path("kind").asText().equals(kind)) {
                found.add(spec);
            }
        }
        return found;
    }

    @Test
    void aBarPerLoadASegmentPerStepAtItsMeanAndTheRestOfTheIterationAfterThem() throws Exception {
        String html = ReportPage.render(run());

        List<JsonNode> charts = charts(html, "stacked");
        assertEquals(1, charts.size(), "one chart per flow target, none for the single-request target");
        JsonNode c = charts.get(0);
        assertEquals("[\"2 users\",\"4 users\",\"20 req/s, 5 conns\"]", c.path("categories").toString(), "a bar per load");
        List<String> names = new ArrayList<>();
        c.path("series").forEach(s -> names.add(s.path("name").asText()));
        assertEquals(List.of("placeOrder", "getOrder", "think and gaps", "late start, think and gaps"), names);
        for (JsonNode s : c.path("series")) {
            assertEquals(3, s.path("bars").size(), "a segment (or null) in each of the 3 bars: " + s);
        }
        // each segment's length is its step's mean, median of the repeats: ECharts draws it to scale
        assertEquals(2.2, value(c, 0, 0), 1e-9);
        assertEquals(1.1, value(c, 1, 0), 1e-9);
        assertEquals(5.0, value(c, 0, 1), 1e-9);
        assertEquals(3.0, value(c, 1, 1), 1e-9);
        assertEquals(2.0, c.path("series").get(0).path("bars").get(0).path("min").asDouble(), 1e-9);
        assertEquals(2.4, c.path("series").get(0).path("bars").get(0).path("max").asDouble(), 1e-9);
        // the rest: the iteration's median mean less the steps' (5.3 - 3.3 and 10 - 8), and never below 0
        assertEquals(2.0, value(c, 2, 0), 1e-9);
        assertEquals(2.0, value(c, 2, 1), 1e-9);
        assertTrue(c.path("series").get(2).path("bars").get(2).isNull(), "an open-loop bar's rest is its own series");
        assertTrue(c.path("series").get(3).path("bars").get(0).isNull());
        assertEquals(0.0, value(c, 3, 2), 1e-9, "steps longer than the iteration leave a rest of 0, not below");
        assertEquals(5.0, value(c, 0, 2), 1e-9);
        assertEquals("ms", c.path("unit").asText());
    }

    @Test
    void withoutScriptsTheChartsFiguresAreATableUnderIt() {
        String html = ReportPage.render(run());

        int at = html.indexOf("checkout: where an iteration&#39;s time goes");
        assertTrue(at > 0, "the chart's caption names its target");
        assertTrue(html.indexOf("<h2>Flow steps</h2>") < at, "the chart follows the table of steps");
        String table = html.substring(html.indexOf("<table", at), html.indexOf("</table>", at));
        for (String header : new String[]{"<th>load</th>", "<th>placeOrder ms</th>", "<th>getOrder ms</th>",
                "<th>think and gaps (and a late start, open loop) ms</th>", "<th>iteration mean ms</th>"}) {
            assertTrue(table.contains(header), header + " in " + table);
        }
        // 2 users: placeOrder 2.20 (2.00–2.40), getOrder 1.10 (1.00–1.20), rest 2.00, iteration 5.30 (5.00–5.60)
        assertTrue(table.contains("<td>2 users</td><td>2.20<span class=\"spread\">2.00–2.40</span></td>"
                + "<td>1.10<span class=\"spread\">1.00–1.20</span></td><td>2.00</td>"
                + "<td>5.30<span class=\"spread\">5.00–5.60</span></td>"), table);
        assertTrue(table.contains("<td>20 req/s, 5 conns</td><td>5.00</td><td>4.00</td><td>0.00</td><td>8.00</td>"), table);
        assertEquals(4, table.split("<tr").length - 1, "a header and a row per load: " + table);
    }

    /**
     * Put at the top of the page: once every chart is drawn, the width ECharts gave each segment of
     * the stacked chart, then a hover over the first segment, as a user would, and its tooltip.
     */
    private static final String PROBE = """
            <script>
            window.probed = { errors: [], widths: [], tooltip: null };
            window.addEventListener('error', function (e) { probed.errors.push(String(e.message)); });
            document.addEventListener('wsbench-charts-drawn', function () {
              var el = Array.from(document.querySelectorAll('div.plot'))
                  .find(function (e) { return JSON.parse(e.getAttribute('data-chart')).kind === 'stacked'; });
              el.scrollIntoView();
              var model = echarts.getInstanceByDom(el).getModel();
              for (var s = 0; s < 4; s++) {
                var data = model.getSeriesByIndex(s).getData(), row = [];
                for (var i = 0; i < data.count(); i++) {
                  var l = data.getItemLayout(i);
                  row.push(l && isFinite(l.width) && data.get(data.mapDimension('x'), i) !== null ? Math.abs(l.width) : null);
                }
                probed.widths.push(row);
              }
              var first = model.getSeriesByIndex(0).getData().getItemLayout(0), box = el.getBoundingClientRect();
              el.querySelector('canvas').dispatchEvent(new MouseEvent('mousemove', { bubbles: true,
                  clientX: box.left + first.x + first.width / 2, clientY: box.top + first.y + first.height / 2 }));
              setTimeout(function () {
                var tip = Array.from(el.querySelectorAll('div')).filter(function (d) { return d.style.display !== 'none' && d.innerText; });
                probed.tooltip = tip.length ? tip[tip.length - 1].innerText : null;
                var pre = document.createElement('pre');
                pre.id = 'probe';
                pre.textContent = JSON.stringify(probed);
                document.body.appendChild(pre);
              }, 300);
            });
            </script>
            """;

    @Test
    void inABrowserEachSegmentIsDrawnToScaleAndAHoverGivesItsMilliseconds(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(ReportInChromiumTest.CHROMIUM), "Chromium is not installed at "
                + ReportInChromiumTest.CHROMIUM + " (apt-get install chromium)");
        ReportWriter.write(run(), dir);
        Path page = dir.resolve("probed.html");
        Files.writeString(page, Files.readString(dir.resolve("report.html")).replace("<head>\n", "<head>\n" + PROBE));

        JsonNode probed = ReportInChromiumTest.probe(dir, page);

        assertEquals("[]", probed.get("errors").toString(), "errors on the page");
        JsonNode w = probed.get("widths");
        // pixels per ms, from placeOrder's 2.2 ms at 2 users: every other segment is its mean times as many
        double scale = w.get(0).get(0).asDouble() / 2.2;
        assertTrue(scale > 10, "the chart is drawn: " + w);
        double[][] means = {{2.2, 5.0, 5.0}, {1.1, 3.0, 4.0}, {2.0, 2.0, -1}, {-1, -1, 0}};
        for (int s = 0; s < means.length; s++) {
            for (int bar = 0; bar < 3; bar++) {
                if (means[s][bar] > 0) {
                    assertEquals(means[s][bar] * scale, w.get(s).get(bar).asDouble(), 1.5,
                            "series " + s + ", bar " + bar + " drawn to scale: " + w);
                }
            }
        }
        String tooltip = probed.get("tooltip").asText();
        assertTrue(tooltip.contains("placeOrder at 2 users") && tooltip.contains("2.20 ms, 42% of the bar's 5.30 ms")
                && tooltip.contains("min–max of 2 repeats: 2.00–2.40 ms"), "the hover's tooltip: " + tooltip);
    }

    private static double value(JsonNode chart, int series, int bar) {
        return chart.path("series").get(series).path("bars").get(bar).path("value").asDouble();
    }
}
