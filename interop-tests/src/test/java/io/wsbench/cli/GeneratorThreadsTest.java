package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.wsbench.core.load.LoadEngine;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code run} and {@code load} give a point of the same connections the same I/O threads by default. */
class GeneratorThreadsTest {

    private static HttpServer server;
    private static String url;

    @BeforeAll
    static void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        byte[] hello = "Hello World".getBytes(StandardCharsets.UTF_8);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=UTF-8");
            exchange.sendResponseHeaders(200, hello.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(hello);
            }
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort() + "/hello";
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    @Test
    void runAndLoadAgreeOnTheDefault(@TempDir Path dir) throws Exception {
        int users = 5;
        Path suite = dir.resolve("threads.yaml");
        Files.writeString(suite, """
                name: threads
                warmupRequests: 10
                targets:
                  - { label: local, url: "%s", protocol: plain }
                load:
                  - { users: %d, requestsPerUser: 20 }
                """.formatted(url, users));
        CliRunner run = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, run.exit(), run.out() + run.err());
        JsonNode record = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        JsonNode point = record.at("/points/0");
        assertEquals(users * 20, point.at("/validated").asLong(), point.toString());

        CliRunner load = CliRunner.run("load", url, "-c", String.valueOf(users), "-n", "100", "--protocol", "plain", "--json");
        assertEquals(0, load.exit(), load.err());
        JsonNode loaded = RunJson.MAPPER.readTree(load.out());
        assertEquals(100, loaded.at("/validated").asLong(), load.out());

        int expected = LoadEngine.defaultThreads(users); // one per 128 connections: 1
        assertEquals(1, expected);
        assertEquals(expected, point.at("/generator/ioThreads").asInt(), "run: " + point.at("/generator"));
        assertEquals(expected, loaded.at("/generator/ioThreads").asInt(), "load: " + loaded.at("/generator"));
        assertTrue(record.at("/notes").toString().contains("one I/O thread per 128 connections of a point, at most one per core"),
                record.at("/notes").toString());

        CliRunner summary = CliRunner.run("load", url, "-c", String.valueOf(users), "-n", "100", "--protocol", "plain");
        assertEquals(0, summary.exit(), summary.err());
        assertTrue(summary.out().contains(" x " + expected + (expected == 1 ? " thread\n" : " threads\n")), summary.out());
    }

    @Test
    void threadsGivenAreThreadsUsedByBoth(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("threads.yaml");
        Files.writeString(suite, """
                name: threads
                warmup: none
                targets:
                  - { label: local, url: "%s", protocol: plain }
                load:
                  - { users: 2, requestsPerUser: 10 }
                """.formatted(url));
        CliRunner run = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString(), "--threads", "2");
        assertEquals(0, run.exit(), run.out() + run.err());
        JsonNode point = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).at("/points/0");
        CliRunner load = CliRunner.run("load", url, "-c", "2", "-n", "20", "--protocol", "plain", "--threads", "2", "--json");
        assertEquals(0, load.exit(), load.err());
        assertEquals(2, point.at("/generator/ioThreads").asInt(), point.at("/generator").toString());
        assertEquals(2, RunJson.MAPPER.readTree(load.out()).at("/generator/ioThreads").asInt(), load.out());
    }
}
