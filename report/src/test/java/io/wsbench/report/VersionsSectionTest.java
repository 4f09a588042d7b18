package io.wsbench.report;

import io.wsbench.model.record.Environment;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.TargetRecord;
import io.wsbench.model.record.WarmupRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** report.html pairs the targets of one run that differ only in their stack options, and judges B against A as compare does. */
class VersionsSectionTest {

    /** The suite's own option for every cxf server, recorded with each target's. */
    private static final Map<String, String> SUITE = Map.of("mode", "fast");
    private static final Map<String, String> OLD = Map.of("mode", "fast", "version", "3.6.10");
    private static final Map<String, String> ON_25 = Map.of("mode", "fast", "java", "25");
    private static final double[] STEADY = ComparisonTest.NOISE_A;
    /** ±15% around its median 1.0. */
    private static final double[] SPREAD = {1.0, 0.7, 1.0, 0.7, 1.0};

    @Test
    void anUpgradeThirtyPercentFasterWithTightRepeatsIsFasterWithAnIntervalAboveOne() {
        List<VersionsTable.Pair> pairs = VersionsTable.pairs(run());

        VersionsTable.Pair upgrade = pairs.get(0);
        assertEquals("CXF 3.6 small", upgrade.a().label(), "A is the options the run measured first");
        assertEquals("CXF 4.2 small", upgrade.b().label());
        assertEquals(5, upgrade.row().repeatsA());
        assertEquals(5, upgrade.row().repeatsB());
        Comparison.Ratio throughput = upgrade.row().ratios().get(0);
        assertEquals(Comparison.FASTER, throughput.verdict());
        assertEquals(1.3, throughput.ratio(), 0.02);
        assertTrue(throughput.low() > 1 && throughput.high() > throughput.low(), throughput.toString());
        assertEquals(Comparison.LOWER, upgrade.row().ratios().get(1).verdict(), "p50");
        assertEquals(Comparison.LOWER, upgrade.row().ratios().get(2).verdict(), "p99");
        assertEquals("", upgrade.unsteadyA());
        assertEquals("", upgrade.unsteadyB());
    }

    @Test
    void theSameFiguresOnAnotherJvmShowNoSignificantDifference() {
        VersionsTable.Pair jvm = VersionsTable.pairs(run()).get(1);

        assertEquals("CXF 3.6 small", jvm.a().label());
        assertEquals("CXF on 25 small", jvm.b().label());
        for (Comparison.Ratio r : jvm.row().ratios()) {
            assertEquals(Comparison.SAME, r.verdict(), r.toString());
            assertEquals(1.0, r.ratio(), 1e-9);
            assertTrue(r.low() <= 1 && r.high() >= 1, r.toString());
        }
    }

    @Test
    void aSideWhoseRepeatsSpreadIsFlaggedAndItsVerdictWeakenedAsCompareDoes() {
        List<VersionsTable.Pair> pairs = VersionsTable.pairs(run());
        assertEquals(3, pairs.size(), pairs.toString());
        VersionsTable.Pair rest = pairs.get(2);

        assertEquals("REST 3.6", rest.a().label());
        assertEquals("REST 4.2", rest.b().label());
        assertEquals("", rest.unsteadyA());
        // the summary's measure: the larger spread of throughput (±15%) and mean latency (1,000–1,429 µs, ±21%)
        assertEquals("repeats spread ±21%", rest.unsteadyB());
        assertEquals("probably faster (not steady: B spreads ±15%)", rest.row().ratios().get(0).verdict());
        // the same verdict, word for word, as compare gives for these repeats in two runs
        assertEquals(Comparison.of("a", ComparisonTest.run("x", 1000, 2000, STEADY), "b",
                ComparisonTest.run("x", 2000, 1000, SPREAD)).rows().get(0).ratios().get(0).verdict(),
                rest.row().ratios().get(0).verdict());
    }

