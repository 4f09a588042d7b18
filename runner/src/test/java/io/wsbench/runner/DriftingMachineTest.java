package io.wsbench.runner;

import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.Summary;
import io.wsbench.model.stats.Estimate;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.launch.StackCatalog;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A machine whose speed drifts, simulated on a virtual clock: two servers' service times are both
 * multiplied by one factor that moves ±20% over a minute (a sine of the clock), each point adds 2%
 * noise of its own. A measured one after the other compare phases of the machine; measured in
 * rounds, their paired ratio finds the servers' true ratio.
 */
class DriftingMachineTest {

    /** Server A answers in 10 ms, B in 12 ms, on as many workers as users: B/A of throughput is 10/12. */
    private static final double TRUE_RATIO = 10.0 / 12.0;

    @Test
    void groupedOrderComparesPhasesOfTheMachine(@TempDir Path dir) throws Exception {
        int off = 0;
        for (int seed = 1; seed <= 10; seed++) {
            Estimate ratio = ratio(run(dir.resolve("g" + seed), seed, "grouped", 12, 12));
            if (Math.abs(ratio.median() / TRUE_RATIO - 1) > 0.05) {
                off++;
            }
        }
        assertTrue(off > 5, "grouped: B/A off by more than 5% in " + off + " of 10 seeds");
    }

    @Test
    void roundsFindTheServersRatio(@TempDir Path dir) throws Exception {
        for (int seed = 1; seed <= 10; seed++) {
            RunRecord run = run(dir.resolve("r" + seed), seed, "rounds", 10, 12);
            Estimate ratio = ratio(run);
            assertEquals(TRUE_RATIO, ratio.median(), 0.03 * TRUE_RATIO, "seed " + seed + ": " + ratio);
            assertTrue(ratio.holds(TRUE_RATIO), "seed " + seed + ": " + ratio);
            assertTrue(ratio.method().startsWith("Wilcoxon signed-rank 95% interval (exact); one process"), ratio.method());
            assertEquals(12, ratio.n());
        }
    }

    @Test
    void twoEqualServersAreCalledTheSame(@TempDir Path dir) throws Exception {
        int same = 0;
        for (int seed = 1; seed <= 20; seed++) {
            if (ratio(run(dir.resolve("aa" + seed), seed, "rounds", 10, 10)).holds(1.0)) {
                same++;
            }
        }
        assertTrue(same >= 19, "A/A: the same in " + same + " of 20 seeds");
    }

    @Test
    void roundsHoldEveryPointOnceInAnOrderTheSeedReplays(@TempDir Path dir) throws Exception {
        RunRecord one = run(dir.resolve("one"), 42, "rounds", 10, 12);
        RunRecord again = run(dir.resolve("again"), 42, "rounds", 10, 12);
        RunRecord other = run(dir.resolve("other"), 43, "rounds", 10, 12);
        assertEquals(Suite.ROUNDS, one.order().kind());
        assertEquals(42L, one.order().seed());
        assertEquals(12, one.order().rounds());
        List<String> orders = new ArrayList<>();
        for (int round = 1; round <= 12; round++) {
            List<String> keys = keysOfRound(one, round);
            assertEquals(4, keys.size());
            assertEquals(4, keys.stream().distinct().count(), "every point once in round " + round + ": " + keys);
            orders.add(String.join(",", keys));
        }
        assertTrue(orders.stream().distinct().count() > 1, "the order differs between rounds: " + orders);
        assertEquals(keys(one), keys(again), "equal seeds, equal orders");
        assertNotEquals(keys(one), keys(other));
        PointRecord first = one.points().get(0);
        assertEquals(1, first.round().index());
        assertEquals(1, first.round().position());
        assertEquals(4, first.round().points());
    }

    @Test
    void untilAddsRoundsUntilTheIntervalsAreNarrowOrTheBudgetIsSpent(@TempDir Path dir) throws Exception {
        RunRecord narrow = run(dir.resolve("narrow"), 5, "rounds", 10, 12, "until: ±2%\nbudget: 30m\nrepeat: 1");
        int rounds = narrow.order().rounds();
        assertTrue(rounds >= 6 && rounds < 60, "rounds: " + rounds);
        assertTrue(narrow.order().stopped().startsWith("every interval within ±2% after " + rounds + " rounds"),
                narrow.order().stopped());
        assertTrue(Widths.over(narrow.points(), "A", 0.02).isEmpty());
        // ±0.1% is out of reach of 2% noise: the budget (virtual points, real seconds) ends it and names the rows
        RunRecord wide = run(dir.resolve("wide"), 5, "rounds", 10, 12, "until: ±0.1%\nbudget: 1s\nrepeat: 1");
        assertTrue(wide.order().stopped().contains("the budget of 1s is spent after"), wide.order().stopped());
        assertTrue(wide.order().stopped().contains("2 rows are wider than ±0.1%: "), wide.order().stopped());
        assertTrue(wide.order().stopped().contains("B @ 4 users ±") && wide.order().stopped().contains("B @ 8 users ±"),
                wide.order().stopped());
        assertTrue(wide.notes().stream().anyMatch(n -> n.startsWith("until ±0.1%: the budget of 1s is spent")), wide.notes().toString());
    }

