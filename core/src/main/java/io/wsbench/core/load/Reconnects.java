package io.wsbench.core.load;

import io.wsbench.model.record.GeneratorRecord;

/**
 * Whether the server kept the connections a keep-alive point asked for: one that closes each after its answer
 * (an HTTP/1.0 server, {@code Connection: close}) makes every request pay a new connection, and one that closes
 * them now and then (Tomcat's {@code maxKeepAliveRequests}, nginx's {@code keepalive_requests}) puts a connect in
 * some requests' latency. Said in a line so that a user does not read such a point's latency as a keep-alive one's;
 * the count is run.json's ({@code generator.serverClosedConnections}). One that closes them while they sit idle (its keep-alive
 * timeout shorter than the think time) does the same; a request that went out on a connection as the server closed it
 * is sent again on a new one when its method is idempotent ({@code generator.sentAgainOnNewConnection}).
 */
public final class Reconnects {

    /** How a point's HTTP/2 record counts a server's GOAWAY that ends a connection without an error, as H2Link names it. */
    static final String GOAWAY_NO_ERROR = "GOAWAY " + H2Link.codeName(io.netty.handler.codec.http2.Http2Error.NO_ERROR.code());

    /** The share of requests whose connection the server closed after them above which it closed each. */
    static final double EACH = 0.9;

    private Reconnects() {
    }

    /**
     * What the server did to the HTTP/1.1 connections of a keep-alive point whose {@code users} made {@code requests},
     * as its generator's counts say ({@link GeneratorRecord#serverClosedConnections} and the three beside it), in words
     * without the point's own counts, so that a run says it once for all the points of a target; null when the server
     * closed fewer than one a user (a close at the point's end, or none) and nothing else was done, or keep-alive was
     * not asked. {@code unanswered} of the requests met a connection the server closed before it answered (connection
     * errors): those closes followed no answer (a server that reset every connection as each request came was told
     * "closed the connection after each answer"), and a request sent again that then could not connect met a server gone.
     */
    public static String said(boolean keepAlive, int users, long requests, long unanswered, GeneratorRecord g) {
        if (!keepAlive || g == null || requests <= users) {
            return null;
        }
        long closed = count(g.serverClosedConnections());
        long idle = count(g.serverClosedIdleConnections());
        long again = count(g.sentAgainOnNewConnection());
        long afterAnswers = Math.max(0, closed - idle - again - unanswered);
        java.util.List<String> said = new java.util.ArrayList<>();
        if (afterAnswers > users) {
            said.add(afterAnswers >= EACH * (requests - unanswered)
                    ? "the server closed the connection after each answer (HTTP/1.0, or Connection: close): every request paid"
                    + " a new connection, though keep-alive was asked"
                    : "the server closed connections now and then (a limit of requests per connection, as Tomcat's"
                    + " maxKeepAliveRequests, 100 by default, or nginx's keepalive_requests): each reopening is in the latency of"
                    + " the request that waited for it");
        }
        if (idle > users) {
            said.add("the server closed connections that sat idle between requests (a keep-alive timeout shorter than the"
                    + " think time, as Apache httpd's KeepAliveTimeout, 5 s by default, or nginx's keepalive_timeout): each"
                    + " reopening is in the latency of the request that waited for it");
        }
        // a request sent again that then could not connect met a server gone, not its keep-alive timeout
        if (again > 0 && unanswered < again) {
            said.add("the server closed kept connections as requests went out on them (its keep-alive timeout reached as they"
                    + " were sent): those requests, of idempotent methods, were sent again on a new connection (RFC 9112, 9.3.1),"
                    + " their latency holding the first try and the reconnect");
        }
        // HTTP/2: the server ends a connection with a GOAWAY of no error (nginx's keepalive_requests, 1,000 by default, holds
        // for its streams too); the streams it took are answered, the next go out on a new connection
        long goaways = g.http2() == null ? 0 : g.http2().events().getOrDefault(GOAWAY_NO_ERROR, 0L);
        if (goaways > users) {
            said.add("the server ended its HTTP/2 connections now and then (GOAWAY, no error: a limit of requests per"
                    + " connection, as nginx's keepalive_requests, 1,000 by default): each new connection, its TLS handshake"
                    + " included, is in the latency of the requests that waited for it");
        }
        if (count(g.reopenedAfterKeepAliveTimeout()) > 0) {
            said.add("connections idle nearly as long as the server keeps one (as its Keep-Alive header said, timeout=N"
                    + (g.idleCloseSeenMillis() == null ? "" : String.format(java.util.Locale.ROOT, ", or as the shortest idle time"
                    + " after which it was seen to close one, %.1f s", g.idleCloseSeenMillis() / 1000.0))
                    + ") were opened anew rather than sent on, as HTTP libraries do, so that no request met the server's close:"
                    + " each reopening is in the latency of the request that waited for it");
        }
        return said.isEmpty() ? null : String.join("; and ", said);
    }

    private static long count(Long n) {
        return n == null ? 0 : n;
    }
}
