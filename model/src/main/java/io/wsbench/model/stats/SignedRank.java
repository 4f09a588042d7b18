package io.wsbench.model.stats;

import java.util.Arrays;

/**
 * Wilcoxon's signed-rank statistic, exactly: its distribution for n values, and the Hodges–Lehmann
 * estimate of a symmetric distribution's centre with the interval the test inverts to (the Walsh
 * averages between two order statistics). Distribution-free for any symmetric noise, and exact at
 * any n: its coverage is at least the asked confidence, where a percentile bootstrap of a handful of
 * values falls short of it. A 95% interval needs 6 values at least (with 5, the narrowest two-sided
 * test has p = 1/16).
 */
public final class SignedRank {

    /** The fewest values that give a two-sided 95% interval. */
    public static final int FEWEST = 6;

    private SignedRank() {
    }

    /**
     * P(T+ <= t) for t = 0..n(n+1)/2, T+ the sum of the ranks of the positive values among n values
     * symmetric around 0: each rank is in the sum or not, with probability 1/2 each.
     */
    static double[] cdf(int n) {
        int max = n * (n + 1) / 2;
        double[] p = new double[max + 1];
        p[0] = 1;
        int reach = 0;
        for (int rank = 1; rank <= n; rank++) {
            reach += rank;
            for (int t = reach; t >= rank; t--) {
                p[t] = (p[t] + p[t - rank]) / 2;
            }
            for (int t = rank - 1; t >= 0; t--) {
                p[t] /= 2;
            }
        }
        for (int t = 1; t <= max; t++) {
            p[t] += p[t - 1];
        }
        return p;
    }

    /**
     * How many Walsh averages lie outside the interval on each side plus one (k: the interval is the
     * k-th smallest to the k-th largest), the largest k with P(T+ <= k - 1) <= (1 - confidence) / 2;
     * 0 when no k holds (too few values).
     */
    static int depth(int n, double confidence) {
        double tail = (1 - confidence) / 2;
        double[] cdf = cdf(n);
        int k = 0;
        while (k < cdf.length && cdf[k] <= tail + 1e-12) {
            k++;
        }
        return k;
    }

    /**
     * The centre of {@code x}'s distribution, assumed symmetric: its estimate is the sample median
     * (what a reader expects of "the median of the rounds"), its 95% interval the one of Wilcoxon's
     * signed-rank test. Fewer than {@link #FEWEST} values: no interval.
     */
    public static Estimate centre(double[] x) {
        return centre(x, Estimate.CONFIDENCE);
    }

    /** As {@link #centre(double[])}, its interval at {@code confidence}; too few values for it: none. */
    public static Estimate centre(double[] x, double confidence) {
        int n = x.length;
        double median = median(x);
        int k = n < FEWEST ? 0 : depth(n, confidence);
        if (k == 0) {
            return Estimate.without(median, n, n + " values: too few for a distribution-free interval at "
                    + Ratios.percent(confidence) + " (95% needs " + FEWEST + ")");
        }
        double[] walsh = new double[n * (n + 1) / 2];
        int w = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                walsh[w++] = (x[i] + x[j]) / 2;
            }
        }
        Arrays.sort(walsh);
        return new Estimate(median, walsh[k - 1], walsh[walsh.length - k], n, METHOD);
    }

    /** How {@link #centre} computes its interval, for run.json and the report. */
    public static final String METHOD = "Wilcoxon signed-rank 95% interval (exact)";

    static double median(double[] x) {
        if (x.length == 0) {
            return Double.NaN;
        }
        double[] v = x.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
