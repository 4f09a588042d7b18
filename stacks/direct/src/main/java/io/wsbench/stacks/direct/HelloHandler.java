package io.wsbench.stacks.direct;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/** Routes each HTTP request of the direct stack to the hello service and writes its answer. */
final class HelloHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final AtomicLong SERVED = new AtomicLong();
    /** When the latest request arrived (ms), for the spin-after-load fault. */
    static final AtomicLong LAST_REQUEST = new AtomicLong();

    private final HelloRoutes routes;
    private final Supplier<SeismicRoute> seismic;
    private final Supplier<GraphQlRoute> graphql;
    private final Supplier<PageRoute> page;
    private final Executor workers;

    HelloHandler(HelloRoutes routes, Supplier<SeismicRoute> seismic, Supplier<GraphQlRoute> graphql, Supplier<PageRoute> page,
                 Executor workers) {
        this.routes = routes;
        this.graphql = graphql;
        this.seismic = seismic;
        this.page = page;
        this.workers = workers;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
        long limit = routes.faults().exitAfterRequests();
        if (limit > 0 && SERVED.incrementAndGet() > limit) {
            // the crash a run must survive: the process vanishes mid-point
            System.out.println("fault exit-after-requests: exiting after " + limit + " requests");
            Runtime.getRuntime().halt(3);
        }
        if (routes.faults().leakBytes() > 0) {
            Faults.leak(routes.faults().leakBytes());
        }
        if (routes.faults().spinMicros() > 0) {
            Faults.spinPerRequest(routes.faults().spinMicros());
            Faults.allocatePerRequest();
        }
        if (routes.faults().swallowedException()) {
            Faults.readCookies(req.headers());
        }
        if (routes.faults().spinAfterLoad()) {
            LAST_REQUEST.set(System.currentTimeMillis());
        }
        QueryStringDecoder q = new QueryStringDecoder(req.uri());
        boolean keepAlive = HttpUtil.isKeepAlive(req);
        if (WsEcho.PATH.equals(q.path()) && req.headers().containsValue("Upgrade", "websocket", true)) {
            WsEcho.upgrade(ctx, req);
            return;
        }
        if ("/page".equals(q.path())) {
            // the page blocks on a remote call and a database: a worker thread, never the event loop
            String pool = first(q, "pool");
            workers.execute(() -> write(ctx, keepAlive, pool.isEmpty() ? page.get().inline() : page.get().pooled(parse(pool))));
            return;
        }
        HelloRoutes.Answer answer = route(req, q);
        long delay = routes.faults().delayMicros();
        if (delay > 0) {
            // the wait of a backend: the event loop serves others meanwhile, answers leave in the order they came
            ctx.executor().schedule(() -> write(ctx, keepAlive, answer), delay, TimeUnit.MICROSECONDS);
            return;
        }
        write(ctx, keepAlive, answer);
    }

    private static int parse(String n) {
        try {
            return Integer.parseInt(n);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private void write(ChannelHandlerContext ctx, boolean keepAlive, HelloRoutes.Answer a) {
        FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(a.status()),
                Unpooled.wrappedBuffer(a.body()));
        res.headers().set(HttpHeaderNames.CONTENT_TYPE, a.contentType());
        res.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, a.body().length);
        if (!keepAlive) {
            res.headers().set(HttpHeaderNames.CONNECTION, "close");
        }
        var f = ctx.writeAndFlush(res);
        if (!keepAlive) {
            f.addListener(ChannelFutureListener.CLOSE);
        }
    }

    private HelloRoutes.Answer route(FullHttpRequest req, QueryStringDecoder q) {
        String path = q.path();
        String method = first(q, "method");
        boolean post = req.method() == HttpMethod.POST;
        return switch (path) {
            case "/ready" -> HelloRoutes.Answer.of(200, "text/plain", "ready");
            case "/now" -> routes.now();
            case "/hello/soap", "/hello/soap12" -> {
                if (!post) {
                    String host = req.headers().get(HttpHeaderNames.HOST, "127.0.0.1:8080");
                    yield q.parameters().containsKey("wsdl") ? routes.wsdl(host)
                            : HelloRoutes.Answer.of(405, "text/plain", "POST a SOAP envelope, or GET ?wsdl");
                }
                yield routes.soap(ByteBufUtil.getBytes(req.content()),
                        path.endsWith("12") ? HelloRoutes.SOAP12_NS : HelloRoutes.SOAP11_NS);
            }
            case "/seismic" -> post ? seismic.get().matchQuakes(ByteBufUtil.getBytes(req.content()))
                    : seismic.get().wsdl(req.headers().get(HttpHeaderNames.HOST, "127.0.0.1:8080"));
            case "/graphql" -> post ? graphql.get().execute(ByteBufUtil.getBytes(req.content()))
                    : HelloRoutes.Answer.of(405, "text/plain", "POST a GraphQL request: {\"query\": \"{ hello }\"}");
            case "/hello/xmlservice" -> routes.restInline(method);
            case "/hello/xmlservicewithcfc" -> routes.restComponent(method);
            case "/hello/xmlservicewithcfccached" -> routes.restCached(method);
            case "/page/dependency" -> page.get().dependencyStats(q.parameters().containsKey("reset"));
            case "/hello/service" -> routes.service(method, first(q, "returnformat"));
            default -> HelloRoutes.Answer.of(404, "text/plain", "no such path: " + path);
        };
    }

    private static String first(QueryStringDecoder q, String name) {
        List<String> v = q.parameters().get(name);
        return v == null || v.isEmpty() ? "" : v.get(0);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
