package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.StackLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code load --http2} against real HTTP/2 servers: a Netty h2 server started by the test (h2c, and h2
 * over TLS by ALPN) that counts what it sees and can reset streams or send GOAWAY; the direct stack's
 * h2c and Tomcat's (CXF), asked by curl as an outside client and loaded by wsbench's SOAP protocol with
 * every answer checked. Bounded: request counts, servers of the test's own.
 */
class Http2Test {

    private static JsonNode json(CliRunner r) throws Exception {
        assertEquals(0, r.exit(), r.out() + r.err());
        return RunJson.MAPPER.readTree(r.out());
    }

    @Test
    void tenStreamsShareOneConnectionAndTheServerSeesThemAtOnce() throws Exception {
        try (H2TestServer server = new H2TestServer(20, 0, 0, null)) {
            JsonNode p = json(CliRunner.run("load", "http://127.0.0.1:" + server.port() + "/hello", "--http2", "--streams", "10",
                    "-c", "10", "-n", "500", "--expect", "Hello World", "--json"));
            assertEquals(500, p.at("/validated").asLong(), p.toString());
            assertEquals(1, server.connections.get(), "one connection for the ten users");
            assertEquals(10, server.mostOpen.get(), "ten streams open at once on it");
            assertEquals(500, server.streams.get());
            JsonNode h2 = p.at("/generator/http2");
            assertEquals("h2c", h2.at("/protocol").asText(), h2.toString());
            assertEquals(10, h2.at("/streams").asInt());
            assertEquals(1, h2.at("/connections").asLong());
            // HPACK literals kept per request (H2Literals): ":method GET" and ":scheme http" are the static table's,
            // the path and the authority written out; with the 9-byte frame header, fewer bytes than HTTP/1.1's request
            assertTrue(p.at("/bytesSentPerRequest").asDouble() < 40, p.toString());
        }
    }

    @Test
    void streamsAServerRefusedBeyondItsLimitBeforeItsSettingsCameAreSentAgainNotCountedAsErrors() throws Exception {
        // ten streams go out at once with prior knowledge, before the server's SETTINGS say it takes three
        try (H2TestServer server = new H2TestServer(20, 0, 0, null, 3)) {
            JsonNode p = json(CliRunner.run("load", "http://127.0.0.1:" + server.port() + "/hello", "--http2", "--streams", "10",
                    "-c", "10", "-n", "200", "--expect", "Hello World", "--json"));
            assertEquals(200, p.at("/validated").asLong(), "every request answered, the refused ones sent again: " + p);
            assertEquals(0, p.at("/errors/protocol").asLong(), p.toString());
            assertTrue(server.mostOpen.get() <= 3, "held to the server's limit: " + server.mostOpen.get());
            JsonNode events = p.at("/generator/http2/events");
            assertTrue(events.toString().contains("RST_STREAM REFUSED_STREAM (7), sent again"), events.toString());
        }
    }

    @Test
    void anOpenLoopOverStreamsSendsEveryRequestDueAndTimesItFromWhenItWasDue() throws Exception {
        try (H2TestServer server = new H2TestServer(1, 0, 0, null)) {
            JsonNode p = json(CliRunner.run("load", "http://127.0.0.1:" + server.port() + "/hello", "--http2", "--streams", "5",
                    "-c", "10", "--rate", "400", "-d", "2s", "--expect", "Hello World", "--json"));
            assertEquals(800, p.at("/requests").asLong() + p.at("/unfinished").asLong(), p.toString());
            assertEquals(0, p.at("/errors/protocol").asLong(), p.toString());
            assertTrue(p.at("/validated").asLong() >= 790, p.toString());
            assertEquals(2, p.at("/generator/http2/connections").asLong(), "ten schedules, five to a connection: " + p.at("/generator"));
            // and the open loop's default warm-up before it (a request a user, not recorded) on two of its own
            assertEquals(4, server.connections.get());
            // latency from the due time: at least the server's 1 ms
            assertTrue(p.at("/latencyMicros/p50").asLong() >= 1000, p.at("/latencyMicros").toString());
        }
    }

    @Test
    void everyTenthStreamResetIsCountedExactlyAsAProtocolErrorWithItsCode() throws Exception {
        try (H2TestServer server = new H2TestServer(1, 10, 0, null)) {
            JsonNode p = json(CliRunner.run("load", "http://127.0.0.1:" + server.port() + "/hello", "--http2", "--streams", "5",
                    "-c", "10", "-n", "1000", "--expect", "Hello World", "--json"));
            assertEquals(100, server.resets.get());
            assertEquals(1000, p.at("/requests").asLong(), p.toString());
            assertEquals(100, p.at("/errors/protocol").asLong(), p.at("/errors").toString());
            assertEquals(900, p.at("/validated").asLong(), p.toString());
            assertEquals(100, p.at("/generator/http2/events/RST_STREAM INTERNAL_ERROR (2)").asLong(), p.at("/generator").toString());
            assertEquals(2, p.at("/generator/http2/connections").asLong());
        }
    }

