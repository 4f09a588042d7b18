package io.wsbench.model.suite;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.wsbench.model.load.LoadSpec;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.load.LoadSpecBuilder;
import io.wsbench.model.record.LoadRecordBuilder;

import java.time.Duration;

/**
 * One load level of a suite, as written in YAML. {@code eachRequest: true} keeps every request's
 * latency in order, for a point of at most {@link LoadSpec#MAX_EACH} requests. {@code stages} make
 * the point a profile ({@link Stages}): its rate (open) or users (closed) ramp through them, and
 * they set its length; {@code users} is then an open loop's connections. {@code minDuration} (with
 * {@code sequences}) asks for whole passes enough to last at least that long: a suite's runner times
 * the asked passes once per target and load, then sets the passes of every repeat ({@link #withSequences}).
 */
public record LoadPointSpec(@JsonProperty("model") String model,
                            @JsonProperty("users") Integer users,
                            @JsonProperty("requestsPerUser") @com.fasterxml.jackson.annotation.JsonAlias("iterationsPerUser") Long requestsPerUser,
                            @JsonProperty("duration") @JsonDeserialize(using = Durations.Read.class) Duration duration,
                            @JsonProperty("rate") Double rate,
                            @JsonProperty("thinkTime") @JsonDeserialize(using = Durations.Read.class) Duration thinkTime,
                            @JsonProperty("keepAlive") Boolean keepAlive,
                            @JsonProperty("timeout") @JsonDeserialize(using = Durations.Read.class) Duration timeout,
                            @JsonProperty("sequences") Integer sequences,
                            @JsonProperty("eachRequest") Boolean eachRequest,
                            @JsonProperty("stages") Stages stages,
                            @JsonProperty("minDuration") @JsonDeserialize(using = Durations.Read.class) Duration minDuration) {

    public LoadPointSpec(String model, Integer users, Long requestsPerUser, Duration duration, Double rate, Duration thinkTime,
                         Boolean keepAlive, Duration timeout, Integer sequences, Boolean eachRequest, Stages stages) {
        this(model, users, requestsPerUser, duration, rate, thinkTime, keepAlive, timeout, sequences, eachRequest, stages, null);
    }

    public LoadPointSpec(String model, Integer users, Long requestsPerUser, Duration duration, Double rate, Duration thinkTime,
                         Boolean keepAlive, Duration timeout, Integer sequences, Boolean eachRequest) {
        this(model, users, requestsPerUser, duration, rate, thinkTime, keepAlive, timeout, sequences, eachRequest, null);
    }

    public LoadPointSpec {
        if (stages != null) {
            if (requestsPerUser != null || duration != null || rate != null || sequences != null || eachRequest != null) {
                throw new IllegalArgumentException("stages set the point's load and length: drop its duration, rate,"
                        + " requestsPerUser, sequences and eachRequest");
            }
            String said = stages.open() == null ? null : stages.open() ? "open" : "closed";
            if (model != null && said != null && !model.equals(said)) {
                throw new IllegalArgumentException("stages written as " + (stages.open() ? "rates (/s)" : "users")
                        + " go with model " + said + ", not " + model);
            }
            model = model != null ? model : said != null ? said : "closed";
            stages = new Stages(model.equals("open"), stages.profile());
        }
        model = model == null ? (rate != null ? "open" : "closed") : model;
        if (!model.equals("closed") && !model.equals("open")) {
            throw new IllegalArgumentException("model must be 'closed' or 'open', not '" + model + "'");
        }
        users = users == null ? 1 : users;
        if (sequences != null && (sequences < 1 || duration != null)) {
            throw new IllegalArgumentException("'sequences' (passes of the target's request sequence) is at least 1"
                    + " and replaces duration");
        }
        if (minDuration != null) {
            if (sequences == null) {
                throw new IllegalArgumentException("'minDuration' goes with 'sequences': whole passes of the target's request"
                        + " sequence, as many as last at least that long");
            }
            if (minDuration.isZero()) {
                throw new IllegalArgumentException("'minDuration' is more than 0");
            }
        }
        if (sequences != null && requestsPerUser == null) {
            requestsPerUser = 1L; // stands in until the sequence length is known: see forSequence
        }
        keepAlive = keepAlive == null || keepAlive;
        eachRequest = Boolean.TRUE.equals(eachRequest) ? Boolean.TRUE : null;
        // made now so a bad value is reported with its place in the file
        spec(model, users, requestsPerUser, duration, rate, thinkTime, keepAlive, timeout, eachRequest != null, stages);
    }

    public LoadSpec toLoadSpec() {
        return spec(model, users, requestsPerUser, duration, rate, thinkTime, keepAlive, timeout, eachRequest != null, stages);
    }

    private static LoadSpec spec(String model, int users, Long requestsPerUser, Duration duration, Double rate,
                                 Duration thinkTime, boolean keepAlive, Duration timeout, boolean each, Stages stages) {
        if (stages != null) {
            return LoadSpec.profiled(stages.open(), users, stages.profile(), thinkTime, keepAlive, timeout);
        }
        return LoadSpecBuilder.builder().open("open".equals(model)).connections(users)
                .requestsPerUser(requestsPerUser == null ? 0 : requestsPerUser).duration(duration)
                .rate(rate == null ? 0 : rate).thinkTime(thinkTime).keepAlive(keepAlive).timeout(timeout)
                .eachRequest(each).build();
    }

    public LoadRecord toRecord() {
        LoadSpec s = toLoadSpec();
        if (stages != null) {
            return LoadRecordBuilder.builder().model(model).users(s.connections())
                    .durationSeconds(s.duration().toMillis() / 1000.0).rate(s.open() ? s.rate() : null)
                    .thinkTimeMillis(s.thinkTime().isZero() ? null : s.thinkTime().toNanos() / 1e6).keepAlive(keepAlive)
                    .stages(stages.text()).build();
        }
        return LoadRecordBuilder.builder().model(model).users(users)
                .requestsPerUser(s.requestsPerUser() > 0 ? s.requestsPerUser() : null)
                .durationSeconds(s.requestsPerUser() > 0 || s.duration() == null ? null : s.duration().toMillis() / 1000.0)
                .rate(rate).thinkTimeMillis(s.thinkTime().isZero() ? null : s.thinkTime().toNanos() / 1e6)
                .keepAlive(keepAlive).sequences(sequences).eachRequest(eachRequest)
                .minSeconds(minDuration == null ? null : minDuration.toMillis() / 1000.0).build();
    }

    /** The least time a point of whole passes should last (null: no such floor; its passes are {@code sequences}). */
    public Duration minimum() {
        return minDuration;
    }

    /** The same load level with {@code passes} passes of the sequence (its minDuration kept, for its name). */
    public LoadPointSpec withSequences(int passes) {
        return new LoadPointSpec(model, users, null, duration, rate, thinkTime, keepAlive, timeout, passes, eachRequest, stages,
                minDuration);
    }

    /**
     * The point for a target whose request sequence is {@code length} long: with {@code sequences}
     * set, the users share that many passes of the sequence (rounded up to a whole number each).
     */
    public LoadPointSpec forSequence(int length) {
        if (sequences == null || stages != null) {
            return this;
        }
        long perUser = ((long) sequences * length + users - 1) / users;
        return new LoadPointSpec(model, users, perUser, null, rate, thinkTime, keepAlive, timeout, sequences, eachRequest, null,
                minDuration);
    }

    /** The same point shrunk to at most {@code maxRequests} per user and {@code maxDuration}. */
    public LoadPointSpec shrunk(long maxRequests, Duration maxDuration) {
        Long r = requestsPerUser == null ? null : Math.min(requestsPerUser, maxRequests);
        Duration d = duration == null ? null : duration.compareTo(maxDuration) > 0 ? maxDuration : duration;
        if (sequences != null) {
            // one pass of the sequence, shared by the users: the smallest unit that still means something
            return new LoadPointSpec(model, users, null, null, rate, thinkTime, keepAlive, timeout, 1, eachRequest);
        }
        if (eachRequest != null || stages != null) {
            // a cold start's first requests are the point: --quick keeps them all; a profile's shape is its point
            return this;
        }
        return new LoadPointSpec(model, users, r, d, rate, thinkTime, keepAlive, timeout, null, null);
    }
}
