package io.wsbench.model.record;

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

    public RunRecord(String suite, String description, String wsbenchVersion, String gitCommit,
                     String startedAt, String finishedAt, String status, String partialReason,
                     String command, String baseline, Environment environment,
                     List<String> notes, List<PointRecord> points, List<PointRecord> warmups,
                     List<WarmupRecord> warmup, List<CapacityRecord> capacity, PointInProgress running) {
        this(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status, partialReason, command,
                baseline, environment, notes, points, warmups, warmup, capacity, running, null);
    }

    public RunRecord(String suite, String description, String wsbenchVersion, String gitCommit,
                     String startedAt, String finishedAt, String status, String partialReason,
                     String command, String baseline, Environment environment,
                     List<String> notes, List<PointRecord> points, List<PointRecord> warmups,
                     List<WarmupRecord> warmup, List<CapacityRecord> capacity) {
        this(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status, partialReason, command,
                baseline, environment, notes, points, warmups, warmup, capacity, null, null);
    }

    public RunRecord(String suite, String description, String wsbenchVersion, String gitCommit,
                     String startedAt, String finishedAt, String status, String partialReason,
                     String command, String baseline, Environment environment,
                     List<String> notes, List<PointRecord> points, List<PointRecord> warmups, List<WarmupRecord> warmup) {
        this(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status, partialReason, command,
                baseline, environment, notes, points, warmups, warmup, null);
    }

    public RunRecord(String suite, String description, String wsbenchVersion, String gitCommit,
                     String startedAt, String finishedAt, String status, String partialReason,
                     String command, String baseline, Environment environment,
                     List<String> notes, List<PointRecord> points) {
        this(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status, partialReason, command,
                baseline, environment, notes, points, null, null);
    }

    /** With the point under way as it stands (null: none). */
    public RunRecord withRunning(PointInProgress now) {
        return new RunRecord(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status,
                partialReason, command, baseline, environment, notes, points, warmups, warmup, capacity, now, order);
    }

    public RunRecord withWarmup(PointRecord p) {
        List<PointRecord> more = new ArrayList<>(warmups == null ? List.of() : warmups);
        more.add(p);
        return new RunRecord(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status,
                partialReason, command, baseline, environment, notes, points, List.copyOf(more), warmup, capacity, running, order);
    }

    /**
     * Each target and load over its repeats: its throughput's 95% interval and its paired ratio to the
     * baseline ({@link RowRecord}); written to run.json as {@code rows}, derived from the points.
     */
    @com.fasterxml.jackson.annotation.JsonProperty("rows")
    public List<RowRecord> rows() {
        return points == null || points.isEmpty() ? null : RowRecord.of(this);
    }

    /** {@code w}: how one target was warmed (an auto warm-up's windows, or a fixed count). */
    /** The targets whose warm-up until steady ran out of time: their figures may still hold warm-up. */
    @JsonIgnore
    public java.util.Set<String> neverSteady() {
        java.util.Set<String> labels = new java.util.HashSet<>();
        if (warmup != null) {
            warmup.stream().filter(w -> Boolean.FALSE.equals(w.steady())).forEach(w -> labels.add(w.target()));
        }
        return labels;
    }

    public RunRecord withTargetWarmup(WarmupRecord w) {
        List<WarmupRecord> more = new ArrayList<>(warmup == null ? List.of() : warmup);
        more.add(w);
        return new RunRecord(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status,
                partialReason, command, baseline, environment, notes, points, warmups, List.copyOf(more), capacity, running, order);
    }

    public RunRecord withPoint(PointRecord p) {
        List<PointRecord> more = new ArrayList<>(points);
        more.add(p);
        return new RunRecord(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status,
                partialReason, command, baseline, environment, notes, List.copyOf(more), warmups, warmup, capacity, null, order);
    }

    public RunRecord withNote(String note) {
        List<String> more = new ArrayList<>(notes);
        more.add(note);
        return new RunRecord(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status,
                partialReason, command, baseline, environment, List.copyOf(more), points, warmups, warmup, capacity, running, order);
    }

    public RunRecord withEnvironment(Environment env) {
        return new RunRecord(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status,
                partialReason, command, baseline, env, notes, points, warmups, warmup, capacity, running, order);
    }

    public RunRecord finished(String at, String finalStatus, String reason) {
        return new RunRecord(suite, description, wsbenchVersion, gitCommit, startedAt, at, finalStatus, reason,
                command, baseline, environment, notes, points, warmups, warmup, capacity, running, order);
    }

    /** With the order its points are measured in. */
    public RunRecord withOrder(OrderRecord o) {
        return new RunRecord(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status,
                partialReason, command, baseline, environment, notes, points, warmups, warmup, capacity, running, o);
    }

    public RunRecord withCapacity(CapacityRecord c) {
        List<CapacityRecord> more = new ArrayList<>(capacity == null ? List.of() : capacity);
        more.add(c);
        return new RunRecord(suite, description, wsbenchVersion, gitCommit, startedAt, finishedAt, status,
                partialReason, command, baseline, environment, notes, points, warmups, warmup, List.copyOf(more), running, order);
    }
}
