package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.DefaultHttp2ConnectionDecoder;
import io.netty.handler.codec.http2.DefaultHttp2ConnectionEncoder;
import io.netty.handler.codec.http2.DefaultHttp2FrameReader;
import io.netty.handler.codec.http2.DefaultHttp2FrameWriter;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.StreamBufferingEncoder;
import io.netty.handler.codec.http2.DefaultHttp2RemoteFlowController;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.UniformStreamByteDistributor;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2EventAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.AsciiString;
import io.netty.util.collection.IntObjectHashMap;
import io.netty.util.collection.IntObjectMap;
import io.netty.util.concurrent.Future;

import javax.net.ssl.SSLSession;

import java.util.ArrayList;
import java.util.List;

/**
 * One HTTP/2 connection slot of a point: the users (or open-loop schedules) that share a connection,
 * each with at most one stream open. It connects when a user first needs it (h2c with prior
 * knowledge, or TLS with h2 chosen by ALPN), and again after the server's GOAWAY: the streams the
 * server did not take are sent again on the new connection, those it took finish on the old one.
 * Flow control and HPACK are Netty's HTTP/2 codec's. Only its lane's I/O thread touches it.
 */
final class H2Link {

    /** h2load's window sizes (2^30-1 for each stream and for the connection): the client never throttles an answer. */
    private static final int WINDOW = (1 << 30) - 1;

    private final LoadEngine.PointState run;
    private final LoadEngine.Lane lane;
    /** What its lane's flow reads of the answers' headers beyond the engine's own, kept as they are decoded. */
    private final AsciiString[] readBy;
    /** The connection new streams go to, once ready; null before, while connecting, and after its GOAWAY. */
    private Conn current;
    private Conn connecting;
    private final List<H2Stream> waiting = new ArrayList<>();
    /** Every connection not yet closed: the current one, and those draining after a GOAWAY. */
    private final List<Conn> open = new ArrayList<>();
    private int members;

    H2Link(LoadEngine.PointState run, LoadEngine.Lane lane) {
        this.run = run;
        this.lane = lane;
        this.readBy = AnswerHeaders.readBy(lane.flow);
    }

    void join() {
        members++;
    }

    /** A user done for the point: the last one out closes the connection. */
    void leave(H2Stream u) {
        waiting.remove(u);
        if (--members == 0) {
            current = null;
            for (Conn c : List.copyOf(open)) {
                c.channel.close();
            }
            if (connecting != null) {
                connecting.channel.close();
            }
        }
    }

    /** The connection to send on now, or null: then {@code u} is told (by {@link H2Stream#linkReady}) when there is one. */
    Conn ready(H2Stream u) {
        if (current != null && current.channel.isActive()) {
            return current;
        }
        current = null;
        if (!waiting.contains(u)) {
            waiting.add(u);
        }
        if (connecting == null) {
            connect();
        }
        return null;
    }

    private void connect() {
        Conn c = new Conn();
        connecting = c;
        ChannelFuture f = lane.bootstrap.connect(run.address);
        c.channel = f.channel();
        f.addListener(done -> {
            if (!done.isSuccess()) {
                failed(c, done.cause() == null ? "connect failed" : H1Conn.describe(done.cause()));
                return;
            }
            if (lane.tls == null) {
                c.start(System.nanoTime());
                return;
            }
            SslHandler ssl = c.channel.pipeline().get(SslHandler.class);
            long from = System.nanoTime();
            long fromMillis = System.currentTimeMillis();
            ssl.handshakeFuture().addListener((Future<Channel> hs) -> {
                if (!hs.isSuccess()) {
                    failed(c, "TLS handshake failed: " + ClientTls.rootMessage(hs.cause()));
                    return;
                }
                SSLSession session = ssl.engine().getSession();
                long now = System.nanoTime();
                lane.rec.handshake(now - from, ClientTls.resumed(session, fromMillis), session.getProtocol(),
                        session.getCipherSuite());
                String why = ClientTls.notH2(ssl);
                if (why != null) {
                    // not a passing failure: no connection to this server will speak h2, so the point stops here
                    if (run.abortReason == null) {
                        run.abortReason = why;
                    }
                    failed(c, why);
                    return;
                }
                c.start(now);
            });
        });
    }

    private void failed(Conn c, String why) {
        if (connecting == c) {
            connecting = null;
        }
        c.channel.close();
        List<H2Stream> told = List.copyOf(waiting);
        waiting.clear();
        for (H2Stream u : told) {
            u.linkFailed(why);
        }
    }

