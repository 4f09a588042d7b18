package io.wsbench.core.record;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;

/**
 * How a point spoke HTTP/2: {@code protocol} "h2" (TLS, by ALPN) or "h2c" (prior knowledge), the
 * streams each connection carried at most, the connections it opened (more than its share when a
 * server's GOAWAY sent it to a new one), and the server's stream resets and GOAWAYs by their code
 * ({@code "RST_STREAM INTERNAL_ERROR (2)": 100}): each reset is one of the point's protocol errors.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Http2Record(String protocol, int streams, long connections, Map<String, Long> events) {

    public Http2Record {
        events = events == null ? Map.of() : Map.copyOf(new java.util.TreeMap<>(events));
    }
}
