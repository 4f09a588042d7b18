package io.wsbench.core.load;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The per-second series is bucketed by when each answer came, not by when the sampler read it. */
class RecorderTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void answersStayInTheSecondTheyCameInHoweverLateTheyAreRead() {
        Recorder r = new Recorder();
        r.begin(5 * SECOND);
        r.ok(100, r.start + SECOND / 10);
        r.ok(200, r.start + 9 * SECOND / 10);
        r.error(Verdict.VALIDATION, r.start + 99 * SECOND / 100);
        // the answers of second 1 come before the sampler has read second 0
        r.ok(300, r.start + SECOND + 1);
        r.timeoutError(r.start + SECOND + 2);
        // a tick that comes 1.7 s late, in second 2: still 2 answers and 1 error in second 0
        List<Recorder.SecondPart> parts = r.takeSeconds(r.start + 27 * SECOND / 10, false);
        assertEquals(2, parts.size(), parts.toString());
        assertEquals(0, parts.get(0).second());
        assertEquals(2, parts.get(0).latencies().getTotalCount());
        assertEquals(1, parts.get(0).errors());
        // its first and last answers, an error among them, in ns from the point's start: a stall's edges
        assertEquals(SECOND / 10, parts.get(0).firstNanos());
        assertEquals(99 * SECOND / 100, parts.get(0).lastNanos());
        assertEquals(SECOND + 2, parts.get(1).lastNanos());
        assertEquals(1, parts.get(1).second());
        assertEquals(1, parts.get(1).latencies().getTotalCount());
        assertEquals(1, parts.get(1).errors());
        // a silent second hands nothing over; the last, partial one only when asked for it
        r.ok(400, r.start + 28 * SECOND / 10);
        assertEquals(List.of(), r.takeSeconds(r.start + 29 * SECOND / 10, false));
        List<Recorder.SecondPart> last = r.takeSeconds(r.start + 29 * SECOND / 10, true);
        assertEquals(1, last.size());
        assertEquals(2, last.get(0).second());
        assertEquals(1, last.get(0).latencies().getTotalCount());
    }
}
