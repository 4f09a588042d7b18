package io.wsbench.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code wsbench capacity} against a server slower than its SLO at any rate (bench/WorkersServer.java,
 * every answer 20 ms against p99&lt;10ms). Apart from {@link CapacityCommandTest}, which must have the
 * machine to itself, since nothing a busy machine does can make an answer faster than the server's own
 * 20 ms: it runs among the other test classes.
 */
class CapacityRefusedTest {

    @Test
    void aServerSlowerThanTheSloAtAnyRateHasNoCapacity() throws Exception {
        int port = CapacityCommandTest.freePort();
        Process p = CapacityCommandTest.server(port, 4, 20); // every answer takes 20 ms: p99<10ms never holds
        try {
            CliRunner r = CliRunner.run("capacity", "http://127.0.0.1:" + port + "/", "--slo", "p99<10ms",
                    "--start-rate", "4", "-d", "1s", "--settle", "0s", "-c", "4");
            assertEquals(ExitCode.PROBLEM, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("capacity: no rate meets p99<10ms: it failed down to 1.0/s"), r.out());
        } finally {
            p.destroyForcibly().waitFor();
        }
    }
}
