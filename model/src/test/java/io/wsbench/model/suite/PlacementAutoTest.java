package io.wsbench.model.suite;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** cpus: auto keeps the generator on the last quarter of the cores and the servers on the rest. */
class PlacementAutoTest {

    @Test
    void theGeneratorGetsTheLastQuarterOfTheCoresAndOneCoreMachinesAreLeftAlone() {
        assertNull(Placement.autoLists(1), "one core: nothing to keep apart");
        assertEquals(List.of("1", "0"), List.of(Placement.autoLists(2)));
        assertEquals(List.of("3", "0-2"), List.of(Placement.autoLists(4)));
        assertEquals(List.of("6-7", "0-5"), List.of(Placement.autoLists(8)));
        assertEquals(List.of("12-15", "0-11"), List.of(Placement.autoLists(16)));
    }
}
