package io.wsbench.runner;

import io.wsbench.model.record.Environment;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.TargetRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * run.json with two writers, the run's thread and the Ctrl-C hook, in the order each test sets:
 * a run marked partial stays partial, whatever the run's thread writes after.
 */
class RunFileTest {

    private static final long BOUND_SECONDS = 10;

    @Test
    void aPointRecordedWhileCtrlCMarksTheRunKeepsBothThePointAndThePartialStatus(@TempDir Path dir) throws Exception {
        RunFile run = new RunFile(dir.resolve("run.json"), running());
        CountDownLatch read = new CountDownLatch(1);
        CountDownLatch marked = new CountDownLatch(1);
        // the run's thread reads the record, then the hook marks it partial, then the run's thread
        // writes its copy with the point: the copy must not carry the old "running" back
        Thread runThread = new Thread(() -> run.update(r -> {
            read.countDown();
            await(marked);
            return r.withPoint(point());
        }), "run");
        runThread.start();
        assertTrue(read.await(BOUND_SECONDS, TimeUnit.SECONDS), "the run's thread read the record");
        SuiteRunner.markInterrupted(run);
        marked.countDown();
        runThread.join(TimeUnit.SECONDS.toMillis(BOUND_SECONDS));
        assertFalse(runThread.isAlive(), "the run's thread wrote its point");

        for (RunRecord r : List.of(run.get(), RunJson.read(dir.resolve("run.json")))) {
            assertEquals("partial", r.status(), "the mark is kept: " + r);
            assertEquals("interrupted (Ctrl-C) after 0 points", r.partialReason());
            assertEquals(1, r.points().size(), "and so is the point");
        }
    }

    @Test
    void theRunFinishingAfterCtrlCLeavesItPartial(@TempDir Path dir) throws Exception {
        RunFile run = new RunFile(dir.resolve("run.json"), running().withPoint(point()));
        SuiteRunner.markInterrupted(run);
        run.finish("2026-11-23T10:16:00Z", "complete", null);
        RunRecord r = RunJson.read(dir.resolve("run.json"));
        assertEquals("partial", r.status());
        assertEquals("interrupted (Ctrl-C) after 1 points", r.partialReason());
    }

    @Test
    void ctrlCAfterTheRunFinishedLeavesItComplete(@TempDir Path dir) throws Exception {
        RunFile run = new RunFile(dir.resolve("run.json"), running());
        run.finish("2026-11-23T10:16:00Z", "complete", null);
        SuiteRunner.markInterrupted(run);
        RunRecord r = RunJson.read(dir.resolve("run.json"));
        assertEquals("complete", r.status());
        assertEquals("2026-11-23T10:16:00Z", r.finishedAt());
    }

    private static RunRecord running() {
        return io.wsbench.model.record.RunRecordBuilder.builder().suite("race").wsbenchVersion("test").gitCommit("")
                .startedAt("2026-11-23T10:15:00Z").status("running").command("test")
                .environment(new Environment("cpu", 2, "linux", "6", "17", 1L << 30, Map.of(), null)).notes(List.of())
                .points(List.of()).build();
    }

    private static PointRecord point() {
        return PointRecordBuilder.builder().target(new TargetRecord("REST", "direct", "rest-xml", null, "hello", "plain", null))
                .load(new LoadRecord("closed", 1, 10L, null, null, null, true)).repeat(1).requests(10).durationSeconds(1)
                .throughput(10).latencyMicros(new LatencyRecord(1, 1, 1, 1, 1, 1, 0)).traffic(new PointRecord.Traffic(40, 120))
                .errors(ErrorCounts.NONE).validated(10).detail(new PointRecord.Detail(List.of(), null, null)).build();
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(BOUND_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("not released within " + BOUND_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
