package io.wsbench.core.load;

import io.wsbench.model.record.ErrorCounts;
import org.HdrHistogram.Histogram;

import java.util.List;

/**
 * What one step of a flow measured over a point, all I/O threads together: its valid answers'
 * latencies, the requests it sent, errors by kind, bytes, why its first failure failed, and the redirects it followed.
 */
public record StepFigures(String name, Histogram latencies, long requestsSent, ErrorCounts errors, long bytesSent,
                          long bytesReceived, String firstFailure, long redirects) {

    public StepFigures(String name, Histogram latencies, long requestsSent, ErrorCounts errors, long bytesSent,
                       long bytesReceived, String firstFailure) {
        this(name, latencies, requestsSent, errors, bytesSent, bytesReceived, firstFailure, 0);
    }

    /** Valid answers. */
    public long ok() {
        return latencies.getTotalCount();
    }

    /** Answers and errors. */
    public long requests() {
        return ok() + errors.total();
    }

    static StepFigures of(String name, List<StepRecorder> lanes) {
        Histogram h = new Histogram(1, Recorder.HIGHEST_MICROS, 3);
        long sent = 0, out = 0, in = 0, hops = 0;
        ErrorCounts errors = ErrorCounts.NONE;
        String first = null;
        for (StepRecorder r : lanes) {
            h.add(r.latencies);
            sent += r.requestsSent;
            out += r.bytesSent;
            in += r.bytesReceived;
            hops += r.hops;
            errors = errors.plus(r.errors());
            first = first != null ? first : r.firstFailure;
        }
        return new StepFigures(name, h, sent, errors, out, in, first, hops);
    }

    /** The same step measured by several generators: exactly their sum. */
    static StepFigures plus(StepFigures a, StepFigures b) {
        Histogram h = a.latencies.copy();
        h.add(b.latencies);
        return new StepFigures(a.name, h, a.requestsSent + b.requestsSent, a.errors.plus(b.errors),
                a.bytesSent + b.bytesSent, a.bytesReceived + b.bytesReceived,
                a.firstFailure != null ? a.firstFailure : b.firstFailure, a.redirects + b.redirects);
    }
}
