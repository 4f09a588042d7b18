package io.wsbench.model.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Where one figure stepped across a series of runs (the throughput of one row over its last 20–40
 * runs, say), by E-Divisive means (Matteson &amp; James 2014, the method of MongoDB's
 * signal-processing-algorithms and of Apache Otava/Hunter): it makes no assumption about the noise's
 * shape and finds several steps in one series and where they are, where a t test has to be told
 * which runs to compare.
 * <p>
 * Each segment of the series (at first the whole) is split at the τ where the energy divergence of
 * runs [start, τ) against runs [τ, κ), {@code Q = mn/(m+n) · (2/(mn) Σ|x−y| − Σ|x−x'|/C(m,2) −
 * Σ|y−y'|/C(n,2))} (exponent 1), is largest over τ and κ; of all segments' best splits the largest is
 * tested by permutations (each segment's values shuffled within it, the largest Q of all segments
 * taken again) and kept while its p-value is at most alpha; then the segments are split again. A
 * permutation test is exact for any exchangeable noise, so a series without a step gives a change
 * point in a share alpha of series, whatever its noise.
 * <p>
 * κ is searched as the paper does, not held at the segment's end as MongoDB's library and Otava
 * hold it: with κ at the end a step that is undone later (a regression fixed some runs on) hides
 * itself, the more the larger it is: +5% over runs 13–26 of 40 (±3% noise) was found in 23% of
 * series and +20% in 6%, with κ searched in 98% and 100%. The search costs a step in the newest runs
 * some power: one of 5% in the last 3 of 30 runs is found at its run in 38% of series against 59%,
 * in the last 5 in 78% against 90%.
 * <p>
 * How sensitive it is (20 runs, step after run 10, the defaults): a step is found in 95% of series
 * from 5.5% with uniform ±3% noise and from 16% with lognormal noise of sd 5%, and placed within one
 * run of its place from 6% and 17%.
 * <p>
 * The series is worked on logarithms when all its values are positive: throughputs and latencies
 * vary by factors, and their noise grows with their level, so a 5% step is the same size before and
 * after an earlier 2× step, and the interval is of the ratio. Otherwise the values are worked as they
 * are, and the interval is of the difference over {@code before}.
 */
public final class ChangePoints {

    /**
     * The fewest runs on either side of a change point. Q needs 2 a side (one pair within each), but
     * a step in the last 2 runs is then found in 1% of series (5% step, ±3% noise, 30 runs); 3 finds
     * one in the last 3 runs in 4 series of 10 and gives each side a median that one odd run does not
     * move; 4 or 5 gain nothing in the middle and leave the newest runs unseen.
     */
    public static final int MIN_SIZE = 3;

    /**
     * The significance {@link #find(double[])} keeps a change point at: the share of steady rows that
     * show a false one. At 0.05 a report of 50 rows would show 2–3 false steps every time.
     */
    public static final double ALPHA = 0.01;

    /** The permutations of {@link #find(double[])}: a p-value of 1/1000 at best, fine enough for {@link #ALPHA}. */
    public static final int PERMUTATIONS = 999;

    /** How the interval of a step is computed, for the report. */
    public static final String METHOD = "Hodges–Lehmann shift of the logs, Mann–Whitney 95% interval (exact)";

    /**
     * A step in the series: {@code index} is the first run after it (0-based); {@code before} and
     * {@code after} the medians of the runs between it and the neighbouring change points (or the
     * ends); {@code step = after / before - 1}; {@code low}..{@code high} the 95% interval of the
     * relative step ({@link #METHOD}: the differences of every run after against every run before;
     * exact for any noise alike on both sides, where a bootstrap of a few runs a side falls short of
     * its coverage), NaN when the two sides are too short for one (3 against 4 runs, say);
     * {@code pValue} the permutation test's when it was found.
     */
    public record ChangePoint(int index, double before, double after, double step, double low, double high,
                              double pValue) {

        /** Whether the interval holds {@code step}; false without one. */
        public boolean holds(double step) {
            return low <= step && step <= high;
        }
    }

    private ChangePoints() {
    }

    /** {@link #find(double[], double, int, long)} at {@link #ALPHA} with {@link #PERMUTATIONS}, seed 1. */
    public static List<ChangePoint> find(double[] series) {
        return find(series, ALPHA, PERMUTATIONS, 1);
    }

    /**
     * The change points of {@code series}, in order of index; none when it is shorter than 2 ×
     * {@link #MIN_SIZE} or constant. A change point's p-value is (permutations whose largest Q reaches
     * the series' + 1) / (permutations + 1); the permutations are drawn from {@code new Random(seed)},
     * so the same series gives the same answer, and a test stops drawing once its p-value cannot reach
     * alpha.
     *
     * @throws IllegalArgumentException for a value that is not finite
     */
    public static List<ChangePoint> find(double[] series, double alpha, int permutations, long seed) {
        return find(series, MIN_SIZE, alpha, permutations, seed);
    }

    static List<ChangePoint> find(double[] series, int minSize, double alpha, int permutations, long seed) {
        if (minSize < 2 || permutations < 1 || !(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("minSize >= 2, permutations >= 1, 0 < alpha < 1");
        }
        boolean positive = true;
        for (double v : series) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("not a finite value: " + v);
            }
            positive &= v > 0;
        }
        int n = series.length;
        if (n < 2 * minSize) {
            return List.of();
        }
        double[] x = positive ? Arrays.stream(series).map(Math::log).toArray() : series.clone();
        Random random = new Random(seed);
        double[] w = new double[n];
        double[] head = new double[n];
        double[] inv = new double[n + 1];
        for (int k = 1; k <= n; k++) {
            inv[k] = 1.0 / k;
        }
        double[] shuffled = x.clone();
        TreeMap<Integer, Double> found = new TreeMap<>();
        while (true) {
            int[] bounds = bounds(found, n);
            Split best = Split.NONE;
            for (int s = 0; s + 1 < bounds.length; s++) {
                Split split = split(x, bounds[s], bounds[s + 1], minSize, w, head, inv);
                if (split.q > best.q) {
                    best = split;
                }
            }
            if (best.at < 0) {
                break; // no segment long enough, or all constant
            }
            // the same Q up to rounding counts as reached
            double reach = best.q * (1 - 1e-9);
            int atLeast = 0;
            boolean significant = true;
            System.arraycopy(x, 0, shuffled, 0, n);
            for (int p = 0; p < permutations; p++) {
                double max = 0;
                for (int s = 0; s + 1 < bounds.length; s++) {
                    shuffle(shuffled, bounds[s], bounds[s + 1], random);
                    max = Math.max(max, split(shuffled, bounds[s], bounds[s + 1], minSize, w, head, inv).q);
                }
                if (max >= reach) {
                    atLeast++;
                    if (atLeast + 1 > alpha * (permutations + 1)) {
                        significant = false;
                        break;
                    }
                }
            }
            if (!significant) {
                break;
            }
            found.put(best.at, (atLeast + 1.0) / (permutations + 1));
        }
        int[] bounds = bounds(found, n);
        List<ChangePoint> points = new ArrayList<>(found.size());
        for (int c = 1; c + 1 < bounds.length; c++) {
            points.add(point(series, x, positive, bounds[c - 1], bounds[c], bounds[c + 1], found.get(bounds[c])));
        }
        return List.copyOf(points);
    }

    /** Where {@code v[from..to)} splits best, and its Q; {@link Split#NONE} when it cannot split or is constant. */
    record Split(int at, double q) {
        static final Split NONE = new Split(-1, 0);
    }

    /**
     * The largest Q over the splits {@code v[from..tau)} against {@code v[tau..kappa)}, {@code kappa <=
     * to}, leaving {@code minSize} a side, in O(len²): as kappa moves right by one, each
     * {@code w[a] = Σ|v_i − v_k|, a <= i < k < kappa} grows by the distances of {@code v[kappa-1]} to
     * {@code v[a..kappa-1)}, a running sum from the right; {@code head[t]} keeps {@code w[from]} as it
     * was at kappa = t, the within-sum of the left side. {@code inv[k] = 1/k}.
     */
    static Split split(double[] v, int from, int to, int minSize, double[] w, double[] head, double[] inv) {
        if (to - from < 2 * minSize) {
            return Split.NONE;
        }
        Arrays.fill(w, from, to, 0);
        int at = -1;
        double best = 0;
        for (int kappa = from + 1; kappa <= to; kappa++) {
            int last = kappa - 1;
            double vl = v[last];
            double s = 0;
            for (int a = last - 1; a >= from; a--) {
                s += Math.abs(v[a] - vl);
                w[a] += s;
            }
            double all = w[from];
            if (kappa < to) {
                head[kappa] = all;
            }
            // Q = mn/(m+n) (2 cross/(mn) − 2 within/(m(m−1)) − 2 after/(n(n−1))), m + n = kappa − from
            double scale = 2 * inv[kappa - from];
            for (int tau = from + minSize; tau <= kappa - minSize; tau++) {
                int m = tau - from;
                int n = kappa - tau;
                double within = head[tau];
                double after = w[tau];
                double q = scale * (all - within - after - n * inv[m - 1] * within - m * inv[n - 1] * after);
                if (q > best) {
                    best = q;
                    at = tau;
                }
            }
        }
        return at < 0 ? Split.NONE : new Split(at, best);
    }

    /** Q of splitting {@code v} before {@code tau}, by its definition; for the tests. */
    static double divergence(double[] v, int tau) {
        int m = tau;
        int n = v.length - tau;
        double cross = 0;
        double a = 0;
        double b = 0;
        for (int i = 0; i < v.length; i++) {
            for (int k = i + 1; k < v.length; k++) {
                double d = Math.abs(v[i] - v[k]);
                if (k < tau) {
                    a += d;
                } else if (i >= tau) {
                    b += d;
                } else {
                    cross += d;
                }
            }
        }
        return (double) m * n / (m + n) * (2 * cross / ((double) m * n) - a / (m * (m - 1) / 2.0) - b / (n * (n - 1) / 2.0));
    }

    private static int[] bounds(Map<Integer, Double> found, int n) {
        int[] bounds = new int[found.size() + 2];
        int b = 1;
        for (int index : found.keySet()) {
            bounds[b++] = index;
        }
        bounds[b] = n;
        return bounds;
    }

    private static void shuffle(double[] v, int from, int to, Random random) {
        for (int i = to - 1; i > from; i--) {
            int j = from + random.nextInt(i - from + 1);
            double t = v[i];
            v[i] = v[j];
            v[j] = t;
        }
    }

    /** The change point at {@code at} between {@code series[from..at)} and {@code series[at..to)}. */
    private static ChangePoint point(double[] series, double[] x, boolean logs, int from, int at, int to, double p) {
        double before = SignedRank.median(Arrays.copyOfRange(series, from, at));
        double after = SignedRank.median(Arrays.copyOfRange(series, at, to));
        int m = at - from;
        int n = to - at;
        double low = Double.NaN;
        double high = Double.NaN;
        int k = depth(m, n, Estimate.CONFIDENCE);
        if (k > 0) {
            // the Hodges–Lehmann shift's interval: the k-th smallest and largest of the m·n differences
            double[] d = new double[m * n];
            int w = 0;
            for (int j = at; j < to; j++) {
                for (int i = from; i < at; i++) {
                    d[w++] = x[j] - x[i];
                }
            }
            Arrays.sort(d);
            if (logs) {
                low = Math.expm1(d[k - 1]);
                high = Math.expm1(d[d.length - k]);
            } else if (before != 0) {
                low = Math.min(d[k - 1] / before, d[d.length - k] / before);
                high = Math.max(d[k - 1] / before, d[d.length - k] / before);
            }
        }
        double step = before != 0 ? after / before - 1 : Double.NaN;
        return new ChangePoint(at, before, after, step, low, high, p);
    }

    /**
     * How many of the m·n differences lie outside the interval on each side plus one (the interval is
     * the k-th smallest to the k-th largest): the largest k with P(U <= k - 1) <= (1 - confidence) / 2
     * for the Mann–Whitney U of m against n values; 0 when no k holds (too few values). U's counts are
     * the coefficients of the Gaussian binomial [m+n choose m] in q, built as the product of
     * (1 − q^(b+i)) / (1 − q^i) for i = 1..a.
     */
    static int depth(int m, int n, double confidence) {
        int a = Math.min(m, n);
        int b = Math.max(m, n);
        int max = a * b;
        double[] count = new double[max + 1];
        count[0] = 1;
        for (int i = 1; i <= a; i++) {
            for (int u = i; u <= max; u++) {
                count[u] += count[u - i];
            }
            for (int u = max; u >= b + i; u--) {
                count[u] -= count[u - b - i];
            }
        }
        double total = 0;
        for (double c : count) {
            total += c;
        }
        double tail = (1 - confidence) / 2 * total;
        int k = 0;
        double below = count[0];
        while (k < max && below <= tail * (1 + 1e-12)) {
            k++;
            below += count[k];
        }
        return k;
    }
}
