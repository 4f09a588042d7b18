package io.wsbench.model.record;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Failed requests by {@link ErrorKind}, written in run.json as one count per kind:
 * {@code {"connect": 0, "timeout": 2, "httpStatus": 0, "soapFault": 0, "validation": 7, ...}}. Every
 * point lists the transport's kinds ({@link ErrorKind#TRANSPORT}), the kinds its protocol declares
 * (a SOAP target's {@code soapFault}, a GraphQL target's {@code graphqlErrors}, a gRPC target's
 * {@code grpcStatus}, a flow's {@code redirects}), at 0 too, and any other kind it counted. A response
 * that arrived but was wrong is a {@code validation} error; one that was not even well-formed HTTP (or
 * endless) is a {@code protocol} error; a {@code client} error is wsbench's side failing.
 */
public record ErrorCounts(Map<ErrorKind, Long> byKind) {

    public static final ErrorCounts NONE = new ErrorCounts(Map.of());

    public ErrorCounts {
        Map<ErrorKind, Long> sorted = new TreeMap<>(ErrorKind.ORDER);
        ErrorKind.TRANSPORT.forEach(k -> sorted.put(k, 0L));
        byKind.forEach((k, n) -> sorted.merge(k, n, Long::sum));
        byKind = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(sorted));
    }

    /** The counts of the transport's kinds (the others at 0): connect, timeout, httpStatus, validation, protocol, client. */
    public static ErrorCounts of(long connect, long timeout, long httpStatus, long validation, long protocol, long client) {
        return new ErrorCounts(Map.of(ErrorKind.CONNECT, connect, ErrorKind.TIMEOUT, timeout, ErrorKind.HTTP_STATUS, httpStatus,
                ErrorKind.VALIDATION, validation, ErrorKind.PROTOCOL, protocol, ErrorKind.CLIENT, client));
    }

    /** As run.json reads them: a count per kind's key. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ErrorCounts read(Map<String, Long> counts) {
        Map<ErrorKind, Long> m = new LinkedHashMap<>();
        counts.forEach((key, n) -> m.put(ErrorKind.named(key), n == null ? 0 : n));
        return new ErrorCounts(m);
    }

    /** As run.json writes them: a count per kind's key, in the kinds' order. */
    @JsonValue
    public Map<String, Long> written() {
        Map<String, Long> m = new LinkedHashMap<>();
        byKind.forEach((k, n) -> m.put(k.key(), n));
        return m;
    }

    /** These counts with every kind of {@code kinds} listed, at 0 when none was counted (what the point's protocol can count). */
    public ErrorCounts listing(Collection<ErrorKind> kinds) {
        Map<ErrorKind, Long> m = new LinkedHashMap<>(byKind);
        kinds.forEach(k -> m.putIfAbsent(k, 0L));
        return m.size() == byKind.size() ? this : new ErrorCounts(m);
    }

    /** The failures of {@code kind}. */
    public long count(ErrorKind kind) {
        return byKind.getOrDefault(kind, 0L);
    }

    /** These errors and {@code o}'s together: the errors of two parts of one point. */
    public ErrorCounts plus(ErrorCounts o) {
        Map<ErrorKind, Long> m = new LinkedHashMap<>(byKind);
        o.byKind.forEach((k, n) -> m.merge(k, n, Long::sum));
        return new ErrorCounts(m);
    }

    public long total() {
        return byKind.values().stream().mapToLong(Long::longValue).sum();
    }
}
