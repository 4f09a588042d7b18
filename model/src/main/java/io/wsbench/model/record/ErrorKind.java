package io.wsbench.model.record;

import io.wsbench.model.Plugins;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A kind of failed request, as run.json, the CSVs, the report's flags and the metrics name it:
 * {@code key} is its name there ("soapFault"), {@code said} how a flag says a count of it ("SOAP
 * faults"), {@code rank} its place in a list of kinds (the transport's first, what the answers said
 * after). The transport's kinds are declared here; every other kind by whoever can count it (a
 * protocol: a SOAP Fault, a GraphQL answer with errors) in a {@link Declared} that the
 * {@link Plugins} finds, so that a new protocol's kind is listed everywhere without a line
 * added to the engine, the report or the command line. A kind read from a run.json that no module
 * here declares is kept and listed under its key.
 */
public record ErrorKind(String key, String said, int rank) {

    private static final Map<String, ErrorKind> KNOWN = new ConcurrentHashMap<>();

    /** The connection could not be opened (refused, reset before an answer, a TLS handshake that failed). */
    public static final ErrorKind CONNECT = transport("connect", "connection errors", 0);
    /** No answer within the request's timeout. */
    public static final ErrorKind TIMEOUT = transport("timeout", "timeouts", 1);
    /** An answer whose status was not the one expected (not 2xx, or not the check's). */
    public static final ErrorKind HTTP_STATUS = transport("httpStatus", "bad HTTP status", 2);
    /** An answer that came but was wrong. */
    public static final ErrorKind VALIDATION = transport("validation", "failed validation", 50);
    /** An answer that was not well-formed HTTP (or was endless). */
    public static final ErrorKind PROTOCOL = transport("protocol", "malformed HTTP", 51);
    /** wsbench's side failed: a request source that could not build the request, or a check that threw. */
    public static final ErrorKind CLIENT = transport("client", "client errors: wsbench's request source or a check threw", 52);

    /** The kinds every point lists, even at 0: a failure any HTTP request can meet. */
    public static final List<ErrorKind> TRANSPORT = List.of(CONNECT, TIMEOUT, HTTP_STATUS, VALIDATION, PROTOCOL, CLIENT);

    /** In the order lists show them. */
    public static final Comparator<ErrorKind> ORDER = Comparator.comparingInt(ErrorKind::rank).thenComparing(ErrorKind::key);

    /** Kinds a module declares (a protocol's), found by {@link Plugins}: {@code META-INF/services}. */
    public interface Declared {
        List<ErrorKind> kinds();
    }

    private static volatile boolean loaded;

    public ErrorKind {
        if (key == null || !key.matches("[A-Za-z][A-Za-z0-9]*")) {
            throw new IllegalArgumentException("an error kind's key is a word of letters and digits, not '" + key + "'");
        }
    }

    private static ErrorKind transport(String key, String said, int rank) {
        ErrorKind k = new ErrorKind(key, said, rank);
        KNOWN.put(key, k);
        return k;
    }

    /**
     * Declares the kind {@code key} (a protocol's, ranked between the transport's 3 and 49): the one
     * instance of it, the same however often it is declared.
     */
    public static ErrorKind declare(String key, String said, int rank) {
        return KNOWN.computeIfAbsent(key, k -> new ErrorKind(k, said, rank));
    }

    /** The kind run.json names {@code key}: one declared here, or one kept under its key when none is. */
    @com.fasterxml.jackson.annotation.JsonCreator(mode = com.fasterxml.jackson.annotation.JsonCreator.Mode.DELEGATING)
    public static ErrorKind named(String key) {
        ErrorKind k = KNOWN.get(key);
        if (k == null && !loaded) {
            loadDeclared();
            k = KNOWN.get(key);
        }
        return k != null ? k : declare(key, key, 49);
    }

    /** Every kind declared by the modules here (the transport's, and those the service loader finds). */
    public static List<ErrorKind> known() {
        if (!loaded) {
            loadDeclared();
        }
        return KNOWN.values().stream().sorted(ORDER).toList();
    }

    private static synchronized void loadDeclared() {
        if (loaded) {
            return;
        }
        for (Declared d : Plugins.of(Declared.class)) {
            d.kinds().forEach(k -> KNOWN.putIfAbsent(k.key(), k));
        }
        loaded = true;
    }

    /** As run.json names it. */
    @com.fasterxml.jackson.annotation.JsonValue
    @Override
    public String toString() {
        return key;
    }
}
