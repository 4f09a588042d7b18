package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HttpRequestTest {

    @Test
    void everyCallHandsOutTheSameWireBytes() {
        HttpRequest request = new HttpRequest("POST", URI.create("http://127.0.0.1:8080/hello?x=1"),
                Map.of("Content-Type", "text/xml"), "<a/>".getBytes(StandardCharsets.UTF_8), false);
        String expected = "POST /hello?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: text/xml\r\n"
                + "Content-Length: 4\r\nConnection: close\r\n\r\n<a/>";
        for (int i = 0; i < 2; i++) {
            ByteBuf wire = request.next(ByteBufAllocator.DEFAULT);
            assertEquals(expected, wire.toString(StandardCharsets.ISO_8859_1));
            wire.release();
        }
        assertEquals(expected.length(), request.fixedSize());
    }

    @Test
    void aPathOrQueryOutsideAsciiIsSentPercentEncodedAsUtf8() {
        // as a browser sends it (curl encodes the path so, and sends the query's bytes raw): 'ü' went out as the byte 0xFC
        assertEquals("GET /%C3%BC?q=%C3%A9&x=a%20b HTTP/1.1\r\nHost: h\r\n",
                HttpRequest.head("GET", URI.create("http://h/ü?q=é&x=a%20b"), Map.of()).toString());
        assertEquals("GET /a%20b?q=1 HTTP/1.1\r\nHost: h\r\n", HttpRequest.head("GET", URI.create("http://h/a%20b?q=1"), Map.of()).toString(),
                "an ASCII target as written");
    }

    @Test
    void aUrlsUserAndPasswordAreSentAsBasicAuthUnlessTheRequestNamesItsOwn() {
        // as curl sends http://bob:p%40ss@host/ (checked against it: the same header for the same URL)
        String head = HttpRequest.head("GET", URI.create("http://bob:p%40ss@127.0.0.1:8080/a"), Map.of()).toString();
        assertEquals("GET /a HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Basic "
                + java.util.Base64.getEncoder().encodeToString("bob:p@ss".getBytes(StandardCharsets.UTF_8)) + "\r\n", head);
        assertEquals("GET / HTTP/1.1\r\nHost: h\r\nAuthorization: Basic Ym9iOg==\r\n",
                HttpRequest.head("GET", URI.create("http://bob@h/"), Map.of()).toString(), "a user alone: an empty password");
        assertEquals("GET / HTTP/1.1\r\nHost: h\r\nauthorization: Bearer t\r\n",
                HttpRequest.head("GET", URI.create("http://bob:x@h/"), Map.of("authorization", "Bearer t")).toString());
    }

    @Test
    void theEncodedBytesGoBackToThePoolOnceTheRequestAndTheLastDuplicateAreReleased() {
        HttpRequest request = HttpRequest.get(URI.create("http://127.0.0.1:8080/"), true);
        ByteBuf inFlight = request.next(ByteBufAllocator.DEFAULT);
        ByteBuf encoded = Buffers.root(inFlight);
        assertEquals(2, encoded.refCnt(), "held by the request and by the duplicate being written");
        // what the Cleaner runs once the collector finds the request unreachable; how long after that
        // takes is the collector's business (bench/engine-timings.sh prints it)
        request.release();
        assertEquals(1, encoded.refCnt(), "the request's reference was released");
        request.release();
        assertEquals(1, encoded.refCnt(), "and only once, whoever runs it again");
        inFlight.release();
        assertEquals(0, encoded.refCnt(), "the duplicate still being written held the bytes until now");
    }
}
