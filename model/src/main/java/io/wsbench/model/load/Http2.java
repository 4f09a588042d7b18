package io.wsbench.model.load;

/**
 * How a point speaks HTTP/2: over TLS the connection asks for h2 by ALPN, over plain TCP it speaks
 * h2c with prior knowledge (it starts with the HTTP/2 preface, as {@code curl --http2-prior-knowledge}
 * and h2load do). {@code streams}: how many of the point's users (or open-loop schedules) share one
 * connection, each with at most one stream open at a time, so a connection carries up to that many
 * concurrent streams.
 */
public record Http2(int streams) {

    /** The most streams a connection is asked to carry: a server's SETTINGS may hold it to fewer. */
    public static final int MAX_STREAMS = 1000;

    public Http2 {
        if (streams < 1 || streams > MAX_STREAMS) {
            throw new IllegalArgumentException("streams per connection must be 1 to " + MAX_STREAMS + ", got " + streams);
        }
    }

    /** How many connections {@code users} concurrent streams take. */
    public int connections(int users) {
        return (users + streams - 1) / streams;
    }
}
