package io.wsbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.Environment;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.TargetRecord;
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

class ComparisonTest {

    static final LoadRecord FIVE_USERS = new LoadRecord("closed", 5, 1000L, null, null, null, true);
    /** Up to ±3% around 1: the repeats of a quiet machine. */
    static final double[] NOISE_A = {1.00, 0.98, 1.02, 0.99, 1.03};
    static final double[] NOISE_B = {1.01, 0.97, 1.00, 1.02, 0.985};

    @Test
    void twiceTheThroughputIsFasterWithAnIntervalAroundTwo() {
        Comparison c = Comparison.of("a", run("2.1.6", 1000, 2000, NOISE_A), "b", run("2.1.7", 2000, 1000, NOISE_B));

        assertEquals(1, c.rows().size());
        Comparison.Row row = c.rows().get(0);
        assertEquals(5, row.repeatsA());
        assertEquals(5, row.repeatsB());
        Comparison.Ratio throughput = row.ratios().get(0);
        assertEquals("throughput", throughput.metric());
        assertEquals(Comparison.FASTER, throughput.verdict());
        // medians 1000 and 2000 × 1.00 and 1.00
        assertEquals(2.0, throughput.ratio(), 1e-9);
        assertTrue(throughput.low() > 1.7 && throughput.low() < 2.0, "low " + throughput.low());
        assertTrue(throughput.high() > 2.0 && throughput.high() < 2.3, "high " + throughput.high());
        // half the latency in B: p50 and p99 are lower, which is better
        Comparison.Ratio p50 = row.ratios().get(1);
        assertEquals("p50Micros", p50.metric());
        assertEquals(Comparison.LOWER, p50.verdict());
        assertEquals(0.5, p50.ratio(), 1e-9);
        assertEquals(Comparison.LOWER, row.ratios().get(2).verdict());
        assertEquals("cxf", c.a().stacks().keySet().iterator().next());
        assertEquals("2.1.6", c.a().stacks().get("cxf"));
        assertEquals("2.1.7", c.b().stacks().get("cxf"));
    }

    @Test
    void aSideThatNeverReachedSteadyStateWeakensTheVerdict() {
        RunRecord cold = run("2.1.7", 2000, 1000, NOISE_B).withTargetWarmup(
                new io.wsbench.model.record.WarmupRecord("SOAP", "auto", 60, false, List.of()));
        Comparison c = Comparison.of("a", run("2.1.6", 1000, 2000, NOISE_A), "b", cold);
        assertEquals("probably " + Comparison.FASTER + " (not steady: B never steady in its warm-up)",
                c.rows().get(0).ratios().get(0).verdict());
        // a warm-up that did settle changes nothing
        RunRecord warm = run("2.1.7", 2000, 1000, NOISE_B).withTargetWarmup(
                new io.wsbench.model.record.WarmupRecord("SOAP", "auto", 4, true, List.of()));
        assertEquals(Comparison.FASTER, Comparison.of("a", run("2.1.6", 1000, 2000, NOISE_A), "b", warm)
                .rows().get(0).ratios().get(0).verdict());
    }

    @Test
    void twoRunsOfTheSameDistributionShowNoSignificantDifference() {
        Comparison c = Comparison.of("a", run("2.1.6", 1000, 2000, NOISE_A), "b", run("2.1.6", 1000, 2000, NOISE_B));

        for (Comparison.Ratio r : c.rows().get(0).ratios()) {
            assertEquals(Comparison.SAME, r.verdict(), r.toString());
            assertTrue(r.low() < 1 && r.high() > 1, r.toString());
        }
    }

    @Test
    void theIntervalIsTheSameEveryTime() {
        RunRecord a = run("x", 1000, 2000, NOISE_A);
        RunRecord b = run("x", 1100, 2000, NOISE_B);

        assertEquals(Comparison.of("a", a, "b", b), Comparison.of("a", a, "b", b));
    }

