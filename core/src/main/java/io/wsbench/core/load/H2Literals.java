package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersEncoder;
import io.netty.util.AsciiString;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * A request's HTTP/2 header block, written as HPACK literals (RFC 7541 §6.2.2: "literal header field
 * without indexing", never Huffman-coded) and kept per request, so that a request sent again costs a
 * copy of its block. A load generator sends the same few requests again and again: Netty's
 * {@code HpackEncoder} would look each header up in its dynamic table on every request, code that the
 * JIT compiles with large inlining trees and that a cold 10 s point pays for in compiler time
 * (docs/bench.md, "HTTP/2 without a warm-up"). This encoder keeps no dynamic table: the connection's
 * first block (and the first after the server changes its SETTINGS_HEADER_TABLE_SIZE) begins with a
 * dynamic table size update to 0, which any server's limit allows, and no block refers to an entry of
 * it, so every block is valid on any connection at any time. Only the static table is referred to: a
 * whole field where it has one (":method GET", ":scheme https"), else a pseudo-header's name by its index
 * (1 :authority, 2 :method, 4 :path, 6 :scheme); every other name is written out. The
 * blocks are larger than indexed ones (the names and values each time, as HTTP/1.1 sends them), and
 * the server's decoder keeps no table for this client.
 */
final class H2Literals implements Http2HeadersEncoder, Http2HeadersEncoder.Configuration {

    /** The most blocks kept: a static request is one Http2Headers object ({@link H2Request.Cache}), a request built from rows a new one each time. */
    private static final int MOST = 256;
    private static final AsciiString AUTHORITY = AsciiString.cached(":authority");
    private static final AsciiString METHOD = AsciiString.cached(":method");
    private static final AsciiString PATH = AsciiString.cached(":path");
    private static final AsciiString SCHEME = AsciiString.cached(":scheme");

    private final Map<Http2Headers, byte[]> blocks = new IdentityHashMap<>();
    private boolean tableSizeSaid;
    private long maxHeaderTableSize = 4096;
    private long maxHeaderListSize = Long.MAX_VALUE;

    @Override
    public void encodeHeaders(int streamId, Http2Headers headers, ByteBuf buffer) {
        if (!tableSizeSaid) {
            buffer.writeByte(0x20); // dynamic table size update (001xxxxx) to 0: this encoder indexes nothing
            tableSizeSaid = true;
        }
        byte[] block = blocks.get(headers);
        if (block == null) {
            block = encode(headers);
            if (blocks.size() >= MOST) {
                blocks.clear();
            }
            blocks.put(headers, block);
        }
        buffer.writeBytes(block);
    }

    /** The block of {@code headers}: each a literal without indexing, the pseudo-headers first (Netty's headers iterate them first). */
    static byte[] encode(Http2Headers headers) {
        io.netty.buffer.ByteBuf out = io.netty.buffer.Unpooled.buffer(256);
        try {
            for (Map.Entry<CharSequence, CharSequence> h : headers) {
                int whole = staticField(h.getKey(), h.getValue());
                if (whole > 0) {
                    integer(out, 0x80, 7, whole); // 1xxxxxxx: the static table's whole field
                    continue;
                }
                int index = staticName(h.getKey());
                if (index > 0) {
                    integer(out, 0x00, 4, index); // 0000xxxx: literal without indexing, indexed name
                } else {
                    out.writeByte(0x00); // 0000 0000: literal without indexing, new name
                    string(out, h.getKey());
                }
                string(out, h.getValue());
            }
            byte[] b = new byte[out.readableBytes()];
            out.readBytes(b);
            return b;
        } finally {
            out.release();
        }
    }

    /** The static table's index of the whole field (2 :method GET, 3 POST, 4 :path /, 6 :scheme http, 7 https), or 0. */
    private static int staticField(CharSequence name, CharSequence value) {
        if (METHOD.contentEquals(name)) {
            return "GET".contentEquals(value) ? 2 : "POST".contentEquals(value) ? 3 : 0;
        }
        if (SCHEME.contentEquals(name)) {
            return "http".contentEquals(value) ? 6 : "https".contentEquals(value) ? 7 : 0;
        }
        return PATH.contentEquals(name) && "/".contentEquals(value) ? 4 : 0;
    }

    private static int staticName(CharSequence name) {
        if (name.length() == 0 || name.charAt(0) != ':') {
            return 0;
        }
        return AUTHORITY.contentEquals(name) ? 1 : METHOD.contentEquals(name) ? 2 : PATH.contentEquals(name) ? 4
                : SCHEME.contentEquals(name) ? 6 : 0;
    }

    /** A string literal, not Huffman-coded (H = 0): its length on a 7-bit prefix, then its octets (ISO-8859-1, as headers are). */
    private static void string(ByteBuf out, CharSequence s) {
        integer(out, 0x00, 7, s.length());
        for (int i = 0; i < s.length(); i++) {
            out.writeByte(s.charAt(i));
        }
    }

    /** An HPACK integer (RFC 7541 §5.1) on an {@code n}-bit prefix, the first octet's other bits {@code mask}. */
    static void integer(ByteBuf out, int mask, int n, long value) {
        int max = (1 << n) - 1;
        if (value < max) {
            out.writeByte(mask | (int) value);
            return;
        }
        out.writeByte(mask | max);
        long rest = value - max;
        while (rest >= 128) {
            out.writeByte((int) (rest % 128 + 128));
            rest /= 128;
        }
        out.writeByte((int) rest);
    }

    @Override
    public Configuration configuration() {
        return this;
    }

    /** The server's SETTINGS_HEADER_TABLE_SIZE: the next block says again that this encoder's table is empty. */
    @Override
    public void maxHeaderTableSize(long max) {
        maxHeaderTableSize = max;
        tableSizeSaid = false;
    }

    @Override
    public long maxHeaderTableSize() {
        return maxHeaderTableSize;
    }

    @Override
    public void maxHeaderListSize(long max) {
        maxHeaderListSize = max;
    }

    @Override
    public long maxHeaderListSize() {
        return maxHeaderListSize;
    }
}
