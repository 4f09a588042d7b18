package io.wsbench.core.load;

import java.util.Map;

/**
 * What a flow's step does to its messages beyond its template, e.g. WS-Security: the request's body
 * sealed once its variables are filled (a signature covers the filled bytes, so it cannot be split
 * into a template), and the answer's body opened before the step's extractions and checks read it.
 * One instance per I/O thread; the engine knows nothing of how it seals.
 */
public interface StepSecurity {

    /** The request body sealed: what is sent instead of {@code body}. */
    byte[] seal(byte[] body);

    /** The answer's body opened (verified, decrypted); throws with the reason when it is not sealed as required. */
    byte[] open(byte[] body, int length) throws Exception;

    /**
     * {@code rules} reading each 200 answer as this opens it; an answer that does not open is a
     * {@code validation} error. Any other status is read as it came (a SOAP Fault is not sealed).
     */
    default StepAnswer opening(StepAnswer rules) {
        return new StepAnswer() {
            @Override
            public java.util.Set<String> headers() {
                return rules.headers();
            }

            @Override
            public Failure read(int status, String contentType, byte[] body, int length, Map<String, String> headers,
                                String[] variables) {
                if (status != 200) {
                    return rules.read(status, contentType, body, length, headers, variables);
                }
                byte[] opened;
                try {
                    opened = open(body, length);
                } catch (Exception e) {
                    return new Failure(Verdict.VALIDATION, "WS-Security: " + String.valueOf(e.getMessage()).replace('\n', ' '));
                }
                return rules.read(status, contentType, opened, opened == body ? length : opened.length, headers, variables);
            }
        };
    }
}
