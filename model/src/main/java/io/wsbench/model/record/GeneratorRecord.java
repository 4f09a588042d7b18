package io.wsbench.model.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.soabase.recordbuilder.core.RecordBuilder;

/**
 * The load generator's own cost, so a report can tell whether the client was the bottleneck and
 * what the client side of a protocol costs: its CPU, the share of the point its busiest I/O thread
 * spent on the CPU, the most heap it had in use, the heap still
 * in use after a full collection at the end of the point, what it allocated per request, and (for secured targets) the time spent applying and checking
 * WS-Security on the client, and (for a user's own service) the client's time checking each answer. The busiest I/O thread's share and the last three are null where they were not measured.
 * {@code machineProbeMicros}: how long a fixed piece of CPU work took on the generator's cores just
 * before and after the point (the mean of the two medians): where it moves between repeats, the
 * machine itself varied. Null for a point sent by agents. {@code http2}: how it spoke HTTP/2; null over HTTP/1.1.
 * {@code idleCores}: what the machine's idle cores did during the point: "poll" (held out of their halt, as the
 * points that leave them idle are), "halt" (let go: a point that keeps them busy, or no hold asked or allowed) or
 * "none" (nothing to hold: the cpuidle driver is none) or "shared" (one user sent from its server's core, as
 * {@code cpus: { oneUser: together }} asks: no core idles between its requests, and nothing was held); null in a
 * record that did not say.
 * {@code coreDistanceNanos}: how far apart the generator's core and the server's were just before and just after the
 * point, as the round trip of a cache line between them in nanoseconds (two figures); on a virtual machine the
 * hypervisor moves its cores, and a point measured while they were further apart is slower. Null where the
 * generator and the servers were not placed on cores of their own, or for agents.
 * {@code serverClosedConnections}: the HTTP/1.1 connections the server closed during the point (a keep-alive point's
 * server that keeps them closes none; one that closes each after its answer closes one a request); null where none
 * was, over HTTP/2, and where not counted. {@code serverClosedIdleConnections}: those of them the server closed while no
 * request was on them (its keep-alive timeout: a think time longer than it); {@code sentAgainOnNewConnection}: the
 * requests of idempotent methods sent again on a new connection because the server closed the one they went out on, a
 * connection it had kept open, before any byte of their answer (its keep-alive timeout reached as they were sent:
 * RFC 9112, 9.3.1); {@code reopenedAfterKeepAliveTimeout}: the connections wsbench opened anew instead of sending on
 * one idle nearly as long as the server's {@code Keep-Alive: timeout=N} header said it keeps one, or as long as
 * {@code idleCloseSeenMillis}: the shortest idle time after which the server closed a kept connection, as wsbench saw it
 * (its keep-alive timeout, learned where no header says it; only times of half a second or more are taken); each null
 * where none.
 */
@RecordBuilder
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GeneratorRecord(int ioThreads, double cpuSeconds, double cpuPercent, Double ioBusiestPercent,
                              Long heapUsedMaxBytes, Long heapLiveBytes, Long allocatedBytesPerRequest,
                              Double securitySeconds, Double checkMicrosPerRequest, Double machineProbeMicros,
                              Http2Record http2, String idleCores, java.util.List<Double> coreDistanceNanos,
                              Long serverClosedConnections, Long serverClosedIdleConnections, Long sentAgainOnNewConnection,
                              Long reopenedAfterKeepAliveTimeout, Long idleCloseSeenMillis) {

    public GeneratorRecord(int ioThreads, double cpuSeconds, double cpuPercent) {
        this(ioThreads, cpuSeconds, cpuPercent, null, null, null, null, null);
    }

    /** The figures every point's generator has, the rest null: more are added by name ({@link GeneratorRecordBuilder}, the withers). */
    public GeneratorRecord(int ioThreads, double cpuSeconds, double cpuPercent, Double ioBusiestPercent,
                           Long heapUsedMaxBytes, Long heapLiveBytes, Long allocatedBytesPerRequest, Double securitySeconds) {
        this(ioThreads, cpuSeconds, cpuPercent, ioBusiestPercent, heapUsedMaxBytes, heapLiveBytes, allocatedBytesPerRequest,
                securitySeconds, null, null, null, null, null, null, null, null, null, null);
    }

    /**
     * Two {@code coreDistanceNanos} figures further apart than this factor were taken with the cores placed differently
     * (about 40, 100 and 500 ns on the machines measured), not one placement probed noisily; a class of figures spans
     * its square, 2.
     */
    public static final double CORES_MOVED = Math.sqrt(2.0);

    /** The share of an I/O thread's time on the CPU above which the generator, not the server, set the pace. */
    public static final double BUSY_SHARE = 0.9;

    /**
     * Whether the generator was at its limit: its busiest I/O thread on the CPU more than
     * {@link #BUSY_SHARE} of the point or, where that was not measured, its CPU above that share of
     * its I/O threads. Whether it set the point's pace also depends on the server ({@link #setThePaceOf}).
     */
    public boolean atItsLimit() {
        if (ioThreads <= 0) {
            return false;
        }
        return ioBusiestPercent != null ? ioBusiestPercent > BUSY_SHARE * 100 : cpuPercent > BUSY_SHARE * ioThreads * 100;
    }

    /**
     * Whether this generator set the pace of a point whose server did as {@code server} says (null: not watched): it
     * was at its limit while the server had CPU to spare ({@link ServerRecord#hadCpuToSpare}). A server whose own cores
     * were busy over {@link #BUSY_SHARE} of the point could have answered at most about a ninth more had the generator
     * been faster: both were at their limit, and the point measures the server.
     */
    public boolean setThePaceOf(ServerRecord server) {
        return atItsLimit() && (server == null || server.hadCpuToSpare(BUSY_SHARE));
    }

    /** This record with the client's time checking each answer, in microseconds. */
    public GeneratorRecord withCheckMicrosPerRequest(Double micros) {
        return GeneratorRecordBuilder.builder(this).checkMicrosPerRequest(micros).build();
    }

    /** This record with the machine probe's time around the point. */
    public GeneratorRecord withMachineProbeMicros(Double micros) {
        return GeneratorRecordBuilder.builder(this).machineProbeMicros(micros).build();
    }

    /** This record with the client's WS-Security time for the point. */
    public GeneratorRecord withSecuritySeconds(double seconds) {
        return GeneratorRecordBuilder.builder(this).securitySeconds(seconds).build();
    }

    /** This record with how far apart the generator's and the server's cores were before and after the point. */
    public GeneratorRecord withCoreDistanceNanos(Double before, Double after) {
        return GeneratorRecordBuilder.builder(this).coreDistanceNanos(java.util.List.of(before, after)).build();
    }

    /** This record with what the idle cores did during the point ("poll", "halt" or "none"). */
    public GeneratorRecord withIdleCores(String what) {
        return GeneratorRecordBuilder.builder(this).idleCores(what).build();
    }
}
