package io.wsbench.contract.seismic;

/** One earthquake of the catalog. {@code region} and {@code area} index the catalog's lists. */
public record Quake(long millis, float latitude, float longitude, float depth, float magnitude,
                    String method, int region, int area) {
}
