package io.wsbench.model.stats;

import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.Arrays;

/**
 * The intervals wsbench prints beside its ratios and figures. Throughputs and latencies vary by
 * factors, so every ratio is worked on logarithms and given back as a ratio.
 * <ul>
 * <li>{@link #paired}: B/A where each B was measured beside its A (one round, minutes apart at
 * most): the rounds' ratios, their median, and Wilcoxon's signed-rank interval (6 rounds or more:
 * exact and distribution-free for any noise symmetric on the log scale); with 2–5 rounds Student's
 * t on the logs, exact for lognormal noise only, and said so.</li>
 * <li>{@link #unpaired}: B/A of two sets measured apart (two runs): Welch's t on the logs, which
 * holds its coverage with 3 values a side where a percentile bootstrap of 3 values does not; it
 * covers the repeats' noise, never a drift of the machine between the runs.</li>
 * <li>{@link #median}: one row's own figure: the median with the order-statistic (sign test)
 * interval from 6 values; below that, the geometric mean's t interval.</li>
 * </ul>
 */
public final class Ratios {

    public static final String T_ON_LOGS = "Student's t on the logs (95%; fewer than 6 rounds: exact for lognormal noise only)";
    public static final String WELCH = "Welch's t on the logs (95%; unpaired: runs made apart)";
    public static final String SIGN = "order statistics around the median (sign test, 95%, exact)";

    private Ratios() {
    }

    /** B/A of {@code a[i]} and {@code b[i]}, measured together in round i; pairs with a non-positive side are left out. */
    public static Estimate paired(double[] a, double[] b) {
        return paired(a, b, Estimate.CONFIDENCE);
    }

    /**
     * The confidence each of {@code m} intervals needs so that all {@code m} hold together at 95%
     * (Bonferroni): a verdict on each of m rows then calls a row different when none is in 1 try of
     * 20 at most, where m separate 95% intervals would in 1 of 3 for m = 8.
     */
    public static double simultaneous(int m) {
        return m <= 1 ? Estimate.CONFIDENCE : 1 - (1 - Estimate.CONFIDENCE) / m;
    }

    /** "99.4%": a confidence as people read it. */
    public static String percent(double confidence) {
        return java.math.BigDecimal.valueOf(confidence * 100).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString() + "%";
    }

    /**
     * B/A of two figures kept by round (round number to value): the rounds both have, paired
     * ({@link #paired(double[], double[], double)}), its interval at {@code confidence}.
     */
    public static Estimate pairedByRound(java.util.Map<Integer, Double> a, java.util.Map<Integer, Double> b, double confidence) {
        java.util.List<Integer> both = a.keySet().stream().filter(b::containsKey).sorted().toList();
        return paired(both.stream().mapToDouble(a::get).toArray(), both.stream().mapToDouble(b::get).toArray(), confidence);
    }

    /** {@link #paired(double[], double[])} with its interval at {@code confidence}. */
    public static Estimate paired(double[] a, double[] b, double confidence) {
        int n = Math.min(a.length, b.length);
        double[] logs = new double[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (a[i] > 0 && b[i] > 0 && Double.isFinite(a[i]) && Double.isFinite(b[i])) {
                logs[m++] = Math.log(b[i] / a[i]);
            }
        }
        logs = Arrays.copyOf(logs, m);
        if (m == 0) {
            return Estimate.without(Double.NaN, 0, "no round measured both");
        }
        if (m >= SignedRank.FEWEST) {
            Estimate e = SignedRank.centre(logs, confidence);
            if (e.bounded()) {
                return new Estimate(Math.exp(e.median()), Math.exp(e.low()), Math.exp(e.high()), m,
                        confidence == Estimate.CONFIDENCE ? SignedRank.METHOD : SignedRank.METHOD.replace("95%", percent(confidence)));
            }
        }
        double median = Math.exp(SignedRank.median(logs));
        if (m < 2) {
            return Estimate.without(median, m, "1 round: no interval");
        }
        double[] t = tInterval(logs, confidence);
        return new Estimate(median, Math.exp(t[0]), Math.exp(t[1]), m, confidence == Estimate.CONFIDENCE ? T_ON_LOGS
                : "Student's t on the logs (" + percent(confidence) + "; too few rounds for a distribution-free interval at it:"
                + " exact for lognormal noise only)");
    }