    private void opened(Conn c) {
        if (connecting == c) {
            connecting = null;
        }
        if (members == 0) {
            c.channel.close();
            return;
        }
        current = c;
        open.add(c);
        run.h2Connections.increment();
        List<H2Stream> told = List.copyOf(waiting);
        waiting.clear();
        for (H2Stream u : told) {
            u.linkReady();
        }
    }

    /** One HTTP/2 connection: its codec, and the user of each open stream. */
    final class Conn extends Http2EventAdapter {
        Channel channel;
        private Handler handler;
        private ChannelHandlerContext ctx;
        private final IntObjectMap<H2Stream> streams = new IntObjectHashMap<>();
        private boolean goingAway;
        private boolean flushing;
        /** Why the codec failed the connection, in the user's words ({@link #codecFailed}); null while it has not. */
        private String codecError;
        /** One flush for every stream the lane's pass opened on this connection: one write(2), not one per request. */
        private final Runnable flush = () -> {
            flushing = false;
            if (handler != null) {
                handler.flush(ctx);
            }
        };

        private void flushSoon() {
            if (!flushing) {
                flushing = true;
                lane.loop.execute(flush);
            }
        }

        private void start(long now) {
            Http2Settings settings = new Http2Settings().pushEnabled(false).initialWindowSize(WINDOW);
            handler = new Builder(this, settings, readBy).build();
            handler.connection().addListener(new Http2ConnectionAdapter() {
                @Override
                public void onStreamClosed(Http2Stream stream) {
                    streamClosed(stream);
                }
            });
            // the bytes each way as they cross the socket (inside TLS), frames and HPACK-compressed headers included
            channel.pipeline().addLast(new ChannelDuplexHandler() {
                @Override
                public void channelRead(ChannelHandlerContext c, Object msg) {
                    if (msg instanceof ByteBuf b) {
                        lane.rec.bytesReceived += b.readableBytes();
                    }
                    c.fireChannelRead(msg);
                }

                @Override
                public void write(ChannelHandlerContext c, Object msg, ChannelPromise promise) {
                    if (msg instanceof ByteBuf b) {
                        lane.rec.bytesSent += b.readableBytes();
                    }
                    c.write(msg, promise);
                }
            }, handler);
            ctx = channel.pipeline().context(handler);
            try {
                Http2Stream connection = handler.connection().connectionStream();
                handler.decoder().flowController().incrementWindowSize(connection,
                        WINDOW - handler.decoder().flowController().windowSize(connection));
            } catch (Exception e) {
                throw new IllegalStateException("cannot widen the connection's window", e);
            }
            handler.flush(ctx);
            opened(this);
        }

        /**
         * Opens a stream for {@code u}'s request, written as HTTP/1.1 ({@code request}, released here).
         * Returns the stream's id, or -1 when this connection can open no more (its ids ran out): the
         * user then waits for the next connection.
         */
        int write(H2Stream u, ByteBuf request) {
            int id = handler.connection().local().incrementAndGetNextStreamId();
            if (id < 0 || goingAway) {
                request.release();
                if (current == this) {
                    current = null; // 2^30 streams sent: the next request opens a new connection
                    goingAway = true;
                }
                return -1;
            }
            H2Request.Parts parts;
            try {
                parts = lane.h2Requests.split(request, lane.tls != null);
            } finally {
                request.release();
            }
            streams.put(id, u);
            u.bodySent = parts.body() == null ? 0 : parts.body().readableBytes();
            Http2ConnectionEncoder encoder = handler.encoder();
            // no listener: a stream held back by the server's limit and then failed is one above a GOAWAY's last
            // stream (onGoAwayRead sends it again) or one of a connection that closed (closed() counts it). Promises
            // of their own, not the void one: a stream the buffering encoder fails must not fire an exception
            encoder.writeHeaders(ctx, id, parts.headers(), 0, parts.body() == null, ctx.newPromise());
            if (parts.body() != null) {
                encoder.writeData(ctx, id, parts.body(), 0, true, ctx.newPromise());
            }
            flushSoon();
            return id;
        }

        /** Gives up stream {@code id} (its answer timed out): RST_STREAM CANCEL, as a browser's client does. */
        void cancel(int id) {
            if (streams.remove(id) != null) {
                handler.resetStream(ctx, id, Http2Error.CANCEL.code(), ctx.newPromise());
                handler.flush(ctx);
                closeIfDone();
            }
        }