    private static List<String> keysOfRound(RunRecord run, int round) {
        return run.points().stream().filter(p -> p.round().index() == round).map(PointRecord::key).toList();
    }

    private static List<String> keys(RunRecord run) {
        return run.points().stream().map(p -> p.key() + "#" + p.repeat()).toList();
    }

    /** B's throughput over A's, paired by round, at 4 users. */
    private static Estimate ratio(RunRecord run) {
        List<Summary> rows = Summary.of(run.points());
        Summary b = rows.stream().filter(r -> r.target().label().equals("B") && r.load().users() == 4).findFirst().orElseThrow();
        return Summary.pairedRatio(rows, b, "A");
    }

    private static RunRecord run(Path dir, int seed, String order, int millisA, int millisB) throws Exception {
        return run(dir, seed, order, millisA, millisB, "repeat: 12");
    }

    private static RunRecord run(Path dir, int seed, String order, int millisA, int millisB, String more) throws Exception {
        Files.createDirectories(dir);
        Path file = dir.resolve("drift.yaml");
        // two servers at two addresses, never reached: the simulated machine answers for them
        Files.writeString(file, """
                name: drift
                warmup: none
                order: %s
                seed: %d
                baseline: A
                %s
                targets:
                  - { label: A, url: "http://127.0.0.1:1/a", protocol: plain }
                  - { label: B, url: "http://127.0.0.2:1/b", protocol: plain }
                load:
                  - { users: 4, duration: 1s }
                  - { users: 8, duration: 1s }
                """.formatted(order, seed, more));
        Suite suite = SuiteReader.read(file);
        try (DriftingMachine machine = new DriftingMachine(seed, millisA, millisB)) {
            try (PointSession session = PointSession.of(new PointSession.Settings(null, false, false)).sharing(machine)
                    .placing(suite.cpus()).open()) {
                return new SuiteRunner(StackCatalog.in(dir), new Quiet(), 0, List.of())
                        .run(suite, Files.createDirectories(dir.resolve("out")), "test", session);
            }
        }
    }

    /** The simulated machine: each point advances its clock by the point's length and a second between points. */
    private static final class DriftingMachine implements LoadDriver {
        private final Random noise;
        private final int millisA;
        private final int millisB;
        private double clock;

        DriftingMachine(int seed, int millisA, int millisB) {
            this.noise = new Random(seed);
            this.millisA = millisA;
            this.millisB = millisB;
            this.clock = 60.0 * noise.nextDouble(); // each seed meets the machine in another phase
        }

        @Override
        public Measurement run(Target target, LoadSpec spec, ProgressListener progress) {
            double seconds = spec.duration().toNanos() / 1e9;
            double drift = 1 + 0.2 * Math.sin(2 * Math.PI * (clock + seconds / 2) / 60);
            double service = (target.label().equals("A") ? millisA : millisB) / 1000.0 * drift
                    * Math.exp(0.02 * noise.nextGaussian());
            long answered = Math.round(spec.connections() / service * seconds);
            clock += seconds + 1;
            Histogram latencies = new Histogram(3);
            latencies.recordValueWithCount(Math.round(service * 1e6), answered);
            return new Measurement(latencies, answered, answered, ErrorCounts.NONE, answered * 100, answered * 100,
                    answered, seconds, List.of(), null, null);
        }

        @Override
        public void abort(String why) {
        }

        @Override
        public String describe() {
            return "a simulated drifting machine";
        }

        @Override
        public void close() {
        }
    }

    private static final class Quiet implements RunEvents {
        @Override
        public void stackStarting(String stack) {
        }

        @Override
        public void stackReady(String stack, String version, String url, long pid) {
        }

        @Override
        public void warmup(String target, long requests) {
        }

        @Override
        public ProgressListener pointStarting(String label, int index, int total) {
            return ProgressListener.NONE;
        }

        @Override
        public void pointDone(PointRecord point) {
        }

        @Override
        public void problem(String message) {
        }
    }
}
