package io.wsbench.model.record;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * How a target was warmed before its first measured point. {@code mode} "auto": in windows of a
 * fixed length until the last three agreed within ±5% in throughput and mean latency and, for a
 * JVM server, its JIT compiler had stopped (or until {@code warmupMax}); "requests": a fixed
 * count, the suite's {@code warmupRequests}. {@code steady} says whether auto found steady state,
 * after {@code seconds}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WarmupRecord(String target, String mode, double seconds, Boolean steady, List<Window> windows) {

    /**
     * One window of an auto warm-up: when it ended (seconds from the warm-up's start), its valid
     * answers per second, their mean latency, and the milliseconds the server's JIT compiler spent
     * in it (null where the server is not a JVM wsbench looks inside).
     */
    public record Window(double atSecond, double throughput, double meanMicros, Long jitMillis) {
    }
}
