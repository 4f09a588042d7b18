package io.wsbench.model.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two-level intervals hold their coverage on a simulated machine whose every server process
 * draws its speed once, at start (lognormal, 6%), with noise from round to round (3%) and a machine
 * that drifts (±10% over the rounds, both sides of a round alike): across 1,000 pairs of runs, each
 * run starting its own processes. The round-only interval of one process a server, what wsbench
 * printed before, is shown to cover far less.
 */
class LevelsTest {

    private static final int PAIRS = 1000;
    private static final double INSTANCE = 0.06;
    private static final double ROUND = 0.03;
    private static final double TRUTH = 0.9;

    /** One simulated run: A and B, {@code k} fresh processes each, {@code rounds} rounds. */
    private static ByInstance[] run(Random random, int k, int rounds, double truth) {
        double[] speedA = new double[k];
        double[] speedB = new double[k];
        for (int i = 0; i < k; i++) {
            speedA[i] = Math.exp(INSTANCE * random.nextGaussian());
            speedB[i] = Math.exp(INSTANCE * random.nextGaussian());
        }
        List<ByInstance.Value> a = new ArrayList<>();
        List<ByInstance.Value> b = new ArrayList<>();
        double phase = random.nextDouble() * 6;
        for (int r = 1; r <= rounds; r++) {
            double machine = Math.exp(0.10 * Math.sin(phase + r));
            for (int i = 0; i < k; i++) {
                a.add(new ByInstance.Value(i + 1, r, 1000 * machine * speedA[i] * Math.exp(ROUND * random.nextGaussian())));
                b.add(new ByInstance.Value(i + 1, r, 1000 * truth * machine * speedB[i] * Math.exp(ROUND * random.nextGaussian())));
            }
        }
        return new ByInstance[]{ByInstance.of(a), ByInstance.of(b)};
    }

    @Test
    void theIntervalHoldsBothLevelsAcrossRuns() {
        for (int k : new int[]{3, 5}) {
            Random random = new Random(64 + k);
            int covered = 0;
            int differenceCovered = 0;
            int medianInOther = 0;
            for (int pair = 0; pair < PAIRS; pair++) {
                ByInstance[] one = run(random, k, 6, TRUTH);
                ByInstance[] two = run(random, k, 6, TRUTH);
                Estimate e1 = Levels.ratio(one[0], one[1], Estimate.CONFIDENCE);
                Estimate e2 = Levels.ratio(two[0], two[1], Estimate.CONFIDENCE);
                assertEquals(k, e1.n());
                covered += e1.holds(TRUTH) ? 1 : 0;
                medianInOther += e1.holds(e2.median()) ? 1 : 0;
                // compare's interval of the two runs' ratios, their instances as units: the truth is no difference
                Estimate difference = Ratios.unpaired(Levels.unitRatios(one[0], one[1]), Levels.unitRatios(two[0], two[1]));
                differenceCovered += difference.holds(1.0) ? 1 : 0;
            }
            double coverage = covered / (double) PAIRS;
            double across = differenceCovered / (double) PAIRS;
            assertTrue(Math.abs(coverage - 0.95) <= 0.03, k + " instances: coverage of the truth " + coverage);
            assertTrue(Math.abs(across - 0.95) <= 0.03, k + " instances: coverage of the across-runs difference " + across);
            // a second run's median inside the first's 95% interval: about 83% for honest intervals (its
            // estimate has the same spread again), never 95%
            assertTrue(medianInOther / (double) PAIRS > 0.75, k + " instances: second medians inside " + medianInOther);
        }
    }

    @Test
    void theRoundOnlyIntervalOfOneProcessCoversFarLess() {
        Random random = new Random(7);
        int covered = 0;
        int differenceCovered = 0;
        for (int pair = 0; pair < PAIRS; pair++) {
            // what a run measured before instances: one process a server, 13 rounds (seed 001's runs)
            ByInstance[] one = run(random, 1, 13, TRUTH);
            ByInstance[] two = run(random, 1, 13, TRUTH);
            Estimate e1 = Levels.ratio(one[0], one[1], Estimate.CONFIDENCE);
            assertTrue(e1.method().contains(Levels.ONE_PROCESS), e1.method());
            covered += e1.holds(TRUTH) ? 1 : 0;
            Estimate difference = Ratios.unpaired(Levels.unitRatios(one[0], one[1]), Levels.unitRatios(two[0], two[1]));
            differenceCovered += difference.holds(1.0) ? 1 : 0;
        }
        // 6% a process against 3% a round: a 95% interval of the rounds holds the truth about a third of the time
        assertTrue(covered / (double) PAIRS < 0.5, "round-only coverage of the truth " + covered);
        assertTrue(differenceCovered / (double) PAIRS < 0.4, "round-only coverage of the across-runs difference " + differenceCovered);
    }

