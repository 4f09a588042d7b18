package io.wsbench.runner;

import io.wsbench.model.record.Assertion;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.TargetRecord;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search's logic against probes whose outcome the test decides: no load is sent here. */
class CapacitySearchTest {

    private static final TargetRecord TARGET = new TargetRecord("t", null, "http", null, null, null, null, "http://127.0.0.1:1/");
    private static final CapacitySearch.Settings SETTINGS = new CapacitySearch.Settings(100, 1_000_000, 0.05, 30);

    /** A point at {@code rate} whose p99 is {@code p99} µs, its generator's busiest thread {@code busy}% busy. */
    private static PointRecord point(double rate, long p99, double busy) {
        return PointRecordBuilder.builder().target(TARGET).load(new LoadRecord("open", 10, null, 3.0, rate, null, true)).repeat(1)
                .requests((long) (rate * 3)).durationSeconds(3).throughput(rate)
                .latencyMicros(new LatencyRecord(p99 / 2.0, p99 / 2, p99, p99, p99, p99, 1))
                .traffic(new PointRecord.Traffic(100, 100)).errors(ErrorCounts.NONE).validated((long) (rate * 3))
                .generator(new GeneratorRecord(1, 1, 30, busy, null, null, null, null)).build();
    }

    /** p99 under 10 ms up to {@code capacity}, far above it past that. */
    private static CapacitySearch.Prober server(double capacity, List<Double> probed, Set<Integer> flaky) {
        return (rate, index) -> {
            probed.add(rate);
            boolean fast = rate <= capacity ^ flaky.contains(index);
            return point(rate, fast ? 5_000 : 200_000, 30);
        };
    }

    private static final List<Assertion> P99_UNDER_10MS = List.of(Assertion.parse("p99<10ms"));

    @Test
    void aSearchTakenStepByStepProbesTheRatesItsRunProbes() throws Exception {
        for (Set<Integer> flaky : List.of(Set.<Integer>of(), Set.of(4), Set.of(2, 7), Set.of(1))) {
            List<Double> probed = new ArrayList<>();
            CapacityRecord whole = new CapacitySearch(SETTINGS, P99_UNDER_10MS, server(1234, probed, flaky)).run(TARGET);
            CapacitySearch stepped = new CapacitySearch(SETTINGS, P99_UNDER_10MS);
            CapacitySearch.Prober same = server(1234, new ArrayList<>(), flaky);
            List<Double> steps = new ArrayList<>();
            for (Double rate = stepped.nextRate(); rate != null; rate = stepped.nextRate()) {
                steps.add(rate);
                stepped.accept(rate, same.probe(rate, stepped.nextIndex()));
            }
            assertEquals(probed, steps, "flaky probes " + flaky);
            assertEquals(whole, stepped.result(TARGET));
        }
    }

    @Test
    void aSearchAbortedBetweenStepsSaysWhyAndKeepsWhatItFound() throws Exception {
        CapacitySearch stepped = new CapacitySearch(SETTINGS, P99_UNDER_10MS);
        CapacitySearch.Prober server = server(1234, new ArrayList<>(), Set.of());
        for (int i = 0; i < 3; i++) {
            double rate = stepped.nextRate();
            stepped.accept(rate, server.probe(rate, stepped.nextIndex()));
        }
        stepped.abort("the server (pid 1) died");
        assertNull(stepped.nextRate());
        CapacityRecord c = stepped.result(TARGET);
        assertEquals("the server (pid 1) died", c.aborted());
        assertEquals(3, c.probes().size());
        assertTrue(c.verdict().startsWith("at least 400/s at p99<10ms, but the server (pid 1) died"), c.verdict());
    }

    @Test
    void findsTheCapacityWithinThePrecisionAndProbesBothSidesTwice() throws Exception {
        List<Double> probed = new ArrayList<>();
        CapacityRecord c = new CapacitySearch(SETTINGS, P99_UNDER_10MS,
                server(1234, probed, Set.of())).run(TARGET);
        assertNotNull(c.rate());
        assertTrue(c.rate() <= 1234 && c.rate() >= 1234 / 1.05, "found " + c.rate());
        assertTrue(c.interval().get(1) > 1234, "the first failing rate is above the capacity: " + c.interval());
        assertTrue((c.interval().get(1) - c.rate()) / c.rate() <= 0.05, c.interval().toString());
        assertEquals(4, c.agreed(), "two probes at each side of the boundary agreed");
        assertEquals(probed.size(), c.probes().size());
        assertEquals(List.of(100.0, 200.0, 400.0, 800.0, 1600.0), probed.subList(0, 5), "it doubles until one fails");
        assertTrue(c.verdict().startsWith(String.format("%,.0f/s at p99<10ms", c.rate())), c.verdict());
        assertNull(c.limitedBy());
    }

    @Test
    void aRateTheServerDoesNotKeepUpWithFailsThoughNoSloBreaks() throws Exception {
        // an SLO on errors alone, and a server whose requests wait past 1,234/s but never fail (nginx pinned, 2026-12-07:
        // "at least 1,000,000/s" where it answered 74,000 a second)
        List<Assertion> errors = List.of(Assertion.parse("errors<1%"));
        CapacitySearch.Prober saturates = (rate, index) -> {
            double kept = Math.min(rate, 1234);
            return PointRecordBuilder.builder(point(rate, 5_000, 40)).throughput(kept).requests((long) (kept * 3)).build();
        };
        CapacityRecord c = new CapacitySearch(SETTINGS, errors, saturates).run(TARGET);
        assertTrue(c.rate() != null && c.rate() <= 1234 / CapacitySearch.KEPT_UP && c.rate() >= 1234 / 1.05, "found " + c.rate());
        CapacityRecord.Probe failed = c.probes().stream().filter(p -> !p.passed()).findFirst().orElseThrow();
        assertEquals(List.of(String.format(java.util.Locale.ROOT, "rate not kept (%.0f%% of it answered)", 100 * 1234 / failed.rate())),
                failed.broken());
    }

