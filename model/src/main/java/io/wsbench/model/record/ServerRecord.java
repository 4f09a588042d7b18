package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;

/**
 * What the server process did during a point: CPU (100 = one core busy), peak resident memory,
 * threads, and the CPU it still burned after the load stopped. For a JVM server, also what its performance
 * {@code counters} and a Flight Recorder recording of the point ({@code jfr}) saw inside it; and a sampling
 * {@code profile} of where its CPU went. Those are null for other servers; in run.json the counters' and the
 * recording's figures stand among the server's own, as they always have.
 * <p>A point shorter than a monitor can measure has that monitor's figures null and says why, once,
 * in {@code tooShort} ("point too short: 33 ms, /proc's CPU times need 250 ms; the profiler needs 250 ms").
 * <p>{@code ownCpus}: how many CPUs the server could run on that the generator could not (run's {@code cpus} places
 * them apart, as may a user's {@code taskset}); {@code ownCpusBusyPercent}: how busy those CPUs were over the point,
 * whatever ran there (the server, its idle instances, the kernel's network work; 100 = all of them busy). Both null
 * where the two shared a CPU, or it could not be read. They say whether the server had CPU to spare ({@link #hadCpuToSpare}).
 */
@RecordBuilder
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServerRecord(Long pid, Double cpuPercent, Double cpuUserPercent, Double cpuSystemPercent,
                           long rssMaxBytes, int threadsMax, double residualCpuPercent, Double machineCpuPercent,
                           @JsonUnwrapped CountersRecord counters, @JsonUnwrapped JfrRecord jfr,
                           ProfileRecord profile, String tooShort, Integer ownCpus, Double ownCpusBusyPercent) {

    public ServerRecord {
        counters = counters == null ? CountersRecord.NONE : counters;
        jfr = jfr == null ? JfrRecord.NONE : jfr;
    }

    /**
     * What a JVM's performance counters said over the point: its collections, their time and the peak of
     * heap used. Written to run.json among the server's own figures; {@link #NONE} for another server.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CountersRecord(Long gcCount, Long gcTimeMillis, Long heapUsedMaxBytes) {
        public static final CountersRecord NONE = new CountersRecord(null, null, null);
    }

    /**
     * What a Flight Recorder recording of the point showed: its {@code executionSamples}, taken every
     * {@code samplePeriodMillis} (run --jfr-period), the hottest frames among them, the exceptions thrown
     * (caught or not), the collector's pauses, and the .jfr file ({@code recording}, relative to the run
     * directory). Written to run.json among the server's own figures; {@link #NONE} when none was made.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record JfrRecord(Long executionSamples, Long samplePeriodMillis, List<HotFrame> hotFrames,
                            List<ExceptionRate> exceptions, String recording, GcPauses gcPauses) {
        public static final JfrRecord NONE = new JfrRecord(null, null, null, null, null, null);

        public JfrRecord {
            hotFrames = hotFrames == null ? null : List.copyOf(hotFrames);
            exceptions = exceptions == null ? null : List.copyOf(exceptions);
        }
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
                machineCpuPercent, null, null, null, null, null, null);
    }

    /**
     * What /proc tells of a point too short for its CPU times: memory, threads and the CPU after the
     * load, which are read at an instant or over a window of their own, and no CPU figure of the point.
     */
    public static ServerRecord withoutCpu(Long pid, long rssMaxBytes, int threadsMax, double residualCpuPercent) {
        return new ServerRecord(pid, null, null, null, rssMaxBytes, threadsMax, residualCpuPercent, null,
                null, null, null, null, null, null);
    }

    /**
     * This record, saying as well that the point's {@code seconds} were too short for what
     * {@code needs} says ("the profiler needs 250 ms"); the point's length is said once, before the first.
     */
    public ServerRecord withTooShort(double seconds, String needs) {
        return ServerRecordBuilder.builder(this)
                .tooShort((tooShort == null ? "point too short: " + Math.round(seconds * 1000) + " ms, " : tooShort + "; ") + needs).build();
    }

    /** With what a JVM's counters said over the point: collections, their time, the heap's peak. */
    public ServerRecord withGc(long gcs, long gcMillis, long heapMax) {
        return ServerRecordBuilder.builder(this).counters(new CountersRecord(gcs, gcMillis, heapMax)).build();
    }

    /** With what a Flight Recorder recording of the point showed. */
    public ServerRecord withRecording(JfrRecord seen) {
        return ServerRecordBuilder.builder(this).jfr(seen).build();
    }

    /** With what a sampling profiler saw over the point. */
    public ServerRecord withProfile(ProfileRecord seen) {
        return ServerRecordBuilder.builder(this).profile(seen).build();
    }

    /**
     * Whether the server had CPU it did not use during the point, at least {@code 1 - busyShare} of what it could
     * have: its own CPUs ({@link #ownCpus}) less than {@code busyShare} busy where it had some apart from the generator,
     * else the whole machine (which it shared). True where its CPU was not measured: nothing says it had none.
     */
    public boolean hadCpuToSpare(double busyShare) {
        Double busy = busyPercentOfItsCpus();
        return cpuPercent == null || busy == null || busy < busyShare * 100;
    }

    /**
     * How busy the CPUs the server could use were over the point, in percent of them: its own where it had some
     * apart from the generator ({@link #ownCpusBusyPercent}), else the whole machine's; null when neither was read.
     */
    public Double busyPercentOfItsCpus() {
        return ownCpusBusyPercent != null ? ownCpusBusyPercent : machineCpuPercent;
    }

    /** {@code server} (null: none) as one that shared its CPUs with whatever drove its load: its own cores unknown. */
    public static ServerRecord sharingItsCpus(ServerRecord server) {
        return server == null || server.ownCpus == null ? server
                : ServerRecordBuilder.builder(server).ownCpus(null).ownCpusBusyPercent(null).build();
    }

    /** Exceptions of every class per second; 0 when none were seen or none could be counted. */
    public double exceptionsPerSecond() {
        return jfr.exceptions() == null ? 0 : jfr.exceptions().stream().mapToDouble(ExceptionRate::perSecond).sum();
    }

    /** Below this many exceptions in a point, their count is said rather than their rate. */
    public static final long COUNTED_BELOW = 10;

    /**
     * The point's exceptions in a user's words: their rate ({@code rate} formats it) with "/s", or, where fewer than
     * {@value #COUNTED_BELOW} were thrown, their count with "in the point": a short point's rate blows a few up (the two
     * a server throws as the previous point's connections close read as 33 a second over a 60 ms point).
     */
    public String exceptionsSaid(java.util.function.DoubleFunction<String> rate) {
        long count = jfr.exceptions() == null ? 0 : jfr.exceptions().stream().mapToLong(ExceptionRate::count).sum();
        return count < COUNTED_BELOW ? count + " in the point" : rate.apply(exceptionsPerSecond()) + "/s";
    }
}
