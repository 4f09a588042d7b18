package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResponseParserTest {

    record Seen(int status, String type, String body, boolean close) {
    }

    private static List<Seen> parse(String wire, int chunkSize) {
        ResponseParser p = new ResponseParser();
        List<Seen> seen = new ArrayList<>();
        byte[] bytes = wire.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < bytes.length; i += chunkSize) {
            ByteBuf b = Unpooled.wrappedBuffer(bytes, i, Math.min(chunkSize, bytes.length - i));
            p.feed(b, (s, t, body, len, close) -> seen.add(new Seen(s, t, new String(body, 0, len, StandardCharsets.UTF_8), close)));
        }
        p.closed((s, t, body, len, close) -> seen.add(new Seen(s, t, new String(body, 0, len, StandardCharsets.UTF_8), close)));
        return seen;
    }

    @Test
    void framesByContentLengthAndChunksAcrossAnySplit() {
        String wire = "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: 5\r\n\r\nhello"
                + "HTTP/1.1 500 Oops\r\ntransfer-encoding: chunked\r\ncontent-type: text/plain\r\n\r\n"
                + "3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nX-Trailer: 1\r\n\r\n"
                + "HTTP/1.1 204 No Content\r\n\r\n";
        for (int split : new int[]{1, 2, 7, 1000}) {
            List<Seen> seen = parse(wire, split);
            assertEquals(List.of(new Seen(200, "text/xml", "hello", false), new Seen(500, "text/plain", "abcde", false),
                    new Seen(204, "", "", false)), seen, "split every " + split + " bytes");
        }
    }

    /** An answer of {@code body} under {@code encoding}, framed by Content-Length, or chunked in pieces of 7 bytes. */
    private static byte[] answer(String encoding, byte[] body, boolean chunked) {
        java.io.ByteArrayOutputStream wire = new java.io.ByteArrayOutputStream();
        String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: " + encoding + "\r\n"
                + (chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: " + body.length + "\r\n\r\n");
        wire.writeBytes(head.getBytes(StandardCharsets.ISO_8859_1));
        if (!chunked) {
            wire.writeBytes(body);
        } else {
            for (int at = 0; at < body.length; at += 7) {
                int n = Math.min(7, body.length - at);
                wire.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                wire.write(body, at, n);
                wire.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
            wire.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        return wire.toByteArray();
    }

    private static List<Seen> parse(byte[] wire) {
        ResponseParser p = new ResponseParser();
        List<Seen> seen = new ArrayList<>();
        for (int i = 0; i < wire.length; i += 5) {
            p.feed(Unpooled.wrappedBuffer(wire, i, Math.min(5, wire.length - i)),
                    (s, t, body, len, close) -> seen.add(new Seen(s, t, new String(body, 0, len, StandardCharsets.UTF_8), close)));
        }
        return seen;
    }

    private static byte[] gzip(String text) throws java.io.IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(out)) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private static byte[] deflate(String text, boolean zlib) {
        java.util.zip.Deflater d = new java.util.zip.Deflater(java.util.zip.Deflater.DEFAULT_COMPRESSION, !zlib);
        d.setInput(text.getBytes(StandardCharsets.UTF_8));
        d.finish();
        byte[] out = new byte[text.length() + 64];
        int n = d.deflate(out);
        d.end();
        return java.util.Arrays.copyOf(out, n);
    }

    /**
     * A server asked for gzip (a recorded session's Accept-Encoding, a JMeter plan's Header Manager) compresses: its
     * answer is handed on inflated, so that a check reads what a browser would. gzip, x-gzip, zlib's deflate and the raw
     * deflate some servers send instead, a gzip with a file name in its header and one of two members; an encoding not
     * undone here, or a body that is not what its encoding says, is handed on as it came, its content type saying so.
     */
    @Test
    void aCompressedAnswerIsHandedOnInflated() throws java.io.IOException {
        String json = "{\"id\":5,\"name\":\"Rex\",\"tags\":[\"a\",\"b\"],\"text\":\"" + "bark ".repeat(3000) + "\"}";
        Seen inflated = new Seen(200, "application/json", json, false);
        for (boolean chunked : new boolean[]{false, true}) {
            assertEquals(List.of(inflated), parse(answer("gzip", gzip(json), chunked)));
            assertEquals(List.of(inflated), parse(answer("X-GZIP", gzip(json), chunked)));
            assertEquals(List.of(inflated), parse(answer("deflate", deflate(json, true), chunked)));
            assertEquals(List.of(inflated), parse(answer("deflate", deflate(json, false), chunked)));
        }
        byte[] plain = gzip(json);
        byte[] named = new byte[plain.length + 9]; // FNAME "rex.json\0" after the 10-byte header, as gzip(1) writes it
        System.arraycopy(plain, 0, named, 0, 10);
        named[3] |= 8;
        System.arraycopy("rex.json\0".getBytes(StandardCharsets.ISO_8859_1), 0, named, 10, 9);
        System.arraycopy(plain, 10, named, 19, plain.length - 10);
        assertEquals(List.of(inflated), parse(answer("gzip", named, false)));
        java.io.ByteArrayOutputStream two = new java.io.ByteArrayOutputStream();
        two.writeBytes(gzip(json.substring(0, 100)));
        two.writeBytes(gzip(json.substring(100)));
        assertEquals(List.of(inflated), parse(answer("gzip", two.toByteArray(), false)));
        // two answers on one connection, the second plain: the encoding is the answer's own
        java.io.ByteArrayOutputStream wire = new java.io.ByteArrayOutputStream();
        wire.writeBytes(answer("gzip", gzip(json), false));
        wire.writeBytes("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(List.of(inflated, new Seen(200, "text/plain", "ok", false)), parse(wire.toByteArray()));

        byte[] brotli = {(byte) 0x8b, 0x02, (byte) 0x80, 0x6f, 0x6b, 0x03};
        List<Seen> br = parse(answer("br", brotli, false));
        assertEquals("application/json (br-encoded: wsbench undoes gzip and deflate only, ask for those (Accept-Encoding))",
                br.get(0).type());
        assertEquals(1, br.size());
        byte[] cut = java.util.Arrays.copyOf(gzip(json), 40);
        assertEquals("application/json (gzip-encoded, and not gzip: left as it came)", parse(answer("gzip", cut, false)).get(0).type());
        assertEquals("application/json (deflate-encoded, and not deflate: left as it came)",
                parse(answer("deflate", "not deflate at all".getBytes(StandardCharsets.US_ASCII), false)).get(0).type());
        assertEquals(List.of(new Seen(200, "application/json", "", false)), parse(answer("gzip", new byte[0], false)),
                "an empty body has nothing to inflate");
    }

    @Test
    void aHeadRequestsAnswerHasNoBodyWhateverItsLengthSays() {
        // as nginx answers HEAD /hello.xml: the GET's Content-Length, then the next answer at once
        String wire = "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: 62\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
        ResponseParser p = new ResponseParser();
        List<Seen> seen = new ArrayList<>();
        p.head(true);
        p.feed(Unpooled.wrappedBuffer(wire.getBytes(StandardCharsets.ISO_8859_1)),
                (st, t, body, len, close) -> seen.add(new Seen(st, t, new String(body, 0, len, StandardCharsets.UTF_8), close)));
        assertEquals(List.of(new Seen(200, "text/xml", "", false), new Seen(200, "", "", false)), seen);
        assertTrue(H1Conn.isHead(Unpooled.wrappedBuffer("HEAD /x HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII))));
        assertTrue(!H1Conn.isHead(Unpooled.wrappedBuffer("HEADER /x HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII))));
        assertTrue(!H1Conn.isHead(Unpooled.wrappedBuffer("GET /HEAD HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII))));
    }

    @Test
    void theServersKeepAliveTimeoutIsReadAndKeptAcrossAnswers() {
        ResponseParser p = new ResponseParser();
        ResponseParser.Sink sink = (st, t, body, len, close) -> { };
        assertEquals(0, p.keepAliveSeconds());
        p.feed(Unpooled.wrappedBuffer(("HTTP/1.1 200 OK\r\nKeep-Alive: timeout=5, max=100\r\nConnection: Keep-Alive\r\n"
                + "Content-Length: 0\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1)), sink);
        assertEquals(5, p.keepAliveSeconds(), "Apache httpd's");
        assertTrue(p.between());
        p.feed(Unpooled.wrappedBuffer("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1)), sink);
        assertEquals(5, p.keepAliveSeconds(), "an answer without it leaves it");
        p.feed(Unpooled.wrappedBuffer("HTTP/1.1 200 OK\r\nkeep-alive: MAX=7, TIMEOUT=60\r\nContent-Length: 2\r\n\r\no".getBytes(StandardCharsets.ISO_8859_1)), sink);
        assertEquals(60, p.keepAliveSeconds(), "in any case and order");
        assertTrue(!p.between(), "a byte of the body to come");
        assertTrue(H1Conn.idempotent(Unpooled.wrappedBuffer("DELETE /x HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII))));
        assertTrue(!H1Conn.idempotent(Unpooled.wrappedBuffer("POST /x HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII))));
        assertTrue(!H1Conn.idempotent(Unpooled.wrappedBuffer("GETX /x HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII))));
    }

    @Test
    void bodyUntilCloseAndConnectionClose() {
        List<Seen> seen = parse("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it", 4);
        assertEquals(List.of(new Seen(200, "text/plain", "all of it", true)), seen);
        seen = parse("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok", 100);
        assertTrue(seen.get(0).close());
    }

    @Test
    void aContentLengthListOfOneValueIsThatValue() {
        // RFC 9110, 8.6: "42, 42" is what a proxy writes when it joins two equal headers; curl and browsers read 42
        for (int split : new int[]{1, 3, 1000}) {
            assertEquals(List.of(new Seen(200, "", "hello", false)),
                    parse("HTTP/1.1 200 OK\r\nContent-Length: 5, 5,5\r\n\r\nhello", split), "split every " + split);
        }
        for (String bad : new String[]{"5, 6", "5,", ",5", "5 5", "5,,5"}) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> parse("HTTP/1.1 200 OK\r\nContent-Length: " + bad + "\r\n\r\nhello", 100), bad);
            assertTrue(e.getMessage().startsWith("HTTP Content-Length ") && e.getMessage().endsWith(bad), e.getMessage());
        }
    }

    @Test
    void pipelinedResponsesInOneBufferAreAllSeen() {
        String one = "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\none";
        List<Seen> seen = parse(one.repeat(50), 100_000);
        assertEquals(50, seen.size());
        assertTrue(seen.stream().allMatch(s -> s.body().equals("one")));
    }

    @Test
    void endlessHeadersAndBodiesAreCutOffWithBoundedMemory() {
        ResponseParser p = new ResponseParser(1024);
        ByteBuf header = Unpooled.copiedBuffer("HTTP/1.1 200 OK\r\nX-Endless: " + "a".repeat(20_000), StandardCharsets.ISO_8859_1);
        assertThrows(IllegalStateException.class, () -> p.feed(header, (s, t, b, l, c) -> { }));
        ResponseParser q = new ResponseParser(1024);
        ByteBuf chunked = Unpooled.copiedBuffer("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "400\r\n" + "x".repeat(1024) + "\r\n400\r\n" + "y".repeat(1024) + "\r\n", StandardCharsets.ISO_8859_1);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> q.feed(chunked, (s, t, b, l, c) -> { }));
        assertTrue(e.getMessage().contains("longer than 1024"), e.getMessage());
        ResponseParser r = new ResponseParser(1024);
        ByteBuf huge = Unpooled.copiedBuffer("HTTP/1.1 200 OK\r\nContent-Length: 99999999999\r\n\r\n", StandardCharsets.ISO_8859_1);
        assertThrows(IllegalStateException.class, () -> r.feed(huge, (s, t, b, l, c) -> { }));
    }

    @Test
    void garbageIsRejected() {
        assertThrows(IllegalStateException.class, () -> parse("SSH-2.0-OpenSSH\r\n", 100));
    }

    @Test
    void invalidFramingIsRejectedNeverAnAnswer() {
        String ok = "Content-Type: text/plain\r\n";
        for (String wire : new String[]{
                "HTTP/1.1 200 OK\r\n" + ok + "Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", // size not hex
                "HTTP/1.1 200 OK\r\n" + ok + "Transfer-Encoding: chunked\r\n\r\n\r\nabc\r\n0\r\n\r\n",     // no size at all
                "HTTP/1.1 200 OK\r\n" + ok + "Transfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n",  // longer than said
                "HTTP/1.1 200 OK\r\n" + ok + "Content-Length: 1O\r\n\r\n0123456789",                           // not a number
                "HTTP/1.1 200 OK\r\n" + ok + "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",          // two that disagree
                "HTTP/1.1 2OO OK\r\n" + ok + "Content-Length: 2\r\n\r\nok",                                     // status not digits
                "HTTPS/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",                                               // not HTTP/1.x
                "HTTP/1.1 2000 OK\r\nContent-Length: 2\r\n\r\nok"}) {
            for (int split : new int[]{1, 1000}) {
                List<Seen> seen = new ArrayList<>();
                assertThrows(IllegalStateException.class, () -> seen.addAll(parse(wire, split)), wire);
                assertTrue(seen.isEmpty(), wire);
            }
        }
    }

    @Test
    void aCloseBeforeTheBodyIsCompleteIsAResponseCutShort() {
        ResponseParser p = new ResponseParser();
        List<Seen> seen = new ArrayList<>();
        ResponseParser.Sink sink = (s, t, body, len, close) -> seen.add(new Seen(s, t, "", close));
        p.feed(Unpooled.wrappedBuffer("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf".getBytes(StandardCharsets.US_ASCII)), sink);
        assertEquals(false, p.closed(sink), "4 of 10 bytes, then the close");
        assertEquals("after 4 of the 10 bytes its Content-Length said", p.whereCut());
        assertTrue(seen.isEmpty());
        // the parser is ready for the next connection, and a close between answers cuts nothing
        p.feed(Unpooled.wrappedBuffer("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII)), sink);
        assertEquals(1, seen.size());
        assertEquals(true, p.closed(sink));
        p.feed(Unpooled.wrappedBuffer("HTTP/1.1 200 OK\r\nContent-Ty".getBytes(StandardCharsets.US_ASCII)), sink);
        assertEquals(false, p.closed(sink));
        assertEquals("within its headers", p.whereCut());
    }
}