    @Test
    void aSideThatNeverSettledInItsWarmUpIsFlaggedToo() {
        RunRecord run = run().withTargetWarmup(new WarmupRecord("CXF 4.2 small", "auto", 60, false, List.of()));

        VersionsTable.Pair upgrade = VersionsTable.pairs(run).get(0);

        assertEquals("never steady in its warm-up", upgrade.unsteadyB());
        assertEquals("probably faster (not steady: B never steady in its warm-up)", upgrade.row().ratios().get(0).verdict());
    }

    @Test
    void theReportShowsEachPairWithTheVersionsItsServersLoaded(@TempDir Path dir) throws IOException {
        ReportWriter.write(run(), dir);
        String html = ReportWriterTest.outsideScripts(Files.readString(dir.resolve("report.html")));
        String section = html.substring(html.indexOf("<h2>Versions</h2>"));
        section = section.substring(0, section.indexOf("</table>"));
        List<String> rows = section.lines().filter(l -> l.startsWith("<tr")).toList();

        assertEquals(3, rows.size(), "a row per pair: " + rows);
        assertEquals("<tr><td>CXF 3.6 small<span class=\"spread\">CXF 3.6.10; Tomcat 9.0.98; Java 17.0.15</span></td>"
                + "<td>CXF 4.2 small<span class=\"spread\">CXF 4.2.3; Tomcat 11.0.6; Java 17.0.15</span></td>"
                + "<td>version 3.6.10 → default</td><td>5 users</td><td>5 / 5</td>"
                + "<td>1.300× faster<span class=\"spread\">95%: ", rows.get(0).substring(0, rows.get(0).indexOf("95%: ") + 5));
        assertTrue(rows.get(0).contains("<td>0.769× lower<span class=\"spread\">95%: "), rows.get(0));
        assertTrue(rows.get(0).endsWith("<td>steady</td></tr>"), rows.get(0));
        assertTrue(rows.get(1).contains("<td>CXF on 25 small<span class=\"spread\">CXF 4.2.3; Tomcat 11.0.6; Java 25.0.1</span></td>"
                + "<td>java default → 25, version 3.6.10 → default</td>"), rows.get(1));
        assertTrue(rows.get(1).contains("<td>1.000× no significant difference<span class=\"spread\">95%: "), rows.get(1));
        assertTrue(rows.get(2).startsWith("<tr class=\"unstable\" title=\"not steady: B: repeats spread ±21%\">"
                + "<td>REST 3.6<span class=\"spread\">CXF 3.6.10; Tomcat 9.0.98; Java 17.0.15</span></td>"
                + "<td>REST 4.2 ⚠<span class=\"spread\">CXF 4.2.3; Tomcat 11.0.6; Java 17.0.15</span></td>"), rows.get(2));
        assertTrue(rows.get(2).contains("<td>2.000× probably faster (not steady: B spreads ±15%)<span"), rows.get(2));
        assertTrue(rows.get(2).endsWith("<td class=\"bad\">not steady: B: repeats spread ±21%</td></tr>"), rows.get(2));
    }

    @Test
    void aRunWithoutTwoSetsOfOptionsForOneMeasurementHasNoVersionsSection() {
        // two targets on two stacks, and one target on one version: nothing to pair
        RunRecord plain = ReportWriterTest.run("direct REST", "cxf SOAP", "complete", null);
        List<PointRecord> one = run().points().stream().filter(p -> p.target().label().equals("CXF 4.2 small")).toList();
        RunRecord single = io.wsbench.model.record.RunRecordBuilder.builder().suite("one").wsbenchVersion("0.1.0")
                .gitCommit("abc").startedAt("2025-01-01T10:00:00Z").status("complete").notes(List.of()).points(one).build();

        for (RunRecord r : List.of(plain, single)) {
            assertEquals(List.of(), VersionsTable.pairs(r));
            assertNull(VersionsTable.of(r));
            assertFalse(ReportPage.render(r).contains("<h2>Versions</h2>"));
        }
        assertTrue(ReportPage.render(run()).contains("<h2>Versions</h2>"));
    }

