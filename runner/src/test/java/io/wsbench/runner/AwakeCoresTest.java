package io.wsbench.runner;

import io.wsbench.model.load.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The idle cores' hold, per point, against a fake machine: a sysfs tree in a temporary folder names the cpuidle
 * driver ({@code cpuidle/current_driver}) and a plain file stands for {@code /dev/cpu_dma_latency}, since the
 * machines that run these tests may have either driver, and may not let the test hold the real device.
 */
class AwakeCoresTest {

    private static Path machine(Path dir, String driver) throws IOException {
        Path cpuidle = Files.createDirectories(dir.resolve("sys/devices/system/cpu/cpuidle"));
        if (driver != null) {
            Files.writeString(cpuidle.resolve("current_driver"), driver + "\n");
        }
        return cpuidle;
    }

    private static final LoadSpec ONE_USER = LoadSpec.closedFor(1, Duration.ofSeconds(2));
    private static final LoadSpec FIVE_USERS = LoadSpec.closedFor(5, Duration.ofSeconds(2));

    @Test
    void onAHaltpollMachineThePointsThatIdleHoldAndTheSaturatedOnesLetGo(@TempDir Path dir) throws Exception {
        Path device = Files.createFile(dir.resolve("cpu_dma_latency"));
        try (AwakeCores cores = AwakeCores.of(true, device, machine(dir, "haltpoll"), 2)) {
            assertEquals("per point", cores.state());
            assertNull(cores.why());
            assertEquals(List.of(), cores.refused());
            assertTrue(cores.note().contains("cpuidle driver haltpoll"), cores.note());
            assertFalse(cores.held(), "nothing held before a point");

            // before any measure: a closed loop of at most as many users as cores idles, one of more does not
            assertEquals("poll", cores.forPoint("a | closed | 1", ONE_USER));
            assertTrue(cores.held());
            assertArrayEquals(new byte[4], Files.readAllBytes(device), "0 µs, as the kernel reads it: one binary s32");
            assertEquals("halt", cores.forPoint("a | closed | 5", FIVE_USERS));
            assertFalse(cores.held(), "let go for a point that keeps the cores busy");

            // once measured, the row's own idle share decides: a 1-user point that saturated, a 5-user one that idled
            cores.measured("a | closed | 1", 0.05);
            cores.measured("a | closed | 5", 0.60);
            assertEquals("halt", cores.forPoint("a | closed | 1", ONE_USER));
            assertFalse(cores.held());
            assertEquals("poll", cores.forPoint("a | closed | 5", FIVE_USERS));
            assertTrue(cores.held());
            cores.letGo();
            assertFalse(cores.held(), "an agent between its parts");
            // measured while held, a row keeps the hold down to 10% idle (held, it runs faster and idles less): no flip
            assertEquals("poll", cores.forPoint("b | closed | 1", ONE_USER), "unmeasured: 1 user of 2 cores is held");
            cores.measured("b | closed | 1", 0.15);
            assertEquals("poll", cores.forPoint("b | closed | 1", ONE_USER), "15% idle, measured held: still held");
            cores.measured("b | closed | 1", 0.05);
            assertEquals("halt", cores.forPoint("b | closed | 1", ONE_USER), "5% idle, measured held: let go");
            cores.measured("b | closed | 1", 0.15);
            assertEquals("halt", cores.forPoint("b | closed | 1", ONE_USER), "15% idle, measured halting: still let go");
            // an open loop idles unless measured otherwise
            assertEquals("poll", cores.forPoint("a | open 100.0 | 10", LoadSpec.openFor(10, 100, Duration.ofSeconds(2))));
        }
    }

    @Test
    void whereTheDriverIsNoneThereIsNothingToHoldAndEachPointSaysSo(@TempDir Path dir) throws Exception {
        Path device = Files.createFile(dir.resolve("cpu_dma_latency"));
        for (String driver : new String[]{"none", null}) {
            try (AwakeCores cores = AwakeCores.of(true, device, machine(dir.resolve(String.valueOf(driver)), driver), 2)) {
                assertEquals("none", cores.state());
                assertTrue(cores.note().startsWith("nothing to hold: this machine's cpuidle driver is none"), cores.note());
                assertEquals("none", cores.forPoint("a | closed | 1", ONE_USER));
                assertFalse(cores.held());
                assertEquals(0, Files.size(device), "never written");
                assertEquals(List.of(), cores.refused(), "not a refusal: nothing to say on every point");
            }
        }
    }

    @Test
    void aDeviceThatCannotBeOpenedIsOneNoteAndThePointsHalt(@TempDir Path dir) throws Exception {
        Path device = dir.resolve("no-such-dir").resolve("cpu_dma_latency");
        try (AwakeCores cores = AwakeCores.of(true, device, machine(dir, "haltpoll"), 2)) {
            assertEquals("halt", cores.state());
            assertTrue(cores.why().startsWith("cannot hold " + device + ": No such file or directory"), cores.why());
            assertFalse(cores.why().contains("(No such"), "the reason alone, not Java's \"PATH (reason)\": " + cores.why());
            assertEquals(1, cores.refused().size());
            assertTrue(cores.refused().get(0).startsWith("idle cores may halt between requests"), cores.refused().get(0));
            assertEquals("halt", cores.forPoint("a | closed | 1", ONE_USER));
        }
    }

    @Test
    void notAskedLeavesTheCoresAsTheyAre(@TempDir Path dir) throws Exception {
        Path device = Files.createFile(dir.resolve("cpu_dma_latency"));
        try (AwakeCores cores = AwakeCores.of(false, device, machine(dir, "haltpoll"), 2)) {
            assertEquals("halt", cores.state());
            assertEquals(List.of(), cores.refused());
            assertTrue(cores.note().endsWith("not asked (--no-cores-awake)"), cores.note());
            assertEquals("halt", cores.forPoint("a | closed | 1", ONE_USER));
            assertEquals(0, Files.size(device), "nothing written when not asked");
        }
    }

    @Test
    void theMachinesIdleShareIsReadFromProcStat(@TempDir Path dir) throws Exception {
        Path stat = dir.resolve("stat");
        Files.writeString(stat, "cpu  100 0 100 700 100 0 0 0 0 0\ncpu0 50 0 50 350 50 0 0 0 0 0\n");
        MachineIdle idle = MachineIdle.start(stat);
        // 400 more jiffies: 100 user, 300 idle (idle 250 + iowait 50)
        Files.writeString(stat, "cpu  200 0 100 950 150 0 0 0 0 0\n");
        assertEquals(0.75, idle.share(2_000_000_000L), 1e-9);
        assertEquals(-1, idle.share(200_000_000L), "0.2 s: a point too short to say how busy the machine is");
        assertNull(MachineIdle.start(dir.resolve("missing")));
    }
}
