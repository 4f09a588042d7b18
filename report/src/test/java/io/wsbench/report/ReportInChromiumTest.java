package io.wsbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Opens report.html and compare.html in a real browser, headless Chromium: the report's charts draw
 * with no error and answer a hover; the comparison page's chart draws (checked from a screenshot). Skipped where Chromium is not installed (Debian package {@code chromium}).
 */
class ReportInChromiumTest {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final String EVIL = "<script>alert(1)</script> SOAP";

    /**
     * A script put at the top of the page under test: it records every error and console.error, every
     * alert (a label's script that ran), and once every chart is drawn, how many pixels each chart's
     * canvas drew; then it moves the mouse over the first bar of the throughput chart, as a user
     * would, and reads the tooltip that appears. Its findings go into a {@code <pre id="probe">} that
     * Chromium's --dump-dom prints.
     */
    private static final String PROBE = """
            <script>
            window.probed = { errors: [], alerts: [], charts: [], tooltip: null, sideways: null };
            window.addEventListener('error', function (e) { probed.errors.push(String(e.message)); });
            var consoleError = console.error;
            console.error = function () { probed.errors.push(Array.from(arguments).join(' ')); consoleError.apply(console, arguments); };
            window.alert = function (m) { probed.alerts.push(String(m)); };
            // charts.js's first three colours: pixels of a bar, a line or a legend's mark, never of an axis or a text
            function seriesColour(r, g, b) {
              return [[0x42, 0x69, 0xd0], [0xef, 0xb1, 0x18], [0xff, 0x72, 0x5c]].some(function (c) {
                return Math.abs(r - c[0]) < 24 && Math.abs(g - c[1]) < 24 && Math.abs(b - c[2]) < 24;
              });
            }
            document.addEventListener('wsbench-charts-drawn', function () {
              document.querySelectorAll('div.plot').forEach(function (el) {
                var canvas = el.querySelector('canvas'), drawn = 0;
                if (canvas) {
                  var d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                  for (var i = 0; i < d.length; i += 4) { drawn += seriesColour(d[i], d[i + 1], d[i + 2]) ? 1 : 0; }
                }
                probed.charts.push({ kind: JSON.parse(el.getAttribute('data-chart')).kind, drawn: drawn });
              });
              var bars = Array.from(document.querySelectorAll('div.plot'))
                  .find(function (el) { return JSON.parse(el.getAttribute('data-chart')).kind === 'bars'; });
              // where ECharts laid out the first bar: its rectangle in the chart's own pixels
              var bar = echarts.getInstanceByDom(bars).getModel().getSeriesByIndex(0).getData().getItemLayout(0);
              var box = bars.getBoundingClientRect(), canvas = bars.querySelector('canvas');
              canvas.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: box.left + bar.x + bar.width / 2,
                  clientY: box.top + bar.y + bar.height / 2 }));
              setTimeout(function () {
                var tip = Array.from(bars.querySelectorAll('div')).filter(function (d) { return d.style.display !== 'none' && d.innerText; });
                probed.tooltip = tip.length ? tip[tip.length - 1].innerText : null;
                // how far the page itself scrolls sideways: a wide table scrolls within its own box instead
                probed.sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth;
                var pre = document.createElement('pre');
                pre.id = 'probe';
                pre.textContent = JSON.stringify(probed);
                document.body.appendChild(pre);
              }, 300);
            });
            </script>
            """;

    @Test
    void everyChartDrawsWithoutAnErrorAndAHoverShowsTheBarsFigure(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "Chromium is not installed at " + CHROMIUM
                + " (apt-get install chromium): the report is not rendered in a browser here");
        ReportWriter.write(everyChart(), dir);
        Path page = dir.resolve("probed.html");
        Files.writeString(page, Files.readString(dir.resolve("report.html")).replace("<head>\n", "<head>\n" + PROBE));

        JsonNode probed = probe(dir, page);

