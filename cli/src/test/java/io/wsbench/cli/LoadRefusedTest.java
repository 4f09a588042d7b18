package io.wsbench.cli;

import com.sun.net.httpserver.HttpServer;
import io.wsbench.core.load.Reconnects;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code wsbench load} on servers wsbench did not write (the JDK's): one whose every answer fails, and one that closes
 * each connection after its answer.
 */
class LoadRefusedTest {

    /** What {@code load URL args} printed, the server answering every request with {@code status}, one header and {@code body}. */
    private static String load(String path, int status, String header, String value, String body, String... args) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().add(header, value);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        try {
            String[] command = new String[args.length + 2];
            command[0] = "load";
            command[1] = "http://127.0.0.1:" + server.getAddress().getPort() + path;
            System.arraycopy(args, 0, command, 2, args.length);
            CliRunner r = CliRunner.run(command);
            return r.out() + r.err();
        } finally {
            server.stop(0);
        }
    }

    @Test
    void everyAnswerRefusedSaysTheFirstAndNoLatency() throws Exception {
        String said = load("/missing", 404, "Content-Type", "text/html",
                "<html><title>404 Not Found</title>\n<p>No such page. token=s3cr3t</p></html>", "-n", "4", "-c", "1");
        assertTrue(said.contains("answers refused; the first: status 404 (text/html, 75 bytes: <html><title>404 Not Found</title>"
                + " <p>No such page. token=***</p></html>)"), said);
        assertTrue(said.contains("latency       - (no answer passed its check"), said);
        assertFalse(said.contains("s3cr3t"), said);
        assertTrue(said.contains("closed loop, 1 user, keep-alive, ") && said.contains(" x 1 thread\n"), said);
    }

    @Test
    void aServerThatClosesEachConnectionIsSaidToHaveDoneSo() throws Exception {
        String said = load("/hello", 200, "Connection", "close", "Hello", "-n", "10", "-c", "2", "--json");
        assertTrue(said.contains("\"serverClosedConnections\" : 10"), "each of the 10 connections closed by the server: " + said);
        assertTrue(said.contains("the server closed the connection after each answer (HTTP/1.0, or Connection: close)"), said);
    }

    @Test
    void theWordsFollowTheCounts() {
        assertNull(Reconnects.said(true, 4, 1000, 4L), "one a user: kept");
        assertNull(Reconnects.said(false, 4, 1000, 1000L), "a new connection per request was asked");
        assertNull(Reconnects.said(true, 4, 1000, null), "not counted (HTTP/2)");
        assertTrue(Reconnects.said(true, 4, 1000, 1000L).startsWith("the server closed the connection after each answer"));
        assertTrue(Reconnects.said(true, 4, 1000, 340L).startsWith("the server closed connections now and then"), "nginx's keepalive_requests 3");
        assertEquals(Reconnects.said(true, 4, 1000, 340L), Reconnects.said(true, 8, 5000, 1700L), "alike for every point of a target");
    }
}
