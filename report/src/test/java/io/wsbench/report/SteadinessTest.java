package io.wsbench.report;

import io.wsbench.model.record.Environment;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.Summary;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A row whose repeats disagree is flagged wherever the row is shown; a steady one is not. */
class SteadinessTest {

    private static final LoadRecord ONE_USER = new LoadRecord("closed", 1, 1000L, null, null, null, true);

    @Test
    void aTargetTwentyPercentSlowerOnAlternateRepeatsIsFlaggedAndASteadyOneIsNot() {
        RunRecord run = run(new double[]{1.0, 0.8, 1.0, 0.8}, new double[]{1.0, 0.99, 1.01, 1.0});
        List<Summary> rows = Summary.of(run.points());
        Summary alternating = rows.stream().filter(r -> r.target().label().equals("alternating")).findFirst().orElseThrow();
        Summary steady = rows.stream().filter(r -> r.target().label().equals("steady")).findFirst().orElseThrow();
        assertTrue(alternating.unstable());
        assertEquals(0.111, alternating.spreadOfRepeats(), 0.001, "±(1.0-0.8)/2 over the median 0.9");
        assertFalse(steady.unstable());

        List<String> flags = Flags.of(run);
        assertEquals(1, flags.size(), flags.toString());
        assertTrue(flags.get(0).startsWith("alternating @ 1 user") && flags.get(0).contains("not steady")
                && flags.get(0).contains("±11%") && flags.get(0).contains("800–1,000 req/s"), flags.get(0));

        String html = ReportPage.render(run);
        assertFalse(html.contains("Nothing to flag"), "the banner never says all is well while a row is unsteady");
        assertTrue(html.contains("<tr class=\"unstable\" title=\"not steady: repeats spread ±11%\"><td>alternating ⚠</td>"));
        assertTrue(html.contains("<tr><td>steady</td>"));
    }

    @Test
    void aRowWhoseGeneratorSetThePaceSaysSoInTheSummary() {
        RunRecord run = run(new double[]{1.0, 1.0}, new double[]{1.0, 1.0});
        List<PointRecord> points = new ArrayList<>();
        for (PointRecord p : run.points()) {
            points.add(!p.target().label().equals("steady") ? p : PointRecordBuilder.builder().target(p.target())
                    .load(p.load()).repeat(p.repeat()).requests(p.requests())
                    .durationSeconds(p.durationSeconds()).throughput(p.throughput()).latencyMicros(p.latencyMicros())
                    .traffic(new PointRecord.Traffic(p.bytesSentPerRequest(), p.bytesReceivedPerRequest())).errors(p.errors())
                    .validated(p.validated()).server(p.server())
                    .generator(new io.wsbench.model.record.GeneratorRecord(1, 2, 95, 95.0, null, null,
                    null, null))
                    .detail(new PointRecord.Detail(p.series(), p.histogram(), null)).build());
        }
        run = io.wsbench.model.record.RunRecordBuilder.builder().suite(run.suite()).wsbenchVersion("0.1.0")
                .startedAt(run.startedAt()).status("complete").command("x").environment(run.environment())
                .notes(List.of()).points(points).build();
        assertEquals(2, Summary.of(run.points()).stream().filter(r -> r.target().label().equals("steady")).findFirst()
                .orElseThrow().generatorPaced());
        String html = ReportPage.render(run);
        assertTrue(html.contains("title=\"the load generator set the pace in 2 of 2 repeats (its busiest I/O thread over 90%"
                + " on the CPU while the server had CPU to spare or was not watched)\"><td>steady</td>"), html);
    }

    @Test
    void oneRepeatHasNoSpreadToJudge() {
        RunRecord run = run(new double[]{1.0}, new double[]{0.5});
        assertTrue(Summary.of(run.points()).stream().noneMatch(Summary::unstable));
        assertTrue(Flags.of(run).isEmpty());
    }

    @Test
    void anUnsteadySideWeakensTheVerdictsWording() {
        RunRecord a = ComparisonTest.run("x", 1000, 2000, ComparisonTest.NOISE_A);
        // median 1.0, min 0.7: ±(1.0-0.7)/2 = ±15%
        RunRecord b = ComparisonTest.run("x", 2000, 1000, new double[]{1.0, 0.7, 1.0, 0.7, 1.0});
        Comparison.Ratio throughput = Comparison.of("a", a, "b", b).rows().get(0).ratios().get(0);
        assertEquals("probably faster (not steady: B spreads ±15%)", throughput.verdict());
        Comparison.Ratio steady = Comparison.of("a", a, "b", ComparisonTest.run("x", 2000, 1000, ComparisonTest.NOISE_B))
                .rows().get(0).ratios().get(0);
        assertEquals(Comparison.FASTER, steady.verdict());
    }

    private static RunRecord run(double[] alternating, double[] steady) {
        List<PointRecord> points = new ArrayList<>();
        for (int i = 0; i < alternating.length; i++) {
            points.add(ComparisonTest.point("alternating", ONE_USER, i + 1, 1000 * alternating[i], Math.round(1000 / alternating[i])));
            points.add(ComparisonTest.point("steady", ONE_USER, i + 1, 1000 * steady[i], Math.round(1000 / steady[i])));
        }
        Environment env = new Environment("cpu", 2, "Linux", "6.1", "OpenJDK 17", 1L << 33, Map.of("cxf", "4"));
        return io.wsbench.model.record.RunRecordBuilder.builder().suite("steadiness").wsbenchVersion("0.1.0")
                .gitCommit("abc").startedAt("2025-01-01T10:00:00Z").finishedAt("2025-01-01T10:01:00Z")
                .status("complete").environment(env).notes(List.of()).points(points).build();
    }
}
