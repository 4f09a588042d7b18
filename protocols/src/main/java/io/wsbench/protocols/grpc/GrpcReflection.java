package io.wsbench.protocols.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrame;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.wsbench.core.load.ClientTls;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A server's services read from its gRPC reflection service, for a user who has no {@code .proto}
 * (as grpcurl and ghz do): it lists the services, asks for the files that declare them (and their
 * imports), writes each back as source ({@link ProtoText}) and reads them with Wire as it reads the
 * user's own files. It asks reflection v1 and, when the server has only that, v1alpha; each request
 * is one call over one HTTP/2 connection (h2c with prior knowledge, or h2 by ALPN over TLS) made with
 * Netty's HTTP/2 codec. Everything is bounded by one timeout per call.
 */
public final class GrpcReflection {

    private static final String[] SERVICES = {"grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection"};
    private static final String REQUEST = "grpc.reflection.v1.ServerReflectionRequest";
    private static final String RESPONSE = "grpc.reflection.v1.ServerReflectionResponse";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final URI server;
    private final Channel channel;
    private String path;

    private GrpcReflection(URI server, Channel channel) {
        this.server = server;
        this.channel = channel;
    }

    /** Whether {@code proto} (a --proto or proto: value) asks for the server's reflection service instead of a file. */
    public static boolean asks(String proto) {
        return proto != null && (proto.equals("reflection") || proto.regionMatches(true, 0, "http://", 0, 7)
                || proto.regionMatches(true, 0, "https://", 0, 8));
    }

