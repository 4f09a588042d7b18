package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.List;

/**
 * The record of truth of a run, written to run.json after every point so that nothing measured
 * is lost. {@code status} is "running", "complete" or "partial" (with {@code partialReason}).
 * {@code warmups} are what each target's warm-up did (not measured points: repeat 0, no server
 * figures), kept so a reader can see a server speed up before it was measured (a page compiled on
 * first use, the JIT). {@code warmup} says, per target, how its warm-up went and whether it
 * reached steady state. {@code capacity} holds each target's capacity search, when the suite asked
 * for one.
 */
@RecordBuilder
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunRecord(String suite, String description, String wsbenchVersion, String gitCommit,
                        String startedAt, String finishedAt, String status, String partialReason,
                        String command, String baseline, Environment environment,
                        List<String> notes, List<PointRecord> points, List<PointRecord> warmups,
                        List<WarmupRecord> warmup, List<CapacityRecord> capacity, PointInProgress running,
                        OrderRecord order) {

    /**
     * The point under way, minute by minute, so that a long point's run.json holds its minutes before
     * it ends: a run killed in hour three still has them. {@code label} names the point.
     */
    public record PointInProgress(String label, List<MinuteSample> minutes) {
    }

    /** With the point under way as it stands (null: none). */
    public RunRecord withRunning(PointInProgress now) {
        return RunRecordBuilder.builder(this).running(now).build();
    }

    public RunRecord withWarmup(PointRecord p) {
        return RunRecordBuilder.builder(this).warmups(plus(warmups, p)).build();
    }

    /**
     * Each target and load over its repeats: its throughput's 95% interval and its paired ratio to the
     * baseline ({@link RowRecord}); written to run.json as {@code rows}, derived from the points.
     */
    @com.fasterxml.jackson.annotation.JsonProperty("rows")
    public List<RowRecord> rows() {
        return points == null || points.isEmpty() ? null : RowRecord.of(this);
    }

    /** The targets whose warm-up until steady ran out of time: their figures may still hold warm-up. */
    @JsonIgnore
    public java.util.Set<String> neverSteady() {
        java.util.Set<String> labels = new java.util.HashSet<>();
        if (warmup != null) {
            warmup.stream().filter(w -> Boolean.FALSE.equals(w.steady())).forEach(w -> labels.add(w.target()));
        }
        return labels;
    }

    /** {@code w}: how one target was warmed (an auto warm-up's windows, or a fixed count). */
    public RunRecord withTargetWarmup(WarmupRecord w) {
        return RunRecordBuilder.builder(this).warmup(plus(warmup, w)).build();
    }

    public RunRecord withPoint(PointRecord p) {
        return RunRecordBuilder.builder(this).points(plus(points, p)).running(null).build();
    }

    public RunRecord withNote(String note) {
        return RunRecordBuilder.builder(this).notes(plus(notes, note)).build();
    }

    public RunRecord withEnvironment(Environment env) {
        return RunRecordBuilder.builder(this).environment(env).build();
    }

    public RunRecord finished(String at, String finalStatus, String reason) {
        return RunRecordBuilder.builder(this).finishedAt(at).status(finalStatus).partialReason(reason).build();
    }

    /** With the order its points are measured in. */
    public RunRecord withOrder(OrderRecord o) {
        return RunRecordBuilder.builder(this).order(o).build();
    }

    public RunRecord withCapacity(CapacityRecord c) {
        return RunRecordBuilder.builder(this).capacity(plus(capacity, c)).build();
    }

    /** {@code list} (null: none) with {@code more} after its elements, unmodifiable. */
    private static <T> List<T> plus(List<T> list, T more) {
        List<T> longer = new ArrayList<>(list == null ? List.of() : list);
        longer.add(more);
        return List.copyOf(longer);
    }
}
