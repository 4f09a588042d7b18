package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * A user's own HTTP/1.1 connection of the moment: made when the user first sends and again after a
 * close, its TLS handshake awaited before the first request, its answers parsed and handed to the
 * user ({@link ResponseParser.Sink}). Only the user's I/O thread touches it.
 */
@ChannelHandler.Sharable // on one channel at a time; re-added after every reconnect
final class H1Conn extends ChannelInboundHandlerAdapter implements Connection<ByteBuf>, TlsStart.Done {

    private final Connection.Receiver user;
    private final LoadEngine.Lane lane;
    private final ResponseParser parser = new ResponseParser();
    private final TlsStart tls;
    private final ChannelFutureListener onConnect = this::connected;
    private Channel channel;
    private boolean connecting;
    /** The requests sent on the connection of the moment: from the second on, it is one the server kept open. */
    private int sent;
    /** Whether the request of the moment may be sent again (RFC 9110, 9.2.2: its method is idempotent). */
    private boolean idempotent;

    H1Conn(Connection.Receiver user, LoadEngine.Lane lane, ResponseParser.HeaderSink headers) {
        this.user = user;
        this.lane = lane;
        this.tls = new TlsStart(lane.rec, this);
        if (headers != null) {
            parser.headers(headers); // else no header is looked at
        }
    }

    @Override
    public boolean ready() {
        if (channel != null) {
            if (!expired()) {
                return true;
            }
            // idle about as long as the server's Keep-Alive header says it keeps it: it may be closing it now, and a
            // request sent on it would meet the close (a POST could not go again). A new one instead, as HTTP libraries do
            lane.run.h1KeepAliveExpired.increment();
            drop();
        }
        if (!connecting) {
            connecting = true;
            lane.bootstrap.connect(lane.run.address).addListener(onConnect);
        }
        return false;
    }

    /** Sends {@code request}, its bytes counted. */
    @Override
    public boolean send(ByteBuf request, int index) {
        lane.rec.bytesSent += request.readableBytes();
        parser.head(isHead(request));
        idempotent = idempotent(request);
        sent++;
        channel.writeAndFlush(request, channel.voidPromise());
        return true;
    }

    /** A late answer's connection is closed: the next request goes on a new one. */
    @Override
    public void cancel() {
        drop();
    }

    @Override
    public void release() {
        drop();
    }

    @Override
    public void close() {
        drop();
    }

    /**
     * Whether the connection has been idle for nearly as long as the server keeps one ({@code timeout=5}: 4 s; the
     * margin a quarter of it, at most a second): as its Keep-Alive header says, else as the shortest idle time after
     * which it was seen to close one (nginx, Tomcat, gunicorn and uvicorn say nothing); false while neither is known.
     * The clock is read only then: a server that never closed an idle connection costs its load nothing.
     */
    private boolean expired() {
        long timeout = parser.keepAliveSeconds() > 0 ? parser.keepAliveSeconds() * 1_000_000_000L : lane.run.idleCloseNanos();
        // idle since the user's last answer, the one to this connection's last request (one is on it at a time)
        return timeout != 0 && sent > 0 && System.nanoTime() - user.answeredAt() > keptFor(timeout);
    }

    /** How long a connection is sent on when the server keeps one idle {@code timeout} nanoseconds: less a quarter, at most a second. */
    private static long keptFor(long timeout) {
        return timeout - Math.min(1_000_000_000L, timeout / 4);
    }

    /** The server closed the connection, on which {@code sent} requests went, with none answered since its last answer. */
    private void closedIdle() {
        if (sent > 0 && user.answeredAt() != 0) {
            lane.run.idleClosedAfter(System.nanoTime() - user.answeredAt());
        }
    }

    /** Closes the connection of the moment, if any: its close is no lost answer. */
    private void drop() {
        Channel c = channel;
        if (c != null) {
            channel = null;
            tls.forget();
            c.close();
        }
    }

