package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequestTemplateTest {

    private static String m(int i) {
        return RequestTemplate.marker(i);
    }

    private static String written(RequestTemplate t, String[] vars, String cookies) {
        ByteBuf b = t.write(ByteBufAllocator.DEFAULT, vars, cookies);
        try {
            return b.toString(StandardCharsets.UTF_8);
        } finally {
            b.release();
        }
    }

    @Test
    void slotsAreFilledAndEscapedByWhereTheyStandAndTheLengthFollowsTheBody() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + m(3));
        headers.put("Content-Type", "application/json");
        byte[] wire = HttpRequest.wire("POST", URI.create("http://127.0.0.1:8080/orders/" + m(4) + "?q=" + m(5)), headers,
                ("{\"item\":\"" + m(5) + "\",\"qty\":" + m(6) + "}").getBytes(StandardCharsets.UTF_8), true);
        RequestTemplate t = RequestTemplate.of(wire);

        assertFalse(t.fixed());
        assertEquals(Set.of(3, 4, 5, 6), t.variables());
        assertEquals("/orders/", t.path(), "the path up to its first slot: what cookies match");
        String[] vars = {"0", "0", null, "tok\r\nX: 1", "a b/é", "say \"hi\"", "12"};
        String body = "{\"item\":\"say \\\"hi\\\"\",\"qty\":12}";
        assertEquals("POST /orders/a%20b%2F%C3%A9?q=say%20%22hi%22 HTTP/1.1\r\n"
                + "Host: 127.0.0.1:8080\r\n"
                + "Authorization: Bearer tokX: 1\r\n"
                + "Content-Type: application/json\r\n"
                + "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body, written(t, vars, null));
    }

    @Test
    void aRequestWithoutSlotsIsEncodedOnceAndACookieHeaderGoesBeforeTheLength() {
        byte[] wire = HttpRequest.wire("POST", URI.create("http://h/cart"), Map.of("Content-Type", "text/xml"),
                "<a>&amp;</a>".getBytes(StandardCharsets.UTF_8), true);
        RequestTemplate t = RequestTemplate.of(wire);
        assertTrue(t.fixed());
        ByteBuf once = t.write(ByteBufAllocator.DEFAULT, new String[3], null);
        ByteBuf twice = t.write(ByteBufAllocator.DEFAULT, new String[3], null);
        try {
            assertEquals(new String(wire, StandardCharsets.UTF_8), once.toString(StandardCharsets.UTF_8));
            assertSame(Buffers.root(once), Buffers.root(twice), "the same encoded bytes handed out again, not written anew");
        } finally {
            once.release();
            twice.release();
        }
        assertEquals("POST /cart HTTP/1.1\r\nHost: h\r\nContent-Type: text/xml\r\nCookie: s=1\r\nContent-Length: 12\r\n\r\n<a>&amp;</a>",
                written(t, new String[3], "s=1"));
    }

    @Test
    void anXmlBodyEscapesItsValuesAndAMarkerLookalikeIsLeftAlone() {
        String body = "<q><v>" + m(3) + "</v><w>Zw5bVxvQ</w></q>";
        byte[] wire = HttpRequest.wire("POST", URI.create("http://h/s"), Map.of("Content-Type", "text/xml; charset=utf-8"),
                body.getBytes(StandardCharsets.UTF_8), true);
        String out = written(RequestTemplate.of(wire), new String[]{"0", "0", null, "a<b&'c'"}, null);
        String sent = "<q><v>a&lt;b&amp;&apos;c&apos;</v><w>Zw5bVxvQ</w></q>";
        assertTrue(out.endsWith("\r\n\r\n" + sent), out);
        assertTrue(out.contains("Content-Length: " + sent.length() + "\r\n"), out);
    }

    @Test
    void aDerivedSlotIsComputedFromTheOthersAndASealedBodyGetsItsOwnLength() {
        byte[] wire = HttpRequest.wire("POST", URI.create("http://h/s"),
                Map.of("Content-Type", "text/xml", "Authorization", "Basic " + m(5)),
                ("<q>" + m(3) + "</q>").getBytes(StandardCharsets.UTF_8), true);
        RequestTemplate.Derived basic = new RequestTemplate.Derived(5, Set.of(3, 4),
                v -> java.util.Base64.getEncoder().encodeToString((v[3] + ":" + v[4]).getBytes(StandardCharsets.UTF_8)));
        RequestTemplate t = RequestTemplate.of(wire, java.util.List.of(basic));
        assertEquals(Set.of(3, 4, 5), t.variables(), "what the derived value reads counts as read");
        StepSecurity wrap = new StepSecurity() {
            @Override
            public byte[] seal(byte[] body) {
                return ("<sealed>" + new String(body, StandardCharsets.UTF_8) + "</sealed>").getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public byte[] open(byte[] body, int length) {
                return body;
            }
        };
        ByteBuf b = t.write(ByteBufAllocator.DEFAULT, new String[]{"0", "0", null, "ann", "pw-ann", null}, null, wrap);
        try {
            String out = b.toString(StandardCharsets.UTF_8);
            assertTrue(out.contains("\r\nAuthorization: Basic YW5uOnB3LWFubg==\r\n"), out);
            assertTrue(out.endsWith("\r\nContent-Length: 27\r\n\r\n<sealed><q>ann</q></sealed>"), out);
        } finally {
            b.release();
        }
    }
}
