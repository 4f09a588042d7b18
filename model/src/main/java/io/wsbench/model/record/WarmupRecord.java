package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * How a target was warmed before its first measured point. {@code mode} "auto": in windows of a
 * fixed length until the last three agreed within ±5% in throughput and mean latency and, for a
 * JVM server, its JIT compiler had stopped (or until {@code warmupMax}); "requests": a fixed
 * count, the suite's {@code warmupRequests}. {@code steady} says whether auto found steady state,
 * after {@code seconds}. {@code instance}: the server process it warmed, from 1 (absent: the server's only
 * one); {@code shape}: what its windows looked like, read by change points ({@link io.wsbench.model.stats.WarmupShape}:
 * "flat", "warm-up", "slowdown" or "no steady state"), and {@code steadyFromSecond}: where its last
 * segment began. {@code ownCoresFromSecond}: where a server placed on cores of its own, warmed on every core
 * until its JIT compiler went quiet, was put back on its own (absent: it warmed there throughout); its shape
 * is read from the windows after it, the ones on the cores it is measured on.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record WarmupRecord(String target, String mode, double seconds, Boolean steady, List<Window> windows,
                           Integer instance, String shape, Double steadyFromSecond, Double ownCoresFromSecond) {

    /** A warm-up not yet classified, of a server's only process, on the cores it is measured on. */
    public WarmupRecord(String target, String mode, double seconds, Boolean steady, List<Window> windows) {
        this(target, mode, seconds, steady, windows, null, null, null, null);
    }

    /** As warmed on every core until second {@code at} (null: on its own cores throughout). */
    public WarmupRecord onOwnCoresFrom(Double at) {
        return new WarmupRecord(target, mode, seconds, steady, windows, instance, shape, steadyFromSecond, at);
    }

    /** Classified by its windows' throughputs ({@link io.wsbench.model.stats.WarmupShape}); as it is without windows to read. */
    public WarmupRecord classified() {
        if (windows == null || windows.isEmpty() || steady == null) {
            return this;
        }
        // the windows on the server's own cores: the step down from every core to its own is no slowdown
        int own = 0;
        while (ownCoresFromSecond != null && own < windows.size() && windows.get(own).atSecond() <= ownCoresFromSecond) {
            own++;
        }
        var shape = io.wsbench.model.stats.WarmupShape.classify(
                windows.subList(own, windows.size()).stream().mapToDouble(Window::throughput).toArray(), steady);
        int from = own + shape.steadyFrom();
        Double at = from == 0 ? 0.0 : windows.get(from - 1).atSecond();
        return new WarmupRecord(target, mode, seconds, steady, windows, instance, shape.kind().word(), at, ownCoresFromSecond);
    }

    /** As warmed on process {@code instance} of its server (0: its only one). */
    public WarmupRecord onInstance(int instance) {
        return new WarmupRecord(target, mode, seconds, steady, windows, instance > 0 ? instance : null, shape, steadyFromSecond,
                ownCoresFromSecond);
    }

    /**
     * One window of an auto warm-up: when it ended (seconds from the warm-up's start), its valid
     * answers per second, their mean latency, and the milliseconds the server's JIT compiler spent
     * in it (null where the server is not a JVM wsbench looks inside).
     */
    public record Window(double atSecond, double throughput, double meanMicros, Long jitMillis) {
    }
}
