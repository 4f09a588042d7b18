package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakeException;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshaker;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakerFactory;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.Map;

/**
 * A flow user's WebSocket: a connection of its own to the target (as a browser opens one beside its
 * page's), opened by an HTTP upgrade that carries the user's cookies and the step's headers, then text
 * messages sent and read by the user's {@link WsStep}s. Netty's handshaker and frame codecs do the
 * protocol (the key and its accepted hash, masking, fragments, ping and close). A message that comes
 * while no step waits for one is kept (the last {@value #MOST_KEPT}) for the next step that expects
 * one. A connection the server drops fails the step that waits on it; the next step that needs it
 * opens it again as the last opening step did (counted as that step). Only the user's I/O thread
 * touches it.
 */
@ChannelHandler.Sharable // on one channel at a time; added again to each new connection
final class WsLink extends io.netty.channel.ChannelInboundHandlerAdapter implements Connection<WsLink.Turn>, TlsStart.Done {

    static final int MOST_KEPT = 256;
    private static final int MOST_BYTES = 16 << 20;

    /** A WebSocket step as it is sent: the step, counted in {@code rec}, its message read by {@code answer}, its latency from {@code from}. */
    record Turn(WsStep step, StepRecorder rec, StepAnswer answer, long from) {
    }

    private final Connection.Receiver user;
    private final LoadEngine.PointState run;
    private final LoadEngine.Lane lane;
    private final CookieJar jar;
    private final String[] variables;
    /** wss: the connection's TLS handshake, told to the point's figures as the user's HTTP connections' are. */
    private final TlsStart tls;
    private final ArrayDeque<byte[]> kept = new ArrayDeque<>();
    private Channel channel;
    private WebSocketClientHandshaker handshaker;
    private boolean open;
    private Throwable broken;
    /** The step under way and what it reads and counts; null when none waits. */
    private WsStep step;
    private StepRecorder rec;
    private StepAnswer answer;
    private long from;
    private long deadline;
    /** The last opening step and its recorder: a dropped connection is opened again as it was. */
    private WsStep opening;
    private StepRecorder openingRec;
    /** A step that waits for the connection to be opened again before it runs. */
    private WsStep resumed;
    private StepRecorder resumedRec;
    private StepAnswer resumedAnswer;

    WsLink(Connection.Receiver user, LoadEngine.PointState run, LoadEngine.Lane lane, CookieJar jar, String[] variables) {
        this.user = user;
        this.run = run;
        this.lane = lane;
        this.jar = jar;
        this.variables = variables;
        this.tls = new TlsStart(lane.rec, this);
    }

    /** Always: a WebSocket is opened by a step of its own (and opened again by the step that finds it closed). */
    @Override
    public boolean ready() {
        return true;
    }

    /** Runs the step of {@code turn}; its failures are told to the user, as its answer is. */
    @Override
    public boolean send(Turn turn, int index) {
        run(turn.step(), turn.rec(), turn.answer(), turn.from());
        return true;
    }

    /** Gives up the step under way: the connection is dropped, as its next message would be out of turn. */
    @Override
    public void cancel() {
        step = null;
        resumed = null;
        drop();
    }

    /** A WebSocket stays open between steps until a step closes it. */
    @Override
    public void release() {
    }

    /** Ends the link with its user: no step waits any more, and the connection is closed. */
    @Override
    public void close() {
        cancel();
    }

    private void run(WsStep s, StepRecorder rec, StepAnswer answer, long from) {
        if (s.kind() == WsStep.Kind.OPEN) {
            opening = s;
            openingRec = rec;
            drop();
            begin(s, rec, null, from);
            rec.requestsSent++;
            lane.bootstrap.connect(run.address).addListener(this::connected);
            return;
        }
        if (!open) {
            if (s.kind() == WsStep.Kind.CLOSE) {
                user.passed(from, System.nanoTime()); // closed already
                return;
            }
            if (opening == null) {
                user.lost(RecordAs.CLIENT, "no WebSocket is open: a 'ws:' step opens it before this one");
                return;
            }
            resumed = s; // open it again as the last opening step did, then this step
            resumedRec = rec;
            resumedAnswer = answer;
            run(opening, openingRec, null, System.nanoTime());
            return;
        }
        begin(s, rec, answer, from);
        if (s.kind() == WsStep.Kind.CLOSE) {
            rec.requestsSent++;
            // the server's close frame, or its closing of the connection, ends the step; no answer in time, ours does
            channel.writeAndFlush(new CloseWebSocketFrame(1000, ""));
            return;
        }
        if (s.kind() == WsStep.Kind.SEND) {
            byte[] message = s.message().bytes(variables);
            rec.requestsSent++;
            channel.writeAndFlush(new TextWebSocketFrame(Unpooled.wrappedBuffer(message))).addListener(f -> sent(s, f));
            if (s.expects()) {
                read(); // a message kept before it was sent is the next one
            }
            return;
        }
        read();
    }

