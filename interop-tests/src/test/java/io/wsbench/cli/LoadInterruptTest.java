package io.wsbench.cli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C in the middle of a long {@code load} (a soak): the point stops at once and what was measured
 * until then is told, with exit code 1. Bounded: the point would last 60 s; SIGINT comes once the
 * test's server has answered 200 requests (the point is under way, however long the CLI took to start
 * on a busy machine: 3 s after its start once left it 0.16 s and no answer), and the process must be
 * gone within 30 s of it.
 */
class LoadInterruptTest {

    @Test
    void ctrlCInALongPointTellsWhatWasMeasuredUntilThen(@TempDir Path dir) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        byte[] hello = "Hello World".getBytes(StandardCharsets.UTF_8);
        java.util.concurrent.atomic.AtomicLong answered = new java.util.concurrent.atomic.AtomicLong();
        server.createContext("/", exchange -> {
            answered.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, hello.length);
            exchange.getResponseBody().write(hello);
            exchange.close();
        });
        server.start();
        try (CliProcess load = CliProcess.start(dir.resolve("load.out"), "load",
                "http://127.0.0.1:" + server.getAddress().getPort() + "/", "-c", "2", "-d", "60s")) {
            load.awaitTrue(Duration.ofSeconds(30), "a point under way", () -> answered.get() >= 200);
            load.interrupt();
            assertEquals(1, load.exitCode(Duration.ofSeconds(30)), load.output());
            String out = load.output();
            assertTrue(out.contains("wsbench: interrupted (Ctrl-C): the point above is what was measured until then"), out);
            Matcher m = Pattern.compile("requests\\s+([\\d,]+) in ([\\d.]+) s").matcher(out);
            assertTrue(m.find(), out);
            assertTrue(Long.parseLong(m.group(1).replace(",", "")) > 0, out);
            assertTrue(Double.parseDouble(m.group(2)) < 30, "the point stopped when asked: " + out);
        } finally {
            server.stop(0);
        }
    }
}
