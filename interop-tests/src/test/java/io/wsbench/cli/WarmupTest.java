package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Warm-up until steady, on servers whose speed the test sets. */
class WarmupTest {

    /** Requests the slow-starting server answers slowly before it speeds up. */
    private static final long SLOW_REQUESTS = 40;
    private static final long SLOW_MILLIS = 40;
    /** Once fast, it still waits this long: its speed is then the test's, not the machine's. */
    private static final long FAST_MILLIS = 10;

    @Test
    void theWarmupEndsAfterTheServerSpeedsUpAndNotBefore(@TempDir Path dir) throws Exception {
        AtomicLong served = new AtomicLong();
        // 40 answers of 40 ms each (1.6 s at one user), then of 10 ms: a window's hundred answers
        // average out the machine's jitter. In 1 s windows the slow
        // stretch is shorter than the three windows that must agree: a plateau longer than that
        // would read as steady, which no detector can tell from a step it has not seen yet
        TestHttp server = plain(n -> served.incrementAndGet() <= SLOW_REQUESTS);
        try {
            JsonNode run = run(dir, server, "20s", false);
            JsonNode w = run.at("/warmup/0");
            assertEquals("auto", w.at("/mode").asText(), w.toString());
            assertTrue(w.at("/steady").asBoolean(), w.toString());
            JsonNode windows = w.at("/windows");
            assertTrue(windows.size() >= 3, w.toString());
            // the slow requests alone take 1.5 s: the warm-up cannot have ended before them
            assertTrue(w.at("/seconds").asDouble() >= SLOW_REQUESTS * SLOW_MILLIS / 1000.0, w.toString());
            double slowest = 1000.0 / SLOW_MILLIS;
            for (int i = windows.size() - 3; i < windows.size(); i++) {
                // at most 100/s once fast (10 ms a request), at most 25/s while slow
                assertTrue(windows.get(i).at("/throughput").asDouble() > 2 * slowest,
                        "the steady windows are the fast server's: " + windows);
            }
            assertTrue(windows.get(0).at("/throughput").asDouble() <= slowest * 1.1, "the first window saw it slow: " + windows);
            assertTrue(served.get() > SLOW_REQUESTS);
            assertFalse(Files.readString(dir.resolve("out/report.html")).contains("never steady"));
        } finally {
            server.close();
        }
    }

    @Test
    void aServerThatNeverSettlesIsFlaggedWithinWarmupMax(@TempDir Path dir) throws Exception {
        // each answer 3% slower than the one before, from 10 ms (about 60 answers in the 2 s warm-up,
        // the last near 60 ms), then fast again for the measured point: any window, however long a
        // busy machine makes it, is at least 9% slower than the one before it, so no three agree.
        // (An alternation in time, slow every other 300 ms, read as steady when windows stretched
        // to 0.3 s under a busy CI.)
        TestHttp server = new TestHttp(n -> n < 80 ? Math.round(FAST_MILLIS * Math.pow(1.03, n)) : FAST_MILLIS);
        try {
            JsonNode run = run(dir, server, "2s", true);
            JsonNode w = run.at("/warmup/0");
            assertFalse(w.at("/steady").asBoolean(), w.toString());
            assertTrue(w.at("/seconds").asDouble() >= 2 && w.at("/seconds").asDouble() < 30, w.toString());
            String html = Files.readString(dir.resolve("out/report.html"));
            assertTrue(html.contains("never steady in its warm-up"), "flagged in the report");
            assertTrue(html.contains("<tr class=\"unstable\" title=\"not steady: never steady in its warm-up\"><td>mine ⚠"),
                    "and its row in the summary table");
            assertTrue(html.contains("Warm-up until steady"));
        } finally {
            server.close();
        }
    }

