package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;


import java.util.concurrent.TimeUnit;

/**
 * One virtual user (closed loop) or one connection of an open-loop schedule. It sends a request,
 * waits for the whole answer, validates and records it, then sends the next: at once, after its
 * think time, or when the open-loop schedule says the next request is due. Only its I/O thread
 * touches it.
 */
@ChannelHandler.Sharable // on one channel at a time; re-added after every reconnect
final class User extends ChannelInboundHandlerAdapter implements ResponseParser.Sink, TlsStart.Done {

    private static final long RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final LoadEngine.Run run;
    private final LoadEngine.Lane lane;
    private final Recorder rec;
    private final boolean open;
    private final ResponseParser parser = new ResponseParser();
    private final ChannelFutureListener onConnect = this::connected;
    private final Runnable fire = this::fire;
    private final Runnable proceed = this::proceed;
    private final int index;
    private long remaining;
    private Channel channel;
    private boolean connecting;
    private boolean inFlight;
    private int requestIndex;
    private long latencyFrom;
    private long writtenAt;
    /** Open loop: which of this connection's scheduled requests is next, and when it is due. */
    private long slot;
    private long nextIntended;
    private boolean finished;
    /** TLS only: the handshake of its connection of the moment. */
    private final TlsStart tls;
    /** HTTP/2 only (else null): the connection this user shares, the stream its request is on, and its answer so far. */
    private final H2Link link;
    private H2Link.Conn streamConn;
    private int streamId;
    /** HTTP/2: the request's stream was refused (above a GOAWAY's last stream): the same request goes again. */
    private boolean resending;
    private final H2Answer h2 = new H2Answer();

    User(LoadEngine.Run run, LoadEngine.Lane lane, int index) {
        this(run, lane, index, null);
    }

    /** {@code link}: the HTTP/2 connection it shares, or null for HTTP/1.1 on a connection of its own. */
    User(LoadEngine.Run run, LoadEngine.Lane lane, int index, H2Link link) {
        this.run = run;
        this.lane = lane;
        this.link = link;
        if (link != null) {
            link.join();
        }
        this.rec = lane.rec;
        this.tls = new TlsStart(rec, this);
        this.index = index;
        this.open = run.spec.open();
        this.remaining = run.spec.requestsPerUser() > 0 ? run.spec.requestsPerUser() : -1;
    }

    void start() {
        if (open) {
            nextIntended = run.start + run.spec.dueNanos(index, 0);
        }
        proceed();
    }

    private void proceed() {
        proceed(System.nanoTime());
    }

    /** Decides what comes next: finish, wait for the schedule, or send. */
    private void proceed(long now) {
        if (finished) {
            return;
        }
        if (run.abortReason != null || remaining == 0) {
            finish();
            return;
        }
        if (open) {
            // past the end nothing more is sent: requests still due then are unfinished
            if (nextIntended - run.deadline >= 0 || now - run.deadline >= 0) {
                finish();
                return;
            }
            if (nextIntended - now > 0) {
                lane.loop.schedule(fire, nextIntended - now, TimeUnit.NANOSECONDS);
                return;
            }
        } else if (now - run.deadline >= 0) {
            finish();
            return;
        } else if (run.spec.profile() != null && !running(now)) {
            return;
        }
        send(now);
    }

    /**
     * Closed loop with a profile: whether the ramp has this user running now. When it does not, its
     * connection is closed (the server sees the users come and go) and it waits until the ramp
     * reaches it again, or finishes when the ramp never does.
     */
    private boolean running(long now) {
        long wait = run.spec.waitForRamp(index, now - run.start, run.deadline - run.start);
        if (wait < 0) {
            finish();
            return false;
        }
        if (wait > 0) {
            drop(channel);
            lane.loop.schedule(fire, wait, TimeUnit.NANOSECONDS);
            return false;
        }
        return true;
    }

    private void fire() {
        proceed(); // the deadline or an abort may have come while it waited
    }

