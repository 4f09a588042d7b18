package io.wsbench.cli;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2GoAwayFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP/2 server for the tests, on Netty's HTTP/2 codec: h2c with prior knowledge, or h2 over TLS
 * chosen by ALPN. Each stream's GET is answered "Hello World" after {@code delayMillis}, so streams
 * overlap. It counts the connections that carried a stream (a TCP probe is not one) and the most streams open at once, and can be asked for faults:
 * every {@code resetEvery}-th stream (over all connections) is reset with INTERNAL_ERROR instead of
 * answered, and a connection sends GOAWAY (NO_ERROR) once it has taken {@code goAwayAfter} streams. {@code maxStreams}: the
 * SETTINGS_MAX_CONCURRENT_STREAMS it tells its clients (a stream opened beyond it is refused, REFUSED_STREAM).
 */
final class H2TestServer implements AutoCloseable {

    final AtomicInteger connections = new AtomicInteger();
    final AtomicInteger streams = new AtomicInteger();
    final AtomicInteger open = new AtomicInteger();
    final AtomicInteger mostOpen = new AtomicInteger();
    final AtomicInteger resets = new AtomicInteger();
    final AtomicInteger goAways = new AtomicInteger();
    /** When above 0: the server resets a connection (TCP RST) as it takes its streams' this-many-th, as a server that dies does. */
    volatile int cutAfter;
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    private final Channel server;

    H2TestServer(long delayMillis, int resetEvery, int goAwayAfter, Path[] tlsPem) throws Exception {
        this(delayMillis, resetEvery, goAwayAfter, tlsPem, 1000);
    }

    H2TestServer(long delayMillis, int resetEvery, int goAwayAfter, Path[] tlsPem, int maxStreams) throws Exception {
        SslContext tls = tlsPem == null ? null : SslContextBuilder.forServer(tlsPem[0].toFile(), tlsPem[1].toFile())
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, ApplicationProtocolNames.HTTP_2))
                .build();
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (tls != null) {
                            ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                        }
                        AtomicInteger taken = new AtomicInteger();
                        ch.pipeline().addLast(Http2FrameCodecBuilder.forServer()
                                .initialSettings(Http2Settings.defaultSettings().maxConcurrentStreams(maxStreams)).build());
                        ch.pipeline().addLast(new Http2MultiplexHandler(new ChannelInitializer<Channel>() {
                            @Override
                            protected void initChannel(Channel stream) {
                                int n = streams.incrementAndGet();
                                int onThis = taken.incrementAndGet();
                                if (onThis == 1) {
                                    connections.incrementAndGet(); // a connection that carried a stream (not a bare probe)
                                }
                                stream.pipeline().addLast(new Stream(n, delayMillis, resetEvery));
                                if (cutAfter > 0 && onThis == cutAfter) {
                                    // under the codec, which would say GOAWAY first: a socket reset, as when the process dies
                                    ch.config().setOption(io.netty.channel.ChannelOption.SO_LINGER, 0);
                                    ch.unsafe().close(ch.unsafe().voidPromise());
                                }
                                if (goAwayAfter > 0 && onThis == goAwayAfter) {
                                    goAways.incrementAndGet();
                                    ch.writeAndFlush(new DefaultHttp2GoAwayFrame(Http2Error.NO_ERROR));
                                }
                            }
                        }));
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    private final class Stream extends ChannelInboundHandlerAdapter {
        private final int n;
        private final long delayMillis;
        private final int resetEvery;

        Stream(int n, long delayMillis, int resetEvery) {
            this.n = n;
            this.delayMillis = delayMillis;
            this.resetEvery = resetEvery;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            boolean end = msg instanceof Http2HeadersFrame h && h.isEndStream();
            io.netty.util.ReferenceCountUtil.release(msg);
            if (!end) {
                return;
            }
            mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
            ctx.executor().schedule(() -> {
                open.decrementAndGet();
                if (resetEvery > 0 && n % resetEvery == 0) {
                    resets.incrementAndGet();
                    ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.INTERNAL_ERROR));
                    return;
                }
                ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200")
                        .set("content-type", "text/plain")));
                ctx.writeAndFlush(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("Hello World", StandardCharsets.UTF_8), true));
            }, delayMillis, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
