package io.wsbench.core.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The load generator's own cost, so a report can tell whether the client was the bottleneck and
 * what the client side of a protocol costs: its CPU, the share of the point its busiest I/O thread
 * spent on the CPU, the most heap it had in use, the heap still
 * in use after a full collection at the end of the point, what it allocated per request, and (for secured targets) the time spent applying and checking
 * WS-Security on the client, and (for a user's own service) the client's time checking each answer. The busiest I/O thread's share and the last three are null where they were not measured.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GeneratorRecord(int ioThreads, double cpuSeconds, double cpuPercent, Double ioBusiestPercent,
                              Long heapUsedMaxBytes, Long heapLiveBytes, Long allocatedBytesPerRequest,
                              Double securitySeconds, Double checkMicrosPerRequest) {

    public GeneratorRecord(int ioThreads, double cpuSeconds, double cpuPercent) {
        this(ioThreads, cpuSeconds, cpuPercent, null, null, null, null, null, null);
    }

    public GeneratorRecord(int ioThreads, double cpuSeconds, double cpuPercent, Double ioBusiestPercent,
                           Long heapUsedMaxBytes, Long heapLiveBytes, Long allocatedBytesPerRequest, Double securitySeconds) {
        this(ioThreads, cpuSeconds, cpuPercent, ioBusiestPercent, heapUsedMaxBytes, heapLiveBytes, allocatedBytesPerRequest,
                securitySeconds, null);
    }

    /** This record with the client's time checking each answer, in microseconds. */
    public GeneratorRecord withCheckMicrosPerRequest(Double micros) {
        return new GeneratorRecord(ioThreads, cpuSeconds, cpuPercent, ioBusiestPercent, heapUsedMaxBytes, heapLiveBytes,
                allocatedBytesPerRequest, securitySeconds, micros);
    }

    /** This record with the client's WS-Security time for the point. */
    public GeneratorRecord withSecuritySeconds(double seconds) {
        return new GeneratorRecord(ioThreads, cpuSeconds, cpuPercent, ioBusiestPercent, heapUsedMaxBytes, heapLiveBytes,
                allocatedBytesPerRequest, seconds, checkMicrosPerRequest);
    }
}
