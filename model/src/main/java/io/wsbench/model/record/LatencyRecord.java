package io.wsbench.model.record;

/** Latency percentiles of one point, in microseconds. */
public record LatencyRecord(double mean, long p50, long p90, long p99, long p999, long max, double stdev) {
}
