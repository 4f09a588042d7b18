package io.wsbench.core.load;

import io.wsbench.model.load.Http2;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.Http2Headers;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class H2RequestTest {

    @Test
    void theRequestLineAndHostBecomePseudoHeadersAndHopByHopHeadersGo() {
        byte[] wire = HttpRequest.wire("POST", URI.create("http://127.0.0.1:8080/hello/soap?x=1"),
                Map.of("Content-Type", "text/xml", "SOAPAction", "\"\""), "<e/>".getBytes(StandardCharsets.UTF_8), true);
        ByteBuf request = Unpooled.wrappedBuffer(wire);
        H2Request.Parts parts = H2Request.split(request, false);
        Http2Headers h = parts.headers();
        assertEquals("POST", h.method().toString());
        assertEquals("/hello/soap?x=1", h.path().toString());
        assertEquals("http", h.scheme().toString());
        assertEquals("127.0.0.1:8080", h.authority().toString());
        assertEquals("text/xml", h.get("content-type").toString());
        assertEquals("\"\"", h.get("soapaction").toString());
        assertNull(h.get("host"));
        assertNull(h.get("connection"));
        assertEquals("<e/>", parts.body().toString(StandardCharsets.UTF_8));
        parts.body().release();
        assertEquals(1, request.refCnt(), "the body is a slice of the request, released with it");
        assertEquals("https", H2Request.split(request, true).headers().scheme().toString());
    }

    /** A head as users and their tools write it: names in any case, spaces around values, TE kept only as trailers. */
    @Test
    void aHeadsNamesAreLowerCasedItsValuesTrimmedAndOnlyTrailersTeKept() {
        ByteBuf request = Unpooled.copiedBuffer("GET /a?b=c%20d HTTP/1.1\r\nHOST:  h:81 \r\nX-Token:t1\r\nTE: trailers\r\n"
                + "Keep-Alive: 5\r\nCookie: s=1; t=2\r\nbroken line\r\n\r\n", StandardCharsets.ISO_8859_1);
        Http2Headers h = H2Request.split(request, false).headers();
        assertEquals("h:81", h.authority().toString());
        assertEquals("/a?b=c%20d", h.path().toString());
        assertEquals("t1", h.get("x-token").toString());
        assertEquals("trailers", h.get("te").toString());
        assertEquals("s=1; t=2", h.get("cookie").toString());
        assertNull(h.get("keep-alive"));
        assertEquals(7, h.size(), "4 pseudo-headers, x-token, te, cookie; the line without a colon left out: " + h);
        ByteBuf gzip = Unpooled.copiedBuffer("GET / HTTP/1.1\r\nTE: gzip\r\n\r\n", StandardCharsets.ISO_8859_1);
        assertNull(H2Request.split(gzip, true).headers().get("te"));
        ByteBuf noLine = Unpooled.copiedBuffer("GET\r\nHost: h\r\n\r\n", StandardCharsets.ISO_8859_1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> H2Request.split(noLine, false)).getMessage()
                .contains("not a request line: GET"));
    }

    @Test
    void aGetHasNoBodyAndAChunkedBodyIsRefused() {
        ByteBuf get = Unpooled.wrappedBuffer(HttpRequest.wire("GET", URI.create("http://h/a"), Map.of(), new byte[0], true));
        assertNull(H2Request.split(get, false).body());
        ByteBuf chunked = Unpooled.copiedBuffer("POST /a HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                StandardCharsets.ISO_8859_1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> H2Request.split(chunked, false));
        assertTrue(e.getMessage().contains("chunked"), e.getMessage());
    }

    @Test
    void aStaticRequestsHeadersAreMadeOncePerLane() {
        ByteBuf whole = Unpooled.wrappedBuffer(HttpRequest.wire("POST", URI.create("http://h/a"), Map.of(), new byte[]{1, 2}, true));
        H2Request.Cache cache = new H2Request.Cache();
        H2Request.Parts first = cache.split(whole.retainedDuplicate(), false);
        H2Request.Parts second = cache.split(whole.retainedDuplicate(), false);
        assertSame(first.headers(), second.headers());
        assertEquals(2, second.body().readableBytes());
        assertEquals(1, second.body().getByte(0));
    }

    @Test
    void streamsPerConnectionAreBounded() {
        assertEquals(4, new Http2(10).connections(40));
        assertEquals(5, new Http2(10).connections(41));
        assertThrows(IllegalArgumentException.class, () -> new Http2(0));
    }
}