    private void begin(WsStep s, StepRecorder rec, StepAnswer answer, long from) {
        this.step = s;
        this.rec = rec;
        this.answer = answer;
        this.from = from;
        long timeout = s.timeoutNanos() > 0 ? s.timeoutNanos() : run.timeoutNanos;
        this.deadline = System.nanoTime() + timeout;
    }

    private void sent(WsStep s, io.netty.util.concurrent.Future<? super Void> f) {
        if (step != s || s.expects()) {
            return; // its answer decides, or it ended already
        }
        if (f.isSuccess()) {
            passed();
        } else {
            lost(RecordAs.CONNECT, "the message could not be sent: " + f.cause());
        }
    }

    private void connected(io.netty.util.concurrent.Future<? super Void> f) {
        if (step != opening) {
            if (f.isSuccess()) {
                ((ChannelFuture) f).channel().close(); // the user stopped meanwhile
            }
            return;
        }
        if (!f.isSuccess()) {
            lost(RecordAs.CONNECT, "cannot connect: " + run.connectFailure(f.cause() == null ? "connect failed"
                    : String.valueOf(f.cause().getMessage())));
            return;
        }
        channel = ((ChannelFuture) f).channel();
        channel.pipeline().addLast(bytes, new HttpClientCodec(), new HttpObjectAggregator(MOST_BYTES), this);
        if (run.tls != null) {
            tls.begin(channel); // the upgrade, written now, waits in the TLS handler for the handshake
        }
        String path = opening.path().fill(variables);
        HttpHeaders headers = new DefaultHttpHeaders();
        opening.headers().forEach((name, value) -> headers.add(name, value.fill(variables)));
        String cookies = jar == null ? null : jar.header(path);
        if (cookies != null) {
            headers.set("Cookie", cookies);
        }
        String host = run.address.getHostString();
        URI uri = URI.create((run.tls != null ? "wss://" : "ws://") + (host.contains(":") ? "[" + host + "]" : host) + ":"
                + run.address.getPort() + (path.startsWith("/") ? "" : "/") + path);
        handshaker = WebSocketClientHandshakerFactory.newHandshaker(uri, WebSocketVersion.V13, null, true, headers, MOST_BYTES);
        handshaker.handshake(channel);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (ctx.channel() != channel) {
            io.netty.util.ReferenceCountUtil.release(msg);
            return;
        }
        try {
            if (msg instanceof FullHttpResponse answer) {
                upgraded(ctx, answer);
            } else if (msg instanceof TextWebSocketFrame || msg instanceof BinaryWebSocketFrame) {
                arrived(ByteBufUtil.getBytes(((io.netty.buffer.ByteBufHolder) msg).content()));
            } else if (msg instanceof PingWebSocketFrame ping) {
                ctx.writeAndFlush(new PongWebSocketFrame(ping.content().retain()));
            } else if (msg instanceof CloseWebSocketFrame close) {
                closedByServer(close.statusCode(), close.reasonText());
            }
        } finally {
            io.netty.util.ReferenceCountUtil.release(msg);
        }
    }

    private void upgraded(ChannelHandlerContext ctx, FullHttpResponse answer) {
        if (jar != null) {
            answer.headers().getAll("set-cookie").forEach(jar::store);
        }
        try {
            handshaker.finishHandshake(channel, answer);
        } catch (WebSocketClientHandshakeException e) {
            int status = answer.status().code();
            drop();
            if (step != opening) {
                return;
            }
            if (status == 101) {
                lost(RecordAs.PROTOCOL, "the upgrade's answer is not a WebSocket's: " + e.getMessage());
            } else {
                fail(new StepAnswer.Failure(Verdict.HTTP_STATUS, "status " + status + ": the upgrade to a WebSocket was refused"));
            }
            return;
        }
        ctx.pipeline().addBefore(ctx.name(), null, new WebSocketFrameAggregator(MOST_BYTES));
        open = true;
        kept.clear();
        if (step == opening) {
            passed();
        }
    }

    /** A whole message: the answer of the step that waits for one, or kept for the next. */
    private void arrived(byte[] message) {
        if (step != null && step.expects()) {
            check(message);
            return;
        }
        if (kept.size() == MOST_KEPT) {
            kept.poll();
        }
        kept.add(message);
    }

