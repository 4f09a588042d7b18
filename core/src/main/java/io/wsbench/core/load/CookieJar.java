package io.wsbench.core.load;

import io.netty.handler.codec.http.cookie.ClientCookieDecoder;
import io.netty.handler.codec.http.cookie.ClientCookieEncoder;
import io.netty.handler.codec.http.cookie.Cookie;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One virtual user's cookies, read from Set-Cookie by Netty's cookie codec and sent back on the
 * requests whose path they match. All of a flow's requests go to one host, so only paths are
 * matched. The header is written again only after the jar changed.
 */
final class CookieJar {

    private final Map<String, Cookie> cookies = new LinkedHashMap<>();
    private String lastPath;
    private String lastHeader;

    void store(String setCookie) {
        Cookie c = ClientCookieDecoder.LAX.decode(setCookie);
        if (c == null) {
            return;
        }
        String key = c.name() + ';' + (c.path() == null ? "/" : c.path());
        if (c.maxAge() == 0) {
            cookies.remove(key);
        } else {
            cookies.put(key, c);
        }
        lastPath = null;
    }

    /** The Cookie header's value for a request to {@code path}, or null when no cookie matches. */
    String header(String path) {
        if (cookies.isEmpty()) {
            return null;
        }
        if (path.equals(lastPath)) {
            return lastHeader;
        }
        List<Cookie> sent = new ArrayList<>();
        for (Cookie c : cookies.values()) {
            String p = c.path() == null ? "/" : c.path();
            if (path.startsWith(p) && (p.endsWith("/") || path.length() == p.length() || path.charAt(p.length()) == '/')) {
                sent.add(c);
            }
        }
        lastPath = path;
        lastHeader = sent.isEmpty() ? null : ClientCookieEncoder.LAX.encode(sent);
        return lastHeader;
    }
}