    /** B/A of the geometric means of {@code b} and {@code a}, measured apart. */
    public static Estimate unpaired(double[] a, double[] b) {
        return unpaired(a, b, Estimate.CONFIDENCE);
    }

    /** {@link #unpaired(double[], double[])} with its interval at {@code confidence}. */
    public static Estimate unpaired(double[] a, double[] b, double confidence) {
        double[] la = logs(a);
        double[] lb = logs(b);
        double ma = mean(la);
        double mb = mean(lb);
        double ratio = Math.exp(mb - ma);
        if (la.length < 2 || lb.length < 2) {
            return Estimate.without(ratio, Math.min(la.length, lb.length),
                    "no interval: " + (la.length < 2 ? "A" : "B") + " has fewer than 2 repeats");
        }
        double va = variance(la, ma) / la.length;
        double vb = variance(lb, mb) / lb.length;
        double se = Math.sqrt(va + vb);
        String method = confidence == Estimate.CONFIDENCE ? WELCH : WELCH.replace("95%", percent(confidence));
        if (se == 0) {
            return new Estimate(ratio, ratio, ratio, Math.min(la.length, lb.length), method);
        }
        // Welch–Satterthwaite degrees of freedom
        double df = (va + vb) * (va + vb) / (va * va / (la.length - 1) + vb * vb / (lb.length - 1));
        double q = new TDistribution(null, df).inverseCumulativeProbability(0.5 + confidence / 2);
        return new Estimate(ratio, Math.exp(mb - ma - q * se), Math.exp(mb - ma + q * se),
                Math.min(la.length, lb.length), method);
    }

    /** One figure's median with its 95% interval. */
    public static Estimate median(double[] x) {
        int n = x.length;
        double median = SignedRank.median(x);
        if (n < 2) {
            return Estimate.without(median, n, n == 0 ? "nothing measured" : "1 value: no interval");
        }
        if (n < SignedRank.FEWEST) {
            double[] logs = logs(x);
            if (logs.length < 2) {
                return Estimate.without(median, n, "no interval: values not positive");
            }
            double[] t = tInterval(logs);
            return new Estimate(median, Math.exp(t[0]), Math.exp(t[1]), n, T_ON_LOGS);
        }
        double[] v = x.clone();
        Arrays.sort(v);
        BinomialDistribution half = new BinomialDistribution(null, n, 0.5);
        int k = 0; // the largest k with P(Bin(n, 1/2) <= k - 1) <= 2.5%
        while (k < n && half.cumulativeProbability(k) <= (1 - Estimate.CONFIDENCE) / 2 + 1e-12) {
            k++;
        }
        return new Estimate(median, v[k - 1], v[n - k], n, SIGN);
    }

    /** The mean of {@code logs} with its 95% t interval. */
    private static double[] tInterval(double[] logs) {
        return tInterval(logs, Estimate.CONFIDENCE);
    }

    private static double[] tInterval(double[] logs, double confidence) {
        int n = logs.length;
        double m = mean(logs);
        double se = Math.sqrt(variance(logs, m) / n);
        double q = new TDistribution(null, n - 1).inverseCumulativeProbability(0.5 + confidence / 2);
        return new double[]{m - q * se, m + q * se};
    }

    private static double[] logs(double[] x) {
        return Arrays.stream(x).filter(v -> v > 0 && Double.isFinite(v)).map(Math::log).toArray();
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElse(Double.NaN);
    }

    private static double variance(double[] x, double mean) {
        double s = 0;
        for (double v : x) {
            s += (v - mean) * (v - mean);
        }
        return x.length < 2 ? 0 : s / (x.length - 1);
    }
}
