package io.wsbench.contract.seismic;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code query} of matchQuakes: every bound optional (null), lower bounds inclusive, upper
 * bounds exclusive. Dates are epoch milliseconds.
 */
public record Query(Long minDate, Long maxDate, Float minLong, Float maxLong, Float minLat, Float maxLat,
                    Float minMag, Float maxMag, Float minDepth, Float maxDepth) {

    /** The bounds' names in the contract's XML, in the order a query writes them. */
    private static final String[] BOUNDS = {"min-date", "max-date", "min-long", "max-long", "min-lat", "max-lat",
            "min-mag", "max-mag", "min-depth", "max-depth"};

    /**
     * The bounds this query sets, by their names in the contract's XML ({@code min-date} to {@code max-depth}),
     * in the order a query writes them: dates as epoch millis ({@link Long}), the others as {@link Float}. A
     * bound left out is not listed.
     */
    public Map<String, Number> bounds() {
        Number[] values = {minDate, maxDate, minLong, maxLong, minLat, maxLat, minMag, maxMag, minDepth, maxDepth};
        Map<String, Number> set = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                set.put(BOUNDS[i], values[i]);
            }
        }
        return set;
    }

    public boolean matches(Quake q) {
        return within(q.longitude(), minLong, maxLong) && within(q.latitude(), minLat, maxLat)
                && within(q.magnitude(), minMag, maxMag) && within(q.depth(), minDepth, maxDepth);
    }

    private static boolean within(float v, Float min, Float max) {
        return (min == null || v >= min) && (max == null || v < max);
    }
}