    /** What a server of the test's own does with a connection it accepted; the socket is closed after it. */
    private interface Connection {
        void serve(java.net.Socket s) throws java.io.IOException;
    }

    /** A server on 127.0.0.1 that serves every connection it accepts, one after the other, until the test closes it. */
    private static java.net.ServerSocket serving(Connection each) throws java.io.IOException {
        java.net.ServerSocket server = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            while (!server.isClosed()) {
                try (java.net.Socket s = server.accept()) {
                    each.serve(s);
                } catch (java.io.IOException e) {
                    // the next connection, or the test's end
                }
            }
        });
        t.setDaemon(true);
        t.start();
        return server;
    }

    @Test
    void aServerThatAnswersHttp2sPrefaceInHttp1IsToldToBeLoadedWithoutIt() throws Exception {
        // as node's http server and the JDK's answer "PRI * HTTP/2.0": an HTTP/1.1 400, the connection kept until the client
        // closes it (the JDK's sometimes closes at once instead, when the failure is the request's write: said in its own
        // words, the next test)
        try (java.net.ServerSocket h1 = serving(s -> {
            s.getInputStream().read(new byte[4096]);
            s.getOutputStream().write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            s.getInputStream().transferTo(java.io.OutputStream.nullOutputStream()); // until wsbench closes it
        })) {
            CliRunner r = CliRunner.run("load", "http://127.0.0.1:" + h1.getLocalPort() + "/hello", "--http2", "-c", "1", "-n", "3");
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("protocol 3"), r.out());
            assertTrue(r.out().contains("the first: the server answered in HTTP/1.x, not in HTTP/2: it takes no HTTP/2 over cleartext"
                    + " with prior knowledge (h2c); load it without --http2"), r.out());
        }
    }

    @Test
    void aServerThatClosesOnHttp2sPrefaceIsSaidToSendNoFrame() throws Exception {
        try (java.net.ServerSocket closer = serving(s -> {
            s.setSoLinger(true, 0); // a reset, as a server that refuses what it read
            s.getInputStream().read(new byte[4096]);
        })) {
            CliRunner r = CliRunner.run("load", "http://127.0.0.1:" + closer.getLocalPort() + "/hello", "--http2", "-c", "1", "-n", "3");
            assertEquals(0, r.exit(), r.out() + r.err());
            // reset as wsbench writes the request or as it reads (the codec fails the connection), or read as a close: each
            // said as what happened before the server sent any frame
            assertTrue(r.out().contains("protocol 3"), r.out());
            assertTrue(r.out().matches("(?s).*the first: the connection (failed \\(.*\\)|closed) before the server sent any HTTP/2"
                    + " frame: a server that takes no HTTP/2 over cleartext with prior knowledge \\(h2c\\) does so.*"), r.out());
        }
    }

    @Test
    void aGoAwayMidPointSendsTheRestOnANewConnectionAndLosesNone() throws Exception {
        try (H2TestServer server = new H2TestServer(2, 0, 100, null)) {
            JsonNode p = json(CliRunner.run("load", "http://127.0.0.1:" + server.port() + "/hello", "--http2", "--streams", "20",
                    "-c", "20", "-n", "1000", "--expect", "Hello World", "--json"));
            assertEquals(1000, p.at("/requests").asLong(), p.toString());
            assertEquals(1000, p.at("/validated").asLong(), "every request answered, none lost: " + p.at("/errors"));
            JsonNode h2 = p.at("/generator/http2");
            long told = h2.at("/events/GOAWAY NO_ERROR (0)").asLong();
            // the last GOAWAY may come after the last answer, when the client has closed: not read then
            assertTrue(told >= 9 && told >= server.goAways.get() - 1 && told <= server.goAways.get(),
                    "the server went away " + server.goAways.get() + " times, the client read " + told + ": " + h2);
            assertEquals(server.connections.get(), h2.at("/connections").asLong(), h2.toString());
            assertTrue(server.connections.get() >= 10, "a new connection after each GOAWAY: " + server.connections.get());
        }
    }

    /** A connection the server resets, as one that dies does: its open streams say so, and nothing of Netty's reaches the console. */
    @Test
    void aConnectionTheServerResetsIsSaidByItsStreamsWithNoWarningOfNettys() throws Exception {
        try (H2TestServer server = new H2TestServer(0, 0, 0, null)) {
            server.cutAfter = 100;
            CliRunner r = CliRunner.run("load", "http://127.0.0.1:" + server.port() + "/hello", "--http2", "--streams", "4", "-c", "4",
                    "-n", "400", "--expect", "Hello World");
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(!r.err().contains("WARNING") && !r.err().contains("exceptionCaught") && !r.out().contains("exceptionCaught"),
                    r.err());
            // said in the socket error's own words: the reset as a read meets it (or a write, as a broken pipe)
            assertTrue(r.out().contains("answers refused; the first: the connection failed: ") && !r.out().contains("failed with error("),
                    r.out());
            assertTrue(server.connections.get() >= 2, "a new connection after each reset: " + server.connections.get());
        }
    }

    /**
     * Hypercorn 0.18 (Python's ASGI server over h2) sends GOAWAY NO_ERROR at a connection's 1,001st request naming that
     * request's stream as taken and, where the application reads the request before it answers, never answers it; it
     * closes the connection once idle (--keep-alive 1 s): the stream is one protocol error that says so, and the load
     * goes on over a new connection.
     */
    @Test
    void hypercornsGoAwayThatTakesAStreamItNeverAnswersIsOneErrorThatSaysSo(@TempDir Path dir) throws Exception {
        try (Hypercorn server = Hypercorn.start(dir, """
                    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
                    await send({"type": "http.response.body", "body": b"Hello World"})
                """, "--keep-alive", "1")) {
            JsonNode p = json(CliRunner.run("load", "http://127.0.0.1:" + server.port + "/hello", "--http2", "-c", "1", "-n", "1003",
                    "--expect", "Hello World", "--json"));
            assertEquals(1003, p.at("/requests").asLong(), p.toString());
            assertEquals(1, p.at("/errors/protocol").asLong(), "the 1,001st, taken and never answered: " + p.at("/errors"));
            assertEquals(1002, p.at("/validated").asLong(), p.at("/errors").toString());
            assertEquals(1, p.at("/generator/http2/events/stream taken by the server's GOAWAY, then closed unanswered").asLong(),
                    p.at("/generator/http2").toString());
            assertEquals(2, p.at("/generator/http2/connections").asLong(), "a new connection after the GOAWAY: " + p.at("/generator/http2"));
        }
    }

    /**
     * Hypercorn (0.18, from PyPI) serving an ASGI app whose every request, read first as an application does, {@code answers}
     * (lines of Python indented as the app's body).
     */
    private record Hypercorn(Process process, int port) implements AutoCloseable {

        static Hypercorn start(Path dir, String answers, String... options) throws Exception {
            PythonProcess.need("hypercorn", "hypercorn==0.18.0");
            java.nio.file.Files.writeString(dir.resolve("app.py"), """
                    async def app(scope, receive, send):
                        if scope["type"] != "http":
                            return
                        while (await receive()).get("more_body"):
                            pass
                    """ + answers);
            int port = StackLauncher.freePort();
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("-m", "hypercorn", "--bind", "127.0.0.1:" + port));
            args.addAll(java.util.List.of(options));
            args.add(dir.resolve("app.py") + ":app");
            return new Hypercorn(PythonProcess.started(dir, "Running on", args.toArray(String[]::new)), port);
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }

    /**
     * A flow over h2c to Hypercorn (an ASGI server wsbench did not write): a login whose answer sets a cookie and a
     * header, then a step that follows a redirect with both; and a URL's header check on a stream.
     */
    @Test
    void aFlowRunsOverH2cWithItsCookiesTheHeadersItReadsAndItsRedirects(@TempDir Path dir) throws Exception {
        try (Hypercorn server = Hypercorn.start(dir, """
                    asked = dict(scope["headers"])
                    status, headers, body = 404, [], b""
                    if scope["path"] == "/login":
                        status, headers, body = 200, [(b"set-cookie", b"session=u42; Path=/"), (b"x-token", b"t-42")], b"in"
                    elif scope["path"] == "/old":
                        status, headers = 302, [(b"location", b"/me")]
                    elif scope["path"] == "/me":
                        status = 200
                        body = b"%s %s over %s" % (asked.get(b"cookie", b"-"), asked.get(b"x-token", b"-"), scope["http_version"].encode())
                    await send({"type": "http.response.start", "status": status,
                                "headers": [(b"content-type", b"text/plain")] + headers})
                    await send({"type": "http.response.body", "body": body})
                """)) {
            int port = server.port;
            Path flow = java.nio.file.Files.writeString(dir.resolve("shop.yaml"), """
                url: http://127.0.0.1:%d
                flow:
                  steps:
                    - { name: login, method: GET, path: /login, extract: { token: "header:X-Token" }, checks: ["header:x-token == t-42"] }
                    - { name: me, method: GET, path: /old, follow: true, headers: { X-Token: "${token}" },
                        checks: ["contains:session=u42 t-42 over 2"] }
                """.formatted(port));
            JsonNode p = json(CliRunner.run("load", "--flow", flow.toString(), "--http2", "--streams", "2", "-c", "4", "-n", "8", "--json"));
            assertEquals(8, p.at("/validated").asLong(), p.toString());
            assertEquals("h2c", p.at("/generator/http2/protocol").asText(), p.at("/generator").toString());
            assertEquals(2, p.at("/generator/http2/connections").asLong(), "four users' streams on two connections: " + p.at("/generator"));
            JsonNode me = FlowTest.step(p.path("steps"), "me");
            assertEquals(8, me.path("validated").asLong(), me.toString());
            assertEquals(8, me.path("redirects").asLong(), "each /old followed to /me: " + me);
            // over h2, a step's bytes are its streams' DATA: /me's answer is its body (the redirect's is empty), a GET sends none
            assertEquals("session=u42 t-42 over 2".length(), me.path("bytesReceivedPerRequest").asDouble(), 0.01, me.toString());
            assertEquals(0, FlowTest.step(p.path("steps"), "login").path("bytesSentPerRequest").asDouble(), 0.01, p.toString());

            JsonNode url = json(CliRunner.run("load", "http://127.0.0.1:" + port + "/login", "--http2", "--check", "header:X-Token == t-42",
                    "-c", "2", "-n", "4", "--json"));
            assertEquals(4, url.at("/validated").asLong(), url.toString());
            assertEquals("h2c", url.at("/generator/http2/protocol").asText(), url.at("/generator").toString());
        }
    }

    @Test
    void overTlsH2IsChosenByAlpn(@TempDir Path dir) throws Exception {
        try (TlsFixture tls = new TlsFixture(dir);
             H2TestServer server = new H2TestServer(1, 0, 0, tls.serverPem(dir))) {
            JsonNode p = json(CliRunner.run("load", "https://127.0.0.1:" + server.port() + "/hello", "--http2", "--streams", "4",
                    "-c", "8", "-n", "400", "--expect", "Hello World", "--cacert", tls.ca.toString(), "--json"));
            assertEquals(400, p.at("/validated").asLong(), p.toString());
            assertEquals("h2", p.at("/generator/http2/protocol").asText(), p.at("/generator").toString());
            assertEquals(2, server.connections.get());
            assertEquals(2, p.at("/tls/handshakes").asLong(), p.at("/tls").toString());
            // a server that speaks only HTTP/1.1 over TLS: one line that says it did not choose h2
            String h1 = tls.start("/hello");
            CliRunner refused = CliRunner.run("load", h1, "--http2", "-c", "1", "-n", "5", "--cacert", tls.ca.toString());
            assertTrue(refused.out().contains("did not choose h2 by ALPN") || refused.err().contains("did not choose h2 by ALPN"),
                    refused.out() + refused.err());
        }
    }

    @Test
    void theDirectStackAndTomcatServeSoapOverH2cToCurlAndToWsbench(@TempDir Path dir) throws Exception {
        for (String stack : new String[]{"direct", "cxf"}) {
            int port = StackLauncher.freePort();
            String url = "http://127.0.0.1:" + port + "/hello/soap";
            try (CliProcess serve = CliProcess.serving(dir.resolve(stack + ".out"), Duration.ofSeconds(90), stack, port, "-o", "http2=on")) {
                String envelope = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                        + "<h:hello xmlns:h=\"http://wsbench.io/hello\"/></soap:Body></soap:Envelope>";
                String answer = curl("--http2-prior-knowledge", "-w", "\n%{http_version}", "-X", "POST",
                        "-H", "Content-Type: text/xml; charset=utf-8", "-H", "SOAPAction: \"\"", "--data-binary", envelope, url);
                assertTrue(answer.endsWith("\n2"), stack + " answered curl over HTTP/" + answer.substring(answer.lastIndexOf('\n') + 1));
                assertTrue(answer.contains("Hello World"), answer);
                JsonNode p = json(CliRunner.run("load", url, "--protocol", "soap11", "--http2", "--streams", "5",
                        "-c", "10", "-n", "1000", "--json"));
                assertEquals(1000, p.at("/validated").asLong(), stack + ": " + p);
                assertEquals(2, p.at("/generator/http2/connections").asLong(), stack + ": " + p.at("/generator"));
            }
        }
    }

    private static String curl(String... args) throws Exception {
        String[] command = new String[args.length + 2];
        command[0] = "curl";
        command[1] = "-s";
        System.arraycopy(args, 0, command, 2, args.length);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "curl did not end");
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
