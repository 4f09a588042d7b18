package io.wsbench.core.record;

/** The load generator's own cost, so a report can tell whether the client was the bottleneck. */
public record GeneratorRecord(int ioThreads, double cpuSeconds, double cpuPercent) {
}
