package io.wsbench.report;

import io.wsbench.core.record.Summary;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A 95% confidence interval for the ratio of two medians, B over A, by the percentile bootstrap:
 * each side's repeats are resampled with replacement, apart, since the two runs are independent.
 */
final class Bootstrap {

    static final int RESAMPLES = 10_000;
    /** Fixed, so comparing the same two runs twice prints the same interval. */
    static final long SEED = 20_070_601L;

    private Bootstrap() {
    }

    /** {low, high} of the 95% interval of median(b) / median(a); needs two or more values on each side. */
    static double[] ratioOfMedians(double[] a, double[] b) {
        SplittableRandom random = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        double[] ra = new double[a.length];
        double[] rb = new double[b.length];
        for (int i = 0; i < RESAMPLES; i++) {
            ratios[i] = median(resample(b, rb, random)) / median(resample(a, ra, random));
        }
        Arrays.sort(ratios);
        return new double[]{ratios[(int) (0.025 * RESAMPLES)], ratios[(int) (0.975 * RESAMPLES) - 1]};
    }

    private static double median(double[] values) {
        return Summary.Spread.of(values).median();
    }

    private static double[] resample(double[] from, double[] into, SplittableRandom random) {
        for (int i = 0; i < into.length; i++) {
            into[i] = from[random.nextInt(from.length)];
        }
        return into;
    }
}
