package io.wsbench.core.load;

/**
 * Told four times a second how a point is going, so a command line can show a progress bar, and
 * each second as it closes.
 */
@FunctionalInterface
public interface ProgressListener {

    /**
     * @param done        requests answered so far (valid or not)
     * @param expected    requests the point will send, or -1 when it runs for a duration
     * @param elapsed     seconds since the point started
     * @param total       seconds the point will run, or -1 when it runs for a request count
     * @param currentRate requests per second over the last second
     */
    void progress(long done, long expected, double elapsed, double total, double currentRate);

    /**
     * A second of the point closed: its answers, p99 and errors (a live page draws it as it comes),
     * and its answers' latencies in microseconds ({@code latencies}, null when it had none).
     */
    default void second(io.wsbench.model.record.SecondSample second, org.HdrHistogram.Histogram latencies) {
    }

    /** A minute of a long point closed, with what the server did in it (a console prints it as it comes). */
    default void minute(io.wsbench.model.record.MinuteSample minute) {
    }

    ProgressListener NONE = (done, expected, elapsed, total, rate) -> { };
}
