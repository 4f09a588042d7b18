package io.wsbench.model.record;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The wide records' withers, made on their generated builders: what they name changes, every other component stays. */
class WithersTest {

    private static RunRecord run() {
        return RunRecordBuilder.builder().suite("s").description("d").wsbenchVersion("0.1").gitCommit("abc")
                .startedAt("2026-11-29T08:00:00Z").status("running").command("run s.yaml").notes(List.of("first"))
                .points(List.of()).build();
    }

    @Test
    void aWitherChangesWhatItNamesAndKeepsEveryOtherComponent() {
        RunRecord before = run();
        RunRecord after = before.withNote("second").finished("2026-11-29T08:05:00Z", "partial", "stopped");
        assertEquals(List.of("first", "second"), after.notes());
        assertEquals("2026-11-29T08:05:00Z", after.finishedAt());
        assertEquals("partial", after.status());
        assertEquals("stopped", after.partialReason());
        // every other component as it was
        assertEquals(before.withNote("second").withRunning(null), after.finished(null, "running", null));
        assertEquals(List.of("first"), before.notes(), "the original unchanged");
    }

    @Test
    void aListAddedToIsAnotherListAndTheRunningPointIsClearedByTheNextPoint() {
        RunRecord r = run().withRunning(new RunRecord.PointInProgress("p @ 1 user", List.of()));
        assertTrue(r.running() != null);
        PointRecord p = PointRecordBuilder.builder().repeat(1).requests(10).durationSeconds(1.0).throughput(10.0)
                .validated(10).build();
        RunRecord measured = r.withPoint(p);
        assertNull(measured.running());
        assertEquals(List.of(p), measured.points());
        assertEquals(List.of(), r.points(), "the original's list unchanged");
        assertEquals("aborted", p.withAborted("aborted").aborted());
        assertEquals(p, p.withAborted("aborted").withAborted(null));
    }
}