    @Test
    void aTargetThatRefusesEveryRequestAtTwoRatesEndsTheSearch() throws Exception {
        // a 404 at every rate (a wrong path): the search halved down to 2/s, nine probes, before it said so
        List<Double> probed = new ArrayList<>();
        CapacitySearch.Prober notFound = (rate, index) -> {
            probed.add(rate);
            PointRecord p = point(rate, 5_000, 10);
            return PointRecordBuilder.builder(p).errors(ErrorCounts.of(0, 0, p.requests(), 0, 0, 0)).validated(0L).throughput(0).build();
        };
        CapacityRecord c = new CapacitySearch(new CapacitySearch.Settings(500, 1_000_000, 0.05, 30), List.of(Assertion.parse("errors<1%")),
                notFound).run(TARGET);
        assertEquals(List.of(500.0, 250.0), probed);
        assertNull(c.rate());
        assertEquals("no rate meets errors<1%: every request failed at 500/s and at 250/s: the target refuses them whatever the rate",
                c.verdict());
        assertNull(c.aborted(), "the search ended, as one whose rates all failed does: the run is complete");
    }

    @Test
    void oneNoisyProbeAtTheBoundaryDoesNotDecide() throws Exception {
        // the 5th probe (1,600/s) passes by luck: the search bisects above it, then its second look fails it
        List<Double> probed = new ArrayList<>();
        CapacityRecord c = new CapacitySearch(SETTINGS, P99_UNDER_10MS,
                server(1234, probed, Set.of(5))).run(TARGET);
        assertTrue(c.rate() <= 1234 && c.rate() >= 1234 / 1.05, "found " + c.rate() + " after " + probed);
    }

    @Test
    void aTargetSlowerThanTheSloAtAnyRateHasNoCapacity() throws Exception {
        List<Double> probed = new ArrayList<>();
        CapacityRecord c = new CapacitySearch(new CapacitySearch.Settings(8, 1000, 0.05, 30), P99_UNDER_10MS, server(0.5, probed, Set.of())).run(TARGET);
        assertNull(c.rate());
        assertNull(c.interval());
        assertEquals(List.of(8.0, 4.0, 2.0, 1.0), probed, "it halves down to 1/s");
        assertTrue(c.verdict().startsWith("no rate meets p99<10ms"), c.verdict());
    }

    @Test
    void aGeneratorThatIsTheLimitStopsTheSearchAndSaysSo() throws Exception {
        CapacitySearch.Prober busyAbove500 = (rate, index) -> point(rate, 5_000, rate > 500 ? 96 : 40);
        CapacityRecord c = new CapacitySearch(SETTINGS, P99_UNDER_10MS,
                busyAbove500).run(TARGET);
        assertEquals(400.0, c.rate(), "the last rate the generator could measure is a lower bound");
        assertEquals(4, c.probes().size());
        assertTrue(c.limitedBy().startsWith("limited by the load generator at 800/s"), c.limitedBy());
        assertTrue(c.verdict().startsWith("at least 400/s"), c.verdict());
    }

    @Test
    void aTargetFasterThanTheCeilingIsAtLeastTheCeiling() throws Exception {
        CapacityRecord c = new CapacitySearch(new CapacitySearch.Settings(100, 300, 0.05, 30), P99_UNDER_10MS, server(1e9, new ArrayList<>(), Set.of())).run(TARGET);
        assertEquals(300.0, c.rate());
        assertNull(c.interval().get(1));
        assertTrue(c.verdict().contains("the highest rate asked (--max-rate) passed"), c.verdict());
    }

    @Test
    void aTargetThatStopsAnsweringStopsTheSearchAndKeepsItsProbes() throws Exception {
        CapacitySearch.Prober diesAt800 = (rate, index) -> rate < 800 ? point(rate, 5_000, 30)
                : point(rate, 5_000, 30).withAborted("the server died (exit code 137)");
        CapacityRecord c = new CapacitySearch(SETTINGS, P99_UNDER_10MS, diesAt800)
                .run(TARGET);
        assertEquals(4, c.probes().size());
        assertEquals(400.0, c.rate());
        assertEquals("the probe at 800/s stopped: the server died (exit code 137)", c.aborted());
        assertTrue(c.verdict().startsWith("at least 400/s at p99<10ms, but the probe at 800/s stopped"), c.verdict());
    }

    @Test
    void aFailureThatSecondLooksOverturnMovesTheSearchUp() throws Exception {
        // 800/s fails once by bad luck (the 4th probe), then passes when probed again: the capacity, 1,234/s, is above
        List<Double> probed = new ArrayList<>();
        CapacityRecord c = new CapacitySearch(SETTINGS, P99_UNDER_10MS, server(1234, probed, Set.of(4))).run(TARGET);
        assertTrue(c.rate() <= 1234 && c.rate() >= 1234 / 1.05, "found " + c.rate() + " after " + probed);
        assertNotNull(c.interval().get(1), "and a failing rate above it: " + probed);
    }
}
