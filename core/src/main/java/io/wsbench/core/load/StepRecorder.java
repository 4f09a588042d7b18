package io.wsbench.core.load;

import io.wsbench.model.record.ErrorCounts;
import org.HdrHistogram.Histogram;

/**
 * What one I/O thread measured of one step of a flow: its answers' latencies, errors by kind, bytes
 * and the first failure. Only that thread writes it; it is read once the point has finished.
 */
final class StepRecorder extends ErrorTally {

    final Histogram latencies = new Histogram(1, Recorder.HIGHEST_MICROS, 3);
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
        verdict(v);
        note(why);
    }

    void note(String why) {
        if (firstFailure == null) {
            firstFailure = why;
        }
    }

    /** A request of this step lost before its answer could be read, counted as {@code as} says, for {@code why}. */
    void lost(RecordAs as, String why) {
        switch (as) {
            case CONNECT, CLOSED -> connect++;
            case TIMEOUT -> timeout++;
            case PROTOCOL -> protocol++;
            default -> client++;
        }
        note(why);
    }

    /** What wsbench's own side said when it failed on a request: {@code what}, the exception's kind and first line. */
    static String thrown(String what, RuntimeException e) {
        return what + ": " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse(""));
    }

    ErrorCounts errors() {
        return counts();
    }
}
