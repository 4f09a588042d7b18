package io.wsbench.model.load;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProfileTest {

    private static Profile.Stage stage(double seconds, double target) {
        return new Profile.Stage(Duration.ofNanos((long) (seconds * 1e9)), target);
    }

    private static final long S = 1_000_000_000L;

    @Test
    void aRampsCountIsTheAreaUnderItsRate() {
        // 0 → 100/s over 10 s (500 requests), 100/s for 10 s (1,000), 100 → 0 over 10 s (500)
        Profile p = new Profile(List.of(stage(10, 100), stage(10, 100), stage(10, 0)));
        assertEquals(Duration.ofSeconds(30), p.total());
        assertEquals(500, p.count(10 * S), 1e-9);
        assertEquals(1500, p.count(20 * S), 1e-9);
        assertEquals(2000, p.count(30 * S), 1e-9);
        assertEquals(2000, p.count(40 * S), 1e-9, "nothing after the end");
        assertEquals(50, p.at(5 * S), 1e-9);
        assertEquals(0, p.at(31 * S), 1e-9);
    }

    @Test
    void eachRequestIsDueWhereTheCountReachesItsNumber() {
        Profile p = new Profile(List.of(stage(10, 100), stage(10, 100), stage(10, 0)));
        for (double k : new double[]{0, 1, 7, 499.5, 500, 1234, 1999.9}) {
            long t = p.timeOf(k);
            assertEquals(k, p.count(t), 1e-3, "request " + k + " at " + t);
        }
        assertTrue(p.timeOf(2000) > 30 * S, "a request the profile never makes due is due after its end");
        long previous = -1;
        for (int k = 0; k < 2000; k++) {
            long t = p.timeOf(k);
            assertTrue(t > previous, "due times only grow");
            previous = t;
        }
    }

    @Test
    void aStepJumpsAndARampDownIsSolvedToo() {
        // a step to 200/s held 2 s, then a ramp down to 0 over 2 s: 400 + 200
        Profile p = new Profile(List.of(stage(0, 200), stage(2, 200), stage(2, 0)));
        assertEquals(200, p.at(0), 1e-9);
        assertEquals(600, p.count(4 * S), 1e-9);
        assertEquals(0.005 * S, p.timeOf(1), 1e3);
        for (double k : new double[]{400, 450, 599}) {
            assertEquals(k, p.count(p.timeOf(k)), 1e-3);
        }
    }

    @Test
    void aClosedRampHasEachUserRunWhileTheTargetIsAboveItsNumber() {
        // 0 → 10 users over 10 s, 10 for 10 s, then down to 0 over 10 s
        Profile p = new Profile(List.of(stage(10, 10), stage(10, 10), stage(10, 0)));
        assertEquals(0, new Profile(List.of(stage(0, 3), stage(1, 3))).nextActive(2, 0), "a step has its users at once");
        long first = p.nextActive(0, 0);
        assertTrue(first > 0 && first < S / 1000, "user 0 starts as soon as the ramp leaves 0: " + first);
        assertEquals(5 * S, p.nextActive(5, 0), 1e3, "user 5 starts when the ramp passes 5");
        assertEquals(12 * S, p.nextActive(5, 12 * S), "and is running at second 12");
        assertEquals(-1, p.nextActive(5, 26 * S), "after the ramp down passes 5 it never runs again");
        assertEquals(-1, p.nextActive(10, 0), "a user above the highest target never runs");
    }

    @Test
    void profilesThatSendNothingAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Profile(List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Profile(List.of(stage(0, 10))));
        assertThrows(IllegalArgumentException.class, () -> new Profile(List.of(stage(5, 0))));
        assertThrows(IllegalArgumentException.class, () -> stage(1, -1));
    }

    @Test
    void anAgentsPartFollowsTheProfileAtItsShare() {
        Profile p = new Profile(List.of(stage(2, 300), stage(2, 300)));
        LoadSpec spec = LoadSpec.profiled(true, 6, p, null, true, null);
        assertEquals(300, spec.rate());
        List<LoadSpec> parts = spec.split(3);
        assertEquals(3, parts.size());
        double total = parts.stream().mapToDouble(s -> s.profile().count(4 * S)).sum();
        assertEquals(p.count(4 * S), total, 1e-6);
        assertEquals("2s:300/s,2s:300/s", p.describe(true));
    }
}
