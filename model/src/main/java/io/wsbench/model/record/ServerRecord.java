package io.wsbench.model.record;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * What the server process did during a point: CPU (100 = one core busy), peak resident memory,
 * threads, and the CPU it still burned after the load stopped. For a JVM server, also what its performance counters and
 * a Flight Recorder recording of the point saw inside it: garbage collections, the peak of heap
 * used, the hottest frames of its {@code executionSamples}, and the exceptions thrown (caught or not);
 * {@code recording} is the .jfr file, relative to the run directory; the collector's pauses; and a
 * sampling {@code profile} of where its CPU went. Those are null for other servers.
 * <p>A point shorter than a monitor can measure has that monitor's figures null and says why, once,
 * in {@code tooShort} ("point too short: 33 ms, /proc's CPU times need 250 ms; the profiler needs 250 ms").
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServerRecord(Long pid, Double cpuPercent, Double cpuUserPercent, Double cpuSystemPercent,
                           long rssMaxBytes, int threadsMax, double residualCpuPercent,
                           Double machineCpuPercent,
                           Long gcCount, Long gcTimeMillis, Long heapUsedMaxBytes, Long executionSamples,
                           List<HotFrame> hotFrames, List<ExceptionRate> exceptions, String recording,
                           GcPauses gcPauses, ProfileRecord profile, String tooShort) {

    public ServerRecord(Long pid, Double cpuPercent, Double cpuUserPercent, Double cpuSystemPercent,
                        long rssMaxBytes, int threadsMax, double residualCpuPercent, Double machineCpuPercent,
                        Long gcCount, Long gcTimeMillis, Long heapUsedMaxBytes, Long executionSamples,
                        List<HotFrame> hotFrames, List<ExceptionRate> exceptions, String recording,
                        GcPauses gcPauses, ProfileRecord profile) {
        this(pid, cpuPercent, cpuUserPercent, cpuSystemPercent, rssMaxBytes, threadsMax, residualCpuPercent,
                machineCpuPercent, gcCount, gcTimeMillis, heapUsedMaxBytes, executionSamples, hotFrames, exceptions,
                recording, gcPauses, profile, null);
    }

    /**
     * The garbage collector's pauses in the point, from Flight Recorder's GC events: how many
     * collections paused the application, their sum and the longest, in milliseconds.
     */
    public record GcPauses(long collections, double totalMillis, double longestMillis) {
    }

    /** A frame ("class.method:line") at the top of the stack in {@code share} (0..1) of the samples. */
    public record HotFrame(String frame, double share) {
    }

    /**
     * Exceptions of one class created in the server during the point, even those caught at once;
     * {@code thrownAt} is the frame that created most of them.
     */
    public record ExceptionRate(String className, double perSecond, long count, String thrownAt) {
    }

    /** What /proc alone tells, for servers wsbench cannot look inside. */
    public ServerRecord(Long pid, double cpuPercent, double cpuUserPercent, double cpuSystemPercent,
                        long rssMaxBytes, int threadsMax, double residualCpuPercent, double machineCpuPercent) {
        this(pid, cpuPercent, cpuUserPercent, cpuSystemPercent, rssMaxBytes, threadsMax, residualCpuPercent,
                machineCpuPercent, null, null, null, null, null, null, null, null, null, null);
    }

    /**
     * What /proc tells of a point too short for its CPU times: memory, threads and the CPU after the
     * load, which are read at an instant or over a window of their own, and no CPU figure of the point.
     */
    public static ServerRecord withoutCpu(Long pid, long rssMaxBytes, int threadsMax, double residualCpuPercent) {
        return new ServerRecord(pid, null, null, null, rssMaxBytes, threadsMax, residualCpuPercent, null,
                null, null, null, null, null, null, null, null, null, null);
    }

    /**
     * This record, saying as well that the point's {@code seconds} were too short for what
     * {@code needs} says ("the profiler needs 250 ms"); the point's length is said once, before the first.
     */
    public ServerRecord withTooShort(double seconds, String needs) {
        return new ServerRecord(pid, cpuPercent, cpuUserPercent, cpuSystemPercent, rssMaxBytes, threadsMax,
                residualCpuPercent, machineCpuPercent, gcCount, gcTimeMillis, heapUsedMaxBytes, executionSamples,
                hotFrames, exceptions, recording, gcPauses, profile,
                (tooShort == null ? "point too short: " + Math.round(seconds * 1000) + " ms, " : tooShort + "; ") + needs);
    }

    public ServerRecord withJvm(long gcs, long gcMillis, long heapMax, long samples, List<HotFrame> hot,
                                List<ExceptionRate> thrown, String jfr) {
        return withGc(gcs, gcMillis, heapMax).withRecording(samples, hot, thrown, jfr);
    }

    /** With what a JVM's counters said over the point: collections, their time, the heap's peak. */
    public ServerRecord withGc(long gcs, long gcMillis, long heapMax) {
        return new ServerRecord(pid, cpuPercent, cpuUserPercent, cpuSystemPercent, rssMaxBytes, threadsMax,
                residualCpuPercent, machineCpuPercent, gcs, gcMillis, heapMax, executionSamples, hotFrames,
                exceptions, recording, gcPauses, profile, tooShort);
    }

    /** With what a Flight Recorder recording of the point showed, and where it is ({@code jfr}, relative to run.json). */
    public ServerRecord withRecording(Long samples, List<HotFrame> hot, List<ExceptionRate> thrown, String jfr) {
        return new ServerRecord(pid, cpuPercent, cpuUserPercent, cpuSystemPercent, rssMaxBytes, threadsMax,
                residualCpuPercent, machineCpuPercent, gcCount, gcTimeMillis, heapUsedMaxBytes, samples,
                hot == null ? null : List.copyOf(hot), List.copyOf(thrown), jfr, gcPauses, profile, tooShort);
    }

    /** With the collector's pauses over the point. */
    public ServerRecord withGcPauses(GcPauses pauses) {
        return new ServerRecord(pid, cpuPercent, cpuUserPercent, cpuSystemPercent, rssMaxBytes, threadsMax,
                residualCpuPercent, machineCpuPercent, gcCount, gcTimeMillis, heapUsedMaxBytes, executionSamples,
                hotFrames, exceptions, recording, pauses, profile, tooShort);
    }

    /** With what a sampling profiler saw over the point. */
    public ServerRecord withProfile(ProfileRecord seen) {
        return new ServerRecord(pid, cpuPercent, cpuUserPercent, cpuSystemPercent, rssMaxBytes, threadsMax,
                residualCpuPercent, machineCpuPercent, gcCount, gcTimeMillis, heapUsedMaxBytes, executionSamples,
                hotFrames, exceptions, recording, gcPauses, seen, tooShort);
    }

    /** Exceptions of every class per second; 0 when none were seen or none could be counted. */
    public double exceptionsPerSecond() {
        return exceptions == null ? 0 : exceptions.stream().mapToDouble(ExceptionRate::perSecond).sum();
    }
}
