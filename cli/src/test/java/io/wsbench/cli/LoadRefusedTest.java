package io.wsbench.cli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code wsbench load} on a URL whose every answer fails, from a server wsbench did not write (the JDK's). */
class LoadRefusedTest {

    @Test
    void everyAnswerRefusedSaysTheFirstAndNoLatency() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] page = "<html><title>404 Not Found</title>\n<p>No such page. token=s3cr3t</p></html>".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(404, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/missing";
            CliRunner r = CliRunner.run("load", url, "-n", "4", "-c", "1");
            String said = r.out() + r.err();
            assertTrue(said.contains("answers refused; the first: status 404 (text/html, 75 bytes: <html><title>404 Not Found</title>"
                    + " <p>No such page. token=***</p></html>)"), said);
            assertTrue(said.contains("latency       - (no answer passed its check"), said);
            assertFalse(said.contains("s3cr3t"), said);
            assertTrue(said.contains("closed loop, 1 user, keep-alive, ") && said.contains(" x 1 thread\n"), said);
        } finally {
            server.stop(0);
        }
    }
}
