package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One step of a flow point: its requests (answered or failed), the valid ones, errors by kind, the
 * latencies of the valid ones and their compressed {@code histogram}, its rate of valid answers over
 * the point's duration, bytes per request, and why its first failure failed (its row, user and
 * iteration, and the reason; null when none failed); {@code redirects}: the redirects it followed (each a request
 * sent within its latency), written only when not 0.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record StepRecord(String name, long requests, long validated, ErrorCounts errors, LatencyRecord latencyMicros,
                         double throughput, double bytesSentPerRequest, double bytesReceivedPerRequest,
                         String histogram, String firstFailure,
                         @JsonInclude(JsonInclude.Include.NON_DEFAULT) long redirects) {

    public StepRecord(String name, long requests, long validated, ErrorCounts errors, LatencyRecord latencyMicros,
                      double throughput, double bytesSentPerRequest, double bytesReceivedPerRequest, String histogram,
                      String firstFailure) {
        this(name, requests, validated, errors, latencyMicros, throughput, bytesSentPerRequest, bytesReceivedPerRequest,
                histogram, firstFailure, 0);
    }
}