    @Test
    void loadWarmsUpUntilSteadyAndSaysWhenItDidNot() throws Exception {
        AtomicLong served = new AtomicLong();
        TestHttp server = plain(n -> served.incrementAndGet() <= SLOW_REQUESTS);
        try {
            CliRunner r = CliRunner.run("load", "http://127.0.0.1:" + server.port() + "/hello", "--protocol", "plain",
                    "-c", "1", "-n", "20", "--warmup", "auto", "--warmup-max", "20s");
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().startsWith("warm-up: steady after "), r.out());
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("steady after ([0-9.]+) s").matcher(r.out());
            assertTrue(m.find());
            assertTrue(Double.parseDouble(m.group(1)) >= SLOW_REQUESTS * SLOW_MILLIS / 1000.0,
                    "not steady before the slow answers were over: " + r.out());
            assertTrue(r.out().contains("requests      20 in "), "the warm-up is not in the point: " + r.out());
            assertTrue(served.get() > SLOW_REQUESTS + 20);
        } finally {
            server.close();
        }
        TestHttp drifting = new TestHttp(n -> n < 80 ? Math.round(FAST_MILLIS * Math.pow(1.03, n)) : FAST_MILLIS);
        try {
            CliRunner r = CliRunner.run("load", "http://127.0.0.1:" + drifting.port() + "/hello", "--protocol", "plain",
                    "-c", "1", "-n", "5", "--warmup", "auto", "--warmup-max", "1s", "--warmup-window", "200ms", "--json");
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.err().startsWith("warm-up: NOT steady after "), r.err());
            assertTrue(r.err().contains("may include warm-up"), r.err());
            assertEquals(5, RunJson.MAPPER.readTree(r.out()).path("requests").asLong(), "stdout holds the JSON alone");
        } finally {
            drifting.close();
        }
        CliRunner bad = CliRunner.run("load", "http://127.0.0.1:1/hello", "--warmup", "lots");
        assertEquals(ExitCode.BAD_INPUT, bad.exit());
        assertEquals("wsbench: --warmup takes auto, none or a request count per connection, not 'lots'", bad.err().strip());
        bad = CliRunner.run("load", "http://127.0.0.1:1/hello", "--warmup", "auto", "--warmup-max", "0s");
        assertEquals(ExitCode.BAD_INPUT, bad.exit());
        assertEquals("wsbench: --warmup-max takes a duration such as 500ms or 30s, not '0s'", bad.err().strip());
    }

    private static JsonNode run(Path dir, TestHttp server, String warmupMax, boolean quick) throws IOException {
        Path suite = Files.writeString(dir.resolve("warm.yaml"), """
                name: warm
                warmupMax: %s
                targets:
                  - { label: mine, url: "http://127.0.0.1:%d/hello", protocol: plain }
                load:
                  - { users: 1, requestsPerUser: 100 }
                """.formatted(warmupMax, server.port()));
        CliRunner r = quick ? CliRunner.run("run", suite.toString(), "--quick", "--out", dir.resolve("out").toString())
                : CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        return RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
    }

    /**
     * "Hello World" as text/plain over keep-alive HTTP/1.1, after {@link #SLOW_MILLIS} when
     * {@code slow} says so, else after {@link #FAST_MILLIS}: a socket server of the test's own, each
     * answer one write with TCP_NODELAY, so no delayed ACK or JVM-wide setting adds to the delays set here.
     */
    private static TestHttp plain(LongPredicate slow) throws IOException {
        return new TestHttp(n -> slow.test(n) ? SLOW_MILLIS : FAST_MILLIS);
    }

    static final class TestHttp implements AutoCloseable {
        private static final byte[] ANSWER = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\n"
                + "Hello World").getBytes(StandardCharsets.US_ASCII);
        private final ServerSocket socket;
        private final AtomicLong n = new AtomicLong();

        /** {@code delayMillis}: how long to wait before the n-th answer (n from 1). */
        TestHttp(java.util.function.LongUnaryOperator delayMillis) throws IOException {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread accept = new Thread(() -> {
                while (!socket.isClosed()) {
                    try {
                        Socket c = socket.accept();
                        c.setTcpNoDelay(true);
                        Thread t = new Thread(() -> serve(c, delayMillis));
                        t.setDaemon(true);
                        t.start();
                    } catch (IOException e) {
                        return; // closed
                    }
                }
            });
            accept.setDaemon(true);
            accept.start();
        }

        private void serve(Socket c, java.util.function.LongUnaryOperator delayMillis) {
            try (c; InputStream in = c.getInputStream(); OutputStream out = c.getOutputStream()) {
                int matched = 0;
                for (int b = in.read(); b >= 0; b = in.read()) {
                    // a GET has no body: the blank line ends each request
                    matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
                    if (matched == 4) {
                        matched = 0;
                        Thread.sleep(delayMillis.applyAsLong(n.incrementAndGet()));
                        out.write(ANSWER);
                        out.flush();
                    }
                }
            } catch (IOException e) {
                // the client went away
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        int port() {
            return socket.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
