package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code load}'s options mean the same for a URL and for a flow ({@code --flow}): --history records the point,
 * --prometheus serves it and --otlp pushes it, for both; a command that has no such option refuses it by name.
 * One server of the test's answers the load at /hello and takes the OTLP pushes at /v1/metrics.
 */
class LoadOptionsTest {

    HttpServer server;
    final AtomicInteger pushes = new AtomicInteger();
    String base;

    @BeforeEach
    void server() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        byte[] hello = "Hello World".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/hello", x -> {
            x.sendResponseHeaders(200, hello.length);
            try (OutputStream out = x.getResponseBody()) {
                out.write(hello);
            }
        });
        server.createContext("/v1/metrics", x -> {
            x.getRequestBody().readAllBytes();
            pushes.incrementAndGet();
            x.sendResponseHeaders(200, -1);
            x.close();
        });
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(2));
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void historyPrometheusAndOtlpAreHonouredOnAFlowAsOnAUrl(@TempDir Path dir) throws Exception {
        Path flow = Files.writeString(dir.resolve("hello-flow.yaml"), """
                url: "%s"
                flow:
                  steps: [ { name: hi, method: GET, path: /hello } ]
                """.formatted(base));
        Path db = dir.resolve("h.db");
        String[][] commands = {
                {"load", base + "/hello", "-d", "2s", "-c", "2"},
                {"load", "--flow", flow.toString(), "-d", "2s", "-c", "2"}};
        for (String[] command : commands) {
            int before = pushes.get();
            String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(command),
                    java.util.stream.Stream.of("--history", db.toString(), "--prometheus", "0", "--otlp", base)).toArray(String[]::new);
            CliRunner r = CliRunner.run(args);
            String what = String.join(" ", command) + ": ";
            assertEquals(0, r.exit(), what + r.out() + r.err());
            assertTrue(r.out().contains("metrics: http://127.0.0.1:"), what + r.out());
            assertTrue(r.out().contains("metrics: pushed every second over OTLP/HTTP to " + base), what + r.out());
            assertTrue(pushes.get() > before, what + "the collector got the point's figures");
            assertTrue(r.out().contains("history       recorded in " + db), what + r.out());
        }
        String suite = "load --flow " + flow;
        CliRunner h = CliRunner.run("history", suite, "--history", db.toString(), "--json", "--out", dir.resolve("t.html").toString());
        assertEquals(0, h.exit(), h.out() + h.err());
        JsonNode series = RunJson.MAPPER.readTree(h.out()).at("/series/0/runs");
        assertEquals(1, series.size(), h.out());
    }

    @Test
    void anOptionACommandDoesNotHaveIsRefusedByName() {
        for (String option : new String[]{"--history", "--prometheus", "--otlp"}) {
            CliRunner r = CliRunner.run("capacity", base + "/hello", "--slo", "p99<50ms", option, "x");
            assertEquals(2, r.exit(), option + ": " + r.out() + r.err());
            assertTrue(r.err().startsWith("wsbench: Unknown option") && r.err().contains("'" + option + "'"), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
    }
}
