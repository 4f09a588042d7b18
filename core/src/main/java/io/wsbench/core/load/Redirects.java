package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * One user's way through a step's redirects, as a browser takes them: 301, 302, 303, 307 and 308
 * followed within the target's origin (scheme, host and port of the step's request); a 303, or a 301
 * or 302 after a POST, becomes a GET without the body, a 307 or 308 keeps the method and body; each
 * hop carries the cookies of its own path. Ten hops at most; a request met twice in one chain (the
 * same method, target and cookies) is a loop. Only the user's I/O thread touches it. Its rules of
 * which answer a browser follows, and how, are public: {@code wsbench har} reads a recording by them.
 */
public final class Redirects {

    /** A step following redirects met a loop (the same request twice) or an eleventh hop: a chain no browser would end. */
    static final io.wsbench.model.record.ErrorKind KIND = io.wsbench.model.record.ErrorKind.declare("redirects",
            "redirect loops or chains over 10 hops", 13);
    static final Verdict ENDLESS = Verdict.of(KIND);

    static final String LOCATION = "location";
    public static final int MOST_HOPS = 10;

    /** What an answer means for the step under way. */
    enum Next {
        /** Not a redirect to follow: the answer is the step's. */
        ANSWER,
        /** A hop to send: {@link #request} writes it. */
        FOLLOW,
        /** A chain no browser would end: an error of its own kind, {@link #why} says which. */
        BROKEN
    }

    private final String scheme;
    private final CookieJar jar;
    private final Set<String> seen = new HashSet<>();
    private String method;
    private String target;
    private String host;
    private String cookies;
    private boolean toGet;
    private boolean pending;
    private int hops;
    private String why;

    Redirects(boolean tls, CookieJar jar) {
        this.scheme = tls ? "https" : "http";
        this.jar = jar;
    }

    /** Whether an answer of {@code status} is a redirect a browser follows (when it has a Location). */
    public static boolean redirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    /** The method of the request that follows a redirect of {@code status} answering {@code method}. */
    public static String methodAfter(int status, String method) {
        return becomesGet(status, method) ? "GET" : method;
    }

    /** A 303 (but for a HEAD), or a 301 or 302 after a POST: the next request is a GET, without the body. */
    private static boolean becomesGet(int status, String method) {
        return status == 303 ? !method.equals("HEAD") : (status == 301 || status == 302) && method.equals("POST");
    }

    /** Whether {@code a} and {@code b} are one origin: scheme and host (without case) and port (80 or 443 when none is written). */
    public static boolean sameOrigin(URI a, URI b) {
        return a.getScheme() != null && a.getScheme().equalsIgnoreCase(b.getScheme())
                && a.getHost() != null && a.getHost().equalsIgnoreCase(b.getHost()) && port(a) == port(b);
    }

    /** A step's first request is written: its method, target and Host are read from its bytes, without consuming them. */
    void begin(ByteBuf request, String cookies) {
        String head = head(request);
        int sp = head.indexOf(' ');
        int sp2 = head.indexOf(' ', sp + 1);
        method = head.substring(0, sp);
        target = head.substring(sp + 1, sp2 < 0 ? head.indexOf('\r') : sp2);
        host = null;
        for (String line : head.split("\r\n")) {
            if (line.regionMatches(true, 0, "host:", 0, 5)) {
                host = line.substring(5).strip();
            }
        }
        this.cookies = cookies;
        toGet = false;
        pending = false;
        hops = 0;
        why = null;
        seen.clear();
        seen.add(key());
    }

    /** Whether a hop is due: the step's next request is {@link #request}'s, not its own. */
    boolean pending() {
        return pending;
    }

    /** The hops of the chain under way; an error ends it. */
    void clear() {
        pending = false;
        why = null;
    }

    /** What to make of an answer of {@code status} whose Location is {@code location} (null when it has none). */
    Next next(int status, String location) {
        why = null;
        if (!redirect(status) || location == null || host == null) {
            return Next.ANSWER;
        }
        URI to;
        try {
            to = URI.create(scheme + "://" + host + target).resolve(location.strip());
        } catch (IllegalArgumentException e) {
            why = "its redirect (" + status + ") to '" + location + "' is no URL: not followed";
            return Next.ANSWER;
        }
        if (!sameOrigin(URI.create(scheme + "://" + host + "/"), to)) {
            why = "its redirect (" + status + ") to " + to + " is another origin than " + scheme + "://" + host + ": not followed";
            return Next.ANSWER;
        }
        if (hops == MOST_HOPS) {
            why = "more than " + MOST_HOPS + " redirects (the eleventh to " + to.getRawPath() + ")";
            return Next.BROKEN;
        }
        if (becomesGet(status, method)) {
            method = "GET";
            toGet = true;
        }
        String path = to.getRawPath() == null || to.getRawPath().isEmpty() ? "/" : to.getRawPath();
        target = path + (to.getRawQuery() == null ? "" : "?" + to.getRawQuery());
        cookies = jar == null ? null : jar.header(path);
        if (!seen.add(key())) {
            why = "a redirect loop: " + method + " " + target + " again after " + (hops + 1) + (hops == 0 ? " redirect" : " redirects");
            return Next.BROKEN;
        }
        hops++;
        pending = true;
        return Next.FOLLOW;
    }

    /** Why the last answer was not followed, or broke the chain; null when it was not a redirect. */
    String why() {
        return why;
    }

    /**
     * The hop's request, made from the step's own request {@code step} (written afresh, without
     * cookies; released here): its request line pointed at the new target, its cookies the new
     * path's, and without its body when it became a GET.
     */
    ByteBuf request(ByteBuf step, ByteBufAllocator alloc) {
        try {
            String head = head(step);
            StringBuilder out = new StringBuilder(head.length() + 64).append(method).append(' ').append(target).append(" HTTP/1.1\r\n");
            String[] lines = head.split("\r\n");
            for (int i = 1; i < lines.length; i++) {
                String lower = lines[i].toLowerCase(Locale.ROOT);
                if (lower.startsWith("cookie:") || toGet && (lower.startsWith("content-length:")
                        || lower.startsWith("content-type:") || lower.startsWith("transfer-encoding:"))) {
                    continue;
                }
                out.append(lines[i]).append("\r\n");
            }
            if (cookies != null) {
                out.append("Cookie: ").append(cookies).append("\r\n");
            }
            out.append("\r\n");
            int bodyFrom = step.readerIndex() + head.length() + 4;
            int body = toGet ? 0 : step.writerIndex() - bodyFrom;
            ByteBuf request = alloc.buffer(out.length() + body);
            request.writeCharSequence(out, StandardCharsets.ISO_8859_1);
            if (body > 0) {
                request.writeBytes(step, bodyFrom, body);
            }
            pending = false;
            return request;
        } finally {
            step.release();
        }
    }

    private String key() {
        return method + " " + target + "\n" + cookies;
    }

    /** The request's head up to (not with) its empty line. */
    private static String head(ByteBuf request) {
        int from = request.readerIndex();
        int end = request.writerIndex();
        for (int i = from; i + 3 < end; i++) {
            if (request.getByte(i) == '\r' && request.getByte(i + 1) == '\n' && request.getByte(i + 2) == '\r'
                    && request.getByte(i + 3) == '\n') {
                return request.toString(from, i - from, StandardCharsets.ISO_8859_1);
            }
        }
        throw new IllegalArgumentException("a request without the empty line after its head");
    }

    private static int port(URI u) {
        return u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
    }
}
