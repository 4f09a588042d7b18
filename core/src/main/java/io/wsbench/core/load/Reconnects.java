package io.wsbench.core.load;

/**
 * Whether the server kept the connections a keep-alive point asked for: one that closes each after its answer
 * (an HTTP/1.0 server, {@code Connection: close}) makes every request pay a new connection, and one that closes
 * them now and then (nginx's {@code keepalive_requests}) puts a connect in some requests' latency. Said in a line
 * so that a user does not read such a point's latency as a keep-alive one's; the counts are run.json's
 * ({@code generator.connectionsOpened}).
 */
public final class Reconnects {

    /** The share of requests on a connection of their own above which the server closed each connection. */
    static final double EACH = 0.9;

    private Reconnects() {
    }

    /**
     * What the server did to the HTTP/1.1 connections of a point whose {@code users} made {@code requests} on
     * {@code opened} of them (null: not counted), in words without the point's own counts, so that a run says it once
     * for all the points of a target; null when it kept one a user, or keep-alive was not asked.
     */
    public static String said(boolean keepAlive, int users, long requests, Long opened) {
        if (!keepAlive || opened == null || opened <= users || requests <= users) {
            return null;
        }
        return opened >= EACH * requests
                ? "the server closed the connection after each answer (HTTP/1.0, or Connection: close): every request paid"
                + " a new connection, though keep-alive was asked"
                : "the server closed connections now and then (a limit of requests per connection, as nginx's"
                + " keepalive_requests): each reopening is in the latency of the request that waited for it";
    }
}
