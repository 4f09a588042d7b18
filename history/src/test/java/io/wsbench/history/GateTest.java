package io.wsbench.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GateTest {

    /** A history of {@code n} flat runs (±1% between runs, ±2% between rounds), then {@code last} with CXF at {@code cxf}. */
    private static Gate.Result gate(Path dir, int n, double cxf, int seed) {
        try (HistoryStore store = HistoryStore.open(HistoryLocation.file(dir.resolve("h-" + seed + "-" + cxf + ".db")))) {
            java.util.Random drift = new java.util.Random(seed);
            for (int i = 0; i < n; i++) {
                store.record("run-" + i, Runs.run(60 * i, 1000 * (1 + 0.01 * (2 * drift.nextDouble() - 1)), 0.02, 8, seed * 100L + i), null);
            }
            store.record("new", Runs.run(60 * n, cxf, 0.02, 8, seed * 100L + 99), null);
            List<StoredRow> rows = store.rows("s");
            return Gate.check("s", "new", StoredRun.machine(Runs.MACHINE), rows.stream().filter(r -> r.runId().equals("new")).toList(),
                    store.runs("s"), rows, 10, 0.05, Metric.THROUGHPUT);
        }
    }

    @Test
    void aFirstRunHasNoHistoryAndPasses(@TempDir Path dir) {
        Gate.Result r = gate(dir, 0, 1000, 1);
        assertTrue(r.noHistory());
        assertFalse(r.failed());
    }

    @Test
    void aRunWithinTheNoisePassesAndOneTenPercentSlowerFails(@TempDir Path dir) {
        for (int seed = 1; seed <= 5; seed++) {
            Gate.Result same = gate(dir, 10, 1000 * 0.99, seed);
            assertEquals(10, same.comparedWith().size());
            assertFalse(same.failed(), "seed " + seed + ": " + same.verdicts());
            Gate.Result slower = gate(dir, 10, 900, seed);
            assertTrue(slower.failed(), "seed " + seed + ": " + slower.verdicts());
            assertEquals(2, slower.verdicts().stream().filter(Gate.Verdict::failed).count(), "both rows dropped 10%: " + slower.verdicts());
            Gate.Verdict v = slower.verdicts().get(0);
            assertTrue(v.high() < 0.95 && v.low() < v.ratio(), v.toString());
            assertTrue(v.line().contains("worse by more than 5%"), v.line());
        }
    }

    /**
     * A --quick run's figures are of another kind (points of a fraction of a second, measured once): among full runs at
     * 1,000 req/s, quick ones at 700 are a series of their own in the history, and the gate holds a full run against
     * full runs only, a quick one against quick ones.
     */
    @Test
    void quickRunsAreASeriesOfTheirOwnAndTheGateHoldsLikeAgainstLike(@TempDir Path dir) {
        try (HistoryStore store = HistoryStore.open(HistoryLocation.file(dir.resolve("h.db")))) {
            for (int i = 0; i < 6; i++) {
                store.record("run-" + i, Runs.run(60 * i, 1000, 0.02, 8, i), null);
                store.record("quick-" + i, io.wsbench.model.record.RunRecordBuilder.from(Runs.run(60 * i + 30, 700, 0.02, 1, 50 + i))
                        .withCommand("./wsbench run s.yaml --quick"), null);
            }
            store.record("new", Runs.run(60 * 6, 1000, 0.02, 8, 99), null);
            List<StoredRow> rows = store.rows("s");
            List<StoredRun> runs = store.runs("s");
            Gate.Result full = Gate.check("s", "new", StoredRun.machine(Runs.MACHINE),
                    rows.stream().filter(r -> r.runId().equals("new")).toList(), runs, rows, 10, 0.05, Metric.THROUGHPUT);
            assertEquals(List.of("run-0", "run-1", "run-2", "run-3", "run-4", "run-5"), full.comparedWith());
            assertFalse(full.failed(), full.verdicts().toString());
            Gate.Result quick = Gate.check("s", "quick-5", StoredRun.machine(Runs.MACHINE),
                    rows.stream().filter(r -> r.runId().equals("quick-5")).toList(), runs, rows, 10, 0.05, Metric.THROUGHPUT);
            assertEquals(List.of("quick-0", "quick-1", "quick-2", "quick-3", "quick-4"), quick.comparedWith());
            List<Timeline.Series> series = Timeline.of(runs, rows, r -> r.target().equals("CXF"), Metric.THROUGHPUT);
            assertEquals(2, series.size(), series.toString());
            assertEquals(7, series.get(0).entries().size());
            assertEquals(6, series.get(1).entries().size());
            assertTrue(series.get(1).machine().endsWith(Timeline.QUICK), series.get(1).machine());
            assertTrue(series.stream().allMatch(x -> x.changePoints().isEmpty()), "no step between quick and full runs: " + series);
        }
    }

    @Test
    void onlyTheLastNRunsOfThisMachineCount(@TempDir Path dir) {
        Gate.Result r = gate(dir, 14, 1000, 3);
        assertEquals(10, r.comparedWith().size());
        assertEquals("run-4", r.comparedWith().get(0));
        Gate.Result other = Gate.check("s", "new", "another machine", List.of(), List.of(), List.of(), 10, 0.05, Metric.THROUGHPUT);
        assertTrue(other.noHistory());
    }
}
