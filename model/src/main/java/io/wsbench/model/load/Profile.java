package io.wsbench.model.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A load that changes during a point, as k6's ramping executors and Gatling's injection profiles
 * shape one: stages, each moving the target linearly from where the last one left it (0 at the
 * start) to its own target over its duration. A stage of no duration is a step; a step up, a short
 * stage and a step down are a spike. The target is a rate in requests per second for an open loop,
 * and a number of users for a closed one.
 *
 * <p>An open loop's requests are due where the profile's running count of requests, the integral
 * of its rate, reaches each whole number: the k-th request at the moment {@link #count} reaches k.
 * Each request's due time is computed from that count alone, never by adding periods, so the
 * schedule follows the ramp exactly and the requests a profile sends add up to what its stages
 * sum to. A closed loop's user {@code i} (from 0) runs while the target is above {@code i}.
 *
 * @param stages in order; at least one, and not all of no duration
 */
public record Profile(List<Stage> stages) {

    /** One stage: move to {@code target} over {@code duration}. */
    public record Stage(Duration duration, double target) {
        public Stage {
            if (duration == null || duration.isNegative()) {
                throw new IllegalArgumentException("a stage needs a duration of 0 or more");
            }
            if (!(target >= 0) || Double.isInfinite(target)) {
                throw new IllegalArgumentException("a stage's target is 0 or more, not " + target);
            }
        }
    }

    public Profile {
        stages = List.copyOf(stages);
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a profile needs at least one stage");
        }
        if (stages.stream().allMatch(s -> s.duration().isZero())) {
            throw new IllegalArgumentException("a profile's stages last 0 s in all: give one a duration");
        }
        if (stages.stream().allMatch(s -> s.target() == 0)) {
            throw new IllegalArgumentException("a profile whose every target is 0 sends nothing");
        }
    }

    /** How long the whole profile lasts. */
    public Duration total() {
        Duration d = Duration.ZERO;
        for (Stage s : stages) {
            d = d.plus(s.duration());
        }
        return d;
    }

    /** The highest target it reaches. */
    public double max() {
        return stages.stream().mapToDouble(Stage::target).max().orElse(0);
    }

    /** The same profile with every target multiplied by {@code factor}: a part of it for one agent. */
    public Profile scaled(double factor) {
        return new Profile(stages.stream().map(s -> new Stage(s.duration(), s.target() * factor)).toList());
    }

    /** The target {@code nanos} after the start: the ramp's value there, 0 after the end. */
    public double at(long nanos) {
        double from = 0;
        long begin = 0;
        for (Stage s : stages) {
            long d = s.duration().toNanos();
            if (nanos < begin + d) {
                return from + (s.target() - from) * (nanos - begin) / d;
            }
            begin += d;
            from = s.target();
        }
        return nanos == begin ? from : 0;
    }

    /** Open loop: how many requests the rate has made due by {@code nanos} after the start (not rounded). */
    public double count(long nanos) {
        double n = 0;
        double from = 0;
        long begin = 0;
        for (Stage s : stages) {
            long d = s.duration().toNanos();
            long in = Math.min(Math.max(nanos - begin, 0), d);
            if (in > 0) {
                double to = from + (s.target() - from) * in / d;
                n += (from + to) / 2 * in / 1e9;
            }
            if (nanos <= begin + d) {
                return n;
            }
            begin += d;
            from = s.target();
        }
        return n;
    }

    /**
     * Open loop: when the running count reaches {@code k}, in nanoseconds from the start; the point's
     * end (or later) when the profile never makes that many due.
     */
    public long timeOf(double k) {
        long begin = 0;
        for (Stage s : stages) {
            long d = s.duration().toNanos();
            if (d > 0 && k < count(begin + d)) {
                double left = k - count(begin);
                if (left <= 0) {
                    return begin;
                }
                double from = at(begin);
                double slope = (s.target() - from) / (d / 1e9); // requests per second, per second
                // from·τ + slope·τ²/2 = left, solved in the form that is stable for a slope of either sign
                double tau = 2 * left / (from + Math.sqrt(Math.max(0, from * from + 2 * slope * left)));
                return begin + Math.min(d, Math.round(tau * 1e9));
            }
            begin += d;
        }
        return begin + Math.max(1, Math.round((k - count(begin)) * 1e9)); // past the end: never sent
    }

    /**
     * Closed loop: the first moment at or after {@code nanos} when user {@code user} (from 0) runs,
     * that is when the target is above it; -1 when it never is again.
     */
    public long nextActive(int user, long nanos) {
        double from = 0;
        long begin = 0;
        for (Stage s : stages) {
            long d = s.duration().toNanos();
            long end = begin + d;
            if (nanos < end || (d == 0 && nanos <= begin)) {
                long t = Math.max(nanos, begin);
                if (at(t) > user) {
                    return t;
                }
                if (s.target() > user && s.target() > from) {
                    // the ramp crosses the user's number inside this stage
                    long cross = begin + (long) Math.ceil((user - from) / (s.target() - from) * d) + 1;
                    if (cross < end) {
                        return Math.max(t, cross);
                    }
                }
            }
            begin = end;
            from = s.target();
        }
        return -1;
    }

    /** The stages as the command line writes them: "10s:100/s,30s:1000/s" (open) or "10s:10,30s:50" (closed). */
    public String describe(boolean open) {
        List<String> parts = new ArrayList<>();
        for (Stage s : stages) {
            double secs = s.duration().toNanos() / 1e9;
            String d = secs == Math.rint(secs) ? String.valueOf((long) secs) + "s" : s.duration().toMillis() + "ms";
            String t = s.target() == Math.rint(s.target()) ? String.valueOf((long) s.target()) : String.valueOf(s.target());
            parts.add(d + ":" + t + (open ? "/s" : ""));
        }
        return String.join(",", parts);
    }
}