    /** A target none of whose answers passed has a throughput of 0 and no latency: not 0 ms, and no interval of 0 over 0. */
    @Test
    void aSideWhoseAnswersAllFailedHasNoLatencyToCompare() {
        List<PointRecord> failed = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            failed.add(PointRecordBuilder.builder(point("SOAP", FIVE_USERS, i, 0, 0)).validated(0)
                    .errors(ErrorCounts.of(0, 0, 5000, 0, 0, 0)).build());
        }
        RunRecord a = io.wsbench.model.record.RunRecordBuilder.builder(run("x", 1000, 2000, NOISE_A)).points(failed).build();
        List<Comparison.Ratio> ratios = Comparison.of("a", a, "b", run("x", 1000, 2000, NOISE_B)).rows().get(0).ratios();
        assertEquals("no latency: no answer passed its check in A", ratios.get(1).verdict());
        assertEquals("no latency: no answer passed its check in A", ratios.get(2).verdict());
        assertNull(ratios.get(1).ratio());
        assertEquals("throughput", ratios.get(0).metric());
    }

    @Test
    void aSingleRepeatGivesARatioButNoIntervalAndNoVerdict() {
        Comparison c = Comparison.of("a", run("x", 1000, 2000, new double[]{1.0}), "b", run("x", 2000, 1000, NOISE_B));

        Comparison.Ratio r = c.rows().get(0).ratios().get(0);
        assertEquals(2.0, r.ratio(), 1e-9);
        assertNull(r.low());
        assertNull(r.high());
        assertEquals("no interval: 1 repeat in A", r.verdict());
    }

    @Test
    void theComparisonPageShowsBothRunsEveryRatioItsChartAndWhatOneRunAloneMeasured(@TempDir Path dir) throws IOException {
        // a label with markup in it, as a user's suite may have: it must show as text
        String label = "<script>alert('x')</script> & co";
        RunRecord a = relabel(run("4.1.5", 1000, 2000, NOISE_A), label);
        List<PointRecord> more = new ArrayList<>(relabel(run("4.2.3", 2000, 1000, NOISE_B), label).points());
        more.add(point("only B", FIVE_USERS, 1, 3000, 1000));
        RunRecord b = io.wsbench.model.record.RunRecordBuilder.builder().suite("stacks").wsbenchVersion("0.1.0")
                .gitCommit("def").startedAt("2025-01-02T10:00:00Z").status("complete").environment(a.environment())
                .notes(List.of()).points(more).build();
        Comparison.of("before", a, "after", b).write(dir);
        String html = Files.readString(dir.resolve("compare.html"));

        assertFalse(html.contains("<script>"), "user text is escaped");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co @ 5 users"), "and shown");
        assertTrue(html.contains("<th>commit</th><td>abc</td><td>def</td>"), "both runs' headers side by side");
        // three metrics of the one matched point: three lines, three marks with their intervals in the chart
        assertEquals(3, count(html, "<circle "));
        assertEquals(3, count(html, "<line x1=") - count(html, "y1=\"18\""), "an interval per ratio");
        assertTrue(html.contains("<td class=\"better\">faster</td>"), html);
        assertTrue(html.contains("<td class=\"better\">lower</td>"));
        assertTrue(html.contains("<td>only B @ 5 users</td><td>B (after)</td>"));
        assertTrue(html.contains("1 (same)"), "the axis marks 1");
    }

    @Test
    void aTargetOfOneNameMeasuredOtherwiseInEachRunSaysHowItDiffers() {
        LoadRecord two = new LoadRecord("closed", 2, null, 1.0, null, null, true);
        PointRecord plain = point("axis2", two, 1, 1000, 500);
        PointRecord http = PointRecordBuilder.builder(plain).target(new TargetRecord("axis2", "cxf", "http", null, "hello", "plain", null))
                .build();
        RunRecord a = io.wsbench.model.record.RunRecordBuilder.builder().suite("wars").wsbenchVersion("0.1.0")
                .startedAt("2026-12-06T22:20:00Z").status("complete").notes(List.of()).points(List.of(plain)).build();
        RunRecord b = io.wsbench.model.record.RunRecordBuilder.builder(a).points(List.of(http)).build();
        Comparison c = Comparison.of("A", a, "B", b);
        assertEquals(List.of(), c.rows(), "not the same target");
        assertEquals("the other run's has protocol http, this one's soap11", c.onlyInA().get(0).unlike(c.onlyInB()));
        assertEquals("the other run's has protocol soap11, this one's http", c.onlyInB().get(0).unlike(c.onlyInA()));
        assertEquals(null, c.onlyInA().get(0).unlike(List.of()), "the other run has none of its name");
    }

    private static RunRecord relabel(RunRecord r, String label) {
        List<PointRecord> points = r.points().stream().map(p -> point(label, p.load(), p.repeat(), p.throughput(),
                p.latencyMicros().p50())).toList();
        return io.wsbench.model.record.RunRecordBuilder.builder().suite(r.suite()).wsbenchVersion(r.wsbenchVersion())
                .gitCommit(r.gitCommit()).startedAt(r.startedAt()).status(r.status()).environment(r.environment())
                .notes(List.of()).points(points).build();
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void twoRepeatsGiveAnIntervalButNoVerdict() {
        Comparison c = Comparison.of("a", run("x", 1000, 2000, NOISE_A), "b", run("x", 2000, 1000, new double[]{1.0, 1.02}));

        Comparison.Ratio r = c.rows().get(0).ratios().get(0);
        assertEquals(2.02, r.ratio(), 1e-9);
        assertTrue(r.low() > 1.85 && r.high() < 2.15, r.toString()); // Welch on the logs, 2 and 3 repeats
        assertEquals("no verdict: 2 repeats in B (needs 3)", r.verdict());
    }

    @Test
    void pointsInOneRunOnlyAreListedAndWrittenToo(@TempDir Path dir) throws IOException {
        RunRecord a = run("x", 1000, 2000, NOISE_A);
        RunRecord b = run("x", 1000, 2000, NOISE_B);
        List<PointRecord> more = new ArrayList<>(b.points());
        LoadRecord tenUsers = new LoadRecord("closed", 10, 1000L, null, null, null, true);
        more.add(point("SOAP", tenUsers, 1, 3000, 1000));
        more.add(point("REST", FIVE_USERS, 1, 3000, 1000));
        b = io.wsbench.model.record.RunRecordBuilder.builder().suite(b.suite()).wsbenchVersion(b.wsbenchVersion())
                .startedAt(b.startedAt()).status("complete").environment(b.environment()).notes(List.of()).points(more).build();

        Comparison c = Comparison.of("a", a, "b", b);
        List<Path> written = c.write(dir);

        assertEquals(List.of(), c.onlyInA());
        assertEquals(List.of("SOAP @ 10 users", "REST @ 5 users"), c.onlyInB().stream().map(Comparison.Unmatched::name).toList());
        assertEquals(List.of(dir.resolve("compare.json"), dir.resolve("compare.csv"), dir.resolve("compare.html")), written);
        JsonNode json = RunJson.MAPPER.readTree(dir.resolve("compare.json").toFile());
        assertEquals("REST", json.at("/onlyInB/1/target/label").asText());
        assertEquals(1000.0, json.at("/rows/0/ratios/0/a/median").asDouble(), 1e-9);
        assertEquals("x", json.at("/b/stacks/cxf").asText());
        List<List<String>> csv = ReportWriterTest.parseCsv(Files.readString(dir.resolve("compare.csv")));
        assertEquals(1 + 3 + 2, csv.size(), "header, 3 metrics of the matched point, 2 unmatched");
        List<String> header = csv.get(0);
        for (List<String> line : csv) {
            assertEquals(header.size(), line.size(), line.toString());
        }
        assertEquals("only in B", csv.get(5).get(header.indexOf("verdict")));
        assertEquals("5 users", csv.get(5).get(header.indexOf("load")));
        assertEquals("1000", csv.get(1).get(header.indexOf("medianA")));
        assertEquals("throughput", csv.get(1).get(header.indexOf("metric")));
    }

    /**
     * Run B met the machine 12% slower than run A did, on every row alike: each row's own throughput
     * reads slower, but its ratio to the baseline, paired within each run, cancels the machine's drift.
     */
    @Test
    void aDriftOfTheMachineBetweenTwoRunsCancelsInTheRatioToTheBaseline() {
        List<PointRecord> a = new ArrayList<>();
        List<PointRecord> b = new ArrayList<>();
        for (int i = 0; i < NOISE_A.length; i++) {
            a.add(point("REST", FIVE_USERS, i + 1, 2000 * NOISE_A[i], 500));
            a.add(point("SOAP", FIVE_USERS, i + 1, 1000 * NOISE_A[i] * NOISE_B[i], 900));
            b.add(point("REST", FIVE_USERS, i + 1, 0.88 * 2000 * NOISE_B[i], 500));
            b.add(point("SOAP", FIVE_USERS, i + 1, 0.88 * 1000 * NOISE_B[i] * NOISE_A[i], 900));
        }
        Comparison c = Comparison.of("a", io.wsbench.model.record.RunRecordBuilder.builder().suite("s")
                .wsbenchVersion("0.1.0").gitCommit("abc").startedAt("2025-01-01T10:00:00Z").status("complete")
                .baseline("REST").notes(List.of()).points(a).build(), "b", io.wsbench.model.record.RunRecordBuilder.builder()
                        .suite("s").wsbenchVersion("0.1.0").gitCommit("abc").startedAt("2025-01-01T11:00:00Z")
                        .status("complete").baseline("REST").notes(List.of()).points(b).build());
        Comparison.Row soap = c.rows().stream().filter(r -> r.target().label().equals("SOAP")).findFirst().orElseThrow();
        assertEquals(Comparison.SLOWER, soap.ratios().get(0).verdict(), soap.ratios().get(0).toString());
        Comparison.Ratio perBaseline = soap.ratios().get(soap.ratios().size() - 1);
        assertEquals("throughput x REST", perBaseline.metric());
        assertEquals(Comparison.SAME, perBaseline.verdict(), perBaseline.toString());
        assertTrue(perBaseline.low() < 1 && perBaseline.high() > 1, perBaseline.toString());
        Comparison.Row rest = c.rows().stream().filter(r -> r.target().label().equals("REST")).findFirst().orElseThrow();
        assertTrue(rest.ratios().stream().noneMatch(r -> r.metric().startsWith("throughput x")), "the baseline has none");
        assertTrue(c.method().contains("Runs made apart cannot be paired"), c.method());
    }

    /**
     * Seed 001's suites normalize each request sequence to CXF in that sequence: a row of the large sequence is held
     * against "CXF large", which the ratio's name says, and "CXF large" itself, held against itself, has no ratio line.
     */
    @Test
    void aRowOfAnotherSequenceIsHeldAgainstTheBaselinesCounterpartAndSaysSo() {
        List<PointRecord> a = new ArrayList<>();
        List<PointRecord> b = new ArrayList<>();
        for (int i = 0; i < NOISE_A.length; i++) {
            for (String sequence : List.of("small", "large")) {
                double scale = sequence.equals("small") ? 10 : 1;
                a.add(seq("CXF " + sequence, "cxf", sequence, i + 1, 100 * scale * NOISE_A[i]));
                a.add(seq("Metro " + sequence, "metro", sequence, i + 1, 120 * scale * NOISE_A[i]));
                b.add(seq("CXF " + sequence, "cxf", sequence, i + 1, 100 * scale * NOISE_B[i]));
                b.add(seq("Metro " + sequence, "metro", sequence, i + 1, 120 * scale * NOISE_B[i]));
            }
        }
        Comparison c = Comparison.of("a", seqRun(a), "b", seqRun(b));

        Comparison.Row metroLarge = c.rows().stream().filter(r -> r.target().label().equals("Metro large")).findFirst().orElseThrow();
        Comparison.Ratio perBaseline = metroLarge.ratios().get(metroLarge.ratios().size() - 1);
        assertEquals("throughput x CXF large", perBaseline.metric());
        assertEquals(1.2, perBaseline.a().median(), 1e-9, "Metro large over CXF large, not over CXF small");
        for (String baseline : List.of("CXF small", "CXF large")) {
            Comparison.Row r = c.rows().stream().filter(x -> x.target().label().equals(baseline)).findFirst().orElseThrow();
            assertTrue(r.ratios().stream().noneMatch(x -> x.metric().startsWith(Comparison.RATIO_PREFIX)), baseline + ": " + r);
        }
        List<io.wsbench.model.record.RowRecord> rows = io.wsbench.model.record.RowRecord.of(seqRun(a));
        assertEquals("CXF large", rows.stream().filter(r -> r.row().startsWith("Metro large")).findFirst().orElseThrow().baseline());
        assertEquals("CXF small", rows.stream().filter(r -> r.row().startsWith("Metro small")).findFirst().orElseThrow().baseline());
        List<String> headers = SummaryTable.of(io.wsbench.model.record.Summary.of(seqRun(a)), "CXF small", java.util.Set.of()).headers();
        assertTrue(headers.contains("vs CXF [95% CI, paired by round]"), headers.toString());
        String page = ReportPage.render(seqRun(a));
        assertTrue(page.contains("vs CXF: each row over the CXF row of its own request sequence or security configuration, at the"
                + " same load (CXF small, CXF large)."), "the page says what the column means");
    }

    private static PointRecord seq(String label, String stack, String sequence, int repeat, double throughput) {
        return PointRecordBuilder.builder(point(label, FIVE_USERS, repeat, throughput, 500))
                .target(new TargetRecord(label, stack, "soap11", null, "query", "plain", sequence, null)).build();
    }

    private static RunRecord seqRun(List<PointRecord> points) {
        return io.wsbench.model.record.RunRecordBuilder.builder().suite("stacks").wsbenchVersion("0.1.0").gitCommit("abc")
                .startedAt("2025-01-01T10:00:00Z").status("complete").baseline("CXF small").notes(List.of()).points(points).build();
    }

    @Test
    void openAndClosedLoopsAtTheSameUsersDoNotMatch() {
        RunRecord a = run("x", 1000, 2000, NOISE_A);
        LoadRecord open = new LoadRecord("open", 5, null, 10.0, 1000.0, null, true);
        List<PointRecord> points = a.points().stream().map(p -> point("SOAP", open, p.repeat(), 1000, 2000)).toList();
        RunRecord b = io.wsbench.model.record.RunRecordBuilder.builder().suite("s").wsbenchVersion("0.2.0")
                .startedAt("t").status("complete").points(points).build();

        Comparison c = Comparison.of("a", a, "b", b);

        assertEquals(0, c.rows().size());
        assertEquals("SOAP @ 5 users", c.onlyInA().get(0).name());
        assertEquals("SOAP @ 1000 req/s, 5 conns", c.onlyInB().get(0).name());
        assertEquals(Map.of(), c.b().stacks(), "a run without an environment still compares");
    }

    @Test
    void theSmallAndTheLargeRequestSequenceDoNotMatch() {
        RunRecord a = run("x", 1000, 2000, NOISE_A);
        List<PointRecord> large = a.points().stream().map(p -> PointRecordBuilder.builder()
                .target(new TargetRecord("SOAP", "cxf", "soap11", null, "matchQuakes", "plain", "large", null)).load(p.load())
                .repeat(p.repeat()).requests(p.requests()).durationSeconds(p.durationSeconds()).throughput(p.throughput())
                .latencyMicros(p.latencyMicros()).errors(p.errors()).validated(p.validated()).build()).toList();
        RunRecord b = io.wsbench.model.record.RunRecordBuilder.builder().suite("s").wsbenchVersion("0.2.0")
                .startedAt("t").status("complete").points(large).build();

        Comparison c = Comparison.of("a", a, "b", b);

        assertEquals(0, c.rows().size());
        assertEquals("large", c.onlyInB().get(0).target().sequence());
    }

    /** One target at 5 users, a point per noise factor, throughput and latencies scaled by it. */
    /**
     * A run's two loads of 2 users, one by count and one by time, are two rows within the run; a --quick run
     * shortens both, and compare still meets each with its own kind in the full run, never pooling the two.
     */
    @Test
    void twoLoadsNamedApartByLengthMatchTheirQuickCounterpartsOneToOne() {
        List<LoadRecord> full = LoadRecord.namedApart(List.of(new LoadRecord("closed", 2, 200L, null, null, null, true),
                new LoadRecord("closed", 2, null, 3.0, null, null, true)));
        List<LoadRecord> quick = LoadRecord.namedApart(List.of(new LoadRecord("closed", 2, 100L, null, null, null, true),
                new LoadRecord("closed", 2, null, 1.0, null, null, true)));
        List<PointRecord> a = new ArrayList<>();
        List<PointRecord> b = new ArrayList<>();
        for (int i = 0; i < NOISE_A.length; i++) {
            a.add(point("SOAP", full.get(0), i + 1, 1000 * NOISE_A[i], 500));
            a.add(point("SOAP", full.get(1), i + 1, 3000 * NOISE_A[i], 500));
            b.add(point("SOAP", quick.get(0), i + 1, 1000 * NOISE_B[i], 500));
            b.add(point("SOAP", quick.get(1), i + 1, 3000 * NOISE_B[i], 500));
        }
        Environment env = new Environment("cpu", 2, "Linux", "6.1", "OpenJDK 17", 1L << 33, Map.of());
        Comparison c = Comparison.of("a", io.wsbench.model.record.RunRecordBuilder.builder().suite("s")
                .wsbenchVersion("0.1.0").gitCommit("abc").startedAt("2025-01-01T10:00:00Z").status("complete")
                .environment(env).notes(List.of()).points(a).build(), "b", io.wsbench.model.record.RunRecordBuilder.builder()
                        .suite("s").wsbenchVersion("0.1.0").gitCommit("abc").startedAt("2025-01-01T11:00:00Z")
                        .status("complete").environment(env).notes(List.of()).points(b).build());
        assertEquals(List.of(), c.onlyInA());
        assertEquals(List.of(), c.onlyInB());
        assertEquals(List.of("SOAP @ 2 users, 200 requests per user", "SOAP @ 2 users, 3 s"),
                c.rows().stream().map(Comparison.Row::name).toList());
        for (Comparison.Row row : c.rows()) {
            assertEquals(5, row.repeatsA(), row.name());
            assertEquals(5, row.repeatsB(), row.name());
            assertEquals(Comparison.SAME, row.ratios().get(0).verdict(), row.name() + ": each against its own kind");
        }
    }

    /**
     * Two runs of the same 8 rows made apart (3 repeats each, 5% lognormal noise a repeat, no drift
     * between them), 2,000 times: separate 95% intervals would call some row's throughput different in
     * about a third of them; the verdicts read together call one different in 1 pair of runs in 20 at most.
     */
    @Test
    void anAaPairOfRunsOfEightRowsCallsNoRowDifferentIn19Of20() {
        java.util.Random random = new java.util.Random(20261128);
        Environment env = new Environment("cpu", 2, "Linux", "6.1", "OpenJDK 17", 1L << 33, Map.of());
        int trials = 2000;
        int someRow = 0;
        for (int trial = 0; trial < trials; trial++) {
            List<RunRecord> runs = new ArrayList<>();
            for (int side = 0; side < 2; side++) {
                List<PointRecord> points = new ArrayList<>();
                for (int row = 0; row < 8; row++) {
                    for (int repeat = 1; repeat <= 3; repeat++) {
                        double x = 1000 * (row + 1) * Math.exp(0.05 * random.nextGaussian());
                        points.add(point("row " + row, FIVE_USERS, repeat, x, Math.round(1e6 / x)));
                    }
                }
                runs.add(io.wsbench.model.record.RunRecordBuilder.builder().suite("s").wsbenchVersion("0.1.0")
                        .gitCommit("abc").startedAt("2025-01-01T1" + side + ":00:00Z").status("complete")
                        .environment(env).notes(List.of()).points(points).build());
            }
            Comparison c = Comparison.of("a", runs.get(0), "b", runs.get(1));
            assertEquals(8, c.rows().size());
            if (c.rows().stream().anyMatch(r -> !r.ratios().get(0).verdict().startsWith(Comparison.SAME))) {
                someRow++;
            }
        }
        System.out.println("A/A pairs of runs of 8 rows: some row called different in " + someRow + " of " + trials);
        assertTrue(someRow <= trials / 20, "some row called different in " + someRow + " of " + trials + " A/A pairs");
        assertTrue(someRow >= trials / 100, "and not never: the verdicts still judge (" + someRow + ")");
        Comparison one = Comparison.of("a", run("x", 1000, 2000, NOISE_A), "b", run("x", 1000, 2000, NOISE_B));
        assertFalse(one.method().contains("hold together"), "one row: its verdict is read at 95%, as shown");
    }

    static RunRecord run(String cxfVersion, double throughput, long latencyMicros, double[] noise) {
        List<PointRecord> points = new ArrayList<>();
        for (int i = 0; i < noise.length; i++) {
            points.add(point("SOAP", FIVE_USERS, i + 1, throughput * noise[i], Math.round(latencyMicros / noise[i])));
        }
        Environment env = new Environment("cpu", 2, "Linux", "6.1", "OpenJDK 17", 1L << 33, Map.of("cxf", cxfVersion));
        return io.wsbench.model.record.RunRecordBuilder.builder().suite("stacks").wsbenchVersion("0.1.0")
                .gitCommit("abc").startedAt("2025-01-01T10:00:00Z").status("complete").environment(env).notes(List.of())
                .points(points).build();
    }

    static PointRecord point(String label, LoadRecord load, int repeat, double throughput, long p50Micros) {
        return PointRecordBuilder.builder().target(new TargetRecord(label, "cxf", "soap11", null, "hello", "plain", null))
                .load(load)
                .repeat(repeat).requests(5000).durationSeconds(5000 / throughput).throughput(throughput)
                .latencyMicros(new LatencyRecord(p50Micros, p50Micros, 2 * p50Micros, 3 * p50Micros, 4 * p50Micros, 5 * p50Micros, 1))
                .traffic(new PointRecord.Traffic(400, 500)).errors(ErrorCounts.NONE).validated(5000).build();
    }
}
