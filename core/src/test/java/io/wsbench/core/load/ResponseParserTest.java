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
        assertTrue(seen.isEmpty());
        // the parser is ready for the next connection, and a close between answers cuts nothing
        p.feed(Unpooled.wrappedBuffer("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII)), sink);
        assertEquals(1, seen.size());
        assertEquals(true, p.closed(sink));
    }
}
