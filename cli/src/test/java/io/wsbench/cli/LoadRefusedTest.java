package io.wsbench.cli;

import com.sun.net.httpserver.HttpServer;
import io.wsbench.core.load.Reconnects;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.GeneratorRecordBuilder;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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

    /** What a test server does with each connection it accepts, on a thread of its own. */
    private interface Connection {
        void serve(Socket s) throws IOException, InterruptedException;
    }

    /**
     * {@code load URL args} against a server on plain sockets (no HTTP library's habits) that hands each connection to
     * {@code each}, the URL's path {@code path}: what the command printed.
     */
    private static String loadOn(Connection each, String path, String... args) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket s = server.accept();
                        Thread t = new Thread(() -> {
                            try (s) {
                                each.serve(s);
                            } catch (IOException | InterruptedException e) {
                                // the client went away
                            }
                        });
                        t.setDaemon(true);
                        t.start();
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            String[] command = new String[args.length + 2];
            command[0] = "load";
            command[1] = "http://127.0.0.1:" + server.getLocalPort() + path;
            System.arraycopy(args, 0, command, 2, args.length);
            CliRunner r = CliRunner.run(command);
            return r.out() + r.err();
        }
    }

    /**
     * A server that answers the first request of each connection ("hello", kept alive) and then, as {@code raceNext}
     * says, closes the connection when the second request arrives, unanswered (a keep-alive timeout reached as the
     * request went out: the race every client meets with a think time near the server's timeout), or {@code idleMillis}
     * after the answer, while nothing is on it (the timeout itself).
     */
    private static String loadClosing(boolean raceNext, int idleMillis, String... args) throws Exception {
        byte[] answer = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello".getBytes(StandardCharsets.US_ASCII);
        return loadOn(s -> {
            InputStream in = s.getInputStream();
            readRequest(in);
            s.getOutputStream().write(answer);
            s.getOutputStream().flush();
            if (raceNext) {
                readRequest(in); // the second request: the connection closes under it
            } else {
                Thread.sleep(idleMillis);
            }
        }, "/hello", args);
    }

    /** Reads one request's head and the body its Content-Length gives. */
    private static void readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed");
            }
            head.append((char) b);
        }
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
        if (length.find()) {
            in.readNBytes(Integer.parseInt(length.group(1)));
        }
    }

    @Test
    void aGetOnAConnectionClosedAsItWentOutIsSentAgain() throws Exception {
        String said = loadClosing(true, 0, "-n", "20", "-c", "2", "--json");
        assertTrue(said.contains("\"validated\" : 20,") || said.contains("\"requests\" : 20,"), said);
        assertTrue(said.contains("\"connect\" : 0,"), "no request lost: " + said);
        assertTrue(said.contains("\"sentAgainOnNewConnection\" : 18"), "every request after the first on a connection: " + said);
        assertTrue(said.contains("were sent again on a new connection (RFC 9112, 9.3.1)"), said);
    }

    @Test
    void aPostOnAConnectionClosedAsItWentOutIsLostAndSaysWhy(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path body = dir.resolve("body.txt");
        java.nio.file.Files.writeString(body, "order=1");
        String said = loadClosing(true, 0, "-n", "20", "-c", "2", "--body", body.toString());
        assertTrue(said.contains("errors        10 (connect 10,"), said);
        assertTrue(said.contains("on a connection it had kept open: its keep-alive timeout as the request went out, or the request's own"
                + " doing; not sent again, as its method is not idempotent (RFC 9112, 9.3.1)"), said);
    }

    @Test
    void connectionsClosedWhileIdleAreSaidToHaveBeen() throws Exception {
        String said = loadClosing(false, 20, "-n", "12", "-c", "2", "--think", "100ms", "--json");
        assertTrue(said.contains("\"connect\" : 0,"), said);
        assertTrue(said.contains("\"serverClosedIdleConnections\" : 12"), "every connection, after its one answer: " + said);
        assertTrue(said.contains("the server closed connections that sat idle between requests (a keep-alive timeout shorter than"
                + " the think time"), said);
        assertFalse(said.contains("now and then"), said);
    }

    /**
     * A server that answers every request with Apache httpd's {@code Keep-Alive: timeout=1, max=100} and keeps every
     * connection: how many connections a POST load with {@code think} between requests opened, and what it said.
     */
    private static String loadKeepAliveTimeout(String think, java.util.concurrent.atomic.AtomicInteger connections, Path body)
            throws Exception {
        byte[] answer = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nKeep-Alive: timeout=1, max=100\r\nConnection: Keep-Alive\r\n"
                + "Content-Length: 5\r\n\r\nhello").getBytes(StandardCharsets.US_ASCII);
        return loadOn(s -> {
            connections.incrementAndGet();
            while (true) {
                readRequest(s.getInputStream());
                s.getOutputStream().write(answer);
                s.getOutputStream().flush();
            }
        }, "/orders", "-c", "1", "-n", "3", "--think", think, "--body", body.toString(), "--json");
    }

    @Test
    void aConnectionIdleAsLongAsTheServersKeepAliveTimeoutIsOpenedAnew(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path body = Files.writeString(dir.resolve("order.txt"), "order=1");
        java.util.concurrent.atomic.AtomicInteger connections = new java.util.concurrent.atomic.AtomicInteger();
        String kept = loadKeepAliveTimeout("100ms", connections, body);
        int keptConnections = connections.getAndSet(0); // the load's own, and the check that the URL answers
        assertFalse(kept.contains("reopenedAfterKeepAliveTimeout"), kept);
        String said = loadKeepAliveTimeout("1s", connections, body);
        assertEquals(keptConnections + 2, connections.get(), "idle 1 s of the server's 1 s: the 2nd and 3rd POST on new connections: " + said);
        assertTrue(said.contains("\"reopenedAfterKeepAliveTimeout\" : 2") && said.contains("\"connect\" : 0,"), said);
        assertTrue(said.contains("connections idle nearly as long as the server keeps one (as its Keep-Alive header said"), said);
    }

    /**
     * A server that says no timeout (nginx, Tomcat, gunicorn, uvicorn) and closes the first connection that idles 600 ms,
     * then keeps every other: once that close is seen, a connection idle about as long is opened anew before a POST,
     * which could not be sent again if it met the server's close.
     */
    @Test
    void aServersIdleTimeoutIsLearnedFromItsCloses(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path body = Files.writeString(dir.resolve("order.txt"), "order=1");
        byte[] answer = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello".getBytes(StandardCharsets.US_ASCII);
        java.util.concurrent.atomic.AtomicBoolean closedOne = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicInteger connections = new java.util.concurrent.atomic.AtomicInteger();
        String said = loadOn(s -> {
            connections.incrementAndGet();
            InputStream in = s.getInputStream();
            readRequest(in);
            while (true) {
                s.getOutputStream().write(answer);
                s.getOutputStream().flush();
                s.setSoTimeout(closedOne.get() ? 0 : 600);
                try {
                    readRequest(in);
                } catch (java.net.SocketTimeoutException idle) {
                    closedOne.set(true);
                    return; // its keep-alive timeout, said to no one
                }
            }
        }, "/orders", "-c", "1", "-n", "4", "--think", "800ms", "--body", body.toString(), "--json");
        assertTrue(said.contains("\"connect\" : 0,") && said.contains("\"serverClosedIdleConnections\" : 1"), said);
        java.util.regex.Matcher seen = java.util.regex.Pattern.compile("\"idleCloseSeenMillis\" : (\\d+)").matcher(said);
        assertTrue(seen.find() && Integer.parseInt(seen.group(1)) >= 600 && Integer.parseInt(seen.group(1)) < 1000, said);
        assertTrue(said.contains("\"reopenedAfterKeepAliveTimeout\" : 2"), "the 3rd and 4th POST, each idle 800 ms: " + said);
        assertTrue(said.contains("or as the shortest idle time after which it was seen to close one, 0."), said);
    }

    /** A generator's counts of closes: all the server's, those while idle, requests sent again, connections reopened. */
    private static GeneratorRecord closes(Long closed, Long idle, Long again, Long reopened) {
        return GeneratorRecordBuilder.builder(new GeneratorRecord(1, 1.0, 10.0)).serverClosedConnections(closed)
                .serverClosedIdleConnections(idle).sentAgainOnNewConnection(again).reopenedAfterKeepAliveTimeout(reopened).build();
    }

    @Test
    void theWordsFollowTheCounts() {
        assertNull(Reconnects.said(true, 4, 1000, 0, closes(4L, null, null, null)), "one a user: kept");
        assertNull(Reconnects.said(false, 4, 1000, 0, closes(1000L, null, null, null)), "a new connection per request was asked");
        assertNull(Reconnects.said(true, 4, 1000, 0, closes(null, null, null, null)), "not counted (HTTP/2)");
        assertTrue(Reconnects.said(true, 4, 1000, 0, closes(1000L, null, null, null)).startsWith("the server closed the connection after each answer"));
        // a server that reset each connection as its request came answered none: no close followed an answer
        assertNull(Reconnects.said(true, 4, 10_177, 10_177, closes(10_177L, null, null, null)), "every request a connection error");
        assertTrue(Reconnects.said(true, 4, 1000, 500, closes(1000L, null, null, null)).startsWith("the server closed the connection after each answer"),
                "half reset, half answered then closed");
        assertTrue(Reconnects.said(true, 4, 1000, 0, closes(340L, null, null, null)).startsWith("the server closed connections now and then"),
                "nginx's keepalive_requests 3");
        assertEquals(Reconnects.said(true, 4, 1000, 0, closes(340L, null, null, null)), Reconnects.said(true, 8, 5000, 0, closes(1700L, null, null, null)),
                "alike for every point of a target");
        assertTrue(Reconnects.said(true, 4, 100, 0, closes(60L, 60L, null, null)).startsWith("the server closed connections that sat idle between requests"));
        String raced = Reconnects.said(true, 4, 100, 0, closes(70L, 60L, 6L, null));
        assertTrue(raced.startsWith("the server closed connections that sat idle") && raced.contains("; and the server closed kept connections as"
                + " requests went out on them") && !raced.contains("now and then"), raced);
        assertNull(Reconnects.said(true, 20, 7_547, 4_548, closes(40L, null, 20L, null)),
                "sent again, then refused: a server that died (a Node server exiting mid-load), not a keep-alive timeout");
        assertTrue(Reconnects.said(true, 1, 3, 0, closes(null, null, null, 2L)).startsWith("connections idle nearly as long as the server"
                + " keeps one (as its Keep-Alive header said, timeout=N) were opened anew"));
        // HTTP/2 against nginx, 4 users on 20,000 requests: a GOAWAY of no error every 1,000 requests a connection, said as
        // HTTP/1.1's closes are (the point had no note)
        java.util.function.LongFunction<io.wsbench.model.record.GeneratorRecord> h2 = n -> GeneratorRecordBuilder.builder(
                new GeneratorRecord(1, 1.0, 10.0)).http2(new io.wsbench.model.record.Http2Record("h2", 1, 4 + n,
                java.util.Map.of("GOAWAY NO_ERROR (0)", n))).build();
        assertTrue(Reconnects.said(true, 4, 20_000, 0, h2.apply(20)).startsWith("the server ended its HTTP/2 connections now and then"));
        assertNull(Reconnects.said(true, 4, 20_000, 0, h2.apply(4)), "one a user: the point's end");
    }
}
