package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.wsbench.agent.Secret;
import io.wsbench.model.record.RunJson;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Agents on separate hosts, as far as the network can tell: three network namespaces of the test's own
 * (the controller's, with the server under test, and one for each of two agents) joined by a bridge in the
 * controller's, with addresses that exist only inside them (10.77.0.0/24). The controller dials the agents
 * at their own addresses with {@code --bind}, {@code --join} and the secret; the point is measured from both
 * and every request is accounted for; a controller with another secret is refused in one line and sends
 * nothing. Needs root and {@code ip netns}: where the machine cannot make namespaces, the test is skipped
 * and says why.
 */
class AgentsAcrossHostsTest {

    private static final String CONTROLLER = "10.77.0.1";
    private static final List<String> AGENTS = List.of("10.77.0.2", "10.77.0.3");

    @Test
    void aPointMeasuredFromAgentsInOtherNamespacesWithTheSecretAndRefusedWithoutIt(@TempDir Path dir) throws Exception {
        String tag = Long.toString(ProcessHandle.current().pid() % 100_000);
        List<String> namespaces = List.of("wsb-c-" + tag, "wsb-a1-" + tag, "wsb-a2-" + tag);
        String why = namespaces(namespaces, tag);
        Assumptions.assumeTrue(why == null, () -> "skipped: cannot make network namespaces here (" + why + ")");
        List<Process> started = new ArrayList<>();
        try {
            Path secret = Files.writeString(dir.resolve("cluster.secret"), Secret.generate().forEnvironment());
            Path count = dir.resolve("answered.txt");
            Process server = in(namespaces.get(0), dir.resolve("server.txt"), started, java(CountingServer.class.getName(),
                    CONTROLLER, "8080", count.toString()));
            awaitLine(dir.resolve("server.txt"), "serving", server);
            for (int i = 0; i < AGENTS.size(); i++) {
                Process agent = in(namespaces.get(i + 1), dir.resolve("agent-" + i + ".txt"), started, java(Main.class.getName(), "agent",
                        "--cluster", "across", "--bind", AGENTS.get(i), "--port", "5701", "--secret-file", secret.toString(), "--threads", "1"));
                awaitLine(dir.resolve("agent-" + i + ".txt"), "waiting for points", agent);
            }
            Path suite = Files.writeString(dir.resolve("across.yaml"), """
                    name: across
                    warmup: none
                    targets:
                      - { label: hello, url: "http://%s:8080/hello", protocol: plain }
                    load:
                      - { users: 4, requestsPerUser: 50 }
                    """.formatted(CONTROLLER));
            String join = String.join(",", AGENTS.stream().map(a -> a + ":5701").toList());

            Path other = Files.writeString(dir.resolve("other.secret"), Secret.generate().forEnvironment());
            Process refused = in(namespaces.get(0), dir.resolve("refused.txt"), started, java(Main.class.getName(), "run", suite.toString(),
                    "--agents", "2", "--join", join, "--bind", CONTROLLER, "--cluster", "across", "--secret-file", other.toString(),
                    "--agents-wait", "30s", "--out", dir.resolve("refused").toString()));
            assertTrue(refused.waitFor(60, TimeUnit.SECONDS), "a refused run ends");
            String refusal = Files.readString(dir.resolve("refused.txt"));
            assertEquals(2, refused.exitValue(), refusal);
            assertTrue(refusal.lines().anyMatch(l -> l.matches("wsbench: agent 10\\.77\\.0\\.[23]:5701 refused the point: wrong or missing cluster secret")),
                    refusal);

            Process run = in(namespaces.get(0), dir.resolve("run.txt"), started, java(Main.class.getName(), "run", suite.toString(),
                    "--agents", "2", "--join", join, "--bind", CONTROLLER, "--cluster", "across", "--secret-file", secret.toString(),
                    "--agents-wait", "30s", "--out", dir.resolve("out").toString()));
            assertTrue(run.waitFor(120, TimeUnit.SECONDS), "the run ends");
            assertEquals(0, run.exitValue(), Files.readString(dir.resolve("run.txt")));
            JsonNode point = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).at("/points/0");
            assertEquals(200, point.get("requests").asLong(), "4 users × 50");
            assertEquals(2, point.get("agents").size(), point.toString());
            List<String> from = new ArrayList<>();
            long shares = 0;
            for (JsonNode a : point.get("agents")) {
                from.add(a.get("agent").asText());
                shares += a.get("requests").asLong();
            }
            assertEquals(200, shares, "the agents' shares add up to the point");
            assertEquals(List.of("10.77.0.2:5701", "10.77.0.3:5701"), from.stream().sorted().toList());
            server.destroy();
            assertTrue(server.waitFor(10, TimeUnit.SECONDS));
            assertEquals("200", Files.readString(count).strip(), "every request reached the server, and only the honest run's");
        } finally {
            started.forEach(Process::destroyForcibly);
            for (Process p : started) {
                p.waitFor(10, TimeUnit.SECONDS);
            }
            for (String ns : namespaces) {
                exec("ip", "netns", "del", ns);
            }
        }
    }

    /** Makes the namespaces and the bridge between them; null when done, else why they cannot be made here. */
    private static String namespaces(List<String> names, String tag) throws InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "not root";
        }
        List<List<String>> steps = new ArrayList<>();
        for (String ns : names) {
            steps.add(List.of("ip", "netns", "add", ns));
            steps.add(List.of("ip", "-n", ns, "link", "set", "lo", "up"));
        }
        String c = names.get(0);
        steps.add(List.of("ip", "-n", c, "link", "add", "br0", "type", "bridge"));
        steps.add(List.of("ip", "-n", c, "addr", "add", CONTROLLER + "/24", "dev", "br0"));
        steps.add(List.of("ip", "-n", c, "link", "set", "br0", "up"));
        for (int i = 0; i < AGENTS.size(); i++) {
            String a = names.get(i + 1);
            String here = "wsbh" + i + "-" + tag;
            String there = "wsbt" + i + "-" + tag;
            steps.add(List.of("ip", "link", "add", here, "type", "veth", "peer", "name", there));
            steps.add(List.of("ip", "link", "set", here, "netns", c));
            steps.add(List.of("ip", "link", "set", there, "netns", a));
            steps.add(List.of("ip", "-n", c, "link", "set", here, "master", "br0", "up"));
            steps.add(List.of("ip", "-n", a, "addr", "add", AGENTS.get(i) + "/24", "dev", there));
            steps.add(List.of("ip", "-n", a, "link", "set", there, "up"));
        }
        for (List<String> step : steps) {
            String failed = exec(step.toArray(new String[0]));
            if (failed != null) {
                names.forEach(ns -> {
                    try {
                        exec("ip", "netns", "del", ns);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                return String.join(" ", step) + ": " + failed;
            }
        }
        return null;
    }

    /** Runs a command; null when it succeeded, else its output. */
    private static String exec(String... command) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "did not end";
            }
            return p.exitValue() == 0 ? null : out.isEmpty() ? "exit " + p.exitValue() : out;
        } catch (IOException e) {
            return e.getMessage();
        }
    }

    private static List<String> java(String main, String... args) {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dwsbench.home=" + Home.find(), "-cp", classPath, main));
        command.addAll(List.of(args));
        return command;
    }

    private static Process in(String namespace, Path output, List<Process> started, List<String> command) throws IOException {
        List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        all.addAll(command);
        Process p = new ProcessBuilder(all).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        started.add(p);
        return p;
    }

    private static void awaitLine(Path output, String text, Process p) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!(Files.exists(output) && Files.readString(output).contains(text))) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("no '" + text + "': " + (Files.exists(output) ? Files.readString(output) : ""));
            }
            Thread.sleep(50);
        }
    }

    /** A server for the controller's namespace: "Hello World" at /hello on ADDRESS:PORT; how many it answered written to FILE when stopped. */
    public static final class CountingServer {
        public static void main(String[] args) throws IOException {
            AtomicLong answered = new AtomicLong();
            HttpServer server = HttpServer.create(new InetSocketAddress(args[0], Integer.parseInt(args[1])), 100);
            byte[] body = "Hello World".getBytes(StandardCharsets.US_ASCII);
            server.createContext("/hello", exchange -> {
                answered.incrementAndGet();
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Files.writeString(Path.of(args[2]), Long.toString(answered.get()));
                } catch (IOException e) {
                    System.err.println("cannot write " + args[2] + ": " + e.getMessage());
                }
            }));
            server.start();
            System.out.println("serving");
        }
    }
}
