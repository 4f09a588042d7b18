package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A request as every workload writes it (HTTP/1.1 bytes, encoded once) made into an HTTP/2 stream's
 * parts: the request line and Host become the pseudo-headers, the headers HTTP/2 forbids between hops
 * (Connection, Keep-Alive, Transfer-Encoding, Upgrade…) are left out, the rest are kept lower-cased, and
 * the body is the same bytes, not copied. So every protocol, and the user's own WSDL or OpenAPI
 * requests, go over h2 unchanged.
 */
final class H2Request {

    private static final AsciiString HTTP = AsciiString.cached("http");
    private static final AsciiString HTTPS = AsciiString.cached("https");
    private static final java.util.regex.Pattern LINES = java.util.regex.Pattern.compile("\r\n");

    private H2Request() {
    }

    /** The headers, and the body (a retained slice, released by the write; null when empty). */
    record Parts(Http2Headers headers, ByteBuf body) {
    }

    /**
     * The headers of the requests a lane sent before, by the buffer they were written in: a static
     * request is one buffer handed out again and again (as duplicates), so its headers are made once.
     * Requests built afresh each time (signed, or from rows) miss, and are split each time.
     */
    static final class Cache {
        private static final int MOST = 256;
        private final java.util.IdentityHashMap<ByteBuf, Http2Headers> headers = new java.util.IdentityHashMap<>();
        private final java.util.IdentityHashMap<ByteBuf, Integer> bodyAt = new java.util.IdentityHashMap<>();

        Parts split(ByteBuf request, boolean tls) {
            ByteBuf whole = request.unwrap();
            if (whole == null || request.readerIndex() != 0 || request.writerIndex() != whole.writerIndex()) {
                return H2Request.split(request, tls);
            }
            Http2Headers h = headers.get(whole);
            if (h == null) {
                Parts parts = H2Request.split(request, tls);
                if (headers.size() >= MOST) {
                    headers.clear();
                    bodyAt.clear();
                }
                headers.put(whole, parts.headers());
                bodyAt.put(whole, parts.body() == null ? -1 : request.writerIndex() - parts.body().readableBytes());
                return parts;
            }
            int at = bodyAt.get(whole);
            return new Parts(h, at < 0 ? null : request.retainedSlice(at, request.writerIndex() - at));
        }
    }

    /** Splits {@code request} (not released here); {@code tls}: the :scheme is https. */
    static Parts split(ByteBuf request, boolean tls) {
        int from = request.readerIndex();
        int end = request.writerIndex();
        int headEnd = indexOf(request, from, end);
        if (headEnd < 0) {
            throw new IllegalArgumentException("the request has no end of headers");
        }
        String head = request.toString(from, headEnd - from, StandardCharsets.ISO_8859_1);
        String[] lines = LINES.split(head);
        String[] requestLine = lines[0].split(" ");
        if (requestLine.length < 2) {
            throw new IllegalArgumentException("not a request line: " + lines[0]);
        }
        Http2Headers h = new DefaultHttp2Headers(false, lines.length + 3);
        h.method(requestLine[0]).path(requestLine[1]).scheme(tls ? HTTPS : HTTP);
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            switch (name) {
                case "host" -> h.authority(value);
                case "connection", "keep-alive", "proxy-connection", "upgrade" -> {
                    // hop-by-hop: HTTP/2 has none
                }
                case "transfer-encoding" -> throw new IllegalArgumentException(
                        "a chunked request body cannot go over HTTP/2 as it is written; give it a Content-Length");
                case "te" -> {
                    if ("trailers".equalsIgnoreCase(value)) {
                        h.add(name, value);
                    }
                }
                default -> h.add(name, value);
            }
        }
        int bodyFrom = headEnd + 4;
        ByteBuf body = bodyFrom < end ? request.retainedSlice(bodyFrom, end - bodyFrom) : null;
        return new Parts(h, body);
    }

    private static int indexOf(ByteBuf b, int from, int end) {
        for (int i = from; i + 3 < end; i++) {
            if (b.getByte(i) == '\r' && b.getByte(i + 1) == '\n' && b.getByte(i + 2) == '\r' && b.getByte(i + 3) == '\n') {
                return i;
            }
        }
        return -1;
    }
}
