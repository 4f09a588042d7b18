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

    @Test
    void onlyTheLastNRunsOfThisMachineCount(@TempDir Path dir) {
        Gate.Result r = gate(dir, 14, 1000, 3);
        assertEquals(10, r.comparedWith().size());
        assertEquals("run-4", r.comparedWith().get(0));
        Gate.Result other = Gate.check("s", "new", "another machine", List.of(), List.of(), List.of(), 10, 0.05, Metric.THROUGHPUT);
        assertTrue(other.noHistory());
    }
}
