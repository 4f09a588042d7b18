package io.wsbench.service.sample;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A sample number inside a schema's bounds, inclusive or exclusive (XML Schema's {@code minInclusive} …
 * {@code maxExclusive}, a JSON Schema's {@code minimum} … {@code exclusiveMaximum}): the caller's own where it lies
 * inside, else the nearest value inside, a whole number for an integer type.
 */
public final class Bounds {

    private Bounds() {
    }

    /** {@code preferred} moved inside [{@code low}, {@code high}] (either null: unbounded; exclusive as said). */
    public static BigDecimal within(BigDecimal preferred, BigDecimal low, boolean lowExclusive, BigDecimal high,
                                    boolean highExclusive, boolean integer) {
        if (inside(preferred, low, lowExclusive, high, highExclusive)) {
            return preferred;
        }
        BigDecimal v;
        if (low != null && (high == null || preferred.compareTo(low) <= 0)) {
            v = integer ? (lowExclusive ? low.setScale(0, RoundingMode.FLOOR).add(BigDecimal.ONE) : low.setScale(0, RoundingMode.CEILING))
                    : lowExclusive ? (high == null ? low.add(BigDecimal.ONE) : low.add(high).divide(BigDecimal.valueOf(2))) : low;
        } else {
            v = integer ? (highExclusive ? high.setScale(0, RoundingMode.CEILING).subtract(BigDecimal.ONE) : high.setScale(0, RoundingMode.FLOOR))
                    : highExclusive ? (low == null ? high.subtract(BigDecimal.ONE) : low.add(high).divide(BigDecimal.valueOf(2))) : high;
        }
        return inside(v, low, lowExclusive, high, highExclusive) ? v
                : preferred; // an empty range: the schema admits no value, and the server will say so
    }

    private static boolean inside(BigDecimal v, BigDecimal low, boolean lowExclusive, BigDecimal high, boolean highExclusive) {
        if (low != null && (lowExclusive ? v.compareTo(low) <= 0 : v.compareTo(low) < 0)) {
            return false;
        }
        return high == null || (highExclusive ? v.compareTo(high) < 0 : v.compareTo(high) <= 0);
    }
}
