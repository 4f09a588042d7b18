package io.wsbench.model.stats;

import io.wsbench.model.record.Drift;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * Watches one quantity of a long point for a steady move, sample by sample, in constant memory:
 * the least-squares line through its samples (Commons Math's {@link SimpleRegression}, which keeps
 * sums, not samples). It is a {@link Drift} only when all of these hold, so that no single sample,
 * no short point and no tiny creep is ever called a leak:
 * <ul>
 * <li>at least {@code minSamples} samples, spread over at least {@code minSeconds};
 * <li>the slope's 95% interval excludes 0, on the side that hurts (growth; for throughput, a fall);
 * <li>what the line moves over the span is at least {@code relative} of where it started, and at
 * least {@code floor} in the quantity's own unit (4 MB of heap, 16 MB of RSS, 5 threads, 10 files).
 * </ul>
 */
public final class Growth {

    private final String what;
    private final int minSamples;
    private final double minSeconds;
    private final double relative;
    private final double floor;
    private final SimpleRegression fit = new SimpleRegression();
    private double first = Double.NaN;
    private double last;

    private Growth(String what, int minSamples, double minSeconds, double relative, double floor) {
        this.what = what;
        this.minSamples = minSamples;
        this.minSeconds = minSeconds;
        this.relative = relative;
        this.floor = floor;
    }

    /** The heap left after each collection, in bytes: a JVM's leak. */
    public static Growth liveHeap() {
        return new Growth(Drift.LIVE_HEAP, 10, 60, 0.10, 4e6);
    }

    /** Resident memory, in bytes, sampled each second: the leak of a server that is no JVM wsbench can read. */
    public static Growth rss() {
        return new Growth(Drift.RSS, 30, 60, 0.10, 16e6);
    }

    public static Growth threads() {
        return new Growth(Drift.THREADS, 30, 60, 0.10, 5);
    }

    public static Growth openFiles() {
        return new Growth(Drift.OPEN_FILES, 30, 60, 0.10, 10);
    }

    /** Requests per second, one sample per whole minute: a server that slows down falls. */
    public static Growth throughput() {
        return new Growth(Drift.THROUGHPUT, 5, 240, 0.10, 0);
    }

    /** The p99 in µs, one sample per whole minute. */
    public static Growth p99() {
        return new Growth(Drift.P99, 5, 240, 0.25, 0);
    }

    /** A sample of the quantity, {@code seconds} from the point's start. */
    public synchronized void add(double seconds, double value) {
        if (Double.isNaN(first)) {
            first = seconds;
        }
        last = seconds;
        fit.addData(seconds, value);
    }

    public synchronized long samples() {
        return fit.getN();
    }

    /**
     * The drift, or null when the samples do not show one; {@code requestsPerSecond}, the point's
     * throughput, gives its amount per 1,000 requests (0: none given).
     */
    public synchronized Drift drift(double requestsPerSecond) {
        long n = fit.getN();
        double span = last - first;
        if (n < minSamples || span < minSeconds) {
            return null;
        }
        double slope = fit.getSlope();
        double half = fit.getSlopeConfidenceInterval(0.05);
        if (Double.isNaN(slope) || Double.isNaN(half)) {
            return null;
        }
        boolean falls = Drift.THROUGHPUT.equals(what);
        boolean steady = falls ? slope + half < 0 : slope - half > 0;
        double moved = Math.abs(slope * span);
        double start = Math.abs(fit.getIntercept() + slope * first);
        if (!steady || moved < relative * start || moved < floor) {
            return null;
        }
        Double perThousand = requestsPerSecond > 0 && !falls && !Drift.P99.equals(what)
                ? round(slope / requestsPerSecond * 1000) : null;
        return new Drift(what, round(slope * 60), round((slope - half) * 60), round((slope + half) * 60), perThousand,
                (int) n, Math.round(span * 10) / 10.0);
    }

    private static double round(double v) {
        return Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 1000) / 1000.0;
    }
}
