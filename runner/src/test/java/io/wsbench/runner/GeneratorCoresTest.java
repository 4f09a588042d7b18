package io.wsbench.runner;

import io.wsbench.launch.Cores;
import io.wsbench.model.load.LoadSpec;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A point of one user may be sent from the servers' cores: the I/O threads moved there and back, the rest of the process left. */
class GeneratorCoresTest {

    @Test
    void sendFromMovesTheIoThreadsOnlyAndAnEngineMadeLaterStartsThere() throws Exception {
        long self = ProcessHandle.current().pid();
        String process = Cores.of(self);
        String first = String.valueOf(io.wsbench.model.suite.Placement.cores(process).nextSetBit(0));
        try (Generator g = new Generator(null)) {
            g.forConnections(1);
            assertNull(g.sendFrom(first));
            assertEquals(first, ioThreadCores(g, 1));
            assertEquals(process, Cores.of(self), "the process's other threads stay where they were");
            // an engine of two threads, made after: its threads start on the cores asked
            Generator two = new Generator(2);
            try (two) {
                assertNull(two.sendFrom(first));
                assertEquals(first, ioThreadCores(two, 2));
            }
            assertNull(g.sendFrom(process));
            assertEquals(io.wsbench.model.suite.Placement.cores(process),
                    io.wsbench.model.suite.Placement.cores(ioThreadCores(g, 1)), "and back");
            String refused = g.sendFrom("4095");
            assertNotNull(refused, "a core this machine lacks: said, not thrown");
            assertTrue(refused.contains("4095"), refused);
        }
        try (Generator fresh = new Generator(null)) {
            String refused = fresh.sendFrom("4095");
            assertNotNull(refused, "a point of one user's engine, made by the move itself: its refusal is said there");
        }
    }

    @Test
    void onlyAClosedLoopOfOneConnectionSharesAndOnlyWhenTogether() {
        OneUserCores together = new OneUserCores("1", "0");
        LoadSpec one = LoadSpec.closed(1, 10);
        assertTrue(together.shares(one));
        assertEquals("0", together.forPoint(one));
        assertFalse(together.shares(LoadSpec.closed(5, 10)));
        assertEquals("1", together.forPoint(LoadSpec.closed(5, 10)));
        assertFalse(together.shares(LoadSpec.openFor(1, 100, Duration.ofSeconds(1))), "an open loop's requests do not take turns");
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "a placement needs two cores");
        assertNull(OneUserCores.of(new io.wsbench.model.suite.Placement("1", "0")), "apart: nothing shares, nothing is moved");
        assertEquals(together, OneUserCores.of(new io.wsbench.model.suite.Placement("1", "0", "together")));
    }

    /** The cores the kernel lets the engine's I/O threads run on, read by each thread of its own task. */
    private static String ioThreadCores(Generator g, int connections) throws Exception {
        AtomicReference<String> seen = new AtomicReference<>();
        g.forConnections(connections).onEachIoThread(() -> {
            try {
                String cores = Files.readAllLines(Path.of("/proc/thread-self/status")).stream()
                        .filter(l -> l.startsWith("Cpus_allowed_list:")).map(l -> l.split(":")[1].trim()).findFirst().orElseThrow();
                String before = seen.getAndSet(cores);
                if (before != null && !before.equals(cores)) {
                    seen.set(before + " and " + cores);
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        return seen.get();
    }
}
