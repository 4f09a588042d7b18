package io.wsbench.core.load;

import java.util.Map;
import java.util.Set;

/**
 * What a flow's step makes of its answer: checks it and takes the variables it gives. One instance
 * per I/O thread, so it may keep parsing state.
 */
public interface StepAnswer {

    /** The headers it reads, names in lower case (Set-Cookie is the cookie jar's). */
    default Set<String> headers() {
        return Set.of();
    }

    /**
     * Checks {@code answer} and puts what it extracts in {@code variables}; null when it passes,
     * else why not. {@code headers}: the last value of each header of {@link #headers}, by lower-case name.
     */
    Failure read(int status, String contentType, byte[] body, int length, Map<String, String> headers, String[] variables);

    /** Why an answer failed: counted as an error of {@code kind}. */
    record Failure(Verdict kind, String why) {
    }

    /** Any 2xx answer, nothing taken from it. */
    StepAnswer ANY_2XX = (status, contentType, body, length, headers, variables) ->
            status >= 200 && status < 300 ? null : new Failure(Verdict.HTTP_STATUS, "status " + status);
}
