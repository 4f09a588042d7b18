package io.wsbench.core.load;

import java.time.Duration;

/**
 * How hard and how long to push one point.
 *
 * @param open            true for a constant rate (open loop), false for users waiting on answers
 * @param connections     users in the closed model; connections sharing the rate in the open model
 * @param requestsPerUser requests each user (or connection) sends, or 0 to run for {@code duration}
 * @param duration        how long to run when {@code requestsPerUser} is 0
 * @param rate            requests per second in the open model
 * @param thinkTime       pause between an answer and the next request of a closed-loop user
 * @param keepAlive       reuse connections; false opens one connection per request
 * @param timeout         a request not answered by then counts as a timeout error
 * @param eachRequest     also keep the latency of every request, in order (a cold start's first
 *                        requests); only for a request count of at most {@link #MAX_EACH}
 */
public record LoadSpec(boolean open, int connections, long requestsPerUser, Duration duration, double rate,
                       Duration thinkTime, boolean keepAlive, Duration timeout, boolean eachRequest) {

    /** The most requests whose latencies are kept one by one: enough for a cold start, small in run.json. */
    public static final int MAX_EACH = 10_000;

    public LoadSpec(boolean open, int connections, long requestsPerUser, Duration duration, double rate,
                    Duration thinkTime, boolean keepAlive, Duration timeout) {
        this(open, connections, requestsPerUser, duration, rate, thinkTime, keepAlive, timeout, false);
    }

    public LoadSpec {
        if (eachRequest && (requestsPerUser <= 0 || requestsPerUser * connections > MAX_EACH)) {
            throw new IllegalArgumentException("eachRequest needs a request count of at most " + MAX_EACH + " in all");
        }
        if (connections < 1) {
            throw new IllegalArgumentException("users/connections must be at least 1, got " + connections);
        }
        if (requestsPerUser <= 0 && (duration == null || duration.isZero() || duration.isNegative())) {
            throw new IllegalArgumentException("give a request count or a duration");
        }
        if (open && !(rate > 0)) {
            throw new IllegalArgumentException("an open-loop point needs a rate above 0");
        }
        thinkTime = thinkTime == null ? Duration.ZERO : thinkTime;
        timeout = timeout == null ? Duration.ofSeconds(30) : timeout;
    }

    public static LoadSpec closed(int users, long requestsPerUser) {
        return new LoadSpec(false, users, requestsPerUser, null, 0, null, true, null);
    }

    public static LoadSpec closedFor(int users, Duration duration) {
        return new LoadSpec(false, users, 0, duration, 0, null, true, null);
    }

    public static LoadSpec openFor(int connections, double rate, Duration duration) {
        return new LoadSpec(true, connections, 0, duration, rate, null, true, null);
    }

    public LoadSpec withKeepAlive(boolean keep) {
        return new LoadSpec(open, connections, requestsPerUser, duration, rate, thinkTime, keep, timeout, eachRequest);
    }

    public LoadSpec withThinkTime(Duration think) {
        return new LoadSpec(open, connections, requestsPerUser, duration, rate, think, keepAlive, timeout, eachRequest);
    }

    public LoadSpec withTimeout(Duration t) {
        return new LoadSpec(open, connections, requestsPerUser, duration, rate, thinkTime, keepAlive, t, eachRequest);
    }

    /** Total requests this point will send, or -1 when it runs for a duration. */
    public long expectedRequests() {
        return requestsPerUser > 0 ? requestsPerUser * connections : -1;
    }
}
