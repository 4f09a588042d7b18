package io.wsbench.stacks.direct;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshakerFactory;

/**
 * The direct stack's WebSocket echo on {@value #PATH} (a query allowed), for the suites' WebSocket
 * flows: each text or binary message answered with the same bytes, pings answered, a close frame
 * answered and the connection closed. Netty's handshaker upgrades the connection, and this handler
 * joins its pipeline only then, so the HTTP requests of every other path pay nothing for it.
 */
final class WsEcho extends SimpleChannelInboundHandler<WebSocketFrame> {

    static final String PATH = "/ws/echo";
    private static final int MOST_BYTES = 16 << 20;

    private final WebSocketServerHandshaker handshaker;

    private WsEcho(WebSocketServerHandshaker handshaker) {
        this.handshaker = handshaker;
    }

    /** Upgrades the connection of {@code req}, whose handler is {@code ctx}'s; a request that is no upgrade gets 426. */
    static void upgrade(ChannelHandlerContext ctx, FullHttpRequest req) {
        WebSocketServerHandshaker h = new WebSocketServerHandshakerFactory("ws://" + req.headers().get("Host") + PATH, null, true,
                MOST_BYTES).newHandshaker(req);
        if (h == null) {
            WebSocketServerHandshakerFactory.sendUnsupportedVersionResponse(ctx.channel());
            return;
        }
        ctx.pipeline().addAfter(ctx.name(), "ws-aggregator", new WebSocketFrameAggregator(MOST_BYTES))
                .addAfter("ws-aggregator", "ws-echo", new WsEcho(h));
        h.handshake(ctx.channel(), req);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame) {
            ctx.writeAndFlush(frame.retainedDuplicate());
        } else if (frame instanceof PingWebSocketFrame) {
            ctx.writeAndFlush(new PongWebSocketFrame(frame.content().retain()));
        } else if (frame instanceof CloseWebSocketFrame) {
            handshaker.close(ctx.channel(), (CloseWebSocketFrame) frame.retain());
        }
    }
}
