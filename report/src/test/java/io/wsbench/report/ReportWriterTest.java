package io.wsbench.report;

import io.wsbench.model.record.Histograms;
import io.wsbench.model.record.AgentRecord;
import io.wsbench.model.record.Environment;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.GeneratorRecordBuilder;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.TargetRecord;
import com.github.miachm.sods.SpreadSheet;
import org.HdrHistogram.Histogram;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportWriterTest {

    static final String REST = "direct REST";
    static final String SOAP = "cxf \"fast\", SOAP"; // a comma and quotes: the CSV must quote it
    static final LoadRecord ONE_USER = new LoadRecord("closed", 1, 1000L, null, null, null, true);
    static final LoadRecord FIVE_USERS = new LoadRecord("closed", 5, 1000L, null, null, null, true);

    @TempDir
    Path dir;

    @Test
    void writesTheHtmlAndCsvFiles() {
        List<Path> written = ReportWriter.write(run(REST, SOAP, "complete", null), dir);

        assertEquals(List.of(dir.resolve("report.html"), dir.resolve("results.csv"), dir.resolve("summary.csv"),
                dir.resolve("results.xlsx"), dir.resolve("results.ods")), written);
        assertTrue(written.stream().allMatch(Files::isRegularFile));
    }

    @Test
    void htmlShowsEveryTargetTheSummaryAndTheRatioToTheBaseline() throws IOException {
        ReportWriter.write(run(REST, SOAP, "complete", null), dir);
        String html = Files.readString(dir.resolve("report.html"));

        assertTrue(html.contains(">direct REST<"));
        assertTrue(html.contains(">cxf &quot;fast&quot;, SOAP<"));
        // REST at 5 users measured 4000 and 4400 req/s: median 4,200 with its spread
        assertTrue(html.contains("<td>4,200<span class=\"spread\">4,000–4,400</span></td>"), html);
        // SOAP at 5 users: median 2,100, half of REST's in each of its two rounds; two repeats give a wide interval
        assertTrue(html.contains("<td>2,100<span class=\"spread\">2,000–2,200</span></td><td>±64.2%</td>"
                + "<td>0.50× [0.50, 0.50]</td>"), html);
        assertTrue(html.contains("<td>1.00× [1.00, 1.00]</td>"));
        assertTrue(html.contains("<th>vs direct REST [95% CI, paired by round]</th>"));
        // one bar chart, then a percentile chart and a per-second chart for each of the two loads
        assertEquals(5, count(outsideScripts(html), "data-chart="));
        assertTrue(html.contains("Latency by percentile at 1 user"));
        assertTrue(html.contains("Latency by percentile at 5 users"));
        assertTrue(html.contains("<th>p99.99 ms</th>"), "the percentile chart's figures, for readers without scripts");
        assertTrue(html.contains("Nothing to flag"));
        assertTrue(html.contains("Intel Xeon Test CPU, 2 cores"));
        assertTrue(html.contains("<tr><th>stack cxf</th><td>4.1.0</td></tr>"));
        String markup = outsideScripts(html);
        for (String fetch : List.of("src=", "<link", "url(", "@import")) {
            assertFalse(markup.contains(fetch), "opens offline, yet contains " + fetch);
        }
        assertEquals(2, count(html, "<script>"), "ECharts and the charts' own script, both inline");
        assertTrue(html.contains("Apache ECharts 5.5.0 (Apache License 2.0)") && html.contains("Licensed to the Apache Software Foundation"),
                "the library and its licence are named");
    }

    @Test
    void p50ComesFromTheRecordedLatencies() throws IOException {
        ReportWriter.write(run(REST, SOAP, "complete", null), dir);
        String html = Files.readString(dir.resolve("report.html"));

        // REST latencies are 1000..2000 µs in both repeats: p50 1.50 ms, p99 1.99 ms
        String restAtOneUser = row(html, "direct REST", "1 user");
        assertTrue(restAtOneUser.contains("<td>1.50<span class=\"spread\">1.50–1.50</span></td>"), restAtOneUser);
        assertTrue(restAtOneUser.contains("<td>1.99<span"), restAtOneUser);
    }

    @Test
    void percentileChartMergesRepeatsExactly() {
        RunRecord run = run(REST, SOAP, "complete", null);
        List<PointRecord> atOneUser = run.points().stream().filter(p -> p.load().users() == 1).toList();

        Histogram merged = Charts.merged(atOneUser).get(SOAP);

        assertEquals(2 * 1001, merged.getTotalCount()); // two repeats of 1001 values each
        assertEquals(4000, merged.getValueAtPercentile(100), 4000 * 0.001);
    }

    @Test
    void labelsNotesAndServerOutputFromTheRunAreEscaped() throws IOException {
        String evil = "<script>alert(1)</script>";
        RunRecord run = run(REST, evil, "complete", null).withNote("a note " + evil);
        PointRecord first = run.points().get(0);
        ServerRecord s = first.server();
        ServerRecord seen = s.withGc(1L, 2L, 3_000_000L).withRecording(new ServerRecord.JfrRecord(100L, 10L,
                List.of(new ServerRecord.HotFrame("Evil." + evil + ":1", 1.0)),
                List.of(new ServerRecord.ExceptionRate("Evil" + evil, 1.0, 1, "at " + evil)), "/tmp/" + evil + ".jfr", null));
        List<PointRecord> points = new ArrayList<>(run.points());
        points.set(0, withServer(first, seen));
        ReportWriter.write(io.wsbench.model.record.RunRecordBuilder.builder().suite(run.suite())
                .description(run.description()).wsbenchVersion(run.wsbenchVersion()).gitCommit(run.gitCommit())
                .startedAt(run.startedAt()).finishedAt(run.finishedAt()).status(run.status())
                .partialReason(run.partialReason()).command(run.command()).baseline(run.baseline())
                .environment(run.environment()).notes(run.notes()).points(points).build(), dir);
        String html = Files.readString(dir.resolve("report.html"));

        String markup = outsideScripts(html);
        assertFalse(markup.contains("<script"), "the only scripts are the page's own two, so no other may appear");
        assertTrue(markup.contains(">&lt;script&gt;alert(1)&lt;/script&gt;</td>"), "in the summary table");
        // in a chart's data: JSON inside an HTML attribute, so its quotes and angle brackets are escaped too
        assertTrue(markup.contains("&quot;name&quot;:&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;"), "in a chart's data");
        assertTrue(markup.contains("<li>a note &lt;script&gt;alert(1)&lt;/script&gt;</li>"), "in the notes");
        assertTrue(markup.contains("<code>Evil.&lt;script&gt;alert(1)&lt;/script&gt;:1</code>"), "in a hot frame");
        assertTrue(markup.contains("<code>at &lt;script&gt;alert(1)&lt;/script&gt;</code>"), "in an exception's place");
    }

    @Test
    void partialRunIsFlaggedWithItsReason() throws IOException {
        ReportWriter.write(run(REST, SOAP, "partial", "stack cxf crashed <exit 137>"), dir);
        String html = Files.readString(dir.resolve("report.html"));

        assertTrue(html.contains("This run is partial: stack cxf crashed &lt;exit 137&gt;."));
        assertFalse(html.contains("Nothing to flag"));
    }

    @Test
    void runThatDiedBeforeItsFirstPointStillGetsAReport() throws IOException {
        RunRecord empty = io.wsbench.model.record.RunRecordBuilder.builder().suite("crashy").wsbenchVersion("0.1.0")
                .startedAt("2025-01-01T10:00:00Z").status("running").command("./wsbench run").points(List.of()).build();

        ReportWriter.write(empty, dir);

        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("This run never finished"));
        assertTrue(html.contains("No point was measured."));
        assertEquals(0, count(outsideScripts(html), "data-chart="));
        assertEquals(1, parseCsv(Files.readString(dir.resolve("results.csv"))).size()); // the header alone
    }

    @Test
    void troubledPointsAreFlaggedInPlainWords() throws IOException {
        RunRecord run = run(REST, SOAP, "complete", null);
        PointRecord p = run.points().get(0);
        PointRecord bad = PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(3).requests(900)
                .durationSeconds(1)
                .throughput(900).latencyMicros(p.latencyMicros()).traffic(new PointRecord.Traffic(400, 500))
                .errors(ErrorCounts.of(0, 2, 0, 7, 0, 0)).validated(891)
                .server(new ServerRecord(42L, 150, 100, 50, 1 << 28, 30, 85, 80)).generator(new GeneratorRecord(2, 1.9, 195))
                .aborted("server stopped answering").detail(new PointRecord.Detail(List.of(), null, null)).build();
        ReportWriter.write(run.withPoint(bad), dir);
        String html = Files.readString(dir.resolve("report.html"));

        assertTrue(html.contains("direct REST @ 1 user, repeat 3: 9 errors (7 failed validation, 2 timeouts)"
                + " out of 900 requests."), html);
        assertTrue(html.contains("direct REST @ 1 user, repeat 3 was aborted: server stopped answering"));
        assertTrue(html.contains("server still busy after the load stopped (85% CPU afterwards)"));
        assertTrue(html.contains("the load generator may have been the bottleneck (195% CPU on 2 I/O threads, the server machine 80% busy)"), html);
    }

    @Test
    void theGeneratorIsFlaggedByItsBusiestIoThreadNotByTheJitsCpu() throws IOException {
        RunRecord run = run(REST, SOAP, "complete", null);
        PointRecord p = run.points().get(0);
        // a short point: the JIT took the process past one core, but the I/O thread waited on the server
        PointRecord jit = p.withGenerator(new GeneratorRecord(1, 0.2, 142, 55.0, null, null, null, null));
        ReportWriter.write(run.withPoint(jit), dir);
        assertFalse(Files.readString(dir.resolve("report.html")).contains("may have been the bottleneck"));

        PointRecord busy = withRoom(p).withGenerator(new GeneratorRecord(2, 1.9, 120, 96.5, null, null, null, null));
        ReportWriter.write(run.withPoint(busy), dir);
        assertTrue(Files.readString(dir.resolve("report.html")).contains("the load generator may have been the bottleneck"
                + " (its busiest of 2 I/O threads was on the CPU 97% of the point, the server machine 55% busy)"));
        // the same generator beside a server that filled the machine: both were at their limit, and no flag says it
        ReportWriter.write(run.withPoint(p.withGenerator(busy.generator())), dir);
        assertFalse(Files.readString(dir.resolve("report.html")).contains("may have been the bottleneck"));
    }

    @Test
    void aPointThatSlowsDownIsFlaggedWithItsSlopeAndAFlatOneIsNot() throws IOException {
        PointRecord p = run(REST, SOAP, "complete", null).points().get(0);
        List<SecondSample> falling = new ArrayList<>();
        List<SecondSample> flat = new ArrayList<>();
        for (int s = 0; s < 10; s++) {
            falling.add(new SecondSample(s, 1000 - 25L * s, 2000, 0)); // -25 req/s per second, mean 887.5
            flat.add(new SecondSample(s, 1000 + (s % 2) * 20, 2000, 0));
        }
        RunRecord run = run(REST, SOAP, "complete", null);
        run = io.wsbench.model.record.RunRecordBuilder.builder().suite(run.suite()).wsbenchVersion("0.1.0")
                .startedAt(run.startedAt()).status("complete").command("x").notes(List.of())
                .points(List.of(withSeries(p, falling, 1), withSeries(p, flat, 2))).build();
        ReportWriter.write(run, dir);
        String html = Files.readString(dir.resolve("report.html"));

        assertTrue(html.contains("direct REST @ 1 user, repeat 1: throughput fell steadily during the point, by 25% of its"
                + " mean over 10 s (-2.8%/s, -25 req/s per second)."), html);
        assertFalse(html.contains("repeat 2: throughput fell"));
        String json = RunJson.toJson(withSeries(p, falling, 1));
        var trend = RunJson.MAPPER.readTree(json).at("/trend");
        assertEquals(-25.0, trend.at("/slopePerSecond").asDouble());
        assertEquals(-2.82, trend.at("/percentPerSecond").asDouble());
        assertEquals(10, trend.at("/seconds").asInt());
        assertEquals(10, RunJson.MAPPER.readValue(json, PointRecord.class).series().size(), "run.json with a trend reads back");
    }

    @Test
    void whatTheJvmShowedIsListedPerPoint() throws IOException {
        PointRecord p = run(REST, SOAP, "complete", null).points().get(0);
        ServerRecord inside = p.server().withGc(3, 45, 80_000_000).withRecording(new ServerRecord.JfrRecord(200L, 10L,
                List.of(new ServerRecord.HotFrame("com.example.Cookies.read:42", 0.6)),
                List.of(new ServerRecord.ExceptionRate("java.lang.NullPointerException", 1000, 2500, "com.example.Cookies.read:42")),
                "jfr/001-x.jfr", null));
        RunRecord run = run(REST, SOAP, "complete", null);
        run = io.wsbench.model.record.RunRecordBuilder.builder().suite(run.suite()).wsbenchVersion("0.1.0")
                .startedAt(run.startedAt()).status("complete").command("x").notes(List.of())
                .points(List.of(withServer(p, inside))).build();
        ReportWriter.write(run, dir);
        String html = Files.readString(dir.resolve("report.html"));

        assertTrue(html.contains("<h2>Inside the server</h2>"));
        assertTrue(html.contains("exceptions 1,000/s, 3 GCs (45 ms)"), html);
        assertTrue(html.contains("<code>com.example.Cookies.read:42</code></td><td>60.0%"));
        assertTrue(html.contains("share of 200 samples"));
        assertTrue(html.contains("the server created 1,000 exceptions per second (1.25 per request), most of them"
                + " java.lang.NullPointerException at com.example.Cookies.read:42."), html);
    }

    @Test
    void clientAndServerCostPerRequestWithTheClientsSecurityTimeApart() throws IOException {
        RunRecord run = run(REST, SOAP, "complete", null);
        List<PointRecord> points = new ArrayList<>();
        for (PointRecord p : run.points()) {
            // 10 MB of heap and 3 KB per request on the client; 0.2 s of WS-Security in a point
            GeneratorRecord g = new GeneratorRecord(2, 1.1, 44, 30.0, 90_000_000L, 10_000_000L, 3072L, p.repeat() == 1 ? 0.2 : 0.4);
            points.add(withServer(p.withGenerator(g), p.server().withGc(1, 2, 50_000_000)
                    .withRecording(new ServerRecord.JfrRecord(10L, 10L, List.of(), List.of(), "x.jfr", null))));
        }
        ReportWriter.write(io.wsbench.model.record.RunRecordBuilder.builder().suite(run.suite()).wsbenchVersion("0.1.0")
                .startedAt(run.startedAt()).status("complete").command("x").notes(List.of()).points(points).build(), dir);
        String html = Files.readString(dir.resolve("report.html"));

        assertTrue(html.contains("<h2>Client and server cost</h2>"), html);
        PointRecord first = points.get(0);
        String row = row(html.substring(html.indexOf("<h2>Client and server cost</h2>")), first.target().label(),
                first.load().describe());
        // medians of the repeats with min–max: WS-Security 0.2 and 0.4 s over the point's validated answers
        double low = 200.0 / first.validated();
        double high = 400.0 / first.validated();
        assertTrue(row.contains(String.format(java.util.Locale.ROOT, "%.3f<span class=\"spread\">%.3f–%.3f</span>",
                (low + high) / 2, low, high)), row);
        assertTrue(row.contains("<td>3.0<span"), "3 KB allocated per request: " + row);
        assertTrue(row.contains("<td>10<span") && row.contains("<td>50<span"), "client and server heap in MB: " + row);
        assertTrue(column("generator.securitySeconds").value().apply(first) != null);
    }

    @Test
    void aPointOfSeveralAgentsShowsEachAgentsShareAndFlagsABusyOne() throws IOException {
        RunRecord run = run(REST, SOAP, "complete", null);
        PointRecord p = run.points().get(0);
        List<AgentRecord> agents = List.of(
                new AgentRecord("127.0.0.2:5701", "client-a", 700, 0, 0, 0.4, GeneratorRecordBuilder.builder().ioThreads(1)
                        .cpuSeconds(2.0).cpuPercent(80).ioBusiestPercent(97.0).build()),
                new AgentRecord("127.0.0.3:5701", "client-b", 301, 0, 0, 1.2, GeneratorRecordBuilder.builder().ioThreads(1)
                        .cpuSeconds(1.0).cpuPercent(40).ioBusiestPercent(45.0).build()));
        List<PointRecord> points = new ArrayList<>(run.points());
        points.set(0, PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(p.repeat()).requests(p.requests())
                .durationSeconds(p.durationSeconds()).throughput(p.throughput()).latencyMicros(p.latencyMicros())
                .traffic(new PointRecord.Traffic(p.bytesSentPerRequest(), p.bytesReceivedPerRequest())).errors(p.errors())
                .validated(p.validated()).server(withRoom(p).server()).generator(p.generator())
                .detail(new PointRecord.Detail(p.series(), p.histogram(), null)).build().withTransport(null, 0, agents));
        RunRecord withAgents = io.wsbench.model.record.RunRecordBuilder.builder().suite(run.suite())
                .description(run.description()).wsbenchVersion(run.wsbenchVersion()).gitCommit(run.gitCommit())
                .startedAt(run.startedAt()).finishedAt(run.finishedAt()).status(run.status())
                .partialReason(run.partialReason()).command(run.command()).baseline(run.baseline())
                .environment(run.environment()).notes(run.notes()).points(points).build();

        ReportWriter.write(withAgents, dir);

        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("<h2>Load agents</h2>"));
        assertTrue(html.contains("<td>127.0.0.2:5701</td><td>client-a</td><td>700</td><td>69.9%</td>"), html);
        assertTrue(html.contains("agent 127.0.0.2:5701 (client-a) may have been the bottleneck (its I/O thread was on the CPU 97%"));
        assertFalse(html.contains("agent 127.0.0.3:5701 (client-b) may have been"), "45% is not busy");
        assertEquals(1.2, RunJson.MAPPER.readTree(RunJson.MAPPER.writeValueAsString(points.get(0))).get("startSkewMillis").asDouble(),
                "the largest skew of the point's agents, in run.json");
    }

    private static PointRecord withServer(PointRecord p, ServerRecord server) {
        return PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(p.repeat()).requests(p.requests())
                .durationSeconds(p.durationSeconds()).throughput(p.throughput()).latencyMicros(p.latencyMicros())
                .traffic(new PointRecord.Traffic(p.bytesSentPerRequest(), p.bytesReceivedPerRequest())).errors(p.errors())
                .validated(p.validated()).server(server).generator(p.generator())
                .detail(new PointRecord.Detail(p.series(), p.histogram(), null)).build();
    }

    private static PointRecord withSeries(PointRecord p, List<SecondSample> series, int repeat) {
        return PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(repeat).requests(p.requests())
                .durationSeconds(series.size()).throughput(p.throughput()).latencyMicros(p.latencyMicros())
                .traffic(new PointRecord.Traffic(p.bytesSentPerRequest(), p.bytesReceivedPerRequest())).errors(p.errors())
                .validated(p.validated()).server(p.server()).generator(p.generator())
                .detail(new PointRecord.Detail(series, p.histogram(), null)).build();
    }

    @Test
    void csvHasOneRowPerPointWithEveryField() throws IOException {
        RunRecord run = run(REST, SOAP, "complete", null);
        ReportWriter.write(run, dir);
        List<List<String>> rows = parseCsv(Files.readString(dir.resolve("results.csv")));

        List<String> header = rows.get(0);
        assertEquals(ResultColumns.of(java.util.List.of()).size(), header.size());
        assertEquals(1 + 8, rows.size()); // 2 targets × 2 loads × 2 repeats
        assertTrue(header.containsAll(List.of("target.label", "load.users", "latencyMicros.p99",
                "errors.validation", "server.residualCpuPercent", "generator.cpuPercent", "aborted")));
        assertFalse(header.contains("errors.soapFault"), "a kind of error no point lists has no column");
        assertFalse(header.contains("histogram"));
        assertFalse(header.contains("series"));

        int label = header.indexOf("target.label"), users = header.indexOf("load.users"),
                repeat = header.indexOf("repeat"), throughput = header.indexOf("throughput"),
                rate = header.indexOf("load.rate");
        List<String> soapFiveUsersSecond = rows.stream()
                .filter(r -> r.get(label).equals(SOAP) && r.get(users).equals("5") && r.get(repeat).equals("2"))
                .findFirst().orElseThrow();
        assertEquals("2200", soapFiveUsersSecond.get(throughput));
        assertEquals("", soapFiveUsersSecond.get(rate)); // closed loop: no rate
        assertEquals("1.5", rows.get(1).get(header.indexOf("latencyMicros.stdev"))); // repeat 1: 0.5 + 1
    }

    @Test
    void aPointNoAnswerOfWhichPassedHasNoLatencyInTheCsv() throws IOException {
        RunRecord run = run(REST, SOAP, "complete", null);
        List<PointRecord> points = new java.util.ArrayList<>(run.points());
        points.set(0, PointRecordBuilder.builder(points.get(0)).validated(0).build());
        ReportWriter.write(io.wsbench.model.record.RunRecordBuilder.builder(run).points(points).build(), dir);
        List<List<String>> rows = parseCsv(Files.readString(dir.resolve("results.csv")));
        List<String> header = rows.get(0);
        for (String column : List.of("latencyMicros.mean", "latencyMicros.p50", "latencyMicros.p99", "latencyMicros.max")) {
            assertEquals("", rows.get(1).get(header.indexOf(column)), column + ": no right answer, no latency (not 0)");
            assertFalse(rows.get(2).get(header.indexOf(column)).isEmpty(), column + " of a point whose answers passed");
        }
    }

    @Test
    void xlsxHasTheCsvColumnsAsTypedCells() throws IOException {
        ReportWriter.write(run(REST, SOAP, "complete", null), dir);

        try (XSSFWorkbook book = new XSSFWorkbook(dir.resolve("results.xlsx").toFile())) {
            Sheet sheet = book.getSheet("results");
            Row header = sheet.getRow(0);
            assertEquals(8, sheet.getLastRowNum()); // header at 0, then 8 points
            assertEquals("throughput", header.getCell(ResultColumns.of(java.util.List.of()).indexOf(column("throughput"))).getStringCellValue());
            Row last = sheet.getRow(8); // SOAP, 5 users, repeat 2
            assertEquals(SOAP, last.getCell(0).getStringCellValue());
            assertEquals(2200, last.getCell(ResultColumns.of(java.util.List.of()).indexOf(column("throughput"))).getNumericCellValue(), 1e-9);
            assertEquals(312_000_000, last.getCell(ResultColumns.of(java.util.List.of()).indexOf(column("server.rssMaxBytes")))
                    .getNumericCellValue(), 1e-9);
            assertTrue(last.getCell(ResultColumns.of(java.util.List.of()).indexOf(column("load.keepAlive"))).getBooleanCellValue());
            assertEquals(null, last.getCell(ResultColumns.of(java.util.List.of()).indexOf(column("load.rate"))));
            // Excel's built-in "Normal" style, whose absence openpyxl (pandas' read_excel) warned of at every read
            String styles = book.getStylesSource().getCTStylesheet().xmlText();
            assertTrue(styles.contains("<main:cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/>")
                    || styles.contains("cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\""), styles);
        } catch (org.apache.poi.openxml4j.exceptions.InvalidFormatException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void odsHasTheCsvColumnsAsTypedCells() throws IOException {
        ReportWriter.write(run(REST, SOAP, "complete", null), dir);

        com.github.miachm.sods.Sheet sheet = new SpreadSheet(dir.resolve("results.ods").toFile()).getSheet("results");
        assertEquals(9, sheet.getMaxRows());
        assertEquals(ResultColumns.of(java.util.List.of()).size(), sheet.getMaxColumns());
        assertEquals("target.label", sheet.getRange(0, 0).getValue());
        assertEquals(SOAP, sheet.getRange(8, 0).getValue());
        assertEquals(2200.0, sheet.getRange(8, ResultColumns.of(java.util.List.of()).indexOf(column("throughput"))).getValue());
        assertEquals(Boolean.TRUE, sheet.getRange(8, ResultColumns.of(java.util.List.of()).indexOf(column("load.keepAlive"))).getValue());
    }

    @Test
    void odsShowsBooleansAsLibreOfficeDoes() throws IOException {
        ReportWriter.write(run(REST, SOAP, "complete", null), dir);

        try (java.util.zip.ZipFile ods = new java.util.zip.ZipFile(dir.resolve("results.ods").toFile())) {
            java.util.zip.ZipEntry first = ods.entries().nextElement();
            assertEquals("mimetype", first.getName()); // ODF: first, and stored, so that a reader can sniff it
            assertEquals(java.util.zip.ZipEntry.STORED, first.getMethod());
            assertEquals("application/vnd.oasis.opendocument.spreadsheet",
                    new String(ods.getInputStream(first).readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII));
            String content = new String(ods.getInputStream(ods.getEntry("content.xml")).readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8);
            // pandas' read_excel (odfpy) takes a boolean from the text shown, and only "TRUE" is true to it
            assertTrue(content.contains("office:boolean-value=\"true\"><text:p>TRUE</text:p>"), content);
            assertFalse(content.contains("<text:p>true</text:p>"), content);
        }
    }

    @Test
    void reportIsRebuiltFromRunJsonAlone() throws IOException {
        RunJson.write(run(REST, SOAP, "complete", null), dir.resolve("run.json"));

        ReportWriter.write(RunJson.read(dir.resolve("run.json")), dir);

        assertTrue(Files.readString(dir.resolve("report.html")).contains("0.50×"));
    }

    // --- a run of 2 targets × 2 loads × 2 repeats, with real histograms

    static RunRecord run(String baseline, String other, String status, String reason) {
        List<PointRecord> points = new ArrayList<>();
        for (LoadRecord load : List.of(ONE_USER, FIVE_USERS)) {
            for (int repeat = 1; repeat <= 2; repeat++) {
                double scale = load.users() * (repeat == 1 ? 0.8 : 0.88); // 4000 and 4400 req/s at 5 users
                points.add(point(baseline, "direct", load, repeat, 1000 * scale, 1000));
                points.add(point(other, "cxf", load, repeat, 500 * scale, 2000));
            }
        }
        Environment env = new Environment("Intel Xeon Test CPU", 2, "Linux amd64", "6.1", "OpenJDK 17",
                8L << 30, Map.of("cxf", "4.1.0", "direct", "0.1.0"));
        return io.wsbench.model.record.RunRecordBuilder.builder().suite("soap-vs-rest")
                .description("What does SOAP cost?").wsbenchVersion("0.1.0-SNAPSHOT").gitCommit("abc1234")
                .startedAt("2025-01-01T10:00:00Z").finishedAt("2025-01-01T10:05:00Z").status(status)
                .partialReason(reason).command("./wsbench run suites/soap.yaml").baseline(baseline).environment(env)
                .notes(List.of("a note")).points(points).build();
    }

    /** Latencies spread evenly from {@code lowestMicros} to twice that. */
    static PointRecord point(String label, String stack, LoadRecord load, int repeat, double throughput,
                             long lowestMicros) {
        Histogram h = new Histogram(3_600_000_000L, 3);
        for (long v = lowestMicros; v <= 2 * lowestMicros; v += lowestMicros / 1000) {
            h.recordValue(v);
        }
        LatencyRecord latency = new LatencyRecord(h.getMean(), h.getValueAtPercentile(50), h.getValueAtPercentile(90),
                h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue(), 0.5 + repeat);
        List<SecondSample> series = List.of(new SecondSample(0, (long) (throughput * 0.9), 2000, 0),
                new SecondSample(1, (long) throughput, 1900, 0), new SecondSample(2, (long) throughput, 1900, 0));
        return PointRecordBuilder.builder()
                .target(new TargetRecord(label, stack, "soap11", null, "hello", "plain", "http://127.0.0.1:8080/")).load(load)
                .repeat(repeat).requests(h.getTotalCount()).durationSeconds(2.5).throughput(throughput).latencyMicros(latency)
                .traffic(new PointRecord.Traffic(463, 512)).errors(ErrorCounts.NONE).validated(h.getTotalCount())
                .server(new ServerRecord(4242L, 180.5, 150, 30.5, 312_000_000L, 40, 0.4, 96))
                .generator(new GeneratorRecord(2, 1.1, 44)).detail(new PointRecord.Detail(series, Histograms.encode(h), null))
                .build();
    }

    /** {@code p} beside a server that had CPU to spare: 60% of a core on a machine 55% busy. */
    private static PointRecord withRoom(PointRecord p) {
        return PointRecordBuilder.builder(p).server(new ServerRecord(4242L, 60, 50, 10, 312_000_000L, 40, 0.4, 55)).build();
    }

    private static ResultColumns.Column column(String name) {
        return ResultColumns.of(java.util.List.of()).stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    private static String row(String html, String target, String load) {
        Matcher m = Pattern.compile("<tr><td>" + Pattern.quote(target) + "</td><td>" + Pattern.quote(load)
                + "</td>.*?</tr>").matcher(html);
        assertTrue(m.find(), "no row for " + target + " @ " + load);
        return m.group();
    }

    /** The page without the bodies of its two inline scripts: the markup that run.json's texts end up in. */
    static String outsideScripts(String html) {
        return html.replaceAll("(?s)<script>.*?</script>", "");
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    /** RFC 4180 read back independently of the writer: quoted fields, doubled quotes, CRLF. */
    /** Reads a CSV as rows of fields with Jackson's CSV parser, the header row first. */
    static List<List<String>> parseCsv(String text) throws IOException {
        com.fasterxml.jackson.dataformat.csv.CsvMapper csv = new com.fasterxml.jackson.dataformat.csv.CsvMapper();
        csv.enable(com.fasterxml.jackson.dataformat.csv.CsvParser.Feature.WRAP_AS_ARRAY);
        List<List<String>> rows = new ArrayList<>();
        try (com.fasterxml.jackson.databind.MappingIterator<List<String>> it = csv
                .readerFor(new com.fasterxml.jackson.core.type.TypeReference<List<String>>() { }).readValues(text)) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    @Test
    void csvRoundTripsThroughACsvParserWithTheRowsOfRunJson() throws IOException {
        // a label with every character CSV must quote, and markup
        String awkward = "REST, \"quoted\"\nsecond line <script>alert(1)</script>";
        RunRecord run = run(awkward, SOAP, "complete", null);
        ReportWriter.write(run, dir);
        String text = Files.readString(dir.resolve("results.csv"));
        assertTrue(text.endsWith("\r\n") && text.split("\r\n", -1).length > 9, "CRLF line ends");
        List<List<String>> rows = parseCsv(text);
        assertEquals(1 + run.points().size(), rows.size());
        assertEquals(ResultColumns.of(java.util.List.of()).stream().map(ResultColumns.Column::name).toList(), rows.get(0));
        io.wsbench.model.record.RunJson.write(run, dir.resolve("run.json"));
        RunRecord back = io.wsbench.model.record.RunJson.read(dir.resolve("run.json"));
        for (int i = 0; i < back.points().size(); i++) {
            PointRecord p = back.points().get(i);
            List<String> row = rows.get(i + 1);
            for (int c = 0; c < ResultColumns.of(java.util.List.of()).size(); c++) {
                Object v = ResultColumns.of(java.util.List.of()).get(c).value().apply(p);
                String expected = v == null ? "" : v instanceof Double d
                        ? java.math.BigDecimal.valueOf(d).stripTrailingZeros().toPlainString() : v.toString();
                assertEquals(expected, row.get(c), ResultColumns.of(java.util.List.of()).get(c).name() + " of point " + i);
            }
        }
        assertEquals(awkward, rows.get(1).get(0));
    }
}