        @Override
        public int onDataRead(ChannelHandlerContext c, int streamId, ByteBuf data, int padding, boolean endOfStream) {
            int processed = data.readableBytes() + padding;
            H2Stream u = streams.get(streamId);
            if (u != null) {
                if (!u.data(data)) {
                    streams.remove(streamId);
                    handler.resetStream(ctx, streamId, Http2Error.CANCEL.code(), ctx.newPromise());
                    closeIfDone();
                } else if (endOfStream) {
                    streams.remove(streamId);
                    u.complete();
                    closeIfDone();
                }
            }
            return processed;
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext c, int streamId, Http2Headers headers, int streamDependency,
                                  short weight, boolean exclusive, int padding, boolean endOfStream) {
            onHeadersRead(c, streamId, headers, padding, endOfStream);
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext c, int streamId, Http2Headers headers, int padding,
                                  boolean endOfStream) {
            H2Stream u = streams.get(streamId);
            if (u == null) {
                return;
            }
            u.headers(headers);
            if (endOfStream) {
                streams.remove(streamId);
                u.complete();
                closeIfDone();
            }
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext c, int streamId, long errorCode) {
            H2Stream u = streams.remove(streamId);
            if (u != null) {
                // opened before the server's SETTINGS said how many streams it takes, beyond them: never processed
                // (RFC 9113, 8.7), so sent again, now held to the server's limit; a refusal within it is an error
                boolean beyond = errorCode == Http2Error.REFUSED_STREAM.code()
                        && streams.size() >= handler.connection().local().maxActiveStreams();
                run.noteStreamError("RST_STREAM " + codeName(errorCode) + (beyond ? ", sent again" : ""));
                if (beyond) {
                    u.refused();
                } else {
                    u.reset("the server reset the stream (RST_STREAM " + codeName(errorCode) + ")");
                }
                closeIfDone();
            }
        }

        @Override
        public void onGoAwayRead(ChannelHandlerContext c, int lastStreamId, long errorCode, ByteBuf debugData) {
            run.noteStreamError("GOAWAY " + codeName(errorCode));
            goingAway = true;
            if (current == this) {
                current = null;
            }
            // streams above the last one the server took were never served: sent again on a new connection
            List<Integer> refused = new ArrayList<>();
            for (IntObjectMap.PrimitiveEntry<H2Stream> e : streams.entries()) {
                if (e.key() > lastStreamId) {
                    refused.add(e.key());
                }
            }
            for (int id : refused) {
                streams.remove(id).refused();
            }
            closeIfDone();
        }

        /**
         * A stream Netty's codec closed while its answer was awaited: above the last stream a GOAWAY
         * took, it was never served and is sent again; else the codec reset it (a malformed frame of
         * the server's, say), a protocol error.
         */
        private void streamClosed(Http2Stream stream) {
            H2Stream u = streams.remove(stream.id());
            if (u == null) {
                return;
            }
            int last = handler.connection().goAwayReceived() ? handler.connection().local().lastStreamKnownByPeer() : -1;
            if (last >= 0 && stream.id() > last) {
                u.refused();
            } else if (last >= 0) {
                // Hypercorn 0.18's GOAWAY at its 1,001st request names that request's stream as taken, then never answers it:
                // the connection closes (its keep-alive timeout, 5 s later) with the stream open
                run.noteStreamError("stream taken by the server's GOAWAY, then closed unanswered");
                u.reset("the server's GOAWAY took the stream (its last stream " + last + ") and the connection then closed without"
                        + " its answer");
            } else {
                run.noteStreamError("stream closed by the client's codec");
                // a connection closed (or reset) with no error the codec saw, before any frame of the server's: said as one
                u.reset(codecError != null ? codecError : nothingYet() ? beforeAnyFrame("the connection closed")
                        : "the client's codec closed the stream");
            }
            closeIfDone();
        }

        private void closeIfDone() {
            if (goingAway && streams.isEmpty()) {
                channel.close();
            }
        }

        /**
         * The codec failed the connection for {@code cause}: its streams then close, each a protocol error said with it. A
         * server that answered HTTP/2's preface in HTTP/1.x (Netty: "First received frame was not SETTINGS", its first
         * bytes "HTTP/") takes no h2c with prior knowledge, and is told so in words a user can act on.
         */
        void codecFailed(Throwable cause) {
            String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : LoadEngine.plain(cause.getMessage());
            boolean http1 = message.contains("not SETTINGS") && message.contains("485454502f"); // "HTTP/"
            if (codecError != null && !http1) {
                return; // the first failure says why, unless a later one says what the server speaks
            }
            // a server that takes no h2c may close as soon as it reads the preface, before it answers: the failure is then
            // the write of the request (a broken pipe), and the server sent no HTTP/2 frame at all
            codecError = http1
                    ? "the server answered in HTTP/1.x, not in HTTP/2: it takes no HTTP/2 over cleartext with prior knowledge"
                    + " (h2c); load it without --http2, or over https:// where the TLS handshake agrees on h2"
                    : nothingYet() ? beforeAnyFrame("the connection failed (" + message + ")") : "the connection failed: " + message;
        }

