package io.wsbench.cli;

import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.TargetRecord;
import io.wsbench.model.record.WarmupRecord;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The terminal's summary marks every row that is not steady, whichever figure says so. */
class ConsoleSummaryTest {

    private static final LoadRecord ONE_USER = new LoadRecord("closed", 1, 100L, null, null, null, true);

    @Test
    void rowsWhoseRepeatsOrWarmupAreNotSteadyAreMarked() {
        List<PointRecord> points = new ArrayList<>();
        // steady: throughput and mean within ±1%
        points.add(point("steady", 1, 1000, 1000));
        points.add(point("steady", 2, 1010, 990));
        // throughput ±1%, but the mean latency spreads ±20%: the larger figure is printed and judged
        points.add(point("jumpy", 1, 1000, 800));
        points.add(point("jumpy", 2, 1010, 1200));
        // steady repeats, but its warm-up ran out of time
        points.add(point("cold", 1, 1000, 1000));
        points.add(point("cold", 2, 1000, 1000));
        RunRecord run = io.wsbench.model.record.RunRecordBuilder.builder().suite("t").wsbenchVersion("0")
                .startedAt("2026-01-01T00:00:00Z").status("complete").notes(List.of()).points(points).build().withTargetWarmup(new WarmupRecord("cold", "auto", 60, false, List.of()));
        List<String> lines = ConsoleSummary.render(run).lines().toList();
        assertEquals(List.of("±0.5%", "±20.0% !", "±0.0% !"),
                lines.subList(2, 5).stream().map(ConsoleSummaryTest::spreadCell).toList(), String.join("\n", lines));
    }

    @Test
    void rowsWhoseGeneratorSetThePaceAreMarkedAndNamed() {
        List<PointRecord> points = new ArrayList<>();
        points.add(point("server-bound", 1, 1000, 1000));
        points.add(point("server-bound", 2, 1000, 1000));
        // 2 s points: a generator is judged in a point of 0.1 s or more
        points.add(withIoBusy(PointRecordBuilder.builder(point("wsbench-bound", 1, 50_000, 20)).durationSeconds(2).build(), 96.0));
        points.add(withIoBusy(PointRecordBuilder.builder(point("wsbench-bound", 2, 50_000, 20)).durationSeconds(2).build(), 80.0));
        RunRecord run = io.wsbench.model.record.RunRecordBuilder.builder().suite("t").wsbenchVersion("0")
                .startedAt("2026-01-01T00:00:00Z").status("complete").notes(List.of()).points(points).build();
        List<String> lines = ConsoleSummary.render(run).lines().toList();
        assertEquals(List.of("±0.0%", "±0.0% g"), lines.subList(2, 4).stream().map(ConsoleSummaryTest::spreadCell).toList(),
                String.join("\n", lines));
        assertEquals("g: the load generator set the pace: its busiest I/O thread was on the CPU over 90% of the point while the server had CPU to spare (or was not watched), so these"
                + " rows measure wsbench as much as the server: wsbench-bound @ 1 user (1 of 2). Give the generator more"
                + " cores (--cpus, --threads) or agents.", lines.get(4));
    }

    @Test
    void twoLoadsThatDifferOnlyInLengthAreTwoLinesOfTheTable() {
        List<LoadRecord> loads = LoadRecord.namedApart(List.of(new LoadRecord("closed", 2, 200L, null, null, null, true),
                new LoadRecord("closed", 2, null, 3.0, null, null, true)));
        List<PointRecord> points = new ArrayList<>();
        for (int repeat = 1; repeat <= 2; repeat++) {
            for (LoadRecord l : loads) {
                PointRecord p = point("getItem", repeat, l.requestsPerUser() != null ? 12_000 : 9_000, 150);
                points.add(p.withLoad(l));
            }
        }
        RunRecord run = io.wsbench.model.record.RunRecordBuilder.builder().suite("t").wsbenchVersion("0")
                .startedAt("2026-01-01T00:00:00Z").status("complete").notes(List.of()).points(points).build();
        List<String> lines = ConsoleSummary.render(run).lines().toList();
        assertEquals(List.of("getItem|2 users, 200 requests per user|12,000|2", "getItem|2 users, 3 s|9,000|2"),
                lines.subList(2, 4).stream().map(line -> {
                    String[] cells = line.trim().split("\\s{2,}");
                    return cells[0] + "|" + cells[1] + "|" + cells[2] + "|" + cells[cells.length - 1];
                }).toList(), String.join("\n", lines));
    }

    private static PointRecord withIoBusy(PointRecord p, double busiest) {
        return PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(p.repeat()).requests(p.requests())
                .durationSeconds(p.durationSeconds()).throughput(p.throughput()).latencyMicros(p.latencyMicros())
                .traffic(new PointRecord.Traffic(p.bytesSentPerRequest(), p.bytesReceivedPerRequest())).errors(p.errors())
                .validated(p.validated())
                .generator(new io.wsbench.model.record.GeneratorRecord(1, 1, busiest, busiest, null, null, null, null)).build();
    }