    private void read() {
        byte[] message = kept.poll();
        if (message != null) {
            check(message);
        }
    }

    private void check(byte[] message) {
        StepAnswer.Failure failure;
        try {
            failure = answer == null ? null : answer.read(200, json(message) ? "application/json" : "text/plain", message,
                    message.length, Map.of(), variables);
        } catch (RuntimeException e) {
            lost(RecordAs.CLIENT, "the check threw: " + e);
            return;
        }
        if (failure == null) {
            passed();
        } else {
            fail(failure);
        }
    }

    private static boolean json(byte[] m) {
        int i = 0;
        while (i < m.length && (m[i] == ' ' || m[i] == '\n' || m[i] == '\r' || m[i] == '\t')) {
            i++;
        }
        return i < m.length && (m[i] == '{' || m[i] == '[');
    }

    private void closedByServer(int code, String reason) {
        open = false;
        if (step != null && step.kind() == WsStep.Kind.CLOSE) {
            drop();
            passed();
            return;
        }
        if (step != null) {
            lost(RecordAs.CONNECT, "the server closed the WebSocket (" + code + (reason.isEmpty() ? "" : " " + reason)
                    + ") before " + (step.kind() == WsStep.Kind.OPEN ? "it opened" : "the message the step expects"));
        }
        drop();
    }

    @Override
    public void handshaken(long now) {
        // the upgrade goes on
    }

    @Override
    public void handshakeFailed(String why) {
        drop();
        if (step == opening) {
            lost(RecordAs.CONNECT, why);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (ctx.channel() != channel) {
            return;
        }
        channel = null;
        open = false;
        if (step == null) {
            return;
        }
        if (step.kind() == WsStep.Kind.CLOSE) {
            passed();
        } else if (broken != null) {
            lost(RecordAs.PROTOCOL, "the WebSocket could not be read: " + broken.getMessage());
        } else {
            lost(RecordAs.CONNECT, "the WebSocket's connection was closed by the server before "
                    + (step.kind() == WsStep.Kind.OPEN ? "its upgrade was answered" : "the message the step expects"));
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (ctx.channel() == channel) {
            broken = cause;
        }
        ctx.close(); // channelInactive counts what was lost
    }

    /** Fails the step under way when its answer is late; the connection is dropped, as its next message would be out of turn. */
    void checkTimeout(long now) {
        if (step != null && now - deadline > 0) {
            long ms = (step.timeoutNanos() > 0 ? step.timeoutNanos() : run.timeoutNanos) / 1_000_000;
            String what = step.kind() == WsStep.Kind.OPEN ? "no upgrade answer" : step.kind() == WsStep.Kind.CLOSE
                    ? "no close answer" : "no message";
            WsStep s = step;
            drop();
            if (s.kind() == WsStep.Kind.CLOSE) {
                passed(); // closed by us instead
                return;
            }
            lost(RecordAs.TIMEOUT, what + " within " + ms + " ms");
        }
    }

    /** Closes the connection at once; the step under way (if any) is left to its caller. */
    private void drop() {
        Channel c = channel;
        channel = null;
        open = false;
        broken = null;
        tls.forget();
        kept.clear();
        if (c != null) {
            c.close();
        }
    }

    /** The step under way passed: the user goes on, or the step that waited for the reopening runs. */
    private void passed() {
        long now = System.nanoTime();
        StepRecorder r = rec;
        long f = from;
        step = null;
        if (resumed != null) {
            r.ok((now - f) / 1000); // the reopening, counted as its step
            WsStep s = resumed;
            resumed = null;
            run(s, resumedRec, resumedAnswer, now);
            return;
        }
        user.passed(f, now);
    }

    private void fail(StepAnswer.Failure failure) {
        step = null;
        resumed = null;
        user.refused(failure.kind(), failure.why());
    }

    private void lost(RecordAs as, String why) {
        step = null;
        String reopening = resumed != null ? "opening the WebSocket again: " : "";
        resumed = null;
        user.lost(as, reopening + why);
    }

    /** Counts the connection's bytes in the point's figures and in the step's under way. */
    final ChannelDuplexHandler bytes = new ChannelDuplexHandler() {
        @Override
        public boolean isSharable() {
            return true;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBuf b) {
                lane.rec.bytesReceived += b.readableBytes();
                if (rec != null) {
                    rec.bytesReceived += b.readableBytes();
                }
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof ByteBuf b) {
                lane.rec.bytesSent += b.readableBytes();
                if (rec != null) {
                    rec.bytesSent += b.readableBytes();
                }
            }
            ctx.write(msg, promise);
        }
    };
}
