package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Headers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The header blocks H2Literals writes, read back by Netty's own HPACK decoder as a server's would read them. */
class H2LiteralsTest {

    private static Http2Headers request(String method, String path) {
        Http2Headers h = new DefaultHttp2Headers(false);
        h.method(method).path(path).scheme("https").authority("127.0.0.1:8443");
        h.add("content-type", "text/xml; charset=UTF-8");
        h.add("soapaction", "\"urn:" + "x".repeat(300) + "\""); // a value past one length octet
        return h;
    }

    @Test
    void everyBlockDecodesToTheHeadersGivenOnOneConnection() throws Exception {
        H2Literals encoder = new H2Literals();
        DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(true);
        Http2Headers post = request("POST", "/hello/soap");
        Http2Headers get = request("GET", "/");
        for (Http2Headers h : new Http2Headers[] {post, get, post, get}) {
            ByteBuf block = Unpooled.buffer();
            encoder.encodeHeaders(1, h, block);
            assertEquals(h, decoder.decodeHeaders(1, block));
            block.release();
        }
    }

    @Test
    void theFirstBlockAndTheFirstAfterTheServersTableSizeChangesSayTheTableIsEmpty() throws Exception {
        H2Literals encoder = new H2Literals();
        Http2Headers get = request("GET", "/");
        assertEquals(0x20, first(encoder, get), "a dynamic table size update to 0 opens the connection's first block");
        assertEquals(0x82, first(encoder, get), "then the static table's :method GET, nothing before it");
        encoder.configuration().maxHeaderTableSize(256);
        assertEquals(0x20, first(encoder, get), "said again after the server's SETTINGS_HEADER_TABLE_SIZE");
    }

    @Test
    void aRequestSentAgainIsTheSameBlock() {
        Http2Headers h = request("GET", "/x");
        byte[] once = H2Literals.encode(h);
        assertEquals(java.util.Arrays.toString(once), java.util.Arrays.toString(H2Literals.encode(h)));
        ByteBuf b = Unpooled.buffer();
        H2Literals.integer(b, 0x00, 7, 300); // RFC 7541 C.1.2's way: 127, then 173 as 7-bit groups
        assertEquals(3, b.readableBytes());
        assertEquals(0x7f, b.readUnsignedByte());
        assertEquals(0xad, b.readUnsignedByte());
        assertEquals(0x01, b.readUnsignedByte());
    }

    @Test
    void anAnswersHeadersKeepWhatTheEngineReadsAndHpacksTableStillFollowsThemAll() throws Exception {
        io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder server = new io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder();
        AnswerHeaders.Decoder client = new AnswerHeaders.Decoder(new io.netty.util.AsciiString[0]);
        for (int i = 0; i < 3; i++) { // the second and third answers lean on the server's dynamic table
            Http2Headers answer = new DefaultHttp2Headers().status("200");
            answer.add("server", "nginx").add("date", "Sun, 29 Nov 2026 02:30:00 GMT").add("content-type", "text/xml")
                    .add("content-length", "62").add("etag", "\"" + i + "\"").add("grpc-status", "0");
            ByteBuf block = Unpooled.buffer();
            server.encodeHeaders(1, answer, block);
            Http2Headers read = client.decodeHeaders(1, block);
            block.release();
            assertEquals("200", read.status().toString());
            assertEquals("text/xml", read.get("content-type").toString());
            assertEquals("62", read.get("content-length").toString());
            assertEquals("0", read.get("grpc-status").toString());
            assertEquals(4, read.size(), "the server's name, date and etag are decoded and dropped: " + read);
        }
    }

    /** A flow's answers keep as well what its steps read and its cookies. */
    @Test
    void aFlowsAnswersKeepTheHeadersItsStepsReadAndItsCookies() throws Exception {
        io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder server = new io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder();
        AnswerHeaders.Decoder client = new AnswerHeaders.Decoder(new io.netty.util.AsciiString[]{
                io.netty.util.AsciiString.of("x-token"), io.netty.util.AsciiString.of("set-cookie")});
        Http2Headers answer = new DefaultHttp2Headers().status("302");
        answer.add("server", "nginx").add("x-token", "t1").add("set-cookie", "a=1").add("set-cookie", "b=2").add("location", "/x");
        ByteBuf block = Unpooled.buffer();
        server.encodeHeaders(1, answer, block);
        Http2Headers read = client.decodeHeaders(1, block);
        block.release();
        assertEquals("t1", read.get("x-token").toString());
        assertEquals(java.util.List.of("a=1", "b=2"), read.getAll("set-cookie").stream().map(CharSequence::toString).toList());
        assertEquals(4, read.size(), "the status, the token and both cookies; the server's name and the location are dropped: " + read);

        CookieJar jar = new CookieJar();
        KeptHeaders kept = new KeptHeaders(jar, new byte[][]{"x-token".getBytes(java.nio.charset.StandardCharsets.US_ASCII)});
        kept.all(read);
        assertEquals(java.util.Map.of("x-token", "t1"), kept.values);
        assertEquals("a=1; b=2", jar.header("/"));
    }

    private static int first(H2Literals encoder, Http2Headers h) {
        ByteBuf b = Unpooled.buffer();
        encoder.encodeHeaders(1, h, b);
        int first = b.getUnsignedByte(0);
        b.release();
        return first;
    }
}
