package io.wsbench.stacks.direct;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;

import java.util.List;
import java.util.function.Supplier;

/**
 * The first bytes of a connection say how it speaks: HTTP/2's preface (h2c with prior knowledge, as
 * h2load, {@code curl --http2-prior-knowledge} and wsbench's {@code --http2} send it) gets Netty's HTTP/2
 * codec, each stream a child channel with the same handler as an HTTP/1.1 request; anything else gets
 * the HTTP/1.1 codec, and this handler leaves the pipeline, so HTTP/1.1 pays nothing for it.
 */
final class Http2OrHttp1 extends ByteToMessageDecoder {

    private static final ByteBuf PREFACE = Http2CodecUtil.connectionPrefaceBuf();
    /** The streams a connection may have open at once: Tomcat's default (Http2Protocol's maxConcurrentStreams). */
    static final int MAX_STREAMS = 100;

    private final Supplier<ChannelHandler> handler;

    /** {@code handler}: a new handler of whole requests ({@code FullHttpRequest}), per connection or stream. */
    Http2OrHttp1(Supplier<ChannelHandler> handler) {
        this.handler = handler;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int n = Math.min(in.readableBytes(), PREFACE.readableBytes());
        if (!ByteBufUtil.equals(PREFACE, PREFACE.readerIndex(), in, in.readerIndex(), n)) {
            ctx.pipeline().addAfter(ctx.name(), "http1", new HttpServerCodec())
                    .addAfter("http1", "aggregator", new HttpObjectAggregator(16 * 1024 * 1024))
                    .addAfter("aggregator", "handler", handler.get());
            ctx.pipeline().remove(this);
            return;
        }
        if (n < PREFACE.readableBytes()) {
            return; // the rest of the preface has not come yet
        }
        ctx.pipeline().addAfter(ctx.name(), "http2", Http2FrameCodecBuilder.forServer()
                        .initialSettings(Http2Settings.defaultSettings().maxConcurrentStreams(MAX_STREAMS)).build())
                .addAfter("http2", "streams", new Http2MultiplexHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel stream) {
                        stream.pipeline().addLast(new Http2StreamFrameToHttpObjectCodec(true),
                                new HttpObjectAggregator(16 * 1024 * 1024), handler.get());
                    }
                }));
        ctx.pipeline().remove(this);
    }
}
