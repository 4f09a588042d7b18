package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;

import com.sun.net.httpserver.HttpServer;
import io.wsbench.runner.AwakeCores;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command that measures gets what surrounds its points from one session: while its point runs
 * the process holds the machine's cores awake (it has {@code /dev/cpu_dma_latency} open, where it
 * may), and Ctrl-C stops the point and tells what was measured until then, exit code 1 — for
 * {@code load}, {@code load --flow}, {@code capacity} and {@code agent} alike. Bounded: each point
 * would last 60 s; SIGINT comes once the point has run 2 s, and each process must be gone 30 s after.
 */
class PointSessionTest {

    private static HttpServer server;
    private static String url;
    private static final java.util.concurrent.atomic.AtomicLong HITS = new java.util.concurrent.atomic.AtomicLong();

    @BeforeAll
    static void serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        byte[] hello = "Hello World".getBytes(StandardCharsets.UTF_8);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            HITS.incrementAndGet();
            exchange.sendResponseHeaders(200, hello.length);
            exchange.getResponseBody().write(hello);
            exchange.close();
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    /** Whether the cores can be held here: the device exists and this user may write it (root). */
    private static boolean holdable() {
        return Files.isWritable(AwakeCores.DEVICE);
    }

    /** Whether process {@code pid} holds {@code /dev/cpu_dma_latency} open. */
    private static boolean holds(long pid) {
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return fds.anyMatch(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(AwakeCores.DEVICE);
                } catch (IOException gone) {
                    return false;
                }
            });
        } catch (IOException gone) {
            return false;
        }
    }

    /** Waits for the point under way (its requests coming), the hold where the machine allows it, 2 s of the point, then Ctrl-C. */
    private static void interruptUnderWay(CliProcess p) throws Exception {
        long before = HITS.get();
        p.awaitTrue(Duration.ofSeconds(60), "a point under way", () -> HITS.get() > before + 10);
        interrupt(p);
    }

    private static void interrupt(CliProcess p) throws Exception {
        if (holdable()) {
            p.awaitTrue(Duration.ofSeconds(10), "the cores held (/dev/cpu_dma_latency open)", () -> holds(p.pid()));
        }
        Thread.sleep(2000);
        if (holdable()) {
            assertTrue(holds(p.pid()), "the hold lasts while the point runs:\n" + p.output());
        }
        p.interrupt();
    }

    @Test
    void loadHoldsTheCoresAndStopsOnCtrlC(@TempDir Path dir) throws Exception {
        try (CliProcess load = CliProcess.start(dir.resolve("load.out"), "load", url, "-c", "2", "-d", "60s", "--warmup", "none")) {
            interruptUnderWay(load);
            assertEquals(1, load.exitCode(Duration.ofSeconds(30)), load.output());
            assertTrue(load.output().contains("wsbench: interrupted (Ctrl-C): the point above is what was measured until then"),
                    load.output());
        }
    }

    @Test
    void aRunHoldsTheCoresAndStopsOnCtrlCKeepingWhatItMeasured(@TempDir Path dir) throws Exception {
        Path suite = Files.writeString(dir.resolve("long.yaml"), """
                name: long
                warmup: none
                order: grouped          # the short point first, then the long one Ctrl-C cuts
                targets:
                  - { label: here, url: "%s" }
                load:
                  - { users: 2, requestsPerUser: 3 }   # done before the long one's requests come
                  - { users: 2, duration: 60s }
                """.formatted(url));
        Path out = dir.resolve("out");
        try (CliProcess run = CliProcess.start(dir.resolve("run.out"), "run", suite.toString(), "--out", out.toString())) {
            interruptUnderWay(run);
            assertEquals(1, run.exitCode(Duration.ofSeconds(30)), run.output());
            JsonNode record = RunJson.MAPPER.readTree(out.resolve("run.json").toFile());
            assertEquals("partial", record.at("/status").asText(), record.toString());
            assertTrue(record.at("/partialReason").asText().contains("interrupted (Ctrl-C)"), record.at("/partialReason").asText());
            assertEquals(2, record.at("/points").size(), "the point measured before Ctrl-C is kept, and the one it cut short: "
                    + record + "\n" + run.output());
            assertEquals("", record.at("/points/0/aborted").asText(), record.toString());
            assertEquals("interrupted (Ctrl-C)", record.at("/points/1/aborted").asText(), "marked as cut short: " + record);
        }
    }

    @Test
    void aFlowHoldsTheCoresAndStopsOnCtrlC(@TempDir Path dir) throws Exception {
        Path flow = Files.writeString(dir.resolve("hello.yaml"), """
                label: hello
                url: %s
                flow:
                  steps:
                    - { name: hello, method: GET, path: "/" }
                """.formatted(url));
        try (CliProcess load = CliProcess.start(dir.resolve("flow.out"), "load", "--flow", flow.toString(), "-c", "2", "-d", "60s",
                "--warmup", "none")) {
            interruptUnderWay(load);
            assertEquals(1, load.exitCode(Duration.ofSeconds(30)), load.output());
            String out = load.output();
            assertTrue(out.contains("wsbench: interrupted (Ctrl-C): the point above is what was measured until then"), out);
            assertTrue(out.contains("iterations ") && out.contains("hello"), "the point as measured until then: " + out);
        }
    }

    @Test
    void aCapacitySearchHoldsTheCoresAndStopsOnCtrlC(@TempDir Path dir) throws Exception {
        try (CliProcess capacity = CliProcess.start(dir.resolve("capacity.out"), "capacity", url, "--slo", "p99<10s",
                "--start-rate", "50", "--duration", "60s", "--settle", "0s", "-c", "2", "--warmup", "none")) {
            interruptUnderWay(capacity);
            assertEquals(1, capacity.exitCode(Duration.ofSeconds(30)), capacity.output());
            assertTrue(capacity.output().contains("interrupted (Ctrl-C)"), "the search says why it stopped: " + capacity.output());
        }
    }

    @Test
    void anIdleAgentLetsTheCoresHaltAndLeavesOnCtrlC(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Path secret = java.nio.file.Files.writeString(dir.resolve("cluster.secret"), io.wsbench.agent.Secret.generate().forEnvironment());
        try (CliProcess agent = CliProcess.start(dir.resolve("agent.out"), "agent", "--bind", "127.0.0.1",
                "--port", Integer.toString(port), "--cluster", "session-" + ProcessHandle.current().pid(), "--busy-poll",
                "--secret-file", secret.toString())) {
            agent.awaitTrue(Duration.ofSeconds(60), "the agent in its cluster", () -> {
                try {
                    return agent.output().contains("waiting for points");
                } catch (IOException e) {
                    return false;
                }
            });
            Thread.sleep(1000);
            assertFalse(holds(agent.pid()), "an agent holds the cores while it measures a part, not while it waits");
            agent.interrupt();
            int code = agent.exitCode(Duration.ofSeconds(30));
            assertTrue(code != 0, "stopped by Ctrl-C: " + code + "\n" + agent.output());
        }
    }
}
