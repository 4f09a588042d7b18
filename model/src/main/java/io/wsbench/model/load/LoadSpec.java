package io.wsbench.model.load;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

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
 * @param phase           open loop only: how late after the point's start its schedule begins, so the
 *                        parts of a {@link #split} point interleave; the point still ends at start + duration
 * @param profile         null for a constant load; else the stages the rate (open) or the users (closed) follow,
 *                        {@code rate} or {@code connections} then being the most it reaches and {@code duration} its length
 */
@RecordBuilder
public record LoadSpec(boolean open, int connections, long requestsPerUser, Duration duration, double rate,
                       Duration thinkTime, boolean keepAlive, Duration timeout, boolean eachRequest, Duration phase,
                       Profile profile) {

    /** The most requests whose latencies are kept one by one: enough for a cold start, small in run.json. */
    public static final int MAX_EACH = 10_000;

    public LoadSpec(boolean open, int connections, long requestsPerUser, Duration duration, double rate,
                    Duration thinkTime, boolean keepAlive, Duration timeout) {
        this(open, connections, requestsPerUser, duration, rate, thinkTime, keepAlive, timeout, false);
    }

    public LoadSpec(boolean open, int connections, long requestsPerUser, Duration duration, double rate,
                    Duration thinkTime, boolean keepAlive, Duration timeout, boolean eachRequest) {
        this(open, connections, requestsPerUser, duration, rate, thinkTime, keepAlive, timeout, eachRequest, null);
    }

    public LoadSpec(boolean open, int connections, long requestsPerUser, Duration duration, double rate,
                    Duration thinkTime, boolean keepAlive, Duration timeout, boolean eachRequest, Duration phase) {
        this(open, connections, requestsPerUser, duration, rate, thinkTime, keepAlive, timeout, eachRequest, phase, null);
    }

    /**
     * A point whose load follows {@code profile}: an open loop over {@code connections} connections at the
     * profile's rates, or a closed loop of as many users as its highest target.
     */
    public static LoadSpec profiled(boolean open, int connections, Profile profile, Duration thinkTime, boolean keepAlive,
                                    Duration timeout) {
        int users = open ? connections : (int) Math.ceil(profile.max());
        return new LoadSpec(open, users, 0, profile.total(), open ? profile.max() : 0, thinkTime, keepAlive, timeout,
                false, null, profile);
    }

    public LoadSpec {
        if (profile != null && (requestsPerUser > 0 || eachRequest || duration == null
                || !duration.equals(profile.total()))) {
            throw new IllegalArgumentException("a profiled point runs for its stages' time, not a request count");
        }
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
        phase = phase == null ? Duration.ZERO : phase;
        if (phase.isNegative() || (!open && !phase.isZero())) {
            throw new IllegalArgumentException("a phase is a delay of an open-loop schedule, got " + phase);
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
        return new LoadSpec(open, connections, requestsPerUser, duration, rate, thinkTime, keep, timeout,
                eachRequest, phase, profile);
    }

    public LoadSpec withThinkTime(Duration think) {
        return new LoadSpec(open, connections, requestsPerUser, duration, rate, think, keepAlive, timeout,
                eachRequest, phase, profile);
    }

    public LoadSpec withTimeout(Duration t) {
        return new LoadSpec(open, connections, requestsPerUser, duration, rate, thinkTime, keepAlive, t,
                eachRequest, phase, profile);
    }

    /**
     * Closed loop: how long the profile keeps user {@code user} (from 0) from running, {@code nanos}
     * into a point of {@code length} ns: 0 when it runs now (always, without a profile), -1 when it
     * never runs again before the end.
     */
    public long waitForRamp(int user, long nanos, long length) {
        if (profile == null) {
            return 0;
        }
        long next = profile.nextActive(user, nanos);
        return next < 0 || next >= length ? -1 : next - nanos;
    }

    /** Total requests this point will send, or -1 when it runs for a duration. */
    public long expectedRequests() {
        return requestsPerUser > 0 ? requestsPerUser * connections : -1;
    }

    /**
     * The parts that {@code agents} generators run at once so that together they are this point. Users
     * (or connections) are divided, the first {@code connections % agents} parts getting one more, and
     * each keeps its request count, so the counts add up. An open-loop rate R is divided evenly and
     * part i starts i / R seconds late: each part sends every N-th request of one generator at R, and
     * together they send all of them, as k6's execution segments do.
     */
    public List<LoadSpec> split(int agents) {
        if (agents < 1) {
            throw new IllegalArgumentException("a point is split among at least 1 agent, got " + agents);
        }
        if (agents == 1) {
            return List.of(this);
        }
        if (eachRequest) {
            throw new IllegalArgumentException("each request's latency is kept in order by one generator only: "
                    + "a point with eachRequest cannot be split among " + agents + " agents");
        }
        if (connections < agents) {
            throw new IllegalArgumentException(agents + " agents need at least " + agents + " "
                    + (open ? "connections" : "users") + ", the point has " + connections);
        }
        List<LoadSpec> parts = new ArrayList<>(agents);
        if (profile != null) {
            // a changing rate cannot be dealt slot by slot with a fixed offset: each part follows the
            // profile at its share of every target, and the parts' requests add up to within one each
            for (int i = 0; i < agents; i++) {
                int share = connections / agents + (i < connections % agents ? 1 : 0);
                Profile part = profile.scaled(open ? 1.0 / agents : (double) share / connections);
                parts.add(new LoadSpec(open, open ? share : Math.max(1, (int) Math.ceil(part.max())), 0, duration,
                        open ? part.max() : 0, thinkTime, keepAlive, timeout, false, phase, part));
            }
            return List.copyOf(parts);
        }
        for (int i = 0; i < agents; i++) {
            int share = connections / agents + (i < connections % agents ? 1 : 0);
            Duration offset = open ? phase.plusNanos(Math.round(i * 1e9 / rate)) : phase;
            parts.add(new LoadSpec(open, share, requestsPerUser, duration, open ? rate / agents : rate, thinkTime,
                    keepAlive, timeout, false, offset));
        }
        return List.copyOf(parts);
    }

    /**
     * When the {@code k}-th request of open-loop connection {@code connection} is due, in nanoseconds
     * from the point's start: the phase, then slot {@code connection + k * connections} of the rate.
     * Computed afresh each time, never summed period by period, so a schedule neither drifts by
     * rounding nor sends one request too many at its end.
     */
    public long dueNanos(int connection, long k) {
        if (profile != null) {
            return phase.toNanos() + profile.timeOf(connection + (double) k * connections);
        }
        return phase.toNanos() + Math.round((connection + (double) k * connections) * 1e9 / rate);
    }

    /**
     * How many requests of open-loop connection {@code connection} are due before {@code nanos} from
     * the point's start: estimated from the rate, then settled on {@link #dueNanos} itself, so the
     * requests sent and those left unsent add up to exactly this.
     */
    public long dueBefore(int connection, long nanos) {
        double slots = profile != null ? profile.count(nanos - phase.toNanos()) : (nanos - phase.toNanos()) * rate / 1e9;
        long k = Math.max(0, (long) Math.ceil((slots - connection) / connections));
        while (k > 0 && dueNanos(connection, k - 1) >= nanos) {
            k--;
        }
        while (dueNanos(connection, k) < nanos) {
            k++;
        }
        return k;
    }
}
