package io.wsbench.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The PM QoS request that keeps idle cores polling, written to a file standing in for
 * /dev/cpu_dma_latency: what is written, when it is let go, and what a run or a point says when it
 * could not be made.
 */
class AwakeCoresTest {

    @Test
    void writesALatencyOfZeroAsOneBinaryWordAndHoldsItUntilClosed(@TempDir Path dir) throws Exception {
        Path device = dir.resolve("cpu_dma_latency");
        Files.createFile(device);
        AwakeCores awake = AwakeCores.hold(true, device);
        try {
            assertTrue(awake.held());
            assertEquals("poll", awake.state());
            assertNull(awake.why());
            assertEquals(List.of(), awake.refused(), "a point says nothing when the cores were kept awake");
            assertTrue(awake.note().startsWith("idle cores polled instead of halting"), awake.note());
            // the kernel reads a 4-byte write as a binary s32: 0 µs, never halt
            assertArrayEquals(new byte[4], Files.readAllBytes(device));
        } finally {
            awake.close();
        }
        awake.close(); // twice is harmless: a run's end and its Ctrl-C may both close it
    }

    @Test
    void aDeviceThatCannotBeOpenedIsANoteAndTheRunGoesOn(@TempDir Path dir) {
        Path device = dir.resolve("no-such-dir").resolve("cpu_dma_latency");
        try (AwakeCores awake = AwakeCores.hold(true, device)) {
            assertFalse(awake.held());
            assertEquals("halt", awake.state());
            assertTrue(awake.why().startsWith("cannot hold " + device + ": No such file or directory"), awake.why());
            assertFalse(awake.why().contains("(No such"), "the reason alone, not Java's \"PATH (reason)\": " + awake.why());
            assertEquals(1, awake.refused().size());
            assertTrue(awake.refused().get(0).startsWith("idle cores may halt between requests"), awake.refused().get(0));
        }
    }

    @Test
    void notAskedLeavesTheCoresAsTheyAreAndSaysNothingOnAPoint(@TempDir Path dir) throws Exception {
        Path device = dir.resolve("cpu_dma_latency");
        Files.createFile(device);
        try (AwakeCores awake = AwakeCores.hold(false, device)) {
            assertFalse(awake.held());
            assertEquals("halt", awake.state());
            assertEquals(List.of(), awake.refused());
            assertTrue(awake.note().endsWith("not asked (--no-cores-awake)"), awake.note());
            assertEquals(0, Files.size(device), "nothing written when not asked");
        }
    }
}
