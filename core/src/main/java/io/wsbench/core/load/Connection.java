package io.wsbench.core.load;

/**
 * A user's way to its target, whatever carries it: its own HTTP/1.1 connection ({@link H1Conn}), a
 * stream of an HTTP/2 connection it shares with other users ({@link H2Stream} on {@link H2Link}), or its
 * WebSocket ({@link WsLink}). The user sees one lifecycle: {@link #ready} opens it (or waits for the
 * shared one), {@link #send} sends, the answer and every failure come back through its
 * {@link Receiver}, {@link #cancel} gives up an answer, {@link #release} lets go between requests and
 * {@link #close} ends it with the user. Only the user's I/O thread touches it.
 *
 * @param <R> what it sends: an HTTP request's bytes, or a WebSocket step
 */
interface Connection<R> {

    /** Whether it is up to send on; if not, it is opened and the user told ({@link Receiver#proceed} or
     *  {@link Receiver#connectFailed}) when it is, or is not. */
    boolean ready();

    /** Sends {@code request}, the point's request {@code index} (the number its failures name); false when it is
     *  not on its way, the user told why ({@link Receiver#lost}, or {@link Receiver#sendAgain}). */
    boolean send(R request, int index);

    /** Gives up the answer awaited (it timed out): its own connection is closed, a shared one's stream reset. */
    void cancel();

    /** Lets go of it between requests (the server's {@code Connection: close}, no keep-alive, a user paused by a
     *  ramp): its own connection is closed and made again for the next request; a shared connection stays. */
    void release();

    /** Ends it with its user: nothing is awaited any more. */
    void close();

    /**
     * The bytes a flow's step counts as sent for {@code request}, just sent: the whole request on its own connection;
     * on a shared HTTP/2 connection, whose frames and header blocks are the connection's, its stream's DATA (its body).
     */
    default int stepBytes(R request) {
        return request instanceof io.netty.buffer.ByteBuf b ? b.readableBytes() : 0;
    }

    /**
     * What a connection tells its user: its answers ({@link ResponseParser.Sink#onResponse}) and the
     * failures it can meet, each counted as its {@link RecordAs} says: the connect or TLS handshake
     * failed (CONNECT), the server closed it before the answer (CLOSED), the answer was malformed, cut
     * short or its stream reset (PROTOCOL), the request could not be written (CLIENT), the server never
     * took it (sent again), or the answer failed its rules (a {@link Verdict}). An answer that does not come
     * in time (TIMEOUT) is the user's to see, by its own clock, and a WebSocket step's by its link's.
     */
    interface Receiver extends ResponseParser.Sink {

        /** It is up (or the step it carried is done): the user goes on. */
        void proceed();

        /** Whether the user is done: a connection made meanwhile is closed at once. */
        boolean finished();

        /** It could not be opened, for {@code why}. */
        void connectFailed(String why);

        /** {@code n} bytes of an answer came. */
        void received(int n);

        /** {@code n} bytes of an answer's DATA came on its HTTP/2 stream (the connection counts its bytes itself): its step's. */
        void receivedOnStream(int n);

        /** The server closed it while an answer was awaited. */
        void closedUnanswered();

        /** Whether an answer is awaited on it. */
        boolean awaiting();

        /** When its last answer was read ({@link System#nanoTime}); 0 before the first. */
        long answeredAt();

        /** The answer awaited will not come: counted as {@code as} says (null: by the caller); false when none was awaited. */
        boolean answerLost(RecordAs as, String why);

        /** The step under way failed before its answer could be read, as {@code as} says, for {@code why}. */
        void lost(RecordAs as, String why);

        /** The server never took the request, or the connection takes no more ({@code sent}: false, the request not
         *  yet sent): the same request goes again. */
        void sendAgain(boolean sent);

        /** The step under way passed, its latency from {@code from} to {@code now}. */
        void passed(long from, long now);

        /** The step under way got an answer that failed its rules, as an error of {@code kind}, for {@code why}. */
        void refused(Verdict kind, String why);
    }
}
