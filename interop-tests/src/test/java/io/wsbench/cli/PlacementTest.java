package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.Cores;
import io.wsbench.launch.StackLauncher;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Processes placed on disjoint cores: the server started on its cores, the generator on its own, and the run says so. */
class PlacementTest {

    @Test
    void aServerStartedOnCoreZeroRunsThereAndSoDoesEveryThreadItStarts(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs two cores");
        var direct = StackCatalog.in(Home.find()).find("direct").orElseThrow();
        RunningStack s = new StackLauncher(dir, "0").start(direct, 0, Map.of());
        try {
            assertEquals("0", allowed(s.pid()));
            assertEquals("0", Cores.of(s.pid()));
        } finally {
            s.stop();
        }
    }

    @Test
    void aRunWithCpusRecordsThePlacementAndGivesTheGeneratorItsCoresBack(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs two cores");
        String before = Cores.of(ProcessHandle.current().pid());
        Path suite = Files.writeString(dir.resolve("placed.yaml"), """
                name: placed
                warmup: none            # not what this test is about
                cpus: { generator: "1", servers: "0" }
                targets:
                  - { label: plain, stack: direct, protocol: plain }
                load:
                  - { users: 1, requestsPerUser: 200 }
                """);
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        assertEquals("1", run.at("/environment/cpus/generator").asText());
        assertEquals("0", run.at("/environment/cpus/servers").asText());
        assertEquals(200, run.at("/points/0/validated").asLong());
        assertTrue(Files.readString(dir.resolve("out/report.html")).contains("load generator on cores 1, servers on cores 0"));
        assertEquals(before, Cores.of(ProcessHandle.current().pid()), "the generator's cores given back");
        // the idle cores held per point, when this machine lets wsbench ask (root, Linux's PM QoS) and has a cpuidle driver to ask
        boolean canHold = Files.isWritable(io.wsbench.runner.AwakeCores.DEVICE);
        boolean driver = !io.wsbench.runner.AwakeCores.driverOf(io.wsbench.runner.AwakeCores.CPUIDLE).equals("none");
        String idle = !canHold ? "halt" : driver ? "per point" : "none";
        assertEquals(idle, run.at("/environment/idle").asText());
        String note = switch (idle) {
            case "per point" -> "idle cores polled instead of halting during the points that leave them idle";
            case "none" -> "nothing to hold: this machine's cpuidle driver is none";
            default -> "idle cores may halt between requests";
        };
        assertTrue(run.at("/notes").toString().contains(note), run.at("/notes").toString());
        assertTrue(Files.readString(dir.resolve("out/report.html")).contains(switch (idle) {
            case "per point" -> "polled instead of halting during the points that leave them idle";
            case "none" -> "nothing to hold";
            default -> "may halt between requests";
        }));
        // 1 user: a point whose cores idle between requests, held where a hold is had
        assertEquals(idle.equals("per point") ? "poll" : idle.equals("none") ? "none" : "halt",
                run.at("/points/0/generator/idleCores").asText(), run.at("/points/0/generator").toString());
        // how far apart the generator's core and the server's were, before and after the point: a cache line's round trip
        JsonNode apart = run.at("/points/0/generator/coreDistanceNanos");
        assertEquals(2, apart.size(), run.at("/points/0/generator").toString());
        for (JsonNode nanos : apart) {
            assertTrue(nanos.asDouble() > 0 && nanos.asDouble() < 1e6, apart.toString());
        }

        // auto, in the suite as the default suite has it: on two cores the same placement
        Path auto = Files.writeString(dir.resolve("auto.yaml"), Files.readString(suite)
                .replace("cpus: { generator: \"1\", servers: \"0\" }", "cpus: auto"));
        CliRunner a = CliRunner.run("run", auto.toString(), "--out", dir.resolve("auto").toString());
        assertEquals(0, a.exit(), a.out() + a.err());
        JsonNode autoRun = RunJson.MAPPER.readTree(dir.resolve("auto/run.json").toFile());
        io.wsbench.model.suite.Placement expected = io.wsbench.model.suite.Placement.auto();
        assertEquals(expected.generator(), autoRun.at("/environment/cpus/generator").asText());
        assertEquals(expected.servers(), autoRun.at("/environment/cpus/servers").asText());

        CliRunner off = CliRunner.run("run", suite.toString(), "--cpus", "off", "--no-cores-awake", "--out", dir.resolve("off").toString());
        assertEquals(0, off.exit(), off.out() + off.err());
        JsonNode offRun = RunJson.MAPPER.readTree(dir.resolve("off/run.json").toFile());
        assertTrue(offRun.at("/environment/cpus").isMissingNode());
        assertTrue(offRun.at("/points/0/generator/coreDistanceNanos").isMissingNode(), "not placed: no pair of cores to probe");
        assertEquals("halt", offRun.at("/environment/idle").asText());
        assertTrue(offRun.at("/notes").toString().contains("not asked (--no-cores-awake)"), offRun.at("/notes").toString());
    }

