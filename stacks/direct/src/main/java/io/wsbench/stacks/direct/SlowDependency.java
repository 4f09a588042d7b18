package io.wsbench.stacks.direct;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.wsbench.contract.page.PageContract;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Seed 003's remote call (cfhttp to google.com/robots.txt), kept on 127.0.0.1: a second server
 * in the direct stack's process that answers after a fixed delay. It counts how many requests it
 * holds at once, so a test can see that a pool of N threads never has more than N calls out.
 */
final class SlowDependency implements AutoCloseable {

    private final long delayMillis;
    private final EventLoopGroup group;
    private final Channel channel;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final AtomicLong served = new AtomicLong();

    SlowDependency(long delayMillis, IoHandlerFactory io, Class<? extends ServerChannel> channelClass)
            throws InterruptedException {
        this.delayMillis = delayMillis;
        // one thread is plenty: it only parks requests on timers, it never waits itself
        this.group = new MultiThreadIoEventLoopGroup(1, io);
        this.channel = new ServerBootstrap().group(group).channel(channelClass)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024), new Handler());
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    long delayMillis() {
        return delayMillis;
    }

    /** "maxInFlight=N served=M": the most requests held at once since the last reset. */
    String stats(boolean reset) {
        String s = "maxInFlight=" + maxInFlight.get() + " served=" + served.get() + " delayMillis=" + delayMillis;
        if (reset) {
            maxInFlight.set(inFlight.get());
            served.set(0);
        }
        return s;
    }

    @Override
    public void close() {
        channel.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    private final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            ctx.executor().schedule(() -> {
                inFlight.decrementAndGet();
                served.incrementAndGet();
                FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                        Unpooled.copiedBuffer(PageContract.DEPENDENCY_BODY, StandardCharsets.UTF_8));
                res.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
                res.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, res.content().readableBytes());
                ctx.writeAndFlush(res);
            }, delayMillis, TimeUnit.MILLISECONDS);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
