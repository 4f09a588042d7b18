package io.wsbench.core.load;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real HTTP server on 127.0.0.1 for the engine tests. One I/O thread, so a stall stops every
 * connection at once, as a stalled server does. It counts the requests it received. A server
 * with an answer delay holds every answer that long without blocking its thread, as a slow
 * back end does.
 */
final class TestServer implements AutoCloseable {

    final AtomicLong served = new AtomicLong();
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel channel;
    private final int status;
    private final String body;
    private final long stallAtRequest;
    private final long stallMillis;
    private final long answerDelayMillis;

    TestServer(int status, String body, long stallAtRequest, long stallMillis) throws InterruptedException {
        this(status, body, stallAtRequest, stallMillis, 0);
    }

    private TestServer(int status, String body, long stallAtRequest, long stallMillis, long answerDelayMillis)
            throws InterruptedException {
        this(status, body, stallAtRequest, stallMillis, answerDelayMillis, false);
    }

    private TestServer(int status, String body, long stallAtRequest, long stallMillis, long answerDelayMillis, boolean compressing)
            throws InterruptedException {
        this.answerDelayMillis = answerDelayMillis;
        this.status = status;
        this.body = body;
        this.stallAtRequest = stallAtRequest;
        this.stallMillis = stallMillis;
        this.channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec());
                        if (compressing) {
                            ch.pipeline().addLast(new io.netty.handler.codec.http.HttpContentCompressor());
                        }
                        ch.pipeline().addLast(new HttpObjectAggregator(1 << 20), new Handler());
                    }
                }).bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
    }

    static TestServer answering(String body) throws InterruptedException {
        return new TestServer(200, body, -1, 0);
    }

    /** A server that compresses its answer as the request's Accept-Encoding asks (Netty's HttpContentCompressor: gzip or deflate). */
    static TestServer compressing(String body) throws InterruptedException {
        return new TestServer(200, body, -1, 0, 0, true);
    }

    static TestServer answeringAfter(String body, long delayMillis) throws InterruptedException {
        return new TestServer(200, body, -1, 0, delayMillis);
    }

    InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    private final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) throws InterruptedException {
            long n = served.incrementAndGet();
            if (n == stallAtRequest) {
                Thread.sleep(stallMillis); // the whole server freezes: its only thread sleeps
            }
            boolean keepAlive = HttpUtil.isKeepAlive(req);
            if (answerDelayMillis > 0) {
                ctx.executor().schedule(() -> answer(ctx, keepAlive), answerDelayMillis, TimeUnit.MILLISECONDS);
            } else {
                answer(ctx, keepAlive);
            }
        }

        private void answer(ChannelHandlerContext ctx, boolean keepAlive) {
            if (!ctx.channel().isActive()) {
                return; // the client gave up waiting
            }
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status),
                    Unpooled.wrappedBuffer(b));
            res.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain");
            res.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, b.length);
            if (!keepAlive) {
                res.headers().set(HttpHeaderNames.CONNECTION, "close");
                ctx.writeAndFlush(res).addListener(f -> ctx.close());
            } else {
                ctx.writeAndFlush(res);
            }
        }
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
