package io.wsbench.core.load;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one I/O thread measured. Latencies go to a plain HdrHistogram that only that thread
 * touches: the sampler swaps it for a spare by a task run on the same thread, so recording costs
 * no atomic operation at all. Counts are plain fields read once the thread has finished (the
 * finish latch orders the reads after the writes).
 *
 * <p>The per-second series is kept here too, by each answer's completion time as this thread saw
 * it: the answers of second N go to second N however late the sampler reads them, so a late tick
 * never moves answers from one second to the next nor makes a dip that the server did not.
 */
final class Recorder extends ErrorTally {

    static final long HIGHEST_MICROS = 3_600_000_000L;

    private Histogram latencies = new Histogram(1, HIGHEST_MICROS, 3);
    final LongAdder errorsNow = new LongAdder();
    /** Requests asked for or due that were never answered: in flight or not yet sent when the point ended. */
    long unfinished;
    long bytesSent;
    long bytesReceived;
    long requestsSent;
    /** A profiled point only: the requests sent in each of its seconds (null otherwise: nothing to pay). */
    long[] sentBySecond;
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
    /** The point's start, from which completions are placed in their second (set by {@link #begin}). */
    long start;
    /** When the current second ends: an answer before it needs no division to find its second. */
    private long secondEnds;
    private int second;
    private Histogram secondLatencies = new Histogram(1, HIGHEST_MICROS, 2);
    private long secondErrors;
    /** The current second's first and last answer, in ns from {@link #start}; NONE before its first. */
    private long secondFirst = NONE;
    private long secondLast;
    private static final long NONE = Long.MIN_VALUE;
    /** Seconds this thread has moved past, not yet taken by the sampler. */
    private List<SecondPart> closed = new ArrayList<>();

    /**
     * What one I/O thread saw in one second of the point: its first and last answers' times too, in ns from the
     * point's start, so that a stall is measured from the last answer before it to the first after it.
     */
    record SecondPart(int second, Histogram latencies, long errors, long firstNanos, long lastNanos) {

        SecondPart plus(SecondPart o) {
            latencies.add(o.latencies);
            return new SecondPart(second, latencies, errors + o.errors, Math.min(firstNanos, o.firstNanos),
                    Math.max(lastNanos, o.lastNanos));
        }
    }

    /** One more request (a flow's iteration) sent, at {@code now}. */
    void sent(long now) {
        requestsSent++;
        if (sentBySecond != null) {
            long second = (now - start) / 1_000_000_000L;
            if (second >= 0 && second < sentBySecond.length) {
                sentBySecond[(int) second]++;
            }
        }
    }

    void keepEach(int capacity) {
        eachAt = new long[capacity];
        eachMicros = new long[capacity];
    }

    void ok(long latencyMicros, long now) {
        long v = Math.min(Math.max(latencyMicros, 1), HIGHEST_MICROS);
        latencies.recordValue(v);
        rollTo(now);
        answered(now);
        secondLatencies.recordValue(v);
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
        verdict(v);
        answeredInError(now);
    }

    /** A response that was not HTTP, or too long to keep: the connection is dropped. */
    void protocolError(long now) {
        protocol++;
        answeredInError(now);
    }

    /** The request source or a check threw: wsbench's own side failed on this request. */
    void clientError(long now) {
        client++;
        answeredInError(now);
    }

    private void answeredInError(long now) {
        lastCompletionNanos = now;
        failed(now);
        each(now, -1);
    }

    private void failed(long now) {
        errorsNow.increment();
        rollTo(now);
        answered(now);
        secondErrors++;
    }

    /** An iteration (a single request) that failed at {@code now}, counted as {@code as} says ({@code kind}: a verdict's). */
    void failed(RecordAs as, Verdict kind, long now) {
        switch (as) {
            case VERDICT -> error(kind, now);
            case CONNECT, CLOSED -> connectError(now);
            case TIMEOUT -> timeoutError(now);
            case PROTOCOL -> protocolError(now);
            case CLIENT -> clientError(now);
        }
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

    void connectError(long now) {
        connect++;
        failed(now);
    }

    void timeoutError(long now) {
        timeout++;
        failed(now);
    }

    /** Moves this thread's current second up to the one {@code now} falls in, keeping those it leaves. */
    private void rollTo(long now) {
        if (now - secondEnds < 0) {
            return;
        }
        closeSecond();
        second = (int) ((now - start) / 1_000_000_000L);
        secondEnds = start + (second + 1) * 1_000_000_000L;
    }

    private void answered(long now) {
        if (secondFirst == NONE) {
            secondFirst = now - start;
        }
        secondLast = now - start;
    }

    /** Starts the point's seconds at {@code start}; called before the users start. */
    void begin(long pointStart) {
        start = pointStart;
        second = 0;
        secondEnds = pointStart + 1_000_000_000L;
    }

    /** Hands the current second over to the sampler, when anything came in it. */
    private void closeSecond() {
        if (secondLatencies.getTotalCount() > 0 || secondErrors > 0) {
            closed.add(new SecondPart(second, secondLatencies, secondErrors, secondFirst, secondLast));
            secondLatencies = new Histogram(1, HIGHEST_MICROS, 2);
            secondErrors = 0;
            secondFirst = NONE;
        }
    }

    /**
     * The seconds this thread has finished by {@code now}, or all of them, the current one included,
     * when {@code last}. Runs on the recorder's own I/O thread.
     */
    List<SecondPart> takeSeconds(long now, boolean last) {
        rollTo(now);
        if (last) {
            closeSecond();
        }
        List<SecondPart> out = closed;
        closed = new ArrayList<>();
        return out;
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