        assertEquals("[]", probed.get("errors").toString(), "errors on the page");
        assertEquals("[]", probed.get("alerts").toString(), "a label's script ran");
        assertTrue(probed.get("sideways").asInt() <= 0, "the page scrolls sideways by " + probed.get("sideways") + " px");
        // the capacity's hockey stick, the ramp's offered against achieved, REST's sweep, throughput, a percentile
        // and a per-second chart per load, the warm-up's per-second chart
        List<String> kinds = new ArrayList<>();
        probed.get("charts").forEach(c -> kinds.add(c.get("kind").asText()));
        assertEquals(List.of("xy", "xy", "sweep", "bars", "percentiles", "percentiles", "percentiles", "percentiles",
                "percentiles", "seconds", "seconds", "seconds", "seconds", "seconds", "seconds"), kinds);
        for (JsonNode c : probed.get("charts")) {
            // a line 2 pixels wide across the chart, or bars: legend marks alone are a few hundred pixels
            assertTrue(c.get("drawn").asInt() > 1_500, "a chart did not draw its series: " + probed.get("charts"));
        }
        // REST's bar at 1 user: 800 and 880 req/s in its two repeats
        String tooltip = probed.get("tooltip").asText();
        assertTrue(tooltip.contains("direct REST at 1 user") && tooltip.contains("840 req/s")
                && tooltip.contains("min–max of 2 repeats: 800–880 (±4.8%)"), "the hover's tooltip: " + tooltip);
    }

    /**
     * A run with every kind of chart: two targets at 1 and 5 users, REST also at 2 and 10 (a sweep) and
     * ramped (an open loop following stages), a capacity search, a warm-up.
     */
    static RunRecord everyChart() {
        RunRecord run = ReportWriterTest.run(ReportWriterTest.REST, EVIL, "complete", null);
        for (int users : new int[] {2, 10}) {
            LoadRecord load = new LoadRecord("closed", users, 1000L, null, null, null, true);
            run = run.withPoint(ReportWriterTest.point(ReportWriterTest.REST, "direct", load, 1, 1000 * Math.min(users, 6), 1000));
        }
        LoadRecord ramp = new LoadRecord("open", 10, null, 3.0, 300.0, null, true, null, null, "1s:100/s,2s:300/s");
        PointRecord p = ReportWriterTest.point(ReportWriterTest.REST, "direct", ramp, 1, 150, 1000);
        List<io.wsbench.model.record.SecondSample> seconds = List.of(
                new io.wsbench.model.record.SecondSample(0, 50, 1200, 0).ramped(900L, 50L, 50.0),
                new io.wsbench.model.record.SecondSample(1, 150, 1500, 0).ramped(1000L, 150L, 150.0),
                new io.wsbench.model.record.SecondSample(2, 240, 90_000, 0).ramped(40_000L, 250L, 250.0));
        run = run.withPoint(PointRecordBuilder.builder().target(p.target()).load(ramp).repeat(1).requests(p.requests())
                .durationSeconds(p.durationSeconds()).throughput(p.throughput()).latencyMicros(p.latencyMicros())
                .traffic(new PointRecord.Traffic(p.bytesSentPerRequest(), p.bytesReceivedPerRequest())).errors(p.errors())
                .validated(p.validated()).server(p.server()).generator(p.generator())
                .detail(new PointRecord.Detail(seconds, p.histogram(), null)).build());
        return run.withCapacity(CapacityReportTest.search(750, 800.0))
                .withWarmup(ReportWriterTest.point(ReportWriterTest.REST, "direct", ReportWriterTest.ONE_USER, 1, 500, 1000));
    }

    /** Runs the page in headless Chromium and returns what the probe found. */
    static JsonNode probe(Path dir, Path page) throws Exception {
        Process chromium = new ProcessBuilder(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--user-data-dir=" + dir.resolve("profile"), "--window-size=1280,2000",
                "--virtual-time-budget=10000", "--dump-dom", page.toUri().toString()))
                .redirectError(dir.resolve("chromium.log").toFile()).start();
        byte[] dom = chromium.getInputStream().readAllBytes();
        boolean exited = chromium.waitFor(90, TimeUnit.SECONDS);
        if (!exited) {
            chromium.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String log = Files.readString(dir.resolve("chromium.log"));
        assertTrue(exited, "Chromium did not finish within 90 s:\n" + log);
        Matcher m = Pattern.compile("<pre id=\"probe\">(.*?)</pre>", Pattern.DOTALL).matcher(new String(dom, StandardCharsets.UTF_8));
        assertTrue(m.find(), "the probe never reported; Chromium said:\n" + log);
        return new ObjectMapper().readTree(m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
                .replace("&amp;", "&"));
    }

    @Test
    void theComparisonPageDrawsItsRatiosInItsVerdictsColours(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "Chromium is not installed at " + CHROMIUM);
        // B twice as fast: every ratio a verdict in green (throughput faster, latencies lower)
        Comparison.of("a", ComparisonTest.run("x", 1000, 2000, ComparisonTest.NOISE_A),
                "b", ComparisonTest.run("y", 2000, 1000, ComparisonTest.NOISE_B)).write(dir);
        BufferedImage image = ImageIO.read(screenshot(dir, dir.resolve("compare.html")).toFile());
        long green = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                green += close(image.getRGB(x, y) & 0xffffff, BETTER) ? 1 : 0;
            }
        }
        // three marks of radius 4 with their interval lines
        assertTrue(green > 60, "the chart's marks did not draw: " + green + " pixels of " + Integer.toHexString(BETTER));
    }

    /** compare.mustache's colour of a better verdict in the chart. */
    static final int BETTER = 0x2a8a24;

    /** A screenshot of {@code page} by headless Chromium, 1280 pixels wide. */
    private static Path screenshot(Path dir, Path page) throws Exception {
        Path png = dir.resolve(page.getFileName() + ".png");
        Process chromium = new ProcessBuilder(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--user-data-dir=" + dir.resolve("profile"), "--screenshot=" + png,
                "--window-size=1280,2000", page.toUri().toString()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("chromium.log").toFile()).start();
        boolean exited = chromium.waitFor(90, TimeUnit.SECONDS);
        if (!exited) {
            chromium.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String log = Files.readString(dir.resolve("chromium.log"));
        assertTrue(exited, "Chromium did not finish within 90 s:\n" + log);
        assertTrue(Files.isRegularFile(png), "no screenshot; Chromium said:\n" + log);
        return png;
    }

    private static boolean close(int rgb, int target) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((rgb >> shift) & 0xff) - ((target >> shift) & 0xff)) > 8) {
                return false;
            }
        }
        return true;
    }
}
