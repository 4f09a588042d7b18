package io.wsbench.core.load;

import io.wsbench.model.load.LoadSpec;

import io.wsbench.model.record.ErrorKind;
import io.wsbench.model.record.SecondSample;
import org.junit.jupiter.api.AutoClose;
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

/**
 * The engine against real servers on 127.0.0.1; every point is bounded in requests or seconds. The
 * only time bounds asserted follow from the delays and schedules the tests set (a request cannot be
 * answered before the server's delay, nor sent before it is due); how close the engine keeps to
 * them on a given machine is measured by bench/engine-timings.sh.
 */
class LoadEngineTest {

    static final Supplier<Validator> GREETING = () -> (status, type, body, length) ->
            status == 200 && new String(body, 0, length, StandardCharsets.UTF_8).equals("Hello World")
                    ? Verdict.OK : Verdict.VALIDATION;

    @AutoClose
    private static final LoadEngine engine = new LoadEngine(2);

    static HttpRequest get(InetSocketAddress a, boolean keepAlive) {
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
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.closed(4, 250), req, GREETING), ProgressListener.NONE);
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
            // the process's CPU over the wall time it was counted in: no more cores than the machine has (over the
            // counted point's own duration, which ends at its last answer, it read 437% of a core on 2 cores)
            int cores = Runtime.getRuntime().availableProcessors();
            assertTrue(m.generator().cpuPercent() <= 100.0 * cores + 5, m.generator().cpuPercent() + "% on " + cores + " cores");
        }
    }

    /** A server that compresses what Accept-Encoding asks for: the check reads the answer inflated, the bytes counted are the wire's. */
    @Test
    void aCompressedAnswerIsCheckedInflated() throws Exception {
        String hello = "Hello World ".repeat(200).trim();
        Supplier<Validator> whole = () -> (status, type, body, length) ->
                status == 200 && new String(body, 0, length, StandardCharsets.UTF_8).equals(hello) ? Verdict.OK : Verdict.VALIDATION;
        try (TestServer server = TestServer.compressing(hello)) {
            for (String asked : new String[]{"gzip", "deflate", "gzip, deflate, br"}) {
                URI uri = URI.create("http://127.0.0.1:" + server.address().getPort() + "/hello");
                HttpRequest req = new HttpRequest("GET", uri, java.util.Map.of("Accept-Encoding", asked), null, true);
                Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.closed(2, 50), req, whole), ProgressListener.NONE);
                assertEquals(100, m.ok(), asked + ": " + m.firstRefusal());
                assertTrue(m.bytesReceived() < 100L * hello.length() / 4, asked + ": the wire carried it compressed, "
                        + m.bytesReceived() + " bytes");
            }
        }
    }

    @Test
    void oneConnectionPerRequestWhenKeepAliveIsOff() throws Exception {
        try (TestServer server = TestServer.answering("Hello World")) {
            LoadSpec spec = LoadSpec.closed(2, 50).withKeepAlive(false);
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), spec, get(server.address(), false), GREETING), ProgressListener.NONE);
            assertEquals(100, m.ok());
            assertEquals(100, server.served.get());
        }
    }

    @Test
    void wrongAnswersAreErrorsNotRequests() throws Exception {
        try (TestServer server = TestServer.answering("Goodbye World")) {
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.closed(2, 100), get(server.address(), true),
                    GREETING), ProgressListener.NONE);
            assertEquals(200, m.requests());
            assertEquals(0, m.ok());
            assertEquals(200, m.errors().count(ErrorKind.VALIDATION));
            assertEquals(0.0, m.throughput());
            // the first refused answer, said once for the point
            assertTrue(m.firstRefusal().startsWith("status 200 (") && m.firstRefusal().contains("Goodbye World")
                    && m.firstRefusal().endsWith("counted as failed validation"), m.firstRefusal());
        }
        try (TestServer server = new TestServer(500, "Hello World", -1, 0)) {
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.closed(1, 10), get(server.address(), true),
                    () -> Validator.ANY_2XX), ProgressListener.NONE);
            assertEquals(10, m.errors().count(ErrorKind.HTTP_STATUS));
            assertTrue(m.firstRefusal().startsWith("status 500 (") && m.firstRefusal().contains("Hello World"), m.firstRefusal());
        }
        try (TestServer server = TestServer.answering("Hello World")) {
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.closed(1, 10), get(server.address(), true),
                    GREETING), ProgressListener.NONE);
            assertNull(m.firstRefusal(), "no answer refused");
        }
    }

    @Test
    void closedLoopShowsTheStallInItsMax() throws Exception {
        try (TestServer server = new TestServer(200, "Hello World", 2000, 500)) {
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.closed(10, 3000), get(server.address(), true),
                    GREETING), ProgressListener.NONE);
            assertEquals(30000, m.ok());
            assertEquals(30000, server.served.get());
            // the request the server slept on was sent before it arrived, so it waited the whole 500 ms
            assertTrue(m.latencies().getMaxValue() >= 500_000, "max " + m.latencies().getMaxValue());
            // that only the 10 requests in flight waited, so p99 stays low (coordinated omission), is a
            // figure of the machine: bench/engine-timings.sh prints it beside the open loop's
        }
    }

    @Test
    void aRequestUnansweredWithinTheTimeoutIsATimeoutErrorAndThePointStillEnds() throws Exception {
        // the server answers after 2 s, the client gives up after 100 ms: every request times out
        try (TestServer server = TestServer.answeringAfter("Hello World", 2000)) {
            LoadSpec spec = LoadSpec.closed(2, 3).withTimeout(Duration.ofMillis(100));
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), spec, get(server.address(), true), GREETING), ProgressListener.NONE);
            assertEquals(6, m.errors().count(ErrorKind.TIMEOUT), m.errors().toString());
            assertEquals(6, m.errors().total(), m.errors().toString());
            assertEquals(6, m.requests());
            assertEquals(0, m.ok());
            assertEquals(0, m.latencies().getTotalCount(), "a timed-out request has no latency");
            assertNull(m.aborted(), "the point ended by its request count");
            // a timed-out connection is dropped, so each request went out on a fresh one and arrived
            assertEquals(6, server.served.get());
            // each user waited out three timeouts in turn (no answer arrived, or it would be valid)
            assertTrue(m.durationSeconds() >= 0.3, "duration " + m.durationSeconds());
        }
    }

    @Test
    void thinkTimeSpacesEachUsersRequestsAndStaysOutOfTheLatency() throws Exception {
        try (TestServer server = TestServer.answering("Hello World")) {
            // every request's latency kept, so their sum is exact
            LoadSpec spec = new LoadSpec(false, 2, 3, null, 0, Duration.ofMillis(300), true, null, true);
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), spec, get(server.address(), true), GREETING), ProgressListener.NONE);
            assertEquals(6, m.requests());
            assertEquals(6, m.ok());
            assertEquals(6, server.served.get());
            // a user's third answer comes after two think times at the earliest
            assertTrue(m.durationSeconds() >= 0.6, "duration " + m.durationSeconds());
            // a user's three latencies and its two think times follow one another within the point, so
            // together they fit in it; had the think time been counted in, the latencies alone would fill it
            double latencySeconds = m.eachRequestMicros().stream().mapToLong(Long::longValue).sum() / 1e6;
            assertTrue(latencySeconds + 2 * 2 * 0.3 <= 2 * m.durationSeconds(),
                    "latencies " + m.eachRequestMicros() + " us hold no think time in a point of " + m.durationSeconds() + " s");
        }
    }

    @Test
    void thePhasedPartsOfAnOpenPointRunTogetherSendTheWholePoint() throws Exception {
        // 200 req/s for 1 s split in two as two agents run it: 100/s each, the second 5 ms late
        List<LoadSpec> parts = LoadSpec.openFor(4, 200, Duration.ofSeconds(1)).split(2);
        assertEquals(Duration.ofMillis(5), parts.get(1).phase());
        try (TestServer server = TestServer.answering("Hello World"); LoadEngine other = new LoadEngine(1)) {
            java.util.concurrent.FutureTask<Measurement> late = new java.util.concurrent.FutureTask<>(() ->
                    other.run(LoadEngine.Point.of(server.address(), parts.get(1), get(server.address(), true), GREETING), ProgressListener.NONE));
            new Thread(late, "second agent").start();
            Measurement first = engine.run(LoadEngine.Point.of(server.address(), parts.get(0), get(server.address(), true), GREETING),
                    ProgressListener.NONE);
            Measurement second = late.get(30, java.util.concurrent.TimeUnit.SECONDS);
            for (Measurement part : List.of(first, second)) {
                // each part's 100 slots fall inside the point's second, the phased one's too
                assertEquals(100, part.requests() + part.unfinished(), part.errors() + ", unfinished " + part.unfinished());
                assertEquals(1.0, part.durationSeconds(), "the phased part still ends at its start + 1 s");
                assertEquals(0, part.series().get(0).second(), "seconds count from the point's start");
                assertEquals(part.ok(), part.series().stream().mapToLong(SecondSample::requests).sum());
            }
            Measurement whole = Measurement.merge(List.of(first, second));
            assertEquals(200, whole.requests() + whole.unfinished(), "rate x duration");
            assertEquals(whole.ok(), server.served.get());
            assertEquals(whole.ok(), whole.latencies().getTotalCount());
        }
    }

    @Test
    void aServerThatDoesNotSpeakHttpGivesProtocolErrors() throws Exception {
        try (java.net.ServerSocket garbage = replyingWith("SSH-2.0-OpenSSH_9.2\r\n")) {
            InetSocketAddress a = new InetSocketAddress("127.0.0.1", garbage.getLocalPort());
            Measurement m = engine.run(LoadEngine.Point.of(a, LoadSpec.closed(1, 20), get(a, true), GREETING), ProgressListener.NONE);
            assertEquals(20, m.requests());
            assertEquals(0, m.ok());
            assertEquals(20, m.errors().count(ErrorKind.PROTOCOL) + m.errors().count(ErrorKind.CONNECT), m.errors().toString());
            assertTrue(m.errors().count(ErrorKind.PROTOCOL) >= 10, m.errors().toString());
        }
    }

    @Test
    void answersWithInvalidFramingAreProtocolErrorsNeverValidated() throws Exception {
        // each answer holds "Hello World", which the greeting validator would pass, inside framing that lies
        String[] replies = {
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nHello World\r\n0\r\n\r\n",   // chunk size not hex
                "HTTP/1.1 200 OK\r\nContent-Length: 50\r\nConnection: close\r\n\r\nHello World",       // close before 50 bytes
                "HTTP/1.1 2OO OK\r\nContent-Length: 11\r\n\r\nHello World"};                             // status not digits
        for (String reply : replies) {
            try (java.net.ServerSocket liar = replyingWith(reply)) {
                InetSocketAddress a = new InetSocketAddress("127.0.0.1", liar.getLocalPort());
                Measurement m = engine.run(LoadEngine.Point.of(a, LoadSpec.closed(1, 10), get(a, true), GREETING), ProgressListener.NONE);
                assertEquals(10, m.requests(), reply);
                assertEquals(0, m.ok(), reply);
                assertEquals(10, m.errors().count(ErrorKind.PROTOCOL), reply + " " + m.errors());
                if (reply.contains("Content-Length: 50")) {
                    // said as the cut it was, and not as a server that closes its connections after each answer
                    assertEquals("the answer was cut short by the connection's close, after 11 of the 50 bytes its Content-Length said,"
                            + " counted as a protocol error", m.firstRefusal());
                    assertTrue(m.generator().serverClosedConnections() == null || m.generator().serverClosedConnections() == 0,
                            "closes counted: " + m.generator().serverClosedConnections());
                }
            }
        }
    }

    /**
     * A socket server on 127.0.0.1 that reads each connection's request, writes {@code reply} and
     * closes it; bounded: it stops when the test closes the socket.
     */
    private static java.net.ServerSocket replyingWith(String reply) throws java.io.IOException {
        java.net.ServerSocket server = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            while (!server.isClosed()) {
                try (java.net.Socket s = server.accept()) {
                    s.getInputStream().read(new byte[4096]);
                    s.getOutputStream().write(reply.getBytes(StandardCharsets.US_ASCII));
                    s.getOutputStream().flush();
                } catch (java.io.IOException e) {
                    return;
                }
            }
        });
        t.setDaemon(true);
        t.start();
        return server;
    }

    @Test
    void aServerThatGoesAwayMidPointIsSaidToHaveGoneAfterWhatItAnswered() throws Exception {
        java.net.ServerSocket server = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        InetSocketAddress at = new InetSocketAddress("127.0.0.1", server.getLocalPort());
        Thread t = new Thread(() -> { // 20 answers, a connection each, then it is gone: its port refuses
            try (server) {
                for (int i = 0; i < 20; i++) {
                    try (java.net.Socket s = server.accept()) {
                        s.getInputStream().read(new byte[4096]);
                        s.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Length: 11\r\nConnection: close\r\n\r\nHello World"
                                .getBytes(StandardCharsets.US_ASCII));
                    }
                }
            } catch (java.io.IOException e) {
                // the test ends it
            }
        });
        t.setDaemon(true);
        t.start();
        Measurement m = engine.run(LoadEngine.Point.of(at, LoadSpec.closedFor(2, Duration.ofSeconds(20)), get(at, false), GREETING),
                ProgressListener.NONE);
        assertEquals(20, m.ok(), m.errors().toString());
        assertNotNull(m.aborted(), "gone, it gives up");
        assertTrue(m.aborted().matches("cannot connect to 127\\.0\\.0\\.1:" + at.getPort() + ": Connection refused, since second"
                + " [0-9.]+ \\(20 answers before it: the server went away\\)"), m.aborted());
    }

    @Test
    void durationBoundPointSendsNothingAfterItsEnd() throws Exception {
        // each answer takes at least 100 ms: a user can start 8 requests in 800 ms (at 0, 100 ... 700 ms
        // at the earliest) and no ninth, unless it sends after the point's end
        try (TestServer server = TestServer.answeringAfter("Hello World", 100)) {
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.closedFor(3, Duration.ofMillis(800)),
                    get(server.address(), true), GREETING), ProgressListener.NONE);
            assertTrue(m.ok() > 0);
            assertTrue(m.requests() <= 3 * 8, m.requests() + " requests from 3 users");
            assertEquals(m.requests(), m.ok(), m.errors().toString());
            assertEquals(server.served.get(), m.requests());
            // the busiest user's requests followed one another, 100 ms each at least
            long busiest = (m.requests() + 2) / 3;
            assertTrue(m.durationSeconds() >= busiest * 0.1, "duration " + m.durationSeconds() + " for " + m.requests());
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
        Measurement m = engine.run(LoadEngine.Point.of(nowhere, LoadSpec.closed(2, 5), get(nowhere, true), GREETING), ProgressListener.NONE);
        assertEquals(10, m.errors().count(ErrorKind.CONNECT));
        assertEquals(0, m.ok());
        long t0 = System.nanoTime();
        Measurement d = engine.run(LoadEngine.Point.of(nowhere, LoadSpec.closedFor(2, Duration.ofSeconds(20)), get(nowhere, true),
                GREETING), ProgressListener.NONE);
        assertNotNull(d.aborted(), "a duration point against nothing gives up");
        assertTrue(d.aborted().startsWith("cannot connect to 127.0.0.1:" + nowhere.getPort()), d.aborted());
        assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(20).toNanos(), "gave up before its 20 s");
        assertEquals(20.0, d.durationSeconds(), "its throughput is over the time asked for, not the time it lasted");
    }

    @Test
    void aServerThatStopsAnsweringLeavesEveryDueRequestUnfinishedAndThePointAborted() throws Exception {
        // 100 req/s for 3 s on 2 connections: 300 due. The server answers 100, then its only thread
        // sleeps 6 s on request 101, past the point's end and the 2 s it waits for answers in flight
        try (TestServer server = new TestServer(200, "Hello World", 101, 6000)) {
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.openFor(2, 100, Duration.ofSeconds(3)),
                    get(server.address(), true), GREETING), ProgressListener.NONE);
            assertEquals(100, m.ok(), m.errors().toString());
            assertEquals(0, m.errors().total(), "nothing timed out (30 s) nor failed: " + m.errors());
            assertEquals(200, m.unfinished(), "2 in flight and 198 due but never sent");
            assertEquals(3.0, m.durationSeconds(), "the time asked for stays the denominator");
            assertNotNull(m.aborted(), "a point whose server stopped says so");
            assertTrue(m.aborted().startsWith("the server stopped answering at second "), m.aborted());
            assertTrue(m.aborted().endsWith("200 requests unfinished"), m.aborted());
            assertEquals(List.of(0, 1, 2), m.series().stream().map(SecondSample::second).toList(), m.series().toString());
            assertEquals(0, m.series().get(2).requests(), "the last whole second is silent: " + m.series());
        }
    }

    @Test
    void aRequestSourceOrCheckThatThrowsGivesClientErrorsAtOnce() throws Exception {
        try (TestServer server = TestServer.answering("Hello World")) {
            HttpRequest hello = get(server.address(), true);
            // a sequence of three requests whose third cannot be built, as a data row that breaks a template
            RequestSource third = new RequestSource() {
                @Override
                public io.netty.buffer.ByteBuf next(io.netty.buffer.ByteBufAllocator alloc) {
                    return hello.next(alloc);
                }

                @Override
                public int size() {
                    return 3;
                }

                @Override
                public io.netty.buffer.ByteBuf next(int index, io.netty.buffer.ByteBufAllocator alloc) {
                    if (index == 2) {
                        throw new IllegalArgumentException("row 3 has no column 'sum'");
                    }
                    return hello.next(alloc);
                }
            };
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.closed(1, 30), third, GREETING), ProgressListener.NONE);
            assertEquals(10, m.errors().count(ErrorKind.CLIENT), m.errors().toString());
            assertEquals(20, m.ok());
            assertEquals(20, server.served.get(), "a request that could not be built is never sent");
            assertEquals(0, m.errors().count(ErrorKind.TIMEOUT));
            assertEquals("request 2 could not be built: IllegalArgumentException: row 3 has no column 'sum'", m.clientFailure());

            // a check that throws on every fourth answer: the answer came, but wsbench could not judge it
            int[] n = {0};
            Supplier<Validator> throwing = () -> (status, type, body, length) -> {
                if (++n[0] % 4 == 0) {
                    throw new IllegalStateException("XPath engine broke");
                }
                return Verdict.OK;
            };
            Measurement v = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.closed(1, 20), hello, throwing), ProgressListener.NONE);
            assertEquals(5, v.errors().count(ErrorKind.CLIENT), v.errors().toString());
            assertEquals(0, v.errors().count(ErrorKind.PROTOCOL), "the server's answer was well formed");
            assertEquals(15, v.ok());
            assertTrue(v.clientFailure().contains("XPath engine broke"), v.clientFailure());
        }
    }

    @Test
    void aCountedPointThatIsAbortedCountsTheRequestsItNeverSent() throws Exception {
        try (TestServer server = TestServer.answeringAfter("Hello World", 20)) {
            // each answer takes 20 ms: 2 users cannot finish 2 x 1,000 requests in the 300 ms before the abort
            Thread aborter = new Thread(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    return;
                }
                engine.abort("the test stopped it");
            });
            aborter.start();
            Measurement m = engine.run(LoadEngine.Point.of(server.address(), LoadSpec.closed(2, 1000), get(server.address(), true),
                    GREETING), ProgressListener.NONE);
            aborter.join();
            assertEquals("the test stopped it", m.aborted());
            assertEquals(2000, m.requests() + m.unfinished(), m.requests() + " answered, " + m.unfinished() + " unfinished");
            assertTrue(m.unfinished() > 0);
        }
    }

}
