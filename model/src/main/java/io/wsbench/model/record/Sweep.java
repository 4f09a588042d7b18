package io.wsbench.model.record;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One target's throughput and server CPU as closed-loop users grow (seed 002's experiment), and
 * its knee: the step after which throughput stops growing. A target run at fewer than
 * {@link #MIN_STEPS} user counts is no sweep.
 */
public record Sweep(String target, List<Step> steps, Step knee) {

    public static final int MIN_STEPS = 3;
    /** A step that adds less than this share of throughput is no longer growth. */
    public static final double GROWTH = 0.05;

    /** Medians of the repeats at one user count; {@code serverCpuPercent} is NaN when not measured. */
    public record Step(int users, double throughput, double serverCpuPercent) {
    }

    /** The sweeps in a run's summary rows, one per target, in the order targets were measured. */
    public static List<Sweep> of(List<Summary> rows) {
        Map<String, List<Step>> byTarget = new LinkedHashMap<>();
        for (Summary r : rows) {
            if ("closed".equals(r.load().model()) && !Double.isNaN(r.throughput().median())) {
                byTarget.computeIfAbsent(r.target().label(), k -> new ArrayList<>())
                        .add(new Step(r.load().users(), r.throughput().median(), r.serverCpuPercent().median()));
            }
        }
        List<Sweep> sweeps = new ArrayList<>();
        byTarget.forEach((target, steps) -> {
            List<Step> sorted = steps.stream().sorted(Comparator.comparingInt(Step::users)).toList();
            if (sorted.stream().map(Step::users).distinct().count() == sorted.size() && sorted.size() >= MIN_STEPS) {
                sweeps.add(new Sweep(target, sorted, knee(sorted)));
            }
        });
        return sweeps;
    }

    /** The knee in words, for the report and the terminal alike. */
    public String describeKnee() {
        if (knee == null) {
            return target + ": throughput was still growing at " + steps.get(steps.size() - 1).users()
                    + " users: no knee within the sweep.";
        }
        return String.format(Locale.ROOT, "%s: throughput stops growing at %d users (%,.0f req/s%s); no later step adds %d%% or more.",
                target, knee.users(), knee.throughput(), Double.isNaN(knee.serverCpuPercent()) ? ""
                        : String.format(Locale.ROOT, ", server CPU %.0f%%", knee.serverCpuPercent()),
                Math.round(GROWTH * 100));
    }

    /**
     * The last step that still grew throughput by {@link #GROWTH} or more over the step before it
     * (the first step when none did): every step after the knee adds less than 5%. Null when the
     * last step still grows, that is when the sweep ended before throughput levelled off.
     */
    static Step knee(List<Step> steps) {
        int last = 0;
        for (int i = 1; i < steps.size(); i++) {
            if (steps.get(i).throughput() >= (1 + GROWTH) * steps.get(i - 1).throughput()) {
                last = i;
            }
        }
        return last == steps.size() - 1 ? null : steps.get(last);
    }
}
