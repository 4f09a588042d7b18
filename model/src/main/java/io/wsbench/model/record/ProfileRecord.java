package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * What a sampling profiler saw of a JVM server over one point. {@code cpuSamples} stacks, one every
 * {@code periodMicros} of a thread's CPU, cover {@code coverage} of the CPU the process used (1.0:
 * every microsecond the kernel counted was sampled; below means threads the profiler could not see).
 * {@code parts} split the process's measured CPU (in microseconds over the point, not per request) by
 * the kind of code that spent it, in proportion to the samples. {@code allocBytes} were allocated
 * and {@code waitMicros} waited on locks, as sampled. The stacks themselves are collapsed-stack files
 * {@code files + ".cpu.folded.gz"}, {@code ".alloc.folded.gz"} (bytes) and {@code ".wait.folded.gz"}
 * (microseconds), gzip-compressed, relative to run.json, for flame graphs and for other tools (zcat
 * them for flamegraph.pl); runs before 2026-12-04 wrote them plain, without ".gz", and are read as well.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record ProfileRecord(String profiler, double periodMicros, long cpuSamples, double coverage,
                            double cpuMicros, List<Part> parts, long allocBytes, long waitMicros, String files) {

    /** One kind of code and the CPU it used over the point, in microseconds. */
    public record Part(String name, double cpuMicros) {
    }

    public static final String CPU = ".cpu.folded.gz";
    public static final String ALLOC = ".alloc.folded.gz";
    public static final String WAIT = ".wait.folded.gz";
    /** Blocking socket reads of 1 ms or more, from Flight Recorder, in microseconds: waits too. */
    public static final String IO = ".io.folded.gz";

    /** The microseconds of a part, 0 when none was sampled in it. */
    public double micros(String part) {
        return parts == null ? 0 : parts.stream().filter(p -> p.name().equals(part)).mapToDouble(Part::cpuMicros).sum();
    }
}
