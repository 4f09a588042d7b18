package io.wsbench.core.record;

import com.fasterxml.jackson.annotation.JsonInclude;

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
 * in number still share one load.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadRecord(String model, int users, Long requestsPerUser, Double durationSeconds,
                         Double rate, Double thinkTimeMillis, boolean keepAlive, Integer sequences,
                         Boolean eachRequest, String stages, Double minSeconds) {

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

    /** How a load point is named in tables: "5 users" or "1000 req/s, 10 conns". */
    public String describe() {
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
            return who + ", passes of " + new java.math.BigDecimal(minSeconds).stripTrailingZeros().toPlainString() + " s or more";
        }
        return sequences == null ? who : who + ", " + (sequences == 1 ? "1 pass" : sequences + " passes");
    }
}
