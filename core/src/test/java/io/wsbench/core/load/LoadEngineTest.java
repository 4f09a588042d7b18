package io.wsbench.core.load;

import io.wsbench.core.record.SecondSample;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine against real servers on 127.0.0.1; every point is bounded in requests or seconds. */
class LoadEngineTest {

    private static final Supplier<Validator> GREETING = () -> (status, type, body, length) ->
            status == 200 && new String(body, 0, length, StandardCharsets.UTF_8).equals("Hello World")
                    ? Verdict.OK : Verdict.VALIDATION;

    private static LoadEngine engine;

    @BeforeAll
    static void start() {
        engine = new LoadEngine(2);
    }

    @AfterAll
    static void stop() {
        engine.close();
    }

    private static HttpRequest get(InetSocketAddress a, boolean keepAlive) {
        return HttpRequest.get(URI.create("http://127.0.0.1:" + a.getPort() + "/hello"), keepAlive);
    }

    @Test
    void theDefaultThreadCountGrowsWithConnectionsUpToTheCores() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(1, LoadEngine.defaultThreads(1));
        assertEquals(1, LoadEngine.defaultThreads(LoadEngine.CONNECTIONS_PER_THREAD));
        assertEquals(Math.min(2, cores), LoadEngine.defaultThreads(LoadEngine.CONNECTIONS_PER_THREAD + 1));
        assertEquals(cores, LoadEngine.defaultThreads(10_000 * cores));
    }

    @Test
    void closedLoopSendsExactlyTheRequestsAskedFor() throws Exception {
        try (TestServer server = TestServer.answering("Hello World")) {
            HttpRequest req = get(server.address(), true);
            Measurement m = engine.run(server.address(), LoadSpec.closed(4, 250), req, GREETING, ProgressListener.NONE);
            assertEquals(1000, m.requests());
            assertEquals(1000, m.ok());
            assertEquals(1000, server.served.get());
            assertEquals(0, m.errors().total());
            assertEquals(1000, m.latencies().getTotalCount());
            assertEquals(1000L * req.fixedSize(), m.bytesSent());
            assertTrue(m.bytesReceived() > 1000L * "Hello World".length(), "headers are counted too");
            assertNull(m.aborted());
            assertEquals(m.ok(), m.series().stream().mapToLong(s -> s.requests()).sum(),
                    "the per-second series adds up to the total");
        }
    }

    @Test
    void oneConnectionPerRequestWhenKeepAliveIsOff() throws Exception {
        try (TestServer server = TestServer.answering("Hello World")) {
            LoadSpec spec = LoadSpec.closed(2, 50).withKeepAlive(false);
            Measurement m = engine.run(server.address(), spec, get(server.address(), false), GREETING, ProgressListener.NONE);
            assertEquals(100, m.ok());
            assertEquals(100, server.served.get());
        }
    }

    @Test
    void wrongAnswersAreErrorsNotRequests() throws Exception {
        try (TestServer server = TestServer.answering("Goodbye World")) {
            Measurement m = engine.run(server.address(), LoadSpec.closed(2, 100), get(server.address(), true),
                    GREETING, ProgressListener.NONE);
            assertEquals(200, m.requests());
            assertEquals(0, m.ok());
            assertEquals(200, m.errors().validation());
            assertEquals(0.0, m.throughput());
        }
        try (TestServer server = new TestServer(500, "Hello World", -1, 0)) {
            Measurement m = engine.run(server.address(), LoadSpec.closed(1, 10), get(server.address(), true),
                    () -> Validator.ANY_2XX, ProgressListener.NONE);
            assertEquals(10, m.errors().httpStatus());
        }
    }

    @Test
    void openLoopCountsTheStallFromTheIntendedSendTime() throws Exception {
        // 1,000 req/s for 3 s; the server freezes for 500 ms at the 1,000th request
        try (TestServer server = new TestServer(200, "Hello World", 1000, 500)) {
            LoadSpec spec = LoadSpec.openFor(10, 1000, Duration.ofSeconds(3));
            Measurement m = engine.run(server.address(), spec, get(server.address(), true), GREETING, ProgressListener.NONE);
            assertTrue(m.ok() >= 2900 && m.ok() <= 3000, "about rate x duration requests: " + m.ok());
            long p999 = m.latencies().getValueAtPercentile(99.9);
            assertTrue(p999 >= 400_000, "p99.9 includes the 500 ms stall: " + p999 + " us");
            // about 500 requests were due during the stall, so even p90 sees it
            assertTrue(m.latencies().getValueAtPercentile(90) >= 50_000,
                    "p90 " + m.latencies().getValueAtPercentile(90));
        }
    }

    @Test
    void closedLoopHidesTheStallInItsPercentilesButNotItsMax() throws Exception {
        try (TestServer server = new TestServer(200, "Hello World", 2000, 500)) {
            Measurement m = engine.run(server.address(), LoadSpec.closed(10, 3000), get(server.address(), true),
                    GREETING, ProgressListener.NONE);
            assertEquals(30000, m.ok());
            assertTrue(m.latencies().getMaxValue() >= 450_000, "max " + m.latencies().getMaxValue());
            // only the 10 requests in flight waited: this is the coordinated omission closed loops suffer from
            assertTrue(m.latencies().getValueAtPercentile(99) < 100_000,
                    "p99 " + m.latencies().getValueAtPercentile(99));
        }
    }

    @Test
    void theOpenLoopKeepsItsRate() throws Exception {
        try (TestServer server = TestServer.answering("Hello World")) {
            Measurement m = engine.run(server.address(), LoadSpec.openFor(8, 2000, Duration.ofSeconds(5)),
                    get(server.address(), true), GREETING, ProgressListener.NONE);
            assertEquals(10_000, m.ok(), 200, "2,000 req/s for 5 s, within 2%");
            assertEquals(2000, m.throughput(), 40, "throughput within 2% of the rate");
        }
    }

    @Test
    void aRequestUnansweredWithinTheTimeoutIsATimeoutErrorAndThePointStillEnds() throws Exception {
        // the server answers after 2 s, the client gives up after 100 ms: every request times out
        try (TestServer server = TestServer.answeringAfter("Hello World", 2000)) {
            LoadSpec spec = LoadSpec.closed(2, 3).withTimeout(Duration.ofMillis(100));
            Measurement m = engine.run(server.address(), spec, get(server.address(), true), GREETING, ProgressListener.NONE);
            assertEquals(6, m.errors().timeout(), m.errors().toString());
            assertEquals(6, m.errors().total(), m.errors().toString());
            assertEquals(6, m.requests());
            assertEquals(0, m.ok());
            assertEquals(0, m.latencies().getTotalCount(), "a timed-out request has no latency");
            assertNull(m.aborted(), "the point ended by its request count");
            // a timed-out connection is dropped, so each request went out on a fresh one and arrived
            assertEquals(6, server.served.get());
            // each user waited out three timeouts in turn, and never the server's 2 s
            assertTrue(m.durationSeconds() >= 0.3 && m.durationSeconds() < 6, "duration " + m.durationSeconds());
        }
    }

    @Test
    void thinkTimeSpacesEachUsersRequestsAndStaysOutOfTheLatency() throws Exception {
        try (TestServer server = TestServer.answering("Hello World")) {
            LoadSpec spec = LoadSpec.closed(2, 3).withThinkTime(Duration.ofMillis(300));
            Measurement m = engine.run(server.address(), spec, get(server.address(), true), GREETING, ProgressListener.NONE);
            assertEquals(6, m.requests());
            assertEquals(6, m.ok());
            assertEquals(6, server.served.get());
            // a user's third answer comes after two think times at the earliest
            assertTrue(m.durationSeconds() >= 0.6, "duration " + m.durationSeconds());
            // counted in, the think time would put four of the six latencies at 300 ms or more
            long p50 = m.latencies().getValueAtPercentile(50);
            assertTrue(p50 < 300_000, "p50 " + p50 + " us holds no think time");
        }
    }

    @Test
    void eachAnswerIsCountedInTheSecondItCameIn() throws Exception {
        // open loop at 100 req/s for 3 s: requests are due every 10 ms, 100 in each second
        try (TestServer server = TestServer.answering("Hello World")) {
            Measurement m = engine.run(server.address(), LoadSpec.openFor(2, 100, Duration.ofSeconds(3)),
                    get(server.address(), true), GREETING, ProgressListener.NONE);
            assertEquals(300, m.ok(), "rate x duration");
            List<SecondSample> series = m.series();
            assertEquals(List.of(0, 1, 2), series.stream().map(SecondSample::second).toList(), series.toString());
            assertEquals(m.ok(), series.stream().mapToLong(SecondSample::requests).sum(), "the seconds add up to the total");
            for (SecondSample s : series) {
                // a second is closed by the sampler's read at its boundary; on a busy machine that read
                // may come late and take the next second's first answers, so allow 200 ms of them
                assertEquals(100, s.requests(), 20, "second " + s.second() + " of " + series);
                assertEquals(0, s.errors());
                assertTrue(s.p99Micros() > 0, s.toString());
            }
        }
    }

    @Test
    void aServerThatDoesNotSpeakHttpGivesProtocolErrors() throws Exception {
        try (java.net.ServerSocket garbage = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                // bounded: it stops when the test closes the socket
                while (!garbage.isClosed()) {
                    try (java.net.Socket s = garbage.accept()) {
                        s.getInputStream().read(new byte[4096]);
                        s.getOutputStream().write("SSH-2.0-OpenSSH_9.2\r\n".getBytes(StandardCharsets.US_ASCII));
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            t.setDaemon(true);
            t.start();
            InetSocketAddress a = new InetSocketAddress("127.0.0.1", garbage.getLocalPort());
            Measurement m = engine.run(a, LoadSpec.closed(1, 20), get(a, true), GREETING, ProgressListener.NONE);
            assertEquals(20, m.requests());
            assertEquals(0, m.ok());
            assertEquals(20, m.errors().protocol() + m.errors().connect(), m.errors().toString());
            assertTrue(m.errors().protocol() >= 10, m.errors().toString());
        }
    }

    @Test
    void durationBoundPointStopsOnTime() throws Exception {
        try (TestServer server = TestServer.answering("Hello World")) {
            long t0 = System.nanoTime();
            Measurement m = engine.run(server.address(), LoadSpec.closedFor(3, Duration.ofMillis(800)),
                    get(server.address(), true), GREETING, ProgressListener.NONE);
            double wall = (System.nanoTime() - t0) / 1e9;
            assertTrue(m.ok() > 0);
            assertTrue(m.durationSeconds() >= 0.75 && m.durationSeconds() < 1.5, "duration " + m.durationSeconds());
            assertTrue(wall < 3, "wall " + wall);
            assertEquals(server.served.get(), m.requests());
            Double ioBusy = m.generator().ioBusiestPercent();
            assertNotNull(ioBusy, "the I/O threads' CPU is counted");
            assertTrue(ioBusy > 0 && ioBusy <= 110, "busiest I/O thread " + ioBusy + "% of the point");
        }
    }

    @Test
    void anUnreachableTargetEndsThePointWithConnectErrors() throws Exception {
        InetSocketAddress nowhere;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            nowhere = new InetSocketAddress("127.0.0.1", s.getLocalPort());
        }
        Measurement m = engine.run(nowhere, LoadSpec.closed(2, 5), get(nowhere, true), GREETING, ProgressListener.NONE);
        assertEquals(10, m.errors().connect());
        assertEquals(0, m.ok());
        Measurement d = engine.run(nowhere, LoadSpec.closedFor(2, Duration.ofSeconds(20)), get(nowhere, true),
                GREETING, ProgressListener.NONE);
        assertNotNull(d.aborted(), "a duration point against nothing gives up");
        assertTrue(d.aborted().startsWith("cannot connect to 127.0.0.1:" + nowhere.getPort()), d.aborted());
        assertTrue(d.durationSeconds() < 10, "gave up after " + d.durationSeconds() + " s");
    }
}
