package io.wsbench.core.load;

import io.wsbench.model.record.ErrorCounts;

/**
 * Errors by kind as one I/O thread counts them, a point's ({@link Recorder}) or a step's
 * ({@link StepRecorder}): plain fields that only that thread writes, read once the point has finished.
 * The one place where an answer's {@link Verdict} becomes a count of its kind.
 */
class ErrorTally {

    long connect;
    long timeout;
    long httpStatus;
    long soapFault;
    long graphqlErrors;
    long grpcStatus;
    long redirects;
    long validation;
    long protocol;
    long client;

    /** Counts an answer that failed as {@code v} says (not {@link Verdict#OK}). */
    final void verdict(Verdict v) {
        switch (v) {
            case HTTP_STATUS -> httpStatus++;
            case SOAP_FAULT -> soapFault++;
            case GRAPHQL_ERRORS -> graphqlErrors++;
            case GRPC_STATUS -> grpcStatus++;
            case REDIRECTS -> redirects++;
            case VALIDATION -> validation++;
            default -> throw new IllegalArgumentException(v.name());
        }
    }

    /** Adds {@code other}'s counts to these (the threads' tallies summed into the point's). */
    final void add(ErrorTally other) {
        connect += other.connect;
        timeout += other.timeout;
        httpStatus += other.httpStatus;
        soapFault += other.soapFault;
        graphqlErrors += other.graphqlErrors;
        grpcStatus += other.grpcStatus;
        redirects += other.redirects;
        validation += other.validation;
        protocol += other.protocol;
        client += other.client;
    }

    final ErrorCounts counts() {
        return new ErrorCounts(connect, timeout, httpStatus, soapFault, validation, protocol, client, graphqlErrors, grpcStatus,
                redirects);
    }
}
