package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code wsbench capacity} against a server whose capacity the test sets: bench/WorkersServer.java,
 * started in its own JVM, answers with W workers each taking S ms, so it serves at most W / S. The
 * bounds asserted follow from those delays: below the capacity nothing queues, above it the queue
 * grows by the excess every second. The SLO, p99 under 100 ms (ten service times), leaves the other
 * test classes room to delay a request by tens of milliseconds without failing the capacity's rate,
 * and the first rate the search tries above it (225/s, 12.5% over) queues 25 requests in the 2 s of
 * settle and probe: a wait of 125-250 ms in the probe, past the SLO. The class runs beside the others.
 */
class CapacityCommandTest {

    /** Starts the server: W workers of S ms, exiting by itself after 120 s. */
    static Process server(int port, int workers, int serviceMillis) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, Home.find().resolve("bench/WorkersServer.java").toString(),
                Integer.toString(port), Integer.toString(workers), Integer.toString(serviceMillis), "120")
                .redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        while (line != null && line.startsWith("Picked up JAVA_TOOL_OPTIONS")) { // the JVM's own word on the tests' options
            line = out.readLine();
        }
        assertEquals("ready " + port, line, "the server says it listens");
        return p;
    }

    static int freePort() throws Exception {
        return io.wsbench.launch.StackLauncher.freePort(); // below the ephemeral ports a load's connections take
    }

    @Test
    void theSearchFindsTheCapacityOfAServerOfKnownCapacity() throws Exception {
        int port = freePort();
        Process p = server(port, 2, 10); // 200/s
        try {
            CliRunner r = CliRunner.run("capacity", "http://127.0.0.1:" + port + "/", "--slo", "p99<100ms",
                    "--slo", "errors<0.1%", "--start-rate", "50", "-d", "1s", "--settle", "1s", "-c", "40", "--json",
                    "--precision", "15"); // what it asserts holds at 15% (the rate within 30% under 200/s): two probes fewer than at 5%
            assertEquals(0, r.exit(), r.err());
            JsonNode c = RunJson.MAPPER.readTree(r.out()).get("capacity");
            double rate = c.get("rate").asDouble();
            assertTrue(rate >= 0.7 * 200 && rate <= 1.05 * 200, "found " + rate + "/s of 200/s: " + r.err());
            assertTrue(c.at("/interval/1").asDouble() > rate, c.toString());
            assertEquals(4, c.get("agreed").asInt(), "each side of the boundary probed twice, and agreeing: " + r.err());
            assertEquals(50.0, c.at("/probes/0/rate").asDouble());
            assertEquals(100.0, c.at("/probes/1/rate").asDouble(), "the rate doubles from the start");
            assertTrue(c.get("verdict").asText().contains("at p99<100ms and errors<0.1%"), c.toString());
            assertNull(c.get("limitedBy"));
            assertTrue(r.err().contains("probe 1"), "each probe is told as it ends: " + r.err());
        } finally {
            p.destroyForcibly().waitFor();
        }
    }

    @Test
    void aSuitesCapacitySearchRunsFromTwoAgentsAndLandsInRunJson(@TempDir Path dir) throws Exception {
        int port = freePort();
        Process p = server(port, 2, 10); // 200/s
        try {
            Path suite = Files.writeString(dir.resolve("capacity-agents.yaml"), """
                    name: capacity-agents
                    warmup: none
                    targets:
                      - { label: workers, url: "http://127.0.0.1:%d/hello", protocol: rest-xml }
                    capacity: { slo: ['p99<100ms', 'errors<0.1%%'], startRate: 50, probe: 1s, settle: 1s, connections: 40, precision: 15 }
                    """.formatted(port));
            CliRunner r = CliRunner.run("run", suite.toString(), "--agents", "2", "--local", "--out", dir.resolve("out").toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
            assertEquals(0, run.path("points").size(), "the probes are the capacity's, not points");
            JsonNode c = run.at("/capacity/0");
            double rate = c.get("rate").asDouble();
            assertTrue(rate >= 0.7 * 200 && rate <= 1.05 * 200, "found " + rate + "/s of 200/s: " + r.out());
            assertTrue(r.out().contains("capacity of workers: "), r.out());
            String logs = Files.readString(dir.resolve("out/logs/agent-1.log")) + Files.readString(dir.resolve("out/logs/agent-2.log"));
            assertTrue(logs.contains("part 1/2 of a point received") && logs.contains("part 2/2 of a point received"),
                    "each probe's rate split between the agents: " + logs);
        } finally {
            p.destroyForcibly().waitFor();
        }
    }
}
