package io.wsbench.model.stats;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;

/**
 * Intervals that hold both levels of a run's noise: the rounds within one server process, and the
 * processes of one build (Kalibera and Jones, "Rigorous benchmarking in reasonable time", ISMM 2013).
 * A process's speed is drawn once, at its start (its layout, its JIT's choices): the rounds of one
 * process, however many, tell nothing of it, and an interval made of rounds alone is as narrow as
 * if every run started the same process.
 * <p>
 * Each instance is reduced to one value first, its mean log over its rounds (for a ratio, its rounds'
 * log ratios, each B paired with the A of its own round, so that the machine's drift cancels), and
 * the interval is Student's t over those k values with k − 1 degrees of freedom: Kalibera and Jones's
 * two-level interval, whose variance is that of the instances' means, which holds the process's
 * variance plus the rounds' over their number, whatever share each has. It is exact when the logs are
 * normal at both levels, and needs no assumption on how many rounds each instance had.
 * <p>
 * Why not a hierarchical bootstrap (instances, then rounds within them): with 2 or 3 instances it has
 * 3 or 10 distinct resamples of the upper level, and its variance is short by (k − 1)/k besides, so its
 * 95% covered 74.8% with 3 instances (LevelsTest). t with k − 1 degrees of freedom is honest with few
 * instances, at the price of width: a half width of 12.7 standard errors at k = 2, 4.3 at k = 3, 2.8 at k = 5. Instance i of A is
 * paired with instance i of B: the same process when both rows are one server's targets (its speed
 * then cancels), two independent processes otherwise (still exact, with k − 1 degrees of freedom).
 * <p>
 * A side of one process (a URL wsbench did not start, or {@code instances: 1}) cannot tell its process
 * noise: its figures fall back to the rounds alone ({@link Ratios}), and the method says so.
 */
public final class Levels {

    /** The method of a two-level interval, {@code %d} the instances. */
    public static final String METHOD = "Student's t over %d instances' means (two levels: processes, then rounds; 95%%)";
    /** Said of an interval made of one process's rounds. */
    public static final String ONE_PROCESS = "one process: holds the noise between its rounds, not between processes";

    private Levels() {
    }

    /**
     * B/A with an interval holding both levels: instance i's rounds' log ratios (each B over the A of
     * its round) averaged, then Student's t over the instances. Both sides of one process: the rounds
     * paired ({@link Ratios#pairedByRound}), said to hold one process's noise only.
     */
    public static Estimate ratio(ByInstance a, ByInstance b, double confidence) {
        if (a.instances() <= 1 && b.instances() <= 1) {
            Estimate e = Ratios.pairedByRound(a.firstByRound(), b.firstByRound(), confidence);
            return new Estimate(e.median(), e.low(), e.high(), e.n(), e.method() + "; " + ONE_PROCESS);
        }
        List<Double> d = new ArrayList<>();
        String note = "";
        if (a.instances() >= 2 && b.instances() >= 2) {
            for (var e : a.values().entrySet()) {
                SortedMap<Integer, Double> other = b.values().get(e.getKey());
                if (other != null) {
                    add(d, meanLogRatio(e.getValue(), other));
                }
            }
        } else {
            // one side is one process: each instance of the other against it, so its own process noise is not held
            boolean aOne = a.instances() <= 1;
            SortedMap<Integer, Double> one = aOne ? a.firstByRound() : b.firstByRound();
            for (SortedMap<Integer, Double> rounds : (aOne ? b : a).values().values()) {
                add(d, aOne ? meanLogRatio(one, rounds) : meanLogRatio(rounds, one));
            }
            note = "; " + (aOne ? "A" : "B") + " is one process: the noise between its processes is not held";
        }
        return tOverInstances(d.stream().mapToDouble(Double::doubleValue).toArray(), confidence, note);
    }

    /**
     * A row's own figure with an interval holding both levels: the geometric mean of its instances'
     * geometric means, Student's t over the instances. One process: the median of its rounds with
     * {@link Ratios#median}'s interval, said to hold one process's noise only.
     */
    public static Estimate centre(ByInstance x) {
        if (x.instances() <= 1) {
            Estimate e = Ratios.median(x.all());
            return e.bounded() ? new Estimate(e.median(), e.low(), e.high(), e.n(), e.method() + "; " + ONE_PROCESS) : e;
        }
        double[] logs = x.instanceMeans().values().stream().mapToDouble(Math::log).toArray();
        return tOverInstances(logs, Estimate.CONFIDENCE, "");
    }

    /**
     * The values a row contributes to a comparison of two runs made apart ({@link Ratios#unpaired}):
     * each instance's geometric mean when it has several (the instances are what another run would
     * draw anew), else each round's value.
     */
    public static double[] units(ByInstance x) {
        return x.instances() >= 2 ? x.instanceMeans().values().stream().mapToDouble(Double::doubleValue).toArray() : x.all();
    }

    /**
     * Each instance's B/A (the geometric mean of its rounds' ratios, each B over the A of its round)
     * when both have several instances, else each round's B/A of the first instance: the units of
     * a ratio compared between two runs made apart.
     */
    public static double[] unitRatios(ByInstance a, ByInstance b) {
        List<Double> d = new ArrayList<>();
        if (a.instances() >= 2 && b.instances() >= 2) {
            a.values().forEach((i, rounds) -> {
                SortedMap<Integer, Double> other = b.values().get(i);
                if (other != null) {
                    add(d, meanLogRatio(rounds, other));
                }
            });
            return d.stream().mapToDouble(Math::exp).toArray();
        }
        SortedMap<Integer, Double> ra = a.firstByRound();
        SortedMap<Integer, Double> rb = b.firstByRound();
        return rb.entrySet().stream().filter(e -> ra.containsKey(e.getKey()) && ra.get(e.getKey()) > 0)
                .mapToDouble(e -> e.getValue() / ra.get(e.getKey())).toArray();
    }

    /** The mean of log(b/a) over the rounds both measured, or NaN when they share none. */
    static double meanLogRatio(SortedMap<Integer, Double> a, SortedMap<Integer, Double> b) {
        double sum = 0;
        int n = 0;
        for (var e : b.entrySet()) {
            Double av = a.get(e.getKey());
            double bv = e.getValue();
            if (av != null && av > 0 && bv > 0 && Double.isFinite(av) && Double.isFinite(bv)) {
                sum += Math.log(bv / av);
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private static void add(List<Double> d, double v) {
        if (Double.isFinite(v)) {
            d.add(v);
        }
    }

    /** exp of the mean of {@code logs} with Student's t over them (k − 1 degrees of freedom). */
    static Estimate tOverInstances(double[] logs, double confidence, String note) {
        int k = logs.length;
        if (k == 0) {
            return Estimate.without(Double.NaN, 0, "no instance measured both");
        }
        double mean = Arrays.stream(logs).average().orElseThrow();
        if (k < 2) {
            return Estimate.without(Math.exp(mean), 1, "1 instance: no interval" + note);
        }
        double s = 0;
        for (double v : logs) {
            s += (v - mean) * (v - mean);
        }
        double se = Math.sqrt(s / (k - 1) / k);
        double q = new TDistribution(null, k - 1).inverseCumulativeProbability(0.5 + confidence / 2);
        String method = String.format(java.util.Locale.ROOT, METHOD, k);
        if (confidence != Estimate.CONFIDENCE) {
            method = method.replace("95%", Ratios.percent(confidence));
        }
        return new Estimate(Math.exp(mean), Math.exp(mean - q * se), Math.exp(mean + q * se), k, method + note);
    }
}
