package io.wsbench.core.load;

import org.HdrHistogram.Histogram;

import java.util.concurrent.atomic.LongAdder;

/**
 * What one I/O thread measured. Latencies go to a plain HdrHistogram that only that thread
 * touches: the sampler swaps it for a spare by a task run on the same thread, so recording costs
 * no atomic operation at all. Counts are plain fields read once the thread has finished (the
 * finish latch orders the reads after the writes).
 */
final class Recorder {

    static final long HIGHEST_MICROS = 3_600_000_000L;

    private Histogram latencies = new Histogram(1, HIGHEST_MICROS, 3);
    final LongAdder errorsNow = new LongAdder();
    long connect;
    long timeout;
    long httpStatus;
    long soapFault;
    long validation;
    long protocol;
    long bytesSent;
    long bytesReceived;
    long requestsSent;
    long lastCompletionNanos;
    /** TLS only: handshakes finished, their summed time, and how many resumed a session. */
    long handshakes;
    long handshakeNanos;
    long resumed;
    String tlsProtocol;
    String cipherSuite;
    /** With eachRequest: every answer's completion time and latency (-1 for an error), in order. */
    long[] eachAt;
    long[] eachMicros;
    int eachCount;

    void keepEach(int capacity) {
        eachAt = new long[capacity];
        eachMicros = new long[capacity];
    }

    void ok(long latencyMicros, long now) {
        latencies.recordValue(Math.min(Math.max(latencyMicros, 1), HIGHEST_MICROS));
        lastCompletionNanos = now;
        each(now, Math.max(latencyMicros, 1));
    }

    private void each(long now, long micros) {
        if (eachAt != null && eachCount < eachAt.length) {
            eachAt[eachCount] = now;
            eachMicros[eachCount++] = micros;
        }
    }

    void error(Verdict v, long now) {
        switch (v) {
            case HTTP_STATUS -> httpStatus++;
            case SOAP_FAULT -> soapFault++;
            case VALIDATION -> validation++;
            default -> throw new IllegalArgumentException(v.name());
        }
        lastCompletionNanos = now;
        errorsNow.increment();
        each(now, -1);
    }

    /** A response that was not HTTP, or too long to keep: the connection is dropped. */
    void protocolError(long now) {
        protocol++;
        lastCompletionNanos = now;
        errorsNow.increment();
        each(now, -1);
    }

    void handshake(long nanos, boolean resumedSession, String protocol, String cipher) {
        handshakes++;
        handshakeNanos += nanos;
        if (resumedSession) {
            resumed++;
        }
        if (tlsProtocol == null) {
            tlsProtocol = protocol;
            cipherSuite = cipher;
        }
    }

    void connectError() {
        connect++;
        errorsNow.increment();
    }

    void timeoutError() {
        timeout++;
        errorsNow.increment();
    }

    /**
     * Takes what was recorded since the last swap, leaving {@code spare} (emptied) to record into.
     * Runs on the recorder's own I/O thread.
     */
    Histogram swap(Histogram spare) {
        Histogram full = latencies;
        spare.reset();
        latencies = spare;
        return full;
    }
}
