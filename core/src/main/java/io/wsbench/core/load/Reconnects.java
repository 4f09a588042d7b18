package io.wsbench.core.load;

/**
 * Whether the server kept the connections a keep-alive point asked for: one that closes each after its answer
 * (an HTTP/1.0 server, {@code Connection: close}) makes every request pay a new connection, and one that closes
 * them now and then (Tomcat's {@code maxKeepAliveRequests}, nginx's {@code keepalive_requests}) puts a connect in
 * some requests' latency. Said in a line so that a user does not read such a point's latency as a keep-alive one's;
 * the count is run.json's ({@code generator.serverClosedConnections}).
 */
public final class Reconnects {

    /** The share of requests whose connection the server closed after them above which it closed each. */
    static final double EACH = 0.9;

    private Reconnects() {
    }

    /**
     * What the server did to the HTTP/1.1 connections of a keep-alive point whose {@code users} made {@code requests}
     * and saw the server close {@code closed} (null: none, or not counted), in words without the point's own counts,
     * so that a run says it once for all the points of a target; null when it closed fewer than one a user (a close
     * at the point's end, or none), or keep-alive was not asked.
     */
    public static String said(boolean keepAlive, int users, long requests, Long closed) {
        if (!keepAlive || closed == null || closed <= users || requests <= users) {
            return null;
        }
        return closed >= EACH * requests
                ? "the server closed the connection after each answer (HTTP/1.0, or Connection: close): every request paid"
                + " a new connection, though keep-alive was asked"
                : "the server closed connections now and then (a limit of requests per connection, as Tomcat's"
                + " maxKeepAliveRequests, 100 by default, or nginx's keepalive_requests): each reopening is in the latency of"
                + " the request that waited for it";
    }
}
