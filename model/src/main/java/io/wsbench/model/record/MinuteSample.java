package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One minute of a long point, what a soak is read by: the answers that came in it and their
 * latencies, and the server as it was: its CPU over the minute (100 = one core), its resident memory
 * and threads at the minute's end, the most files it held open, and its live heap, the least heap it
 * used right after a collection in the minute (null when no collection ran, or the server is no JVM
 * wsbench can read). {@code seconds} is how long the minute was: the last one of a point may be short.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record MinuteSample(int minute, double seconds, long requests, long errors, double throughput,
                           long p50Micros, long p99Micros, Double serverCpuPercent, Long rssBytes,
                           Long liveHeapBytes, Integer threads, Integer openFiles) {
}
