package io.wsbench.runner;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NearestTest {

    @Test
    void theClosestNamesWithinTwoEdits() {
        List<String> stacks = List.of("cxf", "metro", "axis2", "axis2-rampart", "direct");
        assertEquals(List.of("cxf"), Nearest.to("cxff", stacks));
        assertEquals(List.of("axis2"), Nearest.to("axsi2", stacks));
        assertEquals(List.of(), Nearest.to("weblogic", stacks), "none close");
        assertEquals(List.of(), Nearest.to("cxf", stacks), "a name that is one needs no suggestion");
        assertEquals("; did you mean metro?", Nearest.didYouMean("metr", stacks));
        assertEquals("", Nearest.didYouMean("jboss", stacks));
        assertEquals(2, Nearest.edits("rnu", "run"));
        assertEquals(1, Nearest.edits("lod", "load"));
    }
}
