package io.wsbench.model.suite;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * cpus: auto keeps the generator on the last quarter of the cores and the servers on the rest; oneUser says where a point
 * of one user sends from.
 */
class PlacementAutoTest {

    @Test
    void theGeneratorGetsTheLastQuarterOfTheCoresAndOneCoreMachinesAreLeftAlone() {
        assertNull(Placement.autoLists(1), "one core: nothing to keep apart");
        assertEquals(List.of("1", "0"), List.of(Placement.autoLists(2)));
        assertEquals(List.of("3", "0-2"), List.of(Placement.autoLists(4)));
        assertEquals(List.of("6-7", "0-5"), List.of(Placement.autoLists(8)));
        assertEquals(List.of("12-15", "0-11"), List.of(Placement.autoLists(16)));
    }

    @Test
    void oneUserIsApartUnlessTogetherIsAskedAndTheMappingMayLeaveTheListsToAuto() {
        String yaml = "name: x\ntargets:\n  - { label: a, stack: direct, protocol: plain }\nload:\n  - { users: 1, requestsPerUser: 10 }\ncpus: ";
        Placement lists = SuiteReader.parse(yaml + "{ generator: \"1\", servers: \"0\" }\n", java.nio.file.Path.of("x.yaml")).cpus();
        assertEquals(new Placement("1", "0", Placement.APART), lists);
        assertFalse(lists.oneUserTogether());
        Placement together = SuiteReader.parse(yaml + "{ generator: \"1\", servers: \"0\", oneUser: together }\n",
                java.nio.file.Path.of("x.yaml")).cpus();
        assertTrue(together.oneUserTogether());
        assertEquals(new Placement("1", "0"), together.withOneUser(null), "null: apart");
        Placement auto = Placement.auto();
        Placement leftOut = SuiteReader.parse(yaml + "{ oneUser: together }\n", java.nio.file.Path.of("x.yaml")).cpus();
        assertEquals(auto == null ? null : auto.withOneUser(Placement.TOGETHER), leftOut, "no lists: auto's");
        assertEquals(auto, SuiteReader.parse(yaml + "auto\n", java.nio.file.Path.of("x.yaml")).cpus());

        SuiteException sideways = assertThrows(SuiteException.class, () -> SuiteReader.parse(
                yaml + "{ generator: \"1\", servers: \"0\", oneUser: sideways }\n", java.nio.file.Path.of("x.yaml")));
        assertTrue(sideways.getMessage().startsWith("x.yaml:6:"), sideways.getMessage());
        assertTrue(sideways.getMessage().endsWith("oneUser is 'apart' or 'together', not 'sideways'"), sideways.getMessage());
        SuiteException half = assertThrows(SuiteException.class, () -> SuiteReader.parse(
                yaml + "{ generator: \"1\", oneUser: together }\n", java.nio.file.Path.of("x.yaml")));
        assertTrue(half.getMessage().contains("cpus needs both 'generator' and 'servers'"), half.getMessage());
    }
}
