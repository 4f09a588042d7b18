package io.wsbench.report;

import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.TargetRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Capacity searches and ramps in report.html, and capacities compared between two runs. */
class CapacityReportTest {

    private static final TargetRecord CXF = new TargetRecord("CXF", "cxf", "soap11", null, "hello", "plain", "http://127.0.0.1:1/");

    private static CapacityRecord.Probe probe(double rate, double p99Millis, boolean passed) {
        return new CapacityRecord.Probe(rate, rate, p99Millis * 300, p99Millis * 1000, p99Millis * 1100, 0, (long) rate * 5,
                80.0, 40.0, passed, passed ? null : List.of("p99<20ms"), true);
    }

    static CapacityRecord search(double passed, Double failed) {
        List<CapacityRecord.Probe> probes = new ArrayList<>(List.of(probe(100, 5, true), probe(passed, 12, true)));
        if (failed != null) {
            probes.add(probe(failed, 80, false));
        }
        return new CapacityRecord(CXF, passed, Arrays.asList(passed, failed), 4, List.of("p99<20ms", "errors<0.1%"), probes,
                null, null, "a verdict");
    }

    private static RunRecord run(List<PointRecord> points, CapacityRecord... capacity) {
        return io.wsbench.model.record.RunRecordBuilder.builder().suite("capacity").wsbenchVersion("0.1.0")
                .startedAt("2026-11-27T10:00:00Z").finishedAt("2026-11-27T10:10:00Z").status("complete").command("x")
                .baseline("CXF").notes(List.of()).points(points).capacity(List.of(capacity)).build();
    }

    @Test
    void aCapacityOnlyRunHasItsTableAndItsHockeyStickAndNoEmptySummary(@TempDir Path dir) throws Exception {
        ReportWriter.write(run(List.of(), search(750, 800.0)), dir);
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("<h2>Capacity</h2>"), "the section");
        assertTrue(html.contains("CXF: latency and errors against the rate offered"), "the chart's caption");
        assertTrue(html.contains("&quot;kind&quot;:&quot;xy&quot;"), "drawn as lines against the rate");
        assertTrue(html.contains("SLO 20 ms"), "the SLO line");
        assertTrue(html.contains("capacity 750/s"), "the capacity marked");
        assertTrue(html.contains("fail: p99&lt;20ms"), "each probe, with the SLO it broke, under the chart");
        assertFalse(html.contains("No point was measured"), html);
    }

    @Test
    void aRampedPointIsChartedOfferedAgainstAchieved(@TempDir Path dir) throws Exception {
        LoadRecord ramp = new LoadRecord("open", 10, null, 3.0, 300.0, null, true, null, null, "1s:100/s,2s:300/s");
        PointRecord p = ReportWriterTest.point("CXF", "cxf", ramp, 1, 150, 1000);
        List<SecondSample> series = List.of(new SecondSample(0, 50, 1200, 0).ramped(900L, 50L, 50.0),
                new SecondSample(1, 150, 1500, 0).ramped(1000L, 150L, 150.0),
                new SecondSample(2, 240, 90_000, 0).ramped(40_000L, 250L, 250.0));
        p = PointRecordBuilder.builder().target(p.target()).load(ramp).repeat(1).requests(p.requests())
                .durationSeconds(p.durationSeconds()).throughput(p.throughput()).latencyMicros(p.latencyMicros())
                .traffic(new PointRecord.Traffic(p.bytesSentPerRequest(), p.bytesReceivedPerRequest())).errors(p.errors())
                .validated(p.validated()).server(p.server()).generator(p.generator())
                .detail(new PointRecord.Detail(series, p.histogram(), null)).build();
        ReportWriter.write(run(List.of(p)), dir);
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("<h2>Ramps</h2>"), "the section");
        assertTrue(html.contains("1s:100/s,2s:300/s, offered against achieved"), "its caption names the stages");
        assertTrue(html.contains("ramp 1s:100/s,2s:300/s, 10 conns"), "the summary names the load by its stages");
    }

    @Test
    void capacitiesAreComparedWithTheIntervalTheirBoundariesAllow() {
        CapacityRatio more = CapacityRatio.of(search(750, 800.0), search(1000, 1050.0));
        assertEquals(1000 / 750.0, more.ratio(), 1e-9);
        assertEquals(1000 / 800.0, more.low(), 1e-9, "B's passing rate over A's failing one");
        assertEquals(1050 / 750.0, more.high(), 1e-9, "B's failing rate over A's passing one");
        assertEquals(CapacityRatio.MORE, more.verdict());
        assertTrue(more.says().startsWith("B takes 1.33× the load at p99<20ms and errors<0.1% (1.25–1.40)"), more.says());

        CapacityRatio close = CapacityRatio.of(search(750, 800.0), search(775, 825.0));
        assertEquals(Comparison.SAME, close.verdict(), "the intervals overlap");

        CapacityRatio unbounded = CapacityRatio.of(search(750, 800.0), search(700, null));
        assertNull(unbounded.high(), "B found no failing rate");
        assertEquals(Comparison.SAME, unbounded.verdict());

        Comparison c = Comparison.of("a", run(List.of(), search(750, 800.0)), "b", run(List.of(), search(400, 425.0)));
        assertEquals(CapacityRatio.LESS, c.capacities().get(0).verdict());
    }

    @Test
    void twoVersionsOfAStackInOneRunHaveTheirCapacitiesCompared(@TempDir Path dir) throws Exception {
        CapacityRecord old = search(750, 800.0);
        CapacityRecord now = search(1000, 1050.0);
        TargetRecord t = now.target();
        now = new CapacityRecord(new TargetRecord("CXF 4.2", t.stack(), t.protocol(), t.variant(), t.operation(), t.security(),
                t.sequence(), t.url(), t.client(), t.coldStart(), java.util.Map.of("version", "4.2.3")), now.rate(),
                now.interval(), now.agreed(), now.slo(), now.probes(), null, null, now.verdict());
        RunRecord run = run(List.of(), old, now);
        List<CapacityRatio> versions = CapacityTable.versions(run);
        assertEquals(1, versions.size());
        assertEquals("CXF 4.2 over CXF (version default → 4.2.3)", versions.get(0).target());
        assertEquals(CapacityRatio.MORE, versions.get(0).verdict());
        ReportWriter.write(run, dir);
        assertTrue(Files.readString(dir.resolve("report.html")).contains("B takes 1.33× the load"));
    }
}
