package io.wsbench.model.suite;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a target at a {@code url} without a {@code protocol} sends, as {@code wsbench load URL}'s
 * options write it: its {@code method} (GET, or POST with a {@code body}), its {@code body} (a file,
 * relative to the suite), its {@code headers}, a {@code soapAction} (which makes the body
 * {@code text/xml}) and {@code expect}, a text every answer's body must hold to count as valid.
 */
public record RequestSpec(String method, String body, Map<String, String> headers, String soapAction, String expect) {

    public RequestSpec {
        if (method != null && !method.matches("[A-Za-z]+")) {
            throw new IllegalArgumentException("a request's 'method' is a word such as GET or POST, not '" + method + "'");
        }
        method = method == null ? null : method.toUpperCase(Locale.ROOT);
        headers = headers == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        for (String name : headers.keySet()) {
            if (name.isBlank() || name.contains(":")) {
                throw new IllegalArgumentException("a header is named by a word without ':', not '" + name + "'");
            }
        }
    }

    /** Whether it gives headers and nothing else (all an {@code openapi} target takes). */
    public boolean headersOnly() {
        return method == null && body == null && soapAction == null && expect == null;
    }

    /** Whether it asks for anything but the plain GET, any 2xx valid. */
    public boolean plainGet() {
        return headersOnly() && headers.isEmpty();
    }

    /** The method sent: the one named, else POST with a body, else GET. */
    public String methodSent() {
        return method != null ? method : body != null ? "POST" : "GET";
    }
}
