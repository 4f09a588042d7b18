package io.wsbench.core.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the server process did during a point: CPU (100 = one core busy), peak resident memory,
 * threads, and the CPU it still burned after the load stopped.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServerRecord(Long pid, double cpuPercent, double cpuUserPercent, double cpuSystemPercent,
                           long rssMaxBytes, int threadsMax, double residualCpuPercent,
                           double machineCpuPercent) {
}