    @Test
    void oneUserTogetherSendsAOneUserPointFromTheServersCoresAndOnlyIt(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs two cores");
        String before = Cores.of(ProcessHandle.current().pid());
        Path suite = Files.writeString(dir.resolve("together.yaml"), """
                name: together
                warmup: none            # not what this test is about
                cpus: { oneUser: together }
                targets:
                  - { label: plain, stack: direct, protocol: plain }
                load:
                  - { users: 1, requestsPerUser: 200 }
                  - { users: 2, requestsPerUser: 100 }
                """);
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        io.wsbench.model.suite.Placement auto = io.wsbench.model.suite.Placement.auto();
        assertEquals(auto.generator(), run.at("/environment/cpus/generator").asText(), "the lists left out: auto's");
        assertEquals("together", run.at("/environment/cpus/oneUser").asText());
        assertTrue(Files.readString(dir.resolve("out/report.html")).contains("a point of one user sent from the servers&#39; cores")
                || Files.readString(dir.resolve("out/report.html")).contains("a point of one user sent from the servers' cores"));
        JsonNode one = null;
        JsonNode two = null;
        for (JsonNode p : run.at("/points")) {
            if (p.at("/load/users").asInt() == 1) {
                one = p;
            } else {
                two = p;
            }
        }
        assertEquals(200, one.at("/validated").asLong());
        assertEquals(200, two.at("/validated").asLong());
        // one user: sent from the server's core, where no core idles between requests and there is no distance to probe
        assertEquals("shared", one.at("/generator/idleCores").asText(), one.at("/generator").toString());
        assertTrue(one.at("/generator/coreDistanceNanos").isMissingNode(), one.at("/generator").toString());
        assertTrue(one.at("/server/ownCpusBusyPercent").isMissingNode(), "the server's cores were the generator's too");
        // two users: from the generator's own core, as every placed point
        assertTrue(!"shared".equals(two.at("/generator/idleCores").asText()), two.at("/generator").toString());
        assertEquals(2, two.at("/generator/coreDistanceNanos").size(), two.at("/generator").toString());
        assertEquals(before, Cores.of(ProcessHandle.current().pid()), "the generator's cores given back");

        // --one-user over the suite's; unplaced, it has nothing to do: one line
        CliRunner apart = CliRunner.run("run", suite.toString(), "--one-user", "apart", "--out", dir.resolve("apart").toString());
        assertEquals(0, apart.exit(), apart.out() + apart.err());
        JsonNode apartRun = RunJson.MAPPER.readTree(dir.resolve("apart/run.json").toFile());
        assertTrue(apartRun.at("/environment/cpus/oneUser").isMissingNode());
        assertTrue(!apartRun.at("/points").toString().contains("\"shared\""), apartRun.at("/points").toString());
        CliRunner unplaced = CliRunner.run("run", suite.toString(), "--cpus", "off", "--one-user", "together", "--out", dir.toString());
        assertEquals(2, unplaced.exit());
        assertTrue(unplaced.err().contains("--one-user needs the processes placed"), unplaced.err());
        CliRunner sideways = CliRunner.run("run", suite.toString(), "--one-user", "sideways", "--out", dir.toString());
        assertEquals(2, sideways.exit());
        assertTrue(sideways.err().contains("--one-user is 'apart' or 'together', not 'sideways'"), sideways.err());
    }

    @Test
    void overlappingOrMissingCoresAreBadInputInOneLine(@TempDir Path dir) throws Exception {
        CliRunner overlap = CliRunner.run("run", "--cpus", "0:0-1", "--out", dir.toString());
        assertEquals(2, overlap.exit());
        assertTrue(overlap.err().contains("overlap"), overlap.err());
        CliRunner missing = CliRunner.run("run", "--cpus", "0:999", "--out", dir.toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("this machine has cores 0-"), missing.err());
        CliRunner garbled = CliRunner.run("run", "--cpus", "first", "--out", dir.toString());
        assertEquals(2, garbled.exit());
        assertTrue(garbled.err().contains("GENERATOR:SERVERS"), garbled.err());
    }

    /** The kernel's own account of where a process may run. */
    private static String allowed(long pid) throws Exception {
        return Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:")).map(l -> l.split(":")[1].trim()).findFirst().orElseThrow();
    }
}
