package io.wsbench.core.load;

import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.ErrorKind;

import java.util.HashMap;
import java.util.Map;

/**
 * Errors by kind as one I/O thread counts them, a point's ({@link Recorder}) or a step's
 * ({@link StepRecorder}): plain fields that only that thread writes, read once the point has finished.
 * The transport's kinds are fields; a protocol's (a SOAP Fault, a gRPC status) are counted by the
 * kind its {@link Verdict} carries, so a protocol's new kind needs no line here.
 */
class ErrorTally {

    long connect;
    long timeout;
    long httpStatus;
    long validation;
    long protocol;
    long client;
    /** The protocols' kinds, made on the first such error. */
    private Map<ErrorKind, long[]> declared;

    /** Counts an answer that failed as {@code v} says (not {@link Verdict#OK}). */
    final void verdict(Verdict v) {
        if (v == Verdict.HTTP_STATUS) {
            httpStatus++;
        } else if (v == Verdict.VALIDATION) {
            validation++;
        } else if (v.kind() == null) {
            throw new IllegalArgumentException(v.toString());
        } else {
            if (declared == null) {
                declared = new HashMap<>(4);
            }
            declared.computeIfAbsent(v.kind(), k -> new long[1])[0]++;
        }
    }

    /** Adds {@code other}'s counts to these (the threads' tallies summed into the point's). */
    final void add(ErrorTally other) {
        connect += other.connect;
        timeout += other.timeout;
        httpStatus += other.httpStatus;
        validation += other.validation;
        protocol += other.protocol;
        client += other.client;
        if (other.declared != null) {
            if (declared == null) {
                declared = new HashMap<>(4);
            }
            other.declared.forEach((k, n) -> declared.computeIfAbsent(k, x -> new long[1])[0] += n[0]);
        }
    }

    final ErrorCounts counts() {
        ErrorCounts transport = ErrorCounts.of(connect, timeout, httpStatus, validation, protocol, client);
        if (declared == null) {
            return transport;
        }
        Map<ErrorKind, Long> m = new HashMap<>(transport.byKind());
        declared.forEach((k, n) -> m.put(k, n[0]));
        return new ErrorCounts(m);
    }
}
