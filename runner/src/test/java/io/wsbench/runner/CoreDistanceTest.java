package io.wsbench.runner;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class CoreDistanceTest {

    @Test
    void theUsualDistanceIsTheMiddleOfTheLargestClassNotOfAllFigures() {
        // as a hypervisor gave them on a 2-core machine: mostly near (~100 ns), a stretch apart (~500), a few on one core (~45)
        double[] figures = {98, 101, 97, 480, 510, 495, 502, 105, 44, 47, 99, 103, 120, 96};
        assertEquals(100, CoreDistance.usual(figures), 0.001);
        // the median of all would have been 102 here, but a run mostly apart has its usual apart
        double[] mostlyApart = {480, 510, 495, 502, 98, 101, 488};
        assertEquals(495, CoreDistance.usual(mostlyApart), 0.001);
        // one machine of its own: every figure one class, whatever its noise
        assertEquals(70, CoreDistance.usual(new double[] {70, 72, 68, 69, 71}), 0.001);
    }

    @Test
    void aFigureIsApartWhenOutsideTheUsualClassEitherWay() {
        assertFalse(CoreDistance.apart(100, 130), "a probe's own noise within one class");
        assertFalse(CoreDistance.apart(100, 75));
        assertTrue(CoreDistance.apart(100, 480), "cores that share no cache");
        assertTrue(CoreDistance.apart(100, 45), "two threads of one physical core: another machine too");
    }

    @Test
    void twoCoresAreProbedAndAPairThatIsNotThereGivesNoProbe() {
        assertNull(CoreDistance.between("0", "0", true), "the servers on the generator's own core: no pair");
        assertNull(CoreDistance.between(null, "0", true));
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one core: nothing to probe");
        try (CoreDistance d = CoreDistance.between("1", "0,1", true)) {
            assertNotNull(d, "taskset (util-linux) pins the two threads");
            assertEquals("1,0", d.cores());
            for (int i = 0; i < CoreDistance.KNOWN_AFTER; i++) {
                Double nanos = d.nanos();
                assertNotNull(nanos);
                assertTrue(nanos > 0 && nanos < 1e6, nanos + " ns for a cache line's round trip");
            }
            assertNotNull(d.usual(), "known after " + CoreDistance.KNOWN_AFTER + " figures");
        }
    }
}
