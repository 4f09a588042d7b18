package io.wsbench.service.own;

/**
 * The schema an answer's body must match: the output element of a WSDL operation, or the JSON
 * schema of an OpenAPI response. Called from several I/O threads at once: keep no state per call.
 */
@FunctionalInterface
public interface AnswerSchema {

    /**
     * Null when {@code body} (valid from 0 to {@code length}) with HTTP {@code status} and media type
     * {@code contentType} (the header's value, "" when absent) matches, else the first problem in one line.
     */
    String problem(int status, String contentType, byte[] body, int length);
}
