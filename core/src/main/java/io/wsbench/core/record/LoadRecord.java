package io.wsbench.core.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The load shape of a point. {@code model} is "closed" (users wait for each answer, like ab or
 * siege) or "open" (a constant {@code rate} of requests per second, latency taken from the
 * intended send time, like wrk2).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadRecord(String model, int users, Long requestsPerUser, Double durationSeconds,
                         Double rate, Double thinkTimeMillis, boolean keepAlive) {

    /** How a load point is named in tables: "5 users" or "1000 req/s, 10 conns". */
    public String describe() {
        if ("open".equals(model)) {
            return String.format("%.0f req/s, %d conns", rate, users);
        }
        return users == 1 ? "1 user" : users + " users";
    }
}