    /** The spread column: what stands between the req/s figure and the baseline ratio. */
    /** The Django flow of issue 47: 38 iterations a second of 2 requests each are 38 it/s, not 38 req/s. */
    @Test
    void aFlowsRateIsIterationsPerSecondWithItsRequestsBeside() {
        PointRecord plain = point("single", 1, 1000, 1000);
        PointRecord flow = PointRecordBuilder.builder()
                .target(new TargetRecord("admin", null, "flow", null, null, "plain", null)).load(ONE_USER)
                .repeat(1).requests(76).durationSeconds(1.0).throughput(38)
                .latencyMicros(new LatencyRecord(50_000, 50_000, 50_000, 50_000, 50_000, 50_000, 1))
                .traffic(new PointRecord.Traffic(100, 100)).errors(ErrorCounts.NONE).validated(38).build()
                .withFlowSteps(new PointRecord.FlowSteps(38L, List.of(), null, null));
        RunRecord run = io.wsbench.model.record.RunRecordBuilder.builder().suite("t").wsbenchVersion("0")
                .startedAt("2026-01-01T00:00:00Z").status("complete").notes(List.of()).points(List.of(plain, flow)).build();
        List<String> lines = ConsoleSummary.render(run).lines().toList();
        assertEquals("rate", lines.get(0).trim().split("\\s{2,}")[2], String.join("\n", lines));
        assertEquals("1,000 req/s", lines.get(2).trim().split("\\s{2,}")[2]);
        assertEquals("38 it/s (76 req/s)", lines.get(3).trim().split("\\s{2,}")[2]);
        assertEquals("req/s", ConsoleSummary.render(io.wsbench.model.record.RunRecordBuilder.builder().suite("t")
                .wsbenchVersion("0").startedAt("2026-01-01T00:00:00Z").status("complete").notes(List.of())
                .points(List.of(plain)).build()).lines().toList().get(0).trim().split("\\s{2,}")[2],
                "a table of no flow keeps its heading");
    }

    private static String spreadCell(String line) {
        String[] cells = line.trim().split("\\s{2,}");
        return cells[4];
    }

    /**
     * Seed 001's suites: the run's baseline is "CXF small", and the large sequence's rows are held against "CXF large".
     * The column says "x CXF", a line under the table names the two, and the report's column says the same.
     */
    @Test
    void rowsHeldAgainstTheBaselinesCounterpartsSaySoInTheHeadingAndALine() {
        List<PointRecord> points = new ArrayList<>();
        for (int r = 1; r <= 2; r++) {
            for (String sequence : List.of("small", "large")) {
                double scale = sequence.equals("small") ? 10 : 1;
                points.add(sequenced("CXF " + sequence, "cxf", sequence, r, 100 * scale));
                points.add(sequenced("Metro " + sequence, "metro", sequence, r, 120 * scale));
            }
        }
        RunRecord run = io.wsbench.model.record.RunRecordBuilder.builder().suite("stacks").wsbenchVersion("0")
                .startedAt("2026-01-01T00:00:00Z").status("complete").baseline("CXF small").notes(List.of()).points(points).build();
        String out = ConsoleSummary.render(run);
        List<String> lines = out.lines().toList();
        assertTrue(lines.get(0).contains("x CXF [95% CI]") && lines.get(0).contains("CPU x CXF "), out);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("Metro large") && l.contains("1.20")), out);
        assertTrue(lines.contains("x CXF: each row over the CXF row of its own request sequence or security configuration,"
                + " at the same load (CXF small, CXF large)"), out);

        RunRecord one = io.wsbench.model.record.RunRecordBuilder.from(run).withPoints(points.stream()
                .filter(p -> p.target().sequence().equals("small")).toList());
        String single = ConsoleSummary.render(one);
        assertTrue(single.lines().findFirst().orElseThrow().contains("x CXF small [95% CI]"), single);
        assertTrue(single.lines().noneMatch(l -> l.startsWith("x CXF")), single);
    }

    /** A --quick point's Flight Recorder takes 1 to 14 execution samples: counted, but no hottest frame named from them. */
    @Test
    void theHottestFrameIsNamedFromTwentySamplesOrMore() {
        io.wsbench.model.record.ServerRecord.HotFrame frame = new io.wsbench.model.record.ServerRecord.HotFrame("app.Hot.run:12", 1.0);
        List<PointRecord> points = new ArrayList<>();
        for (long samples : new long[] {1, 20}) {
            io.wsbench.model.record.ServerRecord server = new io.wsbench.model.record.ServerRecord(1L, 50, 25, 25, 1 << 20, 10, 0, 60)
                    .withRecording(new io.wsbench.model.record.ServerRecord.JfrRecord(samples, 10L, List.of(frame), List.of(), null, null));
            points.add(PointRecordBuilder.builder(point("s" + samples, 1, 1000, 1000)).server(server).build());
        }
        List<String> lines = ConsoleSummary.insideTheServer(points).lines().filter(l -> l.startsWith("s")).toList();
        assertTrue(lines.get(0).contains("(fewer than 20 samples)") && !lines.get(0).contains("app.Hot.run"), lines.get(0));
        assertTrue(lines.get(1).contains("app.Hot.run:12") && lines.get(1).contains("100%"), lines.get(1));
    }

    private static PointRecord sequenced(String label, String stack, String sequence, int repeat, double throughput) {
        return PointRecordBuilder.builder(point(label, repeat, throughput, 1000))
                .target(new TargetRecord(label, stack, "soap11", null, "query", "plain", sequence, null)).build();
    }

    private static PointRecord point(String label, int repeat, double throughput, long meanMicros) {
        return PointRecordBuilder.builder().target(new TargetRecord(label, "direct", "plain", null, "hello", "plain", null))
                .load(ONE_USER).repeat(repeat).requests(100).durationSeconds(100 / throughput).throughput(throughput)
                .latencyMicros(new LatencyRecord(meanMicros, meanMicros, meanMicros, meanMicros, meanMicros, meanMicros, 1))
                .traffic(new PointRecord.Traffic(100, 100)).errors(ErrorCounts.NONE).validated(100).build();
    }
}
