package io.wsbench.model.load;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a point is split among agents, and the open-loop schedule its parts run. */
class LoadSpecTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void closedLoopUsersAreDividedAndEachKeepsItsRequestCount() {
        LoadSpec point = LoadSpec.closed(10, 7).withThinkTime(Duration.ofMillis(5)).withKeepAlive(false);
        List<LoadSpec> parts = point.split(3);
        assertEquals(List.of(4, 3, 3), parts.stream().map(LoadSpec::connections).toList());
        for (LoadSpec p : parts) {
            assertEquals(7, p.requestsPerUser());
            assertEquals(Duration.ofMillis(5), p.thinkTime());
            assertEquals(false, p.keepAlive());
            assertEquals(point.timeout(), p.timeout());
            assertEquals(Duration.ZERO, p.phase());
        }
        assertEquals(point.expectedRequests(), parts.stream().mapToLong(LoadSpec::expectedRequests).sum());
    }

    @Test
    void aTimedClosedPointKeepsItsDurationInEveryPart() {
        List<LoadSpec> parts = LoadSpec.closedFor(5, Duration.ofSeconds(2)).split(2);
        assertEquals(List.of(3, 2), parts.stream().map(LoadSpec::connections).toList());
        parts.forEach(p -> assertEquals(Duration.ofSeconds(2), p.duration()));
    }

    @Test
    void fewerUsersOrConnectionsThanAgentsCannotBeSplit() {
        var users = assertThrows(IllegalArgumentException.class, () -> LoadSpec.closed(2, 10).split(3));
        assertEquals("3 agents need at least 3 users, the point has 2", users.getMessage());
        var connections = assertThrows(IllegalArgumentException.class,
                () -> LoadSpec.openFor(2, 900, Duration.ofSeconds(1)).split(3));
        assertEquals("3 agents need at least 3 connections, the point has 2", connections.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LoadSpec.closed(2, 10).split(0));
    }

    @Test
    void eachRequestsLatencyInOrderCannotBeSplitButOneAgentRunsThePointItself() {
        LoadSpec each = new LoadSpec(false, 4, 3, null, 0, null, true, null, true);
        assertThrows(IllegalArgumentException.class, () -> each.split(2));
        assertSame(each, each.split(1).get(0));
        assertEquals(1, each.split(1).size());
    }

    @Test
    void aPhaseIsOnlyForAnOpenLoop() {
        assertThrows(IllegalArgumentException.class, () -> new LoadSpec(false, 2, 3, null, 0, null, true, null, false,
                Duration.ofMillis(1)));
        assertThrows(IllegalArgumentException.class, () -> new LoadSpec(true, 2, 0, Duration.ofSeconds(1), 10, null,
                true, null, false, Duration.ofMillis(-1)));
        assertEquals(Duration.ZERO, LoadSpec.openFor(2, 10, Duration.ofSeconds(1)).phase());
    }

    @Test
    void anOpenRateIsDividedAndEachPartStartsOneSlotOfTheWholeLater() {
        LoadSpec point = LoadSpec.openFor(10, 900, Duration.ofSeconds(1));
        List<LoadSpec> parts = point.split(3);
        assertEquals(List.of(4, 3, 3), parts.stream().map(LoadSpec::connections).toList());
        assertEquals(List.of(300.0, 300.0, 300.0), parts.stream().map(LoadSpec::rate).toList());
        assertEquals(List.of(Duration.ZERO, Duration.ofNanos(1_111_111), Duration.ofNanos(2_222_222)),
                parts.stream().map(LoadSpec::phase).toList());
        parts.forEach(p -> assertEquals(Duration.ofSeconds(1), p.duration()));
    }

    @Test
    void aCountedOpenPointSplitsItsCountPerConnection() {
        LoadSpec point = new LoadSpec(true, 5, 20, null, 500, null, true, null);
        List<LoadSpec> parts = point.split(2);
        assertEquals(List.of(3, 2), parts.stream().map(LoadSpec::connections).toList());
        assertEquals(100, parts.stream().mapToLong(LoadSpec::expectedRequests).sum());
        assertEquals(List.of(250.0, 250.0), parts.stream().map(LoadSpec::rate).toList());
    }

    @Test
    void theSplitSchedulesTogetherAreOneGeneratorsSchedule() {
        for (double rate : new double[]{900, 1000, 7, 12_345.6}) {
            LoadSpec whole = LoadSpec.openFor(10, rate, Duration.ofSeconds(1));
            List<Long> one = sendTimes(whole, SECOND);
            List<Long> union = new ArrayList<>();
            whole.split(3).forEach(p -> union.addAll(sendTimes(p, SECOND)));
            union.sort(null);
            assertEquals(one.size(), union.size(), "requests in the second at " + rate + "/s");
            assertEquals(Math.ceil(rate), one.size(), "one generator at " + rate + "/s for 1 s");
            for (int i = 0; i < one.size(); i++) {
                long gap = Math.abs(one.get(i) - union.get(i));
                assertTrue(gap <= 1, "request " + i + " at " + rate + "/s: " + one.get(i) + " vs " + union.get(i) + " ns");
            }
        }
    }

    @Test
    void theRequestsDueBeforeATimeAreTheScheduleItself() {
        LoadSpec part = LoadSpec.openFor(10, 1000, Duration.ofSeconds(1)).split(3).get(2);
        for (long end : new long[]{0, 1, 2_000_000, 2_000_001, 999_999_999, SECOND, 3 * SECOND + 7}) {
            for (int c = 0; c < part.connections(); c++) {
                long count = 0;
                while (part.dueNanos(c, count) < end) {
                    count++;
                }
                assertEquals(count, part.dueBefore(c, end), "connection " + c + " before " + end + " ns");
            }
        }
    }

    /** The intended send times of every connection of an open-loop point before {@code end}, sorted. */
    private static List<Long> sendTimes(LoadSpec spec, long end) {
        List<Long> times = new ArrayList<>();
        for (int c = 0; c < spec.connections(); c++) {
            for (long k = 0; spec.dueNanos(c, k) < end; k++) {
                times.add(spec.dueNanos(c, k));
            }
        }
        times.sort(null);
        return times;
    }
}