    /** {@code now} is the caller's clock reading, shared with proceed's checks: each costs ~0.1 µs. */
    private void send(long now) {
        H2Link.Conn conn = null;
        if (link != null) {
            conn = link.ready(this);
            if (conn == null) {
                return; // linkReady or linkFailed comes
            }
        } else if (channel == null) {
            connect();
            return;
        }
        boolean again = resending;
        resending = false;
        if (!again) {
            if (remaining > 0) {
                remaining--;
            }
            // open loop: latency counts from when the request was due, so a stalled server shows
            latencyFrom = open ? nextIntended : now;
            nextSlot();
            requestIndex = run.nextRequestIndex();
        }
        writtenAt = now;
        ByteBuf request;
        try {
            request = run.source.next(requestIndex, conn != null ? conn.channel.alloc() : channel.alloc());
        } catch (RuntimeException e) {
            clientFailed("request " + requestIndex + " could not be built", e);
            lane.loop.schedule(proceed, RETRY_NANOS, TimeUnit.NANOSECONDS);
            return;
        }
        if (!again) {
            rec.sent(now);
        }
        if (conn != null) {
            sendOnStream(conn, request);
            return;
        }
        inFlight = true;
        rec.bytesSent += request.readableBytes();
        channel.writeAndFlush(request, channel.voidPromise());
    }

    /** HTTP/2: the request on a new stream of {@code conn} (its bytes are counted as they leave, HPACK's included). */
    private void sendOnStream(H2Link.Conn conn, ByteBuf request) {
        h2.reset();
        int id;
        try {
            id = conn.write(this, request);
        } catch (RuntimeException e) {
            clientFailed("request " + requestIndex + " could not be sent over HTTP/2", e);
            lane.loop.schedule(proceed, RETRY_NANOS, TimeUnit.NANOSECONDS);
            return;
        }
        if (id < 0) {
            resending = true; // the connection took no more streams: the same request on the next one
            lane.sendAfterReads(proceed);
            return;
        }
        inFlight = true;
        streamConn = conn;
        streamId = id;
    }

    /** HTTP/2: the shared connection is up; this user may send. */
    void linkReady() {
        proceed();
    }

    /** HTTP/2: the shared connection could not be made. */
    void linkFailed(String why) {
        failedToConnect(why);
    }

    /** HTTP/2: the answer's headers (or its trailers), the first with its status. */
    void h2Headers(io.netty.handler.codec.http2.Http2Headers headers) {
        h2.headers(headers);
    }

    /** HTTP/2: part of the answer's body; false when the body grew past what an answer may be. */
    boolean h2Data(ByteBuf data) {
        if (!h2.append(data)) {
            inFlight = false;
            rec.protocolError(System.nanoTime());
            lane.sendAfterReads(proceed);
            return false;
        }
        return true;
    }

    /** HTTP/2: the stream ended; its answer is whole. */
    void h2Complete() {
        if (h2.status < 200) {
            h2Reset(); // a stream ended with no final status is no HTTP answer
            return;
        }
        if (h2.grpcStatus > 0 && inFlight) {
            // the call failed by gRPC's own account: its error kind, named by its code; the message is not checked
            inFlight = false;
            run.noteStreamError("grpc-status " + GrpcCodes.name(h2.grpcStatus));
            rec.error(GrpcCodes.FAILED, System.nanoTime());
            lane.sendAfterReads(proceed);
            return;
        }
        if (h2.grpcStatus == 0) {
            run.grpcMessages.add(h2.grpcMessages());
        }
        onResponse(h2.status, h2.contentType, h2.body == null ? new byte[0] : h2.body, h2.length, false);
    }

    /** HTTP/2: the server reset the stream (RST_STREAM), or the codec did: a protocol error. */
    void h2Reset() {
        if (inFlight) {
            inFlight = false;
            rec.protocolError(System.nanoTime());
        }
        lane.sendAfterReads(proceed);
    }

    /** HTTP/2: the server never took the stream (above its GOAWAY's last one): the same request goes again. */
    void h2Refused() {
        if (inFlight) {
            inFlight = false;
            resending = true;
        }
        lane.sendAfterReads(proceed);
    }

    /** HTTP/2: the connection closed with this user's stream open. */
    void h2Lost() {
        if (inFlight) {
            inFlight = false;
            rec.connectError(System.nanoTime());
            run.lastConnectFailure = "connection closed by the server before the response";
            run.lastConnectFailureNanos = System.nanoTime();
        }
        proceed();
    }

    private void connect() {
        if (connecting) {
            return;
        }
        connecting = true;
        lane.bootstrap.connect(run.address).addListener(onConnect);
    }

    private void connected(ChannelFuture f) {
        connecting = false;
        if (f.isSuccess()) {
            channel = f.channel();
            parser.reset();
            channel.pipeline().addLast(this);
            if (finished) {
                channel.close();
                return;
            }
            if (lane.tls != null) {
                tls.begin(channel); // the first request waits for the handshake, so its latency holds none of it
                return;
            }
            send(System.nanoTime());
            return;
        }
        failedToConnect(f.cause() == null ? "connect failed" : describe(f.cause()));
    }