    private void connected(ChannelFuture f) {
        connecting = false;
        if (!f.isSuccess()) {
            user.connectFailed(f.cause() == null ? "connect failed" : describe(f.cause()));
            return;
        }
        channel = f.channel();
        sent = 0;
        parser.reset();
        channel.pipeline().addLast(this);
        if (user.finished()) {
            drop();
        } else if (lane.tls != null) {
            tls.begin(channel); // the first request waits for the handshake
        } else {
            user.proceed();
        }
    }

    @Override
    public void handshaken(long now) {
        user.proceed();
    }

    @Override
    public void handshakeFailed(String why) {
        Channel c = channel;
        channel = null; // its close, which the handler makes, is not a lost answer
        c.close();
        user.connectFailed(why);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        try {
            user.received(in.readableBytes());
            if (ctx.channel() == channel) {
                parser.feed(in, user);
            }
        } catch (IllegalStateException malformed) {
            if (ctx.channel() == channel) {
                drop();
            } else {
                ctx.close();
            }
            user.answerLost(RecordAs.PROTOCOL, malformed.getMessage());
        } finally {
            in.release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (ctx.channel() != channel) {
            return;
        }
        channel = null; // not one wsbench dropped: the server closed it
        if (tls.forget()) {
            lane.run.h1ServerCloses.increment();
            user.lost(RecordAs.CONNECT, "TLS handshake failed: the server closed the connection");
            return;
        }
        boolean idle = !user.awaiting();
        if (!parser.closed(user)) {
            // part of an answer came, then the close: its framing promised more than was sent. A protocol error, said as
            // one, and not a close after an answer (which would tell the user that the server does not keep connections)
            user.answerLost(RecordAs.PROTOCOL, "the answer was cut short by the connection's close, " + parser.whereCut());
            return;
        }
        lane.run.h1ServerCloses.increment();
        if (idle) {
            lane.run.h1IdleCloses.increment(); // its keep-alive timeout: the next request opens a new one
            closedIdle();
        } else if (!user.awaiting()) {
            return; // the close ended an answer framed by it
        } else if (sent > 1 && idempotent) {
            // a connection the server had kept open, closed before any byte of the answer: it closed it as the request went
            // out (its keep-alive timeout), and a client may send an idempotent request again (RFC 9112, 9.3.1)
            lane.run.h1SentAgain.increment();
            closedIdle();
            user.sendAgain(true);
        } else if (sent > 1) {
            closedIdle();
            user.answerLost(RecordAs.CLOSED, lane.run.connectFailure("connection closed by the server before the response, on a"
                    + " connection it had kept open: its keep-alive timeout as the request went out, or the request's own doing;"
                    + " not sent again, as its method is not idempotent (RFC 9112, 9.3.1)"));
        } else {
            user.closedUnanswered();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // channelInactive records what was lost
    }

    /** Whether {@code request}'s method is HEAD, whose answer has no body whatever its Content-Length says. */
    static boolean isHead(ByteBuf request) {
        return startsWith(request, HEAD);
    }

    /** The idempotent methods (RFC 9110, 9.2.2), each with the space that ends it on a request line. */
    private static final byte[][] IDEMPOTENT = java.util.stream.Stream.of("GET ", "HEAD ", "PUT ", "DELETE ", "OPTIONS ", "TRACE ")
            .map(m -> m.getBytes(java.nio.charset.StandardCharsets.US_ASCII)).toArray(byte[][]::new);
    private static final byte[] HEAD = IDEMPOTENT[1];

    /** Whether {@code request}'s method is idempotent: a few bytes compared, nothing made. */
    static boolean idempotent(ByteBuf request) {
        for (byte[] m : IDEMPOTENT) {
            if (startsWith(request, m)) {
                return true;
            }
        }
        return false;
    }

    private static boolean startsWith(ByteBuf request, byte[] prefix) {
        int at = request.readerIndex();
        if (request.readableBytes() < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (request.getByte(at + i) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** A failed connect's cause, in short: Netty's prefix and the address left out. */
    static String describe(Throwable t) {
        String m = t.getMessage();
        if (m == null) {
            return t.getClass().getSimpleName();
        }
        m = m.replace("finishConnect(..) failed: ", "");
        int address = m.indexOf(": /");
        return address > 0 ? m.substring(0, address) : m;
    }
}
