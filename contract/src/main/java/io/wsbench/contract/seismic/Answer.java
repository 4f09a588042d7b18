package io.wsbench.contract.seismic;

/**
 * What the oracle expects of one response: the number of quakes and an order-independent
 * fingerprint of which quakes they are (each quake named by its time in millis and its region).
 */
public record Answer(int count, long fingerprint) {

    /** The contribution of one quake to a fingerprint; fingerprints add these up. */
    public static long of(long millis, int region) {
        long z = millis * 0x9E3779B97F4A7C15L + region;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
