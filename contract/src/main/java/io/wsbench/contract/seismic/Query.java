package io.wsbench.contract.seismic;

/**
 * The {@code query} of matchQuakes: every bound optional (null), lower bounds inclusive, upper
 * bounds exclusive. Dates are epoch milliseconds.
 */
public record Query(Long minDate, Long maxDate, Float minLong, Float maxLong, Float minLat, Float maxLat,
                    Float minMag, Float maxMag, Float minDepth, Float maxDepth) {

    public boolean matches(Quake q) {
        return within(q.longitude(), minLong, maxLong) && within(q.latitude(), minLat, maxLat)
                && within(q.magnitude(), minMag, maxMag) && within(q.depth(), minDepth, maxDepth);
    }

    private static boolean within(float v, Float min, Float max) {
        return (min == null || v >= min) && (max == null || v < max);
    }
}
