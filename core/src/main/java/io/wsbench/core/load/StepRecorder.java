package io.wsbench.core.load;

import io.wsbench.core.record.ErrorCounts;
import org.HdrHistogram.Histogram;

/**
 * What one I/O thread measured of one step of a flow: its answers' latencies, errors by kind, bytes
 * and the first failure. Only that thread writes it; it is read once the point has finished.
 */
final class StepRecorder {

    final Histogram latencies = new Histogram(1, Recorder.HIGHEST_MICROS, 3);
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
    long requestsSent;
    /** Redirects followed: each hop is a request sent, in the step's latency. */
    long hops;
    long bytesSent;
    long bytesReceived;
    String firstFailure;

    void ok(long micros) {
        latencies.recordValue(Math.min(Math.max(micros, 1), Recorder.HIGHEST_MICROS));
    }

    void failed(Verdict v, String why) {
        switch (v) {
            case HTTP_STATUS -> httpStatus++;
            case SOAP_FAULT -> soapFault++;
            case GRAPHQL_ERRORS -> graphqlErrors++;
            case GRPC_STATUS -> grpcStatus++;
            case REDIRECTS -> redirects++;
            case VALIDATION -> validation++;
            default -> throw new IllegalArgumentException(v.name());
        }
        note(why);
    }

    void note(String why) {
        if (firstFailure == null) {
            firstFailure = why;
        }
    }

    ErrorCounts errors() {
        return new ErrorCounts(connect, timeout, httpStatus, soapFault, validation, protocol, client, graphqlErrors, grpcStatus, redirects);
    }
}
