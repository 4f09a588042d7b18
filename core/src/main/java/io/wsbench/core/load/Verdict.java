package io.wsbench.core.load;

import io.wsbench.model.record.ErrorKind;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the validator made of a response: {@link #OK}, or the {@link ErrorKind} of its failure. Only
 * {@code OK} counts as a request served. There is one verdict per kind ({@link #of}), so verdicts
 * compare with {@code ==}; a protocol makes the verdicts of the kinds it declares (a SOAP Fault, a
 * GraphQL answer with errors) itself.
 */
public final class Verdict {

    private static final Map<ErrorKind, Verdict> BY_KIND = new ConcurrentHashMap<>();

    /** A right answer. */
    public static final Verdict OK = new Verdict(null);
    /** An answer whose status was not the one expected. */
    public static final Verdict HTTP_STATUS = of(ErrorKind.HTTP_STATUS);
    /** An answer that came but was wrong. */
    public static final Verdict VALIDATION = of(ErrorKind.VALIDATION);

    private final ErrorKind kind;

    private Verdict(ErrorKind kind) {
        this.kind = kind;
    }

    /** The verdict of an answer that failed as {@code kind}. */
    public static Verdict of(ErrorKind kind) {
        return BY_KIND.computeIfAbsent(kind, Verdict::new);
    }

    /** The kind of failure, or null for {@link #OK}. */
    public ErrorKind kind() {
        return kind;
    }

    @Override
    public String toString() {
        return kind == null ? "OK" : kind.key();
    }
}
