package io.wsbench.core.load;

import java.util.SplittableRandom;

/**
 * A pause between two steps of a flow: always {@code nanos} (constant), drawn evenly between
 * {@code nanos} and {@code maxNanos} (uniform), or exponentially distributed with mean {@code nanos}
 * (exponential: the pauses of Poisson arrivals).
 */
public record ThinkTime(Kind kind, long nanos, long maxNanos) {

    public enum Kind { CONSTANT, UNIFORM, EXPONENTIAL }

    public ThinkTime {
        if (nanos < 0 || (kind == Kind.UNIFORM && maxNanos < nanos)) {
            throw new IllegalArgumentException("a think time is at least 0, and a uniform one's end is after its start");
        }
    }

    /** The next pause, drawn from {@code random} (each user has its own). */
    public long next(SplittableRandom random) {
        return switch (kind) {
            case CONSTANT -> nanos;
            case UNIFORM -> nanos == maxNanos ? nanos : random.nextLong(nanos, maxNanos + 1);
            case EXPONENTIAL -> (long) (-Math.log(1 - random.nextDouble()) * nanos);
        };
    }
}
