package io.wsbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.profile.Folded;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.ProfileRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.ServerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The flame graphs of report.html and the differential of compare.html, drawn by headless Chromium
 * from a run whose points have profiles: every graph draws with no error, and a search tells the
 * share of the frames it finds.
 */
class FlameGraphInChromiumTest {

    /** Opens every details element, waits for the graphs, counts each one's painted pixels, then searches. */
    private static final String PROBE = """
            <script>
            window.probed = { errors: [], flames: [], search: null };
            window.addEventListener('error', function (e) { probed.errors.push(String(e.message)); });
            var consoleError = console.error;
            console.error = function () { probed.errors.push(Array.from(arguments).join(' ')); consoleError.apply(console, arguments); };
            document.addEventListener('DOMContentLoaded', function () {
              document.querySelectorAll('details').forEach(function (d) { d.open = true; });
              // the graphs are drawn once the page's packed data is inflated: wait for them all (or 8 s)
              var waited = 0;
              (function poll() {
                if (document.querySelectorAll('.flame[data-drawn]').length < document.querySelectorAll('.flame[data-flame]').length
                    && waited < 8000) {
                  waited += 100;
                  setTimeout(poll, 100);
                  return;
                }
                document.querySelectorAll('.flame[data-flame]').forEach(function (el) {
                  var canvas = el.querySelector('canvas'), painted = 0;
                  if (canvas) {
                    var d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                    for (var i = 0; i < d.length; i += 4) { painted += d[i + 3] > 0 && !(d[i] > 240 && d[i + 1] > 240 && d[i + 2] > 240) ? 1 : 0; }
                  }
                  probed.flames.push({ drawn: el.getAttribute('data-drawn'), painted: painted });
                });
                var input = document.querySelector('.flame input');
                if (input) {
                  input.value = 'wstx';
                  input.dispatchEvent(new Event('input'));
                  probed.search = input.parentNode.querySelector('span').textContent;
                }
                var pre = document.createElement('pre');
                pre.id = 'probe';
                pre.textContent = JSON.stringify(probed);
                document.body.appendChild(pre);
              })();
            });
            </script>
            """;

    /** A run of one target at one user, two repeats, whose server spent {@code spin} µs a request in app.Work.spin. */
    static RunRecord profiledRun(Path dir, double spin) throws Exception {
        RunRecord run = ReportWriterTest.run(ReportWriterTest.REST, "direct SOAP", "complete", null);
        RunRecord out = io.wsbench.model.record.RunRecordBuilder.builder().suite(run.suite())
                .description(run.description()).wsbenchVersion(run.wsbenchVersion()).gitCommit(run.gitCommit())
                .startedAt(run.startedAt()).finishedAt(run.finishedAt()).status(run.status())
                .partialReason(run.partialReason()).command(run.command()).baseline(run.baseline())
                .environment(run.environment()).notes(run.notes()).points(List.of()).build();
        for (int repeat = 1; repeat <= 2; repeat++) {
            PointRecord p = ReportWriterTest.point(ReportWriterTest.REST, "direct", ReportWriterTest.ONE_USER, repeat, 1000, 1000);
            Folded cpu = new Folded();
            cpu.add(List.of("java.lang.Thread.run", "io.netty.Loop.run", "app.Handler.handle", "app.Work.spin"),
                    Math.round(p.requests() * spin / 100));
            cpu.add(List.of("java.lang.Thread.run", "io.netty.Loop.run", "app.Handler.handle", "com.ctc.wstx.Reader.next"),
                    Math.round(p.requests() * 30.0 / 100));
            cpu.add(List.of("[GC]", "G1ParTask::work"), Math.round(p.requests() * 10.0 / 100));
            Folded alloc = new Folded();
            alloc.add(List.of("java.lang.Thread.run", "app.Handler.handle", "byte[]"), p.requests() * 65536);
            String base = "profiles/00" + repeat + "-rest";
            cpu.write(dir.resolve(base + ProfileRecord.CPU));
            alloc.write(dir.resolve(base + ProfileRecord.ALLOC));
            double micros = cpu.total() * 100.0;
            ServerRecord s = p.server().withProfile(new ProfileRecord("async-profiler 4.2", 1000, cpu.total(), 1.0, micros,
                    List.of(new ProfileRecord.Part("application", micros * (spin / (spin + 40)))), alloc.total(), 0, base));
            out = out.withPoint(PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(repeat)
                    .requests(p.requests())
                    .durationSeconds(p.durationSeconds()).throughput(p.throughput()).latencyMicros(p.latencyMicros())
                    .traffic(new PointRecord.Traffic(p.bytesSentPerRequest(), p.bytesReceivedPerRequest())).errors(p.errors())
                    .validated(p.validated()).server(s).generator(p.generator())
                    .detail(new PointRecord.Detail(p.series(), p.histogram(), null)).build());
        }
        return out;
    }

