package io.wsbench.core.load;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.concurrent.atomic.LongAdder;

/**
 * What one I/O thread measured. Latencies go to a single-writer HdrHistogram recorder that a
 * sampler can read each second without stopping the writer; counts are plain fields read once the
 * thread has finished (the finish latch orders the reads after the writes).
 */
final class Recorder {

    static final long HIGHEST_MICROS = 3_600_000_000L;

    private final SingleWriterRecorder latencies = new SingleWriterRecorder(1, HIGHEST_MICROS, 3);
    final LongAdder errorsNow = new LongAdder();
    long connect;
    long timeout;
    long httpStatus;
    long soapFault;
    long validation;
    long bytesSent;
    long bytesReceived;
    long requestsSent;
    long responses;
    long lastCompletionNanos;

    void ok(long latencyMicros, long now) {
        latencies.recordValue(Math.min(Math.max(latencyMicros, 1), HIGHEST_MICROS));
        responses++;
        lastCompletionNanos = now;
    }

    void error(Verdict v, long now) {
        switch (v) {
            case HTTP_STATUS -> httpStatus++;
            case SOAP_FAULT -> soapFault++;
            case VALIDATION -> validation++;
            default -> throw new IllegalArgumentException(v.name());
        }
        responses++;
        lastCompletionNanos = now;
        errorsNow.increment();
    }

    void connectError() {
        connect++;
        errorsNow.increment();
    }

    void timeoutError() {
        timeout++;
        errorsNow.increment();
    }

    /** Moves what was recorded since the last call into {@code into}. Called by the sampler only. */
    Histogram drainInto(Histogram reuse) {
        return latencies.getIntervalHistogram(reuse);
    }
}
