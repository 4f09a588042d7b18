package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;

import java.lang.ref.Cleaner;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One HTTP/1.1 request, encoded once to its wire bytes. It is its own {@link RequestSource}:
 * every call of {@link #next} hands out the same bytes without copying them.
 * <p>
 * The encoded bytes live in Netty's pool for as long as the request is reachable: its reference is
 * released once the garbage collector finds the request unreachable, and the pool gets the memory
 * back when the last duplicate still being written is released too.
 */
public final class HttpRequest implements RequestSource {

    private static final Cleaner RELEASER = Cleaner.create();

    private final String method;
    private final URI uri;
    private final byte[] wire;
    private final ByteBuf encoded;
    private final Cleaner.Cleanable release;

    public HttpRequest(String method, URI uri, Map<String, String> headers, byte[] body, boolean keepAlive) {
        this.method = method;
        this.uri = uri;
        this.wire = wire(method, uri, headers, body == null ? new byte[0] : body, keepAlive);
        // pooled and direct: retained duplicates come from a recycler and are written without a copy
        ByteBuf pooled = PooledByteBufAllocator.DEFAULT.directBuffer(wire.length).writeBytes(wire);
        this.encoded = pooled;
        this.release = RELEASER.register(this, pooled::release);
    }

    public static HttpRequest get(URI uri, boolean keepAlive) {
        return new HttpRequest("GET", uri, Map.of(), null, keepAlive);
    }

    /**
     * The wire bytes of a request, for sources that build a new one per call (a pooled buffer per
     * request would be one more thing to release).
     */
    public static byte[] wire(String method, URI uri, Map<String, String> headers, byte[] body, boolean keepAlive) {
        StringBuilder sb = head(method, uri, headers);
        if (body.length > 0 || "POST".equals(method) || "PUT".equals(method)) {
            sb.append("Content-Length: ").append(body.length).append("\r\n");
        }
        if (!keepAlive) {
            sb.append("Connection: close\r\n");
        }
        sb.append("\r\n");
        byte[] head = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    /**
     * The request line and headers of every request wsbench writes: the URL's path with its query,
     * a Host header unless {@code headers} name one, Basic auth from the URL's {@code user:password@} unless they name
     * an Authorization, then {@code headers}; no blank line yet, so
     * that the caller adds its Content-Length and Connection headers.
     */
    public static StringBuilder head(String method, URI uri, Map<String, String> headers) {
        StringBuilder sb = new StringBuilder(256);
        // a path or query of characters outside ASCII is sent percent-encoded as UTF-8, as a browser sends it (the request
        // line is ISO-8859-1 on the wire: 'ü' went out as the one byte 0xFC, which no server reads as ü)
        URI target = uri.getRawPath() != null && !ascii(uri.getRawPath()) || uri.getRawQuery() != null && !ascii(uri.getRawQuery())
                ? URI.create(uri.toASCIIString()) : uri;
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        if (target.getRawQuery() != null) {
            path += "?" + target.getRawQuery();
        }
        sb.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
        if (headers.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("Host"))) {
            sb.append("Host: ").append(uri.getHost());
            if (uri.getPort() > 0) {
                sb.append(':').append(uri.getPort());
            }
            sb.append("\r\n");
        }
        if (uri.getRawUserInfo() != null && headers.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("Authorization"))) {
            // http://user:password@host/ as curl, k6 and a browser read it: HTTP Basic auth (RFC 7617), the user and
            // password percent-decoded, unless the request names its own Authorization
            String userInfo = uri.getUserInfo();
            sb.append("Authorization: Basic ").append(java.util.Base64.getEncoder().encodeToString(
                    (userInfo.indexOf(':') < 0 ? userInfo + ":" : userInfo).getBytes(java.nio.charset.StandardCharsets.UTF_8))).append("\r\n");
        }
        headers.forEach((k, v) -> sb.append(k).append(": ").append(v).append("\r\n"));
        return sb;
    }

    private static boolean ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    @Override
    public ByteBuf next(ByteBufAllocator alloc) {
        return encoded.retainedDuplicate();
    }

    @Override
    public int fixedSize() {
        return wire.length;
    }

    public URI uri() {
        return uri;
    }

    public String method() {
        return method;
    }

    /** Runs now, once, what the collector runs when this request becomes unreachable: its tests call it. */
    void release() {
        release.clean();
    }
}
