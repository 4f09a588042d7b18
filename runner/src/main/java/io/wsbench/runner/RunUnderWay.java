package io.wsbench.runner;

import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.suite.Suite;

import java.util.Map;
import java.util.TreeMap;

/**
 * One run of a suite under way, passed from step to step of {@link SuiteRunner}: the suite, its
 * run.json (written at every change), whoever watches it, and the stacks started so far.
 */
final class RunUnderWay {

    final Suite suite;
    final RunFile file;
    private final RunEvents events;
    private final Map<String, String> versions = new TreeMap<>();
    /** The hold of the idle cores of the session the run is measured in, taken per point; null before it is known. */
    private AwakeCores cores;
    /** The passes of each target at each load level with a minDuration, timed once and kept for every repeat. */
    final Map<String, Integer> passes = new java.util.HashMap<>();
    /**
     * Where a server's first warm-up runs and where it goes back to: every core this process had before
     * it was placed, and the servers' own ({@link WarmingCores}); {@link WarmingCores#NONE} until it is
     * known, and for a run that is not placed.
     */
    private WarmingCores warming = WarmingCores.NONE;
    /** How far apart the generator's and the servers' cores are, probed around every point; null when the run is not placed. */
    private CoreDistance apart;
    /** Where the points send from, when a point of one user is sent from the servers' cores; null when none is. */
    private OneUserCores sendFrom;
    /** The number of the last point's files handed out ({@link #nextFile}). */
    private int files;

    RunUnderWay(Suite suite, RunFile file, RunEvents events) {
        this.suite = suite;
        this.file = file;
        this.events = events;
    }

    /** The notes told so far: one that says the same again (a target's every point, every process) is told once. */
    private final java.util.Set<String> noted = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Something the user must know, told at once and kept in the run's notes; the same words again are neither. */
    void note(String text) {
        if (!noted.add(text)) {
            return;
        }
        events.problem(text);
        record(text);
    }

    /** A note for run.json alone: nothing the user must act on while the run goes. */
    void record(String text) {
        file.update(r -> r.withNote(text));
    }

    /** Where a server's first warm-up runs; {@link WarmingCores#NONE} when the run is not placed. */
    WarmingCores warming() {
        return warming;
    }

    /** A stack started, with what it loaded, into the run's environment. */
    /** Records where the session placed the generator and what the idle cores were; a hold asked and refused is said. */
    void measuredIn(PointSession session) {
        PlacedGenerator placed = session.placed();
        if (placed.cpus() != null) {
            file.update(r -> r.withEnvironment(r.environment().withCpus(placed.cpus())));
        }
        if (placed.note() != null) {
            note(placed.note());
        }
        warming = WarmingCores.of(placed, this);
        sendFrom = placed.oneUser();
        apart = placed.cpus() == null ? null
                : CoreDistance.between(placed.cpus().get("generator"), placed.servers(), !suite.rounds().once());
        AwakeCores awake = session.awake();
        this.cores = awake;
        file.update(r -> r.withEnvironment(r.environment().withIdle(awake.state())));
        if (awake.refused().isEmpty()) {
            record(awake.note());
        } else {
            note(awake.note()); // asked and refused: said as the run starts
        }
    }

    void stackLoaded(String name, String version) {
        versions.put(name, version);
        Map<String, String> now = Map.copyOf(versions);
        file.update(r -> r.withEnvironment(r.environment().withStacks(now)));
    }

    /** A point measured: into run.json at once, then told. */
    void pointDone(PointRecord p) {
        file.update(record -> record.withPoint(p));
        events.pointDone(p);
    }

    /** {@code points}, writing each point's minutes into run.json as they close: a long point's are kept if the run dies. */
    PointRun watched(PointRun points) {
        PointRun watched = points.tellingMinutes((label, minutes) ->
                file.update(r -> r.withRunning(new RunRecord.PointInProgress(label, minutes))));
        watched = watched.probing(apart).sendingFrom(sendFrom);
        return cores == null ? watched : watched.holding(cores);
    }

    /** A capacity search ended: into run.json at once, then told. */
    void capacityDone(CapacityRecord c) {
        file.update(record -> record.withCapacity(c));
        events.capacityDone(c);
    }

    /**
     * The name of the files of the next point (its Flight Recorder recording), e.g. "003-SOAP-5-users-1": numbered as
     * the points recorded, and never twice, though a point measured again at its round's end is recorded late.
     */
    String nextFile(String label) {
        files = Math.max(files, file.get().points().size()) + 1;
        return String.format("%03d-%s", files, label.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", ""));
    }

    RunRecord finish(String at, String status, String reason) {
        if (apart != null) {
            String said = apart.said();
            if (said != null) {
                record(said);
            }
            apart.close();
        }
        return file.finish(at, status, reason);
    }
}