    @Test
    void aTargetsStackOptionsSurviveRunJsonAndAnOldRunWithoutThemStillReads(@TempDir Path dir) throws IOException {
        RunRecord run = run();
        RunJson.write(run, dir.resolve("run.json"));
        RunRecord back = RunJson.read(dir.resolve("run.json"));

        assertEquals(run, back);
        assertEquals(OLD, back.points().get(0).target().stackOptions());
        assertTrue(Files.readString(dir.resolve("run.json")).replaceAll("\\s", "")
                .contains("\"stackOptions\":{\"mode\":\"fast\",\"version\":\"3.6.10\"}"), "sorted by name");

        String old = """
                {"label": "CXF", "stack": "cxf", "protocol": "soap11", "operation": "hello", "security": "plain",
                 "url": "http://127.0.0.1:8080/cxf"}""";
        TargetRecord before = RunJson.MAPPER.readValue(old, TargetRecord.class);
        assertNull(before.stackOptions());
        assertEquals(new TargetRecord("CXF", "cxf", "soap11", null, "hello", "plain", "http://127.0.0.1:8080/cxf"), before);
        TargetRecord none = new TargetRecord("CXF", "cxf", "soap11", null, "hello", "plain", null, null, null, null, Map.of());
        assertNull(none.stackOptions(), "no options is none at all");
        assertFalse(RunJson.toJson(none).contains("stackOptions"));
    }

    /**
     * CXF 3.6, 4.2 (30% faster) and 3.6's figures on Java 25 at 5 users, then a REST pair whose B
     * spreads ±15%; 5 repeats each, interleaved by repeat as the runner measures them.
     */
    private static RunRecord run() {
        List<PointRecord> points = new ArrayList<>();
        for (int i = 0; i < STEADY.length; i++) {
            points.add(point("CXF 3.6 small", "soap11", OLD, i + 1, 1000 * STEADY[i], 2000 / STEADY[i]));
            points.add(point("CXF 4.2 small", "soap11", SUITE, i + 1, 1300 * ComparisonTest.NOISE_B[i],
                    2000 / 1.3 / ComparisonTest.NOISE_B[i]));
            points.add(point("CXF on 25 small", "soap11", ON_25, i + 1, 1000 * STEADY[i], 2000 / STEADY[i]));
        }
        for (int i = 0; i < SPREAD.length; i++) {
            points.add(point("REST 3.6", "rest-xml", OLD, i + 1, 1000 * STEADY[i], 2000 / STEADY[i]));
            points.add(point("REST 4.2", "rest-xml", SUITE, i + 1, 2000 * SPREAD[i], 1000 / SPREAD[i]));
        }
        Environment env = new Environment("cpu", 2, "Linux", "6.1", "OpenJDK 17", 1L << 33, Map.of(
                "cxf {version=3.6.10}", "CXF 3.6.10; Tomcat 9.0.98; Java 17.0.15",
                "cxf", "CXF 4.2.3; Tomcat 11.0.6; Java 17.0.15",
                "cxf {java=25}", "CXF 4.2.3; Tomcat 11.0.6; Java 25.0.1"));
        return io.wsbench.model.record.RunRecordBuilder.builder().suite("versions").wsbenchVersion("0.1.0")
                .gitCommit("abc").startedAt("2025-01-01T10:00:00Z").finishedAt("2025-01-01T10:05:00Z")
                .status("complete").environment(env).notes(List.of()).points(points).build();
    }

    private static PointRecord point(String label, String protocol, Map<String, String> options, int repeat,
                                     double throughput, double p50Micros) {
        long p50 = Math.round(p50Micros);
        return PointRecordBuilder.builder()
                .target(new TargetRecord(label, "cxf", protocol, null, "hello", "plain", "small",
                "http://127.0.0.1:8080/", null, null, options))
                .load(ComparisonTest.FIVE_USERS).repeat(repeat).requests(5000).durationSeconds(5000 / throughput)
                .throughput(throughput).latencyMicros(new LatencyRecord(p50, p50, 2 * p50, 3 * p50, 4 * p50, 5 * p50, 1))
                .traffic(new PointRecord.Traffic(400, 500)).errors(ErrorCounts.NONE).validated(5000).build();
    }
}
