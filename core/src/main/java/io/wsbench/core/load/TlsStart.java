package io.wsbench.core.load;

import io.netty.channel.Channel;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GenericFutureListener;

import javax.net.ssl.SSLSession;

/**
 * A user's TLS handshake on its connection of the moment, timed from the connection's start and told
 * to the lane's recorder (its time, whether the session was resumed, the protocol and cipher); the
 * user waits for it before its first request, so no request's latency holds it. Only the user's I/O
 * thread touches it.
 */
final class TlsStart {

    /** What the user does when the handshake ends. */
    interface Done {
        void handshaken(long now);

        void handshakeFailed(String why);
    }

    private final Recorder rec;
    private final Done done;
    private final GenericFutureListener<Future<Channel>> listener = this::ended;
    private SslHandler handler;
    private long from;
    private long fromMillis;

    TlsStart(Recorder rec, Done done) {
        this.rec = rec;
        this.done = done;
    }

    /** Waits for the handshake of {@code c}, a TLS connection just made; {@link Done} is told when it ends. */
    void begin(Channel c) {
        handler = c.pipeline().get(SslHandler.class);
        from = System.nanoTime();
        fromMillis = System.currentTimeMillis();
        handler.handshakeFuture().addListener(listener);
    }

    /** Forgets a handshake under way (its connection is given up or closed): whether there was one. */
    boolean forget() {
        boolean was = handler != null;
        handler = null;
        return was;
    }

    private void ended(Future<Channel> f) {
        if (handler == null || f != handler.handshakeFuture()) {
            return; // a connection given up meanwhile (the end of the point), or its close came first
        }
        SSLSession session = handler.engine().getSession();
        handler = null;
        if (f.isSuccess()) {
            long now = System.nanoTime();
            rec.handshake(now - from, ClientTls.resumed(session, fromMillis), session.getProtocol(), session.getCipherSuite());
            done.handshaken(now);
        } else {
            done.handshakeFailed("TLS handshake failed: " + ClientTls.rootMessage(f.cause()));
        }
    }
}
