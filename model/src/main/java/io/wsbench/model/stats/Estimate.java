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

    /**
     * The interval's width as a table shows it: {@code ±1.8%}, half its width over the median; or, for one wider than the
     * median itself (two rounds apart by a factor of 3 give a 95% interval of ±91970%, which reads as a fault), the factor
     * it spans either side of the median, {@code ×/÷2,160}: what an interval made on the logs is. Null without one.
     */
    public String shownWidth() {
        if (!bounded()) {
            return null;
        }
        double r = relativeHalfWidth();
        if (r <= 1 || low <= 0 || median <= 0) {
            return String.format(java.util.Locale.ROOT, "±%.1f%%", 100 * r);
        }
        double factor = Math.sqrt(high / low);
        return String.format(java.util.Locale.ROOT, factor < 10 ? "×/÷%.2f" : "×/÷%,.0f", factor);
    }

    /** Whether the interval holds {@code value}; false without one. */
    public boolean holds(double value) {
        return bounded() && low <= value && value <= high;
    }
}
