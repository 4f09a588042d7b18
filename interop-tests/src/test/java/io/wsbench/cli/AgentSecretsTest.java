package io.wsbench.cli;

import io.wsbench.agent.Agent;
import io.wsbench.agent.Cluster;
import io.wsbench.agent.Secret;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cluster's secret is never written (not in run.json, report.html, the history database, a log, an
 * agent's output or an error), and a run's local agents are its own: a secret made for them, its generator
 * options, and no agent process left behind however the run is stopped.
 */
class AgentSecretsTest {

    private static String suite(int port, String load) {
        return """
                name: secrets
                warmup: none
                order: grouped
                targets:
                  - { label: hello, url: "http://127.0.0.1:%d/hello", protocol: plain }
                load:
                  - %s
                """.formatted(port, load);
    }

    @Test
    void theSecretIsInNoFileAndNoLineARunWrites(@TempDir Path dir) throws Exception {
        String secret = Secret.generate().forEnvironment();
        Path secretFile = Files.writeString(dir.resolve("cluster.secret"), secret + "\n");
        List<String> agentSays = new CopyOnWriteArrayList<>();
        try (WarmupTest.TestHttp server = new WarmupTest.TestHttp(n -> 0);
             Agent agent = Agent.start(new Cluster("secrets-" + ProcessHandle.current().pid(), List.of(), null, Cluster.DEFAULT_PORT,
                     Secret.of(secretFile, null)), 1, agentSays::add)) {
            Path suite = Files.writeString(dir.resolve("secrets.yaml"), suite(server.port(), "{ users: 2, requestsPerUser: 50 }"));
            Path out = dir.resolve("out");
            CliRunner r = CliRunner.run("run", suite.toString(), "--agents", "1", "--join", agent.address(), "--cluster",
                    "secrets-" + ProcessHandle.current().pid(), "--secret-file", secretFile.toString(), "--history",
                    dir.resolve("history.db").toString(), "--out", out.toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            // and a controller with another secret: its error names the agent, not the secret
            Path other = Files.writeString(dir.resolve("other.secret"), Secret.generate().forEnvironment());
            CliRunner refused = CliRunner.run("run", suite.toString(), "--agents", "1", "--join", agent.address(), "--cluster",
                    "secrets-" + ProcessHandle.current().pid(), "--secret-file", other.toString(), "--out", dir.resolve("refused").toString());
            assertEquals(2, refused.exit(), refused.out() + refused.err());
            assertEquals("wsbench: agent " + agent.address() + " refused the point: wrong or missing cluster secret", refused.err().strip());

            List<String> written = new ArrayList<>(List.of(r.out(), r.err(), refused.out(), refused.err(), String.join("\n", agentSays)));
            List<Path> files = files(dir);
            files.remove(secretFile);
            for (Path f : files) {
                written.add(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
            assertTrue(files.stream().anyMatch(f -> f.endsWith("run.json")) && files.stream().anyMatch(f -> f.endsWith("report.html"))
                    && files.stream().anyMatch(f -> f.getFileName().toString().startsWith("history.db")), files.toString());
            for (int i = 0; i < written.size(); i++) {
                assertFalse(written.get(i).contains(secret), "the secret is in " + (i < 5 ? "output " + i : files.get(i - 5)));
            }
        }
    }

    /**
     * {@code run --agents 2 --local} stopped three ways, Ctrl-C (SIGINT), SIGTERM and SIGKILL, mid-point: after each, no
     * agent process is left (after SIGKILL, the agents see their run gone and leave by themselves). Each agent had the
     * run's generator options, and its secret in its environment, never on its command line nor in its log.
     */
    @Test
    void localAgentsAreTheRunsOwnAndLeaveWithItHoweverItIsStopped(@TempDir Path dir) throws Exception {
        try (WarmupTest.TestHttp server = new WarmupTest.TestHttp(n -> 1)) {
            Path suite = Files.writeString(dir.resolve("long.yaml"), suite(server.port(), "{ users: 2, duration: 60s }"));
            for (String how : List.of("SIGINT", "SIGTERM", "SIGKILL")) {
                Path out = dir.resolve("out-" + how);
                try (CliProcess run = CliProcess.start(dir.resolve(how + ".txt"), "run", suite.toString(), "--agents", "2", "--local",
                        "--threads", "1", "--no-cores-awake", "--out", out.toString())) {
                    run.awaitTrue(Duration.ofSeconds(60), "a point under way", () -> {
                        try {
                            return run.output().contains("agents: ") && Files.exists(out.resolve("logs/agent-2.log"))
                                    && Files.readString(out.resolve("logs/agent-2.log")).contains(" started");
                        } catch (IOException e) {
                            return false;
                        }
                    });
                    List<ProcessHandle> agents = run.children().stream().filter(p -> arguments(p.pid()).contains("agent")).toList();
                    assertEquals(2, agents.size(), how + ": " + run.children());
                    String secret = null;
                    for (ProcessHandle agent : agents) {
                        String options = String.join(" ", arguments(agent.pid()));
                        assertTrue(options.contains("--threads 1") && options.contains("--no-cores-awake"), options);
                        secret = environment(agent.pid(), Secret.ENVIRONMENT);
                        assertTrue(secret != null && secret.length() >= 32, "a secret of the run's own");
                        assertFalse(options.contains(secret), "the secret on an agent's command line");
                    }
                    switch (how) {
                        case "SIGINT" -> run.interrupt();
                        case "SIGTERM" -> run.signal(false);
                        default -> run.signal(true);
                    }
                    run.exitCode(Duration.ofSeconds(30));
                    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                    while (agents.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
                        Thread.sleep(100);
                    }
                    assertTrue(agents.stream().noneMatch(ProcessHandle::isAlive), how + ": agents left behind: "
                            + agents.stream().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).toList());
                    for (Path f : files(out)) {
                        assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(secret), how + ": the secret in " + f);
                    }
                    assertFalse(run.output().contains(secret), how + ": the secret in the run's output");
                }
            }
        }
    }

    /** Process {@code pid}'s command line, from /proc; empty once it is gone. */
    private static List<String> arguments(long pid) {
        try {
            return List.of(Files.readString(Path.of("/proc", String.valueOf(pid), "cmdline"), StandardCharsets.UTF_8).split("\0"));
        } catch (IOException e) {
            return List.of();
        }
    }

    /** A variable of process {@code pid}'s environment, from /proc (this user's own processes). */
    private static String environment(long pid, String name) throws IOException {
        for (String entry : Files.readString(Path.of("/proc", String.valueOf(pid), "environ"), StandardCharsets.UTF_8).split("\0")) {
            if (entry.startsWith(name + "=")) {
                return entry.substring(name.length() + 1);
            }
        }
        return null;
    }

    private static List<Path> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return new ArrayList<>();
        }
        try (Stream<Path> all = Files.walk(dir)) {
            return new ArrayList<>(all.filter(Files::isRegularFile).toList());
        }
    }
}
