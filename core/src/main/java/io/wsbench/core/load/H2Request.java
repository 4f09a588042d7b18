package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

import java.nio.charset.StandardCharsets;

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
    private static final AsciiString HOST = AsciiString.cached("host");
    private static final AsciiString TRANSFER_ENCODING = AsciiString.cached("transfer-encoding");
    private static final AsciiString TE = AsciiString.cached("te");
    private static final AsciiString TRAILERS = AsciiString.cached("trailers");
    /** Hop-by-hop headers: HTTP/2 has none. */
    private static final java.util.Set<AsciiString> HOP_BY_HOP = java.util.Set.of(AsciiString.cached("connection"),
            AsciiString.cached("keep-alive"), AsciiString.cached("proxy-connection"), AsciiString.cached("upgrade"));

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

    /**
     * Splits {@code request} (not released here); {@code tls}: the :scheme is https. Read as bytes, no text made of the
     * head: a request built afresh for each send (from rows, a flow's step, signed) is split each time.
     */
    static Parts split(ByteBuf request, boolean tls) {
        int from = request.readerIndex();
        int end = request.writerIndex();
        int headEnd = indexOf(request, from, end);
        if (headEnd < 0) {
            throw new IllegalArgumentException("the request has no end of headers");
        }
        int lineEnd = lineEnd(request, from, headEnd);
        int space = request.indexOf(from, lineEnd, (byte) ' ');
        int space2 = space < 0 ? -1 : request.indexOf(space + 1, lineEnd, (byte) ' ');
        if (space <= from || space2 < 0 && space + 1 >= lineEnd) {
            throw new IllegalArgumentException("not a request line: " + request.toString(from, lineEnd - from, StandardCharsets.ISO_8859_1));
        }
        Http2Headers h = new DefaultHttp2Headers(false, 8);
        h.method(ascii(request, from, space)).path(ascii(request, space + 1, space2 < 0 ? lineEnd : space2)).scheme(tls ? HTTPS : HTTP);
        for (int at = lineEnd + 2; at < headEnd; at = lineEnd + 2) {
            lineEnd = lineEnd(request, at, headEnd);
            int colon = request.indexOf(at, lineEnd, (byte) ':');
            if (colon <= at) {
                continue;
            }
            AsciiString name = ascii(request, at, colon).trim().toLowerCase();
            AsciiString value = ascii(request, colon + 1, lineEnd).trim();
            if (name.contentEquals(TRANSFER_ENCODING)) {
                throw new IllegalArgumentException("a chunked request body cannot go over HTTP/2 as it is written; give it a Content-Length");
            }
            if (name.contentEquals(HOST)) {
                h.authority(value);
            } else if (!HOP_BY_HOP.contains(name) && (!name.contentEquals(TE) || value.contentEqualsIgnoreCase(TRAILERS))) {
                h.add(name, value);
            }
        }
        int bodyFrom = headEnd + 4;
        ByteBuf body = bodyFrom < end ? request.retainedSlice(bodyFrom, end - bodyFrom) : null;
        return new Parts(h, body);
    }

    /** Where the line that starts at {@code from} ends (its CR), the head's end for its last line. */
    private static int lineEnd(ByteBuf b, int from, int headEnd) {
        int cr = b.indexOf(from, headEnd, (byte) '\r');
        return cr < 0 ? headEnd : cr;
    }

    /** Bytes {@code from} to {@code to} of {@code b}, copied, as ASCII (HTTP/1.1's head is ISO-8859-1: a byte a char). */
    private static AsciiString ascii(ByteBuf b, int from, int to) {
        byte[] bytes = new byte[to - from];
        b.getBytes(from, bytes);
        return new AsciiString(bytes, false);
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