    @Test
    void aHierarchicalBootstrapOfThreeInstancesFallsShort() {
        // why Levels uses t over the instances: resampling 3 instances (then their rounds) covers far less than 95%
        Random random = new Random(11);
        int covered = 0;
        int trials = 400;
        for (int trial = 0; trial < trials; trial++) {
            ByInstance[] one = run(random, 3, 6, TRUTH);
            double[] d = Levels.unitRatios(one[0], one[1]);
            double[] boot = new double[999];
            for (int j = 0; j < boot.length; j++) {
                double s = 0;
                for (int i = 0; i < d.length; i++) {
                    s += Math.log(d[random.nextInt(d.length)]);
                }
                boot[j] = s / d.length;
            }
            java.util.Arrays.sort(boot);
            if (Math.exp(boot[24]) <= TRUTH && TRUTH <= Math.exp(boot[974])) {
                covered++;
            }
        }
        assertTrue(covered / (double) trials < 0.85, "bootstrap coverage " + covered / (double) trials);
    }

    @Test
    void twoCopiesOfOneServerAreCalledDifferentInAtMostOneRunOfSix() {
        // item 7: an A/A suite run 6 times; each run starts its own processes of both copies
        Random random = new Random(2026);
        int batches = 500;
        int tooMany = 0;
        for (int batch = 0; batch < batches; batch++) {
            int different = 0;
            for (int run = 0; run < 6; run++) {
                ByInstance[] aa = run(random, 3, 6, 1.0);
                Estimate e = Levels.ratio(aa[0], aa[1], Estimate.CONFIDENCE);
                different += e.low() > 1 || e.high() < 1 ? 1 : 0;
            }
            tooMany += different >= 2 ? 1 : 0;
        }
        // at 5% a run, two or more of six in 3.3% of batches
        assertTrue(tooMany / (double) batches <= 0.06, "batches calling A/A different twice or more: " + tooMany);
    }

    @Test
    void instancesOfOneServerPairTheirOwnRounds() {
        // two targets of one process share its speed: instance 2 is 10% faster on both, the ratio is exact
        SortedMap<Integer, SortedMap<Integer, Double>> a = new TreeMap<>();
        SortedMap<Integer, SortedMap<Integer, Double>> b = new TreeMap<>();
        for (int i = 1; i <= 3; i++) {
            a.put(i, new TreeMap<>());
            b.put(i, new TreeMap<>());
            for (int r = 1; r <= 4; r++) {
                double speed = (i == 2 ? 1.1 : 1.0) * (1 + 0.01 * r);
                a.get(i).put(r, 100 * speed);
                b.get(i).put(r, 80 * speed);
            }
        }
        Estimate e = Levels.ratio(new ByInstance(a), new ByInstance(b), Estimate.CONFIDENCE);
        assertEquals(0.8, e.median(), 1e-9);
        assertEquals(0.8, e.low(), 1e-9);
        assertEquals(0.8, e.high(), 1e-9);
        assertTrue(e.method().startsWith("Student's t over 3 instances"), e.method());
        assertEquals(0.05, new ByInstance(a).instanceSpread(), 0.002);
    }

    @Test
    void oneProcessASideSaysWhatItHolds() {
        SortedMap<Integer, Double> rounds = new TreeMap<>();
        for (int r = 1; r <= 6; r++) {
            rounds.put(r, 100.0 + r);
        }
        Estimate own = Levels.centre(ByInstance.ofRounds(rounds));
        assertTrue(own.method().endsWith(Levels.ONE_PROCESS), own.method());
        // a URL (one process) against a baseline of three: B's process noise is not held, and it is said
        SortedMap<Integer, SortedMap<Integer, Double>> three = new TreeMap<>();
        for (int i = 1; i <= 3; i++) {
            SortedMap<Integer, Double> m = new TreeMap<>();
            for (int r = 1; r <= 6; r++) {
                m.put(r, 200.0 + i + r);
            }
            three.put(i, m);
        }
        Estimate e = Levels.ratio(new ByInstance(three), ByInstance.ofRounds(rounds), Estimate.CONFIDENCE);
        assertEquals(3, e.n());
        assertTrue(e.method().contains("B is one process"), e.method());
        assertTrue(e.bounded());
        // one instance with nothing to pair gives no interval, not a false one
        Estimate none = Levels.tOverInstances(new double[]{0.1}, Estimate.CONFIDENCE, "");
        assertFalse(none.bounded());
        assertNull(none.low());
    }
}
