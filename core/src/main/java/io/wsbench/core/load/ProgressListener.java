package io.wsbench.core.load;

/** Told four times a second how a point is going, so a command line can show a progress bar. */
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

    ProgressListener NONE = (done, expected, elapsed, total, rate) -> { };
}