    /**
     * The services {@code server} (http:// or https://, over {@code tls}) describes by reflection. A
     * server that cannot be reached, does not speak HTTP/2, has no reflection service or sends what
     * cannot be read is an IllegalArgumentException whose one-line message says so.
     */
    public static ProtoSchema read(URI server, ClientTls tls) {
        String host = server.getHost();
        int port = server.getPort() > 0 ? server.getPort() : "https".equalsIgnoreCase(server.getScheme()) ? 443 : 80;
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            CompletableFuture<Void> ready = new CompletableFuture<>();
            Bootstrap b = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) TIMEOUT.toMillis())
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            if (tls != null) {
                                ch.pipeline().addLast(tls.forH2().newHandler(ch.alloc()));
                            }
                            ch.pipeline().addLast(Http2FrameCodecBuilder.forClient().build(),
                                    new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()),
                                    new ChannelInboundHandlerAdapter() {
                                        @Override
                                        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                                            if (evt instanceof SslHandshakeCompletionEvent done) {
                                                String notH2 = done.isSuccess() ? ClientTls.notH2(ctx.pipeline().get(SslHandler.class)) : null;
                                                if (!done.isSuccess()) {
                                                    ready.completeExceptionally(new IllegalArgumentException("TLS with " + server
                                                            + " failed: " + ClientTls.rootMessage(done.cause())));
                                                } else if (notH2 != null) {
                                                    ready.completeExceptionally(new IllegalArgumentException(server + ": " + notH2
                                                            + ", so it speaks no gRPC"));
                                                } else {
                                                    ready.complete(null);
                                                }
                                            }
                                            ctx.fireUserEventTriggered(evt);
                                        }
                                    });
                        }
                    });
            Channel ch;
            try {
                ch = b.connect(host, port).syncUninterruptibly().channel();
            } catch (Exception e) {
                throw new IllegalArgumentException("cannot connect to " + server + ": " + ClientTls.rootMessage(e));
            }
            if (tls == null) {
                ready.complete(null);
            }
            await(ready, server + ": the TLS handshake");
            return new GrpcReflection(server, ch).schema();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private ProtoSchema schema() {
        ProtoSchema reflection = ProtoSchema.bundled("gRPC's reflection.proto", "grpc/reflection/v1/reflection.proto",
                "io/wsbench/protocols/grpc/descriptors.proto");
        List<String> services = new ArrayList<>();
        ask(reflection, "list_services", "").path("list_services_response").path("service")
                .forEach(s -> services.add(s.path("name").asText()));
        Map<String, JsonNode> files = new LinkedHashMap<>();
        for (String service : services) {
            if (service.startsWith("grpc.reflection.")) {
                continue;
            }
            addFiles(reflection, files, ask(reflection, "file_containing_symbol", service));
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException(server + "'s reflection service names no service but itself");
        }
        // imports the server did not send with the file that needs them
        for (boolean more = true; more; ) {
            more = false;
            for (JsonNode fd : List.copyOf(files.values())) {
                for (JsonNode dep : fd.path("dependency")) {
                    if (!files.containsKey(dep.asText()) && !dep.asText().startsWith("google/protobuf/")) {
                        addFiles(reflection, files, ask(reflection, "file_by_filename", dep.asText()));
                        more = true;
                    }
                }
            }
        }
        Map<String, String> texts = new LinkedHashMap<>();
        files.forEach((name, fd) -> {
            if (!name.startsWith("google/protobuf/")) { // Wire has the well-known types
                texts.put(name, ProtoText.of(fd));
            }
        });
        return ProtoSchema.read(texts, "the reflection service of " + server);
    }

    private void addFiles(ProtoSchema reflection, Map<String, JsonNode> files, JsonNode response) {
        for (JsonNode bytes : response.path("file_descriptor_response").path("file_descriptor_proto")) {
            byte[] b = java.util.Base64.getDecoder().decode(bytes.asText());
            JsonNode fd = reflection.decode("google.protobuf.FileDescriptorProto", b, 0, b.length);
            files.putIfAbsent(fd.path("name").asText(), fd);
        }
    }

    /** One reflection request ({@code field} set to {@code value}), its one response; an error response is an IllegalArgumentException. */
    private JsonNode ask(ProtoSchema reflection, String field, String value) {
        ObjectNode request = JsonNodeFactory.instance.objectNode().put(field, value);
        byte[] message = ProtoSchema.frame(reflection.encode(REQUEST, request));
        Answer answer = null;
        for (String service : path == null ? SERVICES : new String[]{path}) {
            answer = call("/" + service + "/ServerReflectionInfo", message);
            if (answer.status != 12) { // UNIMPLEMENTED: this server has the older one, or none
                path = service;
                break;
            }
        }
        if (answer.status == 12) {
            throw new IllegalArgumentException(server + " has no gRPC reflection service (grpc-status UNIMPLEMENTED): give its .proto file instead");
        }
        if (answer.status != 0) {
            throw new IllegalArgumentException(server + "'s reflection service answered grpc-status " + answer.status
                    + (answer.message.isEmpty() ? "" : " " + answer.message));
        }
        List<int[]> messages = ProtoSchema.messages(answer.body, answer.body.length);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException(server + "'s reflection service answered " + field + " with nothing");
        }
        JsonNode r = reflection.decode(RESPONSE, answer.body, messages.get(0)[0], messages.get(0)[1]);
        if (r.has("error_response")) {
            throw new IllegalArgumentException(server + "'s reflection service cannot give " + field + " " + value + ": "
                    + r.path("error_response").path("error_message").asText());
        }
        return r;
    }

    private record Answer(int status, String message, byte[] body) {
    }

    private Answer call(String method, byte[] message) {
        CompletableFuture<Answer> done = new CompletableFuture<>();
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        Http2StreamChannel stream = await(new Http2StreamChannelBootstrap(channel).handler(new SimpleChannelInboundHandler<Http2StreamFrame>() {
            private boolean headers;
            private int status = -1;

            @Override
            protected void channelRead0(ChannelHandlerContext ctx, Http2StreamFrame frame) {
                if (frame instanceof Http2HeadersFrame h) {
                    CharSequence grpcStatus = h.headers().get("grpc-status");
                    if (!headers && h.headers().status() != null) {
                        headers = true;
                        status = Integer.parseInt(h.headers().status().toString());
                    }
                    if (grpcStatus != null) {
                        CharSequence m = h.headers().get("grpc-message");
                        done.complete(new Answer(Integer.parseInt(grpcStatus.toString().strip()), m == null ? "" : m.toString(),
                                body.toByteArray()));
                    } else if (h.isEndStream()) {
                        done.completeExceptionally(new IllegalArgumentException(server + " answered " + method
                                + " with HTTP status " + status + " and no grpc-status: is it a gRPC server?"));
                    }
                } else if (frame instanceof Http2DataFrame d) {
                    body.writeBytes(io.netty.buffer.ByteBufUtil.getBytes(d.content()));
                    if (d.isEndStream()) {
                        done.completeExceptionally(new IllegalArgumentException(server + " answered " + method
                                + " with HTTP status " + status + " and no grpc-status: is it a gRPC server?"));
                    }
                } else if (frame instanceof Http2ResetFrame r) {
                    done.completeExceptionally(new IllegalArgumentException(server + " reset the stream of " + method
                            + " (HTTP/2 error " + r.errorCode() + ")"));
                }
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                done.completeExceptionally(new IllegalArgumentException(server + " closed the connection"
                        + " before it answered (does it speak HTTP/2?)"));
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                done.completeExceptionally(new IllegalArgumentException(server + ": " + ClientTls.rootMessage(cause)));
                ctx.close();
            }
        }).open(), server + ": opening a stream");
        Http2Headers headers = new DefaultHttp2Headers().method("POST").scheme(server.getScheme().toLowerCase(java.util.Locale.ROOT))
                .path(method).authority(server.getRawAuthority());
        headers.set("content-type", "application/grpc").set("te", "trailers");
        stream.write(new DefaultHttp2HeadersFrame(headers, false));
        stream.writeAndFlush(new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(message), true));
        try {
            return await(done, server + ": " + method);
        } finally {
            stream.close();
        }
    }

    private static <T> T await(java.util.concurrent.Future<T> f, String what) {
        try {
            return f.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalArgumentException(what + ": no answer in " + TIMEOUT.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IllegalArgumentException iae ? iae
                    : new IllegalArgumentException(what + ": " + ClientTls.rootMessage(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException(what + ": interrupted");
        }
    }
}
