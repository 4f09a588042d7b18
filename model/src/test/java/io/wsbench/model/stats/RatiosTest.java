package io.wsbench.model.stats;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The intervals hold the coverage they claim on simulated measurements: a known ratio, lognormal
 * noise, 1,000 trials each (95% ± 3%).
 */
class RatiosTest {

    private static final int TRIALS = 1000;

    @Test
    void signedRankDistributionIsExact() {
        // n = 3: T+ takes 0..6 with counts 1,1,1,2,1,1,1 over 8 sign patterns
        double[] cdf = SignedRank.cdf(3);
        assertEquals(1 / 8.0, cdf[0], 1e-12);
        assertEquals(3 / 8.0, cdf[2], 1e-12);
        assertEquals(5 / 8.0, cdf[3], 1e-12);
        assertEquals(1.0, cdf[6], 1e-12);
        // tables: n = 6 gives only [min, max] (p = 2/64), n = 10 cuts 8 Walsh averages a side, n = 20 cuts 52
        assertEquals(1, SignedRank.depth(6, 0.95));
        assertEquals(0, SignedRank.depth(5, 0.95));
        assertEquals(9, SignedRank.depth(10, 0.95));
        assertEquals(53, SignedRank.depth(20, 0.95));
    }

    @Test
    void pairedRatioCoversTheTrueRatio() {
        for (int rounds : new int[]{4, 6, 10, 20}) {
            Random random = new Random(rounds);
            int covered = 0;
            for (int trial = 0; trial < TRIALS; trial++) {
                double[] a = new double[rounds];
                double[] b = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    // the machine's phase moves both sides of a round alike: only the pair's own noise remains
                    double phase = Math.exp(0.15 * Math.sin(r));
                    a[r] = 1000 * phase * Math.exp(0.05 * random.nextGaussian());
                    b[r] = 833.3 * phase * Math.exp(0.05 * random.nextGaussian());
                }
                Estimate e = Ratios.paired(a, b);
                assertEquals(rounds, e.n());
                if (e.holds(0.8333)) {
                    covered++;
                }
            }
            double coverage = covered / (double) TRIALS;
            assertTrue(Math.abs(coverage - 0.95) <= 0.03, rounds + " rounds: coverage " + coverage);
        }
    }

    @Test
    void unpairedRatioOfThreeRepeatsCoversTheTrueRatio() {
        Random random = new Random(7);
        int covered = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            double[] a = new double[3];
            double[] b = new double[3];
            for (int r = 0; r < 3; r++) {
                a[r] = 5000 * Math.exp(0.08 * random.nextGaussian());
                b[r] = 5000 * Math.exp(0.08 * random.nextGaussian());
            }
            if (Ratios.unpaired(a, b).holds(1.0)) {
                covered++;
            }
        }
        double coverage = covered / (double) TRIALS;
        assertTrue(Math.abs(coverage - 0.95) <= 0.03, "coverage " + coverage);
    }

    @Test
    void medianIntervalCoversTheTrueMedian() {
        for (int n : new int[]{3, 6, 20}) {
            Random random = new Random(n);
            int covered = 0;
            for (int trial = 0; trial < TRIALS; trial++) {
                double[] x = new double[n];
                for (int i = 0; i < n; i++) {
                    x[i] = 4000 * Math.exp(0.1 * random.nextGaussian());
                }
                if (Ratios.median(x).holds(4000)) {
                    covered++;
                }
            }
            double coverage = covered / (double) TRIALS;
            // the sign test's is exact but discrete: 96.9% at 6 values, 95.9% at 20; t on the logs exact at 3
            assertTrue(coverage >= 0.92 && coverage <= 0.99, n + " values: coverage " + coverage);
        }
    }

    @Test
    void whatCannotGiveAnIntervalSaysSo() {
        Estimate one = Ratios.paired(new double[]{100}, new double[]{90});
        assertEquals(0.9, one.median(), 1e-9);
        assertNull(one.low());
        assertFalse(one.bounded());
        assertEquals(Double.POSITIVE_INFINITY, one.relativeHalfWidth());
        assertTrue(Ratios.unpaired(new double[]{1}, new double[]{1, 2}).method().contains("A has fewer than 2"));
        Estimate six = Ratios.paired(new double[]{1, 1, 1, 1, 1, 1}, new double[]{2, 3, 4, 5, 6, 7});
        // six rounds: the interval is the smallest to the largest ratio
        assertEquals(2, six.low(), 1e-9);
        assertEquals(7, six.high(), 1e-9);
        assertEquals(Math.sqrt(4 * 5), six.median(), 1e-9); // the middle two ratios' geometric mean
        assertEquals(SignedRank.METHOD, six.method());
    }

    /**
     * An A/A comparison of 8 rows (every B the same as its A, lognormal noise of 10% a round, 20 rounds):
     * with 8 separate 95% intervals about a third of the tries call some row different; with the
     * simultaneous ones (each at 99.4%) at most 1 try in 20 does, and 19 of the first 20 tries call none.
     */
    @Test
    void simultaneousIntervalsCallNoRowOfAnAaRunDifferentIn19Of20Tries() {
        int rows = 8;
        int tries = 2000;
        int separate = 0;
        int together = 0;
        int firstTwenty = 0;
        for (int t = 0; t < tries; t++) {
            java.util.Random random = new java.util.Random(1000 + t);
            boolean anySeparate = false;
            boolean anyTogether = false;
            for (int r = 0; r < rows; r++) {
                double[] a = new double[20];
                double[] b = new double[20];
                for (int i = 0; i < 20; i++) {
                    double machine = Math.exp(0.15 * random.nextGaussian()); // the round's phase, shared by A and B
                    a[i] = 5000 * machine * Math.exp(0.1 * random.nextGaussian());
                    b[i] = 5000 * machine * Math.exp(0.1 * random.nextGaussian());
                }
                anySeparate |= !Ratios.paired(a, b).holds(1);
                anyTogether |= !Ratios.paired(a, b, Ratios.simultaneous(rows)).holds(1);
            }
            separate += anySeparate ? 1 : 0;
            together += anyTogether ? 1 : 0;
            if (t < 20 && !anyTogether) {
                firstTwenty++;
            }
        }
        assertEquals(0.99375, Ratios.simultaneous(rows), 1e-12);
        assertTrue(separate > tries / 5, "8 separate 95% intervals: some row 'different' in " + separate + " of " + tries);
        assertTrue(together <= tries / 20, "simultaneous: some row 'different' in " + together + " of " + tries);
        assertTrue(firstTwenty >= 19, "tries with no row called different, of the first 20: " + firstTwenty);
        assertEquals("99.4%", Ratios.percent(Ratios.simultaneous(rows)));
        assertTrue(Ratios.paired(new double[]{1, 1, 1, 1, 1, 1}, new double[]{2, 3, 4, 5, 6, 7}, 0.99375).method()
                .startsWith("Student's t on the logs (99.4%"), "6 rounds give no distribution-free interval at 99.4%: said");
    }
}
