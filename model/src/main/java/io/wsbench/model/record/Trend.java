package io.wsbench.model.record;

import java.util.List;

/**
 * How throughput moved within a point: the least-squares slope of its per-second series, in
 * requests/s per second and in percent of the mean per second. A server that slows down as the
 * point goes on (seed 000's AMF server) has a clearly negative slope. Only whole seconds count:
 * the last, partial second of a point would read as a drop.
 */
public record Trend(double slopePerSecond, double percentPerSecond, int seconds) {

    /** Fewer whole seconds than this give no trend worth reading. */
    public static final int MIN_SECONDS = 3;

    /** The trend of a series, or null when it has fewer than {@link #MIN_SECONDS} whole seconds. */
    public static Trend of(List<SecondSample> series, double durationSeconds) {
        if (series == null) {
            return null;
        }
        List<SecondSample> whole = series.stream().filter(s -> s.second() + 1 <= durationSeconds + 1e-9).toList();
        int n = whole.size();
        if (n < MIN_SECONDS) {
            return null;
        }
        double meanX = whole.stream().mapToDouble(SecondSample::second).average().orElse(0);
        double meanY = whole.stream().mapToDouble(SecondSample::requests).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        for (SecondSample s : whole) {
            sxy += (s.second() - meanX) * (s.requests() - meanY);
            sxx += (s.second() - meanX) * (s.second() - meanX);
        }
        double slope = sxx == 0 ? 0 : sxy / sxx;
        return new Trend(round(slope), meanY == 0 ? 0 : round(100 * slope / meanY), n);
    }

    /** The change the fitted line makes from the first whole second to the last, in percent of the mean. */
    public double percentOverPoint() {
        return percentPerSecond * (seconds - 1);
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