    @Override
    public void handshaken(long now) {
        if (finished) {
            drop(channel);
            return;
        }
        send(now);
    }

    @Override
    public void handshakeFailed(String why) {
        Channel c = channel;
        channel = null; // its close, which the handler makes, is not a lost answer
        c.close();
        failedToConnect(why);
    }

    /** wsbench's own side failed on this request: counted as a client error, the first reason kept. */
    private void clientFailed(String what, RuntimeException e) {
        rec.clientError(System.nanoTime());
        if (run.firstClientFailure == null) {
            run.firstClientFailure = what + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    private void failedToConnect(String why) {
        rec.connectError(System.nanoTime());
        run.lastConnectFailure = why;
        run.lastConnectFailureNanos = System.nanoTime();
        // the failed attempt uses up the request it was for, so a count-bounded point still ends
        if (resending) {
            resending = false; // the refused request it was to send again: lost now
        } else {
            if (remaining > 0) {
                remaining--;
            }
            nextSlot();
        }
        lane.loop.schedule(proceed, RETRY_NANOS, TimeUnit.NANOSECONDS);
    }

    /** Open loop: the request just sent or lost was this connection's slot; the next one is due later. */
    private void nextSlot() {
        if (open) {
            nextIntended = run.start + run.spec.dueNanos(index, ++slot);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        try {
            rec.bytesReceived += in.readableBytes();
            if (ctx.channel() == channel) {
                parser.feed(in, this);
            }
        } catch (IllegalStateException malformed) {
            if (inFlight) {
                inFlight = false;
                rec.protocolError(System.nanoTime());
            }
            drop(ctx.channel());
            proceed();
        } finally {
            in.release();
        }
    }

    @Override
    public void onResponse(int status, String contentType, byte[] body, int length, boolean close) {
        if (!inFlight) {
            return; // an answer nobody asked for (e.g. after a timeout) is ignored
        }
        inFlight = false;
        long now = System.nanoTime();
        Verdict v;
        try {
            v = lane.validator.check(requestIndex, status, contentType, body, length);
        } catch (RuntimeException e) {
            v = null; // not the server's fault, and not a parse error of its answer
            clientFailed("the check of the answer to request " + requestIndex + " threw", e);
        }
        if (v == Verdict.OK) {
            rec.ok((now - latencyFrom) / 1000, now);
        } else if (v != null) {
            rec.error(v, now);
        }
        if (close || !run.spec.keepAlive()) {
            drop(channel);
        }
        if (!open && run.thinkNanos > 0) {
            lane.loop.schedule(proceed, run.thinkNanos, TimeUnit.NANOSECONDS);
        } else {
            lane.sendAfterReads(proceed);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (ctx.channel() != channel) {
            return;
        }
        if (tls.forget()) {
            channel = null;
            failedToConnect("TLS handshake failed: the server closed the connection");
            return;
        }
        boolean cutShort = !parser.closed(this);
        channel = null;
        if (inFlight && cutShort) {
            // part of an answer came, then the close: its framing promised more than was sent
            inFlight = false;
            rec.protocolError(System.nanoTime());
        } else if (inFlight) {
            // the server closed the connection without answering
            inFlight = false;
            rec.connectError(System.nanoTime());
            run.lastConnectFailure = "connection closed by the server before the response";
            run.lastConnectFailureNanos = System.nanoTime();
        }
        proceed();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // channelInactive records what was lost
    }

    void checkTimeout(long now) {
        if (inFlight && now - writtenAt > run.timeoutNanos) {
            inFlight = false;
            rec.timeoutError(now);
            if (link != null) {
                streamConn.cancel(streamId); // the connection's other streams go on
            } else {
                drop(channel);
            }
            proceed();
        }
    }

    /** Ends this user at once: a request in flight is unfinished. */
    void stop() {
        if (inFlight) {
            inFlight = false;
            rec.unfinished++;
        }
        finish();
    }

    private void drop(Channel c) {
        if (c != null) {
            if (c == channel) {
                channel = null;
                tls.forget();
            }
            c.close();
        }
    }

    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        rec.unfinished += run.unsent(index, remaining, slot, run.start);
        drop(channel);
        if (link != null) {
            link.leave(this);
        }
        run.done.countDown();
    }

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
