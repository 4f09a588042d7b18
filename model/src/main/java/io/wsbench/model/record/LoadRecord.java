package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The load shape of a point. {@code model} is "closed" (users wait for each answer, like ab or
 * siege) or "open" (a constant {@code rate} of requests per second, latency taken from the
 * intended send time, like wrk2). {@code sequences} is how many passes of a request sequence the
 * point made (seed 001 timed one pass of 1,000 or 100 requests). {@code eachRequest} is true when
 * the point kept every request's latency (seed 004's first requests after a cold start).
 * {@code stages} is the profile its load followed, as written ("10s:100/s,30s:1000/s"), when it
 * had one: {@code rate} (open) or {@code users} (closed) is then the most it reached.
 * {@code minSeconds} is the least a point of whole passes was asked to last: its {@code sequences}
 * are then the passes that filled it, and it is named by the minimum, so targets whose passes differ
 * in number still share one load. {@code lengthInName} is true when another load of its run differs
 * from it only in length ({@link #length}): its length is then part of its name, so the two are two rows.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record LoadRecord(String model, int users, Long requestsPerUser, Double durationSeconds,
                         Double rate, Double thinkTimeMillis, boolean keepAlive, Integer sequences,
                         Boolean eachRequest, String stages, Double minSeconds, Boolean lengthInName) {

    public LoadRecord {
        lengthInName = Boolean.TRUE.equals(lengthInName) ? Boolean.TRUE : null;
    }

    public LoadRecord(String model, int users, Long requestsPerUser, Double durationSeconds, Double rate,
                      Double thinkTimeMillis, boolean keepAlive, Integer sequences, Boolean eachRequest, String stages,
                      Double minSeconds) {
        this(model, users, requestsPerUser, durationSeconds, rate, thinkTimeMillis, keepAlive, sequences, eachRequest, stages,
                minSeconds, null);
    }

    public LoadRecord(String model, int users, Long requestsPerUser, Double durationSeconds, Double rate,
                      Double thinkTimeMillis, boolean keepAlive, Integer sequences, Boolean eachRequest, String stages) {
        this(model, users, requestsPerUser, durationSeconds, rate, thinkTimeMillis, keepAlive, sequences, eachRequest, stages, null);
    }

    public LoadRecord(String model, int users, Long requestsPerUser, Double durationSeconds, Double rate,
                      Double thinkTimeMillis, boolean keepAlive, Integer sequences, Boolean eachRequest) {
        this(model, users, requestsPerUser, durationSeconds, rate, thinkTimeMillis, keepAlive, sequences, eachRequest, (String) null);
    }

    public LoadRecord(String model, int users, Long requestsPerUser, Double durationSeconds, Double rate,
                      Double thinkTimeMillis, boolean keepAlive, Integer sequences) {
        this(model, users, requestsPerUser, durationSeconds, rate, thinkTimeMillis, keepAlive, sequences, null);
    }

    public LoadRecord(String model, int users, Long requestsPerUser, Double durationSeconds, Double rate,
                      Double thinkTimeMillis, boolean keepAlive) {
        this(model, users, requestsPerUser, durationSeconds, rate, thinkTimeMillis, keepAlive, null);
    }

    /**
     * How a load point is named in tables: "5 users" or "1000 req/s, 10 conns"; "2 users, 3 s" beside
     * "2 users, 200 requests per user" when a run has both ({@code lengthInName}).
     */
    public String describe() {
        return Boolean.TRUE.equals(lengthInName) && length() != null ? shape() + ", " + length() : shape();
    }

    /**
     * How long the point was asked to last, when {@link #shape} does not say it: "200 requests per user"
     * or "3 s"; null for passes, a profile's stages and each request kept, whose shape names their length.
     */
    public String length() {
        if (stages != null || Boolean.TRUE.equals(eachRequest) || minSeconds != null || sequences != null) {
            return null;
        }
        if (requestsPerUser != null) {
            return String.format(Locale.ROOT, "%,d %s per user", requestsPerUser, requestsPerUser == 1 ? "request" : "requests");
        }
        return durationSeconds == null ? null : BigDecimal.valueOf(durationSeconds).stripTrailingZeros().toPlainString() + " s";
    }

    /** The same load with its length in its name. */
    public LoadRecord withLengthInName() {
        return new LoadRecord(model, users, requestsPerUser, durationSeconds, rate, thinkTimeMillis, keepAlive, sequences,
                eachRequest, stages, minSeconds, true);
    }

    /**
     * {@code loads}, the loads of one run, each with its length in its name when another differs from it
     * only in length: "2 users" for 200 requests a user and "2 users" for 3 s are two rows, not two repeats of one.
     */
    public static List<LoadRecord> namedApart(List<LoadRecord> loads) {
        return loads.stream().map(l -> l.length() != null && loads.stream()
                .anyMatch(o -> o.shape().equals(l.shape()) && !Objects.equals(o.length(), l.length()))
                ? l.withLengthInName() : l).toList();
    }

    /**
     * What the load is, whatever its length ("2 users"): its whole name unless another load of its run has
     * the same shape. A --quick run's points shorten but keep their shape, so compare matches them to a full run's by it.
     */
    public String shape() {
        if (stages != null) {
            return "ramp " + stages + ("open".equals(model) ? ", " + users + " conns" : "");
        }
        if ("open".equals(model)) {
            return String.format("%.0f req/s, %d conns", rate, users);
        }
        String who = users == 1 ? "1 user" : users + " users";
        if (Boolean.TRUE.equals(eachRequest) && requestsPerUser != null) {
            // its own name, so it is never taken for a repeat of a longer point with as many users
            return who + ", each of " + requestsPerUser * users + " requests";
        }
        if (minSeconds != null) {
            return who + ", passes of " + new BigDecimal(minSeconds).stripTrailingZeros().toPlainString() + " s or more";
        }
        return sequences == null ? who : who + ", " + (sequences == 1 ? "1 pass" : sequences + " passes");
    }
}