        /** Whether the server has sent no HTTP/2 frame on this connection yet (not even its SETTINGS). */
        private boolean nothingYet() {
            return handler != null && !handler.decoder().prefaceReceived();
        }

        /** {@code what} happened before the server sent any frame: what a server that takes no h2c does. */
        private static String beforeAnyFrame(String what) {
            return what + " before the server sent any HTTP/2 frame: a server that takes no HTTP/2 over cleartext with prior"
                    + " knowledge (h2c) does so; load it without --http2 if it is one";
        }

        /** The connection closed: the streams still open lost their answers. */
        void closed() {
            open.remove(this);
            if (current == this) {
                current = null;
            }
            List<H2Stream> lost = new ArrayList<>(streams.values());
            streams.clear();
            for (H2Stream u : lost) {
                u.lost();
            }
        }
    }

    static String codeName(long code) {
        Http2Error e = Http2Error.valueOf(code);
        return e == null ? "code " + code : e.name() + " (" + code + ")";
    }

    /** The connection's codec: the client side of Netty's HTTP/2 connection handler. */
    static final class Handler extends Http2ConnectionHandler {
        private final Conn conn;

        Handler(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings, Conn conn) {
            super(decoder, encoder, settings);
            this.conn = conn;
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            super.channelInactive(ctx);
            conn.closed();
        }

        /**
         * A failure of the socket under the codec (the server reset the connection, or died): said by the streams it
         * closes, not passed on to the pipeline's tail, whose warning reached the console when a server died mid-point.
         */
        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
            if (Http2CodecUtil.getEmbeddedHttp2Exception(cause) != null) {
                super.exceptionCaught(ctx, cause);
                return;
            }
            conn.codecFailed(cause);
            ctx.close();
        }

        @Override
        protected void onConnectionError(ChannelHandlerContext ctx, boolean outbound, Throwable cause, Http2Exception http2Ex) {
            conn.codecFailed(cause); // before the codec closes the streams, which say why with it
            super.onConnectionError(ctx, outbound, cause, http2Ex);
        }

    }

    /**
     * Whether requests' headers go through Netty's HPACK encoder (its dynamic table) instead of
     * {@link H2Literals}: {@code -Dwsbench.h2.hpack=netty}, for benchmarks that compare the two.
     */
    static final boolean NETTY_HPACK = "netty".equals(System.getProperty("wsbench.h2.hpack"));

    private static final class Builder extends AbstractHttp2ConnectionHandlerBuilder<Handler, Builder> {
        private final Conn conn;

        /** The answers' headers its flow reads beyond the engine's own ({@link AnswerHeaders#readBy}). */
        private final AsciiString[] readBy;

        Builder(Conn conn, Http2Settings settings, AsciiString[] readBy) {
            this.conn = conn;
            this.readBy = readBy;
            // a client's connection (not server()): the streams' bytes are shared out evenly: a load generator gives its streams no priorities, and
            // the default weighted fair queue's per-stream state costs each request for nothing
            Http2Connection connection = new DefaultHttp2Connection(false); // false: a client
            connection.remote().flowController(new DefaultHttp2RemoteFlowController(connection,
                    new UniformStreamByteDistributor(connection)));
            if (NETTY_HPACK) {
                connection(connection);
                // a server's SETTINGS_MAX_CONCURRENT_STREAMS below --streams: the streams beyond it wait for a free one
                encoderEnforceMaxConcurrentStreams(true);
                // the answers' header names are not checked token by token (HTTP/1.1's parser checks none either):
                // a load generator reads them, it does not pass them on
                validateHeaders(false);
            } else {
                // the codec the builder makes from those three settings (less its cap on queued control frames, a
                // server's guard against a flooding client), the requests' header blocks written as HPACK literals
                // kept per request (H2Literals) instead of by Netty's HpackEncoder
                Http2ConnectionEncoder encoder = new StreamBufferingEncoder(
                        new DefaultHttp2ConnectionEncoder(connection, new DefaultHttp2FrameWriter(new H2Literals())));
                codec(new DefaultHttp2ConnectionDecoder(connection, encoder,
                        new DefaultHttp2FrameReader(new AnswerHeaders.Decoder(readBy))), encoder);
            }
            initialSettings(settings);
            frameListener(conn);
            gracefulShutdownTimeoutMillis(0);
        }

        @Override
        public Handler build() {
            return super.build();
        }

        @Override
        protected Handler build(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
            return new Handler(decoder, encoder, settings, conn);
        }
    }
}