    @Test
    void theReportsFlameGraphsDrawAndASearchSaysWhatShareItFound(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(ReportInChromiumTest.CHROMIUM), "Chromium is not installed");
        Path run = dir.resolve("run");
        ReportWriter.write(profiledRun(run, 60), run);
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(html.contains("Where the time went") && html.contains("µs/request"));
        assertFalse(html.contains("app.Work.spin"), "the frames are in the page's packed data only, which the browser inflates");
        JsonNode probed = open(dir, run.resolve("report.html"));
        assertEquals("[]", probed.get("errors").toString());
        assertEquals(2, probed.get("flames").size(), "CPU and allocations: " + probed);
        for (JsonNode f : probed.get("flames")) {
            assertEquals("flame", f.get("drawn").asText(), probed.toString());
            assertTrue(f.get("painted").asInt() > 5_000, "a graph painted almost nothing: " + probed);
        }
        // Woodstox's 30 of 100 µs a request
        assertTrue(probed.get("search").asText().contains("\"wstx\" holds 30.0% of the whole"), probed.get("search").asText());
    }

    @Test
    void everyGraphOfAReportOfManyProfiledPointsDrawsFromThePagesPackedData(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(ReportInChromiumTest.CHROMIUM), "Chromium is not installed");
        Path run = dir.resolve("run");
        ReportWriter.write(ReportSizeTest.manyProfiledPoints(run), run);
        JsonNode probed = open(dir, run.resolve("report.html"));
        assertEquals("[]", probed.get("errors").toString());
        assertEquals(72, probed.get("flames").size(), probed.toString());
        for (JsonNode f : probed.get("flames")) {
            assertEquals("flame", f.get("drawn").asText(), probed.toString());
            assertTrue(f.get("painted").asInt() > 5_000, "a graph painted almost nothing: " + probed);
        }
    }

    @Test
    void theComparisonsDifferentialDraws(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(ReportInChromiumTest.CHROMIUM), "Chromium is not installed");
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Comparison c = Comparison.of("a", profiledRun(a, 60), a, "b", profiledRun(b, 120), b);
        assertEquals("app.Work.spin", c.why().get(0).frames().get(0).frame());
        assertEquals(60, c.why().get(0).frames().get(0).change(), 1);
        c.write(dir.resolve("out"));
        JsonNode probed = open(dir, dir.resolve("out/compare.html"));
        assertEquals("[]", probed.get("errors").toString());
        assertEquals(1, probed.get("flames").size(), probed.toString());
        assertEquals("differential", probed.get("flames").get(0).get("drawn").asText());
        assertTrue(probed.get("flames").get(0).get("painted").asInt() > 5_000, probed.toString());
    }

    private static JsonNode open(Path dir, Path page) throws Exception {
        Path probed = page.resolveSibling("probed-" + page.getFileName());
        Files.writeString(probed, Files.readString(page).replace("<head>\n", "<head>\n" + PROBE));
        return ReportInChromiumTest.probe(dir, probed);
    }
}
