package io.wsbench.model.record;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;

/**
 * How a point spoke HTTP/2: {@code protocol} "h2" (TLS, by ALPN) or "h2c" (prior knowledge), the
 * streams each connection carried at most, the connections it opened (more than its share when a
 * server's GOAWAY sent it to a new one), and the server's stream resets and GOAWAYs by their code
 * ({@code "RST_STREAM INTERNAL_ERROR (2)": 100}): each reset is one of the point's protocol errors, but for the streams a
 * server refused beyond its limit before its SETTINGS told it ({@code "RST_STREAM REFUSED_STREAM (7), sent again"}), which
 * it never processed and which are sent again.
 * {@code grpcMessages}: the messages of the gRPC calls that ended OK (a server-streaming call's many,
 * a unary call's one), when the point made gRPC calls.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Http2Record(String protocol, int streams, long connections, Map<String, Long> events,
                          @JsonInclude(JsonInclude.Include.NON_DEFAULT) long grpcMessages) {

    public Http2Record(String protocol, int streams, long connections, Map<String, Long> events) {
        this(protocol, streams, connections, events, 0);
    }

    public Http2Record {
        events = events == null ? Map.of() : Map.copyOf(new java.util.TreeMap<>(events));
    }
}
