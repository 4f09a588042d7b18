package io.wsbench.model.stats;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A figure with its 95% interval, how many values it was made of, and how the interval was computed.
 * {@code low} and {@code high} are null when the values cannot give an interval (one value, nothing measured).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Estimate(double median, Double low, Double high, int n, String method) {

    /** The confidence every interval of wsbench is computed at. */
    public static final double CONFIDENCE = 0.95;

    /** No interval: {@code why} says what is missing. */
    public static Estimate without(double median, int n, String why) {
        return new Estimate(median, null, null, n, why);
    }

    /** Whether it has an interval. */
    public boolean bounded() {
        return low != null && high != null && Double.isFinite(low) && Double.isFinite(high);
    }

    /**
     * The interval's half width as a share of the median, e.g. 0.03 for ±3%; infinite without an
     * interval, so that "wide enough" is never mistaken for "narrow".
     */
    public double relativeHalfWidth() {
        return bounded() && median != 0 ? (high - low) / 2 / Math.abs(median) : Double.POSITIVE_INFINITY;
    }

    /** Whether the interval holds {@code value}; false without one. */
    public boolean holds(double value) {
        return bounded() && low <= value && value <= high;
    }
}
