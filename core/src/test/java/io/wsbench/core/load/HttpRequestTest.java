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
    void theEncodedBytesGoBackToThePoolOnceTheRequestIsUnreachable() throws InterruptedException {
        ByteBuf inFlight = unreachableRequestsLastDuplicate();
        ByteBuf encoded = inFlight.unwrap();
        assertEquals(2, encoded.refCnt(), "held by the request and by the duplicate being written");
        for (int i = 0; i < 200 && encoded.refCnt() > 1; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertEquals(1, encoded.refCnt(), "the request's reference was released after it became unreachable");
        inFlight.release();
        assertEquals(0, encoded.refCnt(), "the duplicate still being written held the bytes until now");
    }

    private static ByteBuf unreachableRequestsLastDuplicate() {
        return HttpRequest.get(URI.create("http://127.0.0.1:8080/"), true).next(ByteBufAllocator.DEFAULT);
    }
}
