package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a step's redirects are followed: which are, what each hop sends, and when a chain is broken. */
class RedirectsTest {

    private static final String POST = "POST /login?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + "Cookie: old=1\r\nX-Kept: yes\r\nContent-Length: 8\r\n\r\nuser=ann";

    private static ByteBuf wire(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
    }

    private static String hop(Redirects r) {
        ByteBuf out = r.request(wire(POST), ByteBufAllocator.DEFAULT);
        try {
            return out.toString(StandardCharsets.ISO_8859_1);
        } finally {
            out.release();
        }
    }

    private static Redirects begun(CookieJar jar) {
        Redirects r = new Redirects(false, jar);
        ByteBuf first = wire(POST);
        r.begin(first, "old=1");
        assertEquals(0, first.readerIndex(), "the request is read, not consumed");
        first.release();
        return r;
    }

    @Test
    void a303AfterAPostIsAGetWithoutItsBodyCarryingTheNewPathsCookies() {
        CookieJar jar = new CookieJar();
        jar.store("sid=s1; Path=/");
        Redirects r = begun(jar);
        assertEquals(Redirects.Next.FOLLOW, r.next(303, "/home?from=login"));
        assertTrue(r.pending());
        assertEquals("GET /home?from=login HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Kept: yes\r\nCookie: sid=s1\r\n\r\n", hop(r));
        assertTrue(!r.pending(), "the hop is written");
    }

    @Test
    void a307KeepsTheMethodAndBodyAndAbsoluteOrRelativeLocationsWithinTheOriginAreFollowed() {
        Redirects r = begun(null);
        assertEquals(Redirects.Next.FOLLOW, r.next(307, "http://127.0.0.1:8080/echo"));
        assertEquals("POST /echo HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/x-www-form-urlencoded\r\nX-Kept: yes\r\n"
                + "Content-Length: 8\r\n\r\nuser=ann", hop(r));
        assertEquals(Redirects.Next.FOLLOW, r.next(308, "next"), "relative to /echo");
        assertTrue(hop(r).startsWith("POST /next HTTP/1.1\r\n"));
        assertEquals(Redirects.Next.FOLLOW, r.next(301, "/moved"), "a 301 after a POST becomes a GET");
        assertTrue(hop(r).startsWith("GET /moved HTTP/1.1\r\n"));
    }

    @Test
    void anotherOriginIsTheStepsAnswerSaidSoAndNoRedirectIsNoHop() {
        Redirects r = begun(null);
        assertEquals(Redirects.Next.ANSWER, r.next(200, null));
        assertNull(r.why());
        assertEquals(Redirects.Next.ANSWER, r.next(302, null), "a 302 without a Location is the answer");
        for (String away : new String[]{"http://127.0.0.1:9090/x", "https://127.0.0.1:8080/x", "http://localhost:8080/x", "//other/x"}) {
            assertEquals(Redirects.Next.ANSWER, r.next(302, away), away);
            assertTrue(r.why().contains("is another origin than http://127.0.0.1:8080: not followed"), r.why());
            assertTrue(!r.pending());
        }
        assertEquals(Redirects.Next.ANSWER, r.next(302, "http://[bad"));
        assertTrue(r.why().contains("is no URL"), r.why());
    }

    @Test
    void anEleventhHopOrTheSameRequestTwiceBreaksTheChain() {
        Redirects r = begun(null);
        for (int i = 1; i <= Redirects.MOST_HOPS; i++) {
            assertEquals(Redirects.Next.FOLLOW, r.next(302, "/hop/" + i), "hop " + i);
            hop(r);
        }
        assertEquals(Redirects.Next.BROKEN, r.next(302, "/hop/11"));
        assertEquals("more than 10 redirects (the eleventh to /hop/11)", r.why());

        r = begun(null);
        assertEquals(Redirects.Next.FOLLOW, r.next(302, "/a"));
        hop(r);
        assertEquals(Redirects.Next.FOLLOW, r.next(302, "/b"));
        hop(r);
        assertEquals(Redirects.Next.BROKEN, r.next(302, "/a"));
        assertEquals("a redirect loop: GET /a again after 3 redirects", r.why());
    }

    @Test
    void aCookieSetOnTheWayMakesTheSameTargetANewRequest() {
        CookieJar jar = new CookieJar();
        Redirects r = begun(jar);
        assertEquals(Redirects.Next.FOLLOW, r.next(302, "/check"));
        hop(r);
        jar.store("seen=1; Path=/");
        assertEquals(Redirects.Next.FOLLOW, r.next(302, "/check"), "a cookie check that redirects to itself once");
        assertTrue(hop(r).contains("Cookie: seen=1\r\n"));
        assertEquals(Redirects.Next.BROKEN, r.next(302, "/check"));
    }
}
