package io.wsbench.core.load;

import java.util.List;

/**
 * A flow as the engine runs it: each virtual user runs {@code setup} once, then {@code steps} as one
 * iteration, again and again as the load says, then {@code teardown} once. {@code variables} names
 * the slots of a user's variables; the first three are built in ({@link #USER}, {@link #ITERATION},
 * {@link #UUID}). {@code cookies}: each user keeps a cookie jar. An error ends the iteration, and
 * the user starts its next one ({@code onError: next}). {@code firstUser}: the number of the point's
 * first user here, above 0 on a load agent whose part follows other parts' users ({@link #part}). {@code choices}:
 * where the iteration's steps are branches of which each iteration runs one, drawn by weight (a traffic mix).
 */
public record FlowPlan(List<FlowStep> setup, List<FlowStep> steps, List<FlowStep> teardown, List<String> variables,
                       boolean cookies, OnError onError, int firstUser, List<Choice> choices) {

    /**
     * Steps {@code from} up to {@code ends[last]} of the iteration as branches: branch i is steps {@code ends[i-1]} (or
     * {@code from}) up to {@code ends[i]}, drawn with probability {@code weights[i]} over their sum.
     */
    public record Choice(int from, int[] ends, double[] weights) {
        public Choice {
            if (ends.length < 2 || ends.length != weights.length) {
                throw new IllegalArgumentException("a choice has two branches or more, each with its weight");
            }
            double sum = 0;
            for (int i = 0; i < ends.length; i++) {
                if (ends[i] < (i == 0 ? from : ends[i - 1]) || !(weights[i] > 0)) {
                    throw new IllegalArgumentException("a choice's branches follow one another, each weighing above 0");
                }
                sum += weights[i];
            }
            double[] cumulative = new double[weights.length];
            double c = 0;
            for (int i = 0; i < weights.length; i++) {
                c += weights[i] / sum;
                cumulative[i] = c;
            }
            ends = ends.clone();
            weights = cumulative; // kept as the running sum of the shares, the last 1
        }

        /** Marks in {@code skip} the steps of every branch but one drawn from {@code random}. */
        void draw(boolean[] skip, java.util.SplittableRandom random) {
            double u = random.nextDouble();
            int chosen = 0;
            while (chosen < weights.length - 1 && u >= weights[chosen]) {
                chosen++;
            }
            for (int i = 0, start = from; i < ends.length; start = ends[i], i++) {
                java.util.Arrays.fill(skip, start, ends[i], i != chosen);
            }
        }
    }

    /** What a user does after an error ends an iteration: the next one, its setup again first, or stop. */
    /**
     * What a user does after a step fails: ends the iteration and starts the next ({@code NEXT}), runs its setup
     * first ({@code RESTART}), stops ({@code STOP}), or goes on with the iteration's next step ({@code CONTINUE},
     * as Postman's runner and JMeter's "Continue" do; the iteration then counts as an error of its first failure).
     */
    public enum OnError { NEXT, RESTART, STOP, CONTINUE }

    public FlowPlan(List<FlowStep> setup, List<FlowStep> steps, List<FlowStep> teardown, List<String> variables,
                    boolean cookies) {
        this(setup, steps, teardown, variables, cookies, OnError.NEXT);
    }

    public FlowPlan(List<FlowStep> setup, List<FlowStep> steps, List<FlowStep> teardown, List<String> variables,
                    boolean cookies, OnError onError) {
        this(setup, steps, teardown, variables, cookies, onError, 0, List.of());
    }

    public FlowPlan(List<FlowStep> setup, List<FlowStep> steps, List<FlowStep> teardown, List<String> variables,
                    boolean cookies, OnError onError, int firstUser) {
        this(setup, steps, teardown, variables, cookies, onError, firstUser, List.of());
    }

    /** The built-in variables, always the first three slots: the virtual user's number {@code vu} (from 0), the iteration's (from 0), a fresh UUID per iteration. */
    public static final List<String> BUILT_IN = List.of("vu", "iteration", "uuid");
    public static final int USER = 0;
    public static final int ITERATION = 1;
    public static final int UUID = 2;

    /** A single-request point as the engine runs it: a flow of one step, the point's own request. */
    static final FlowPlan SOURCED = new FlowPlan(List.of(), List.of(FlowStep.SOURCED), List.of(), BUILT_IN, false);

    public FlowPlan {
        if (steps.isEmpty() || steps.stream().allMatch(FlowStep::pause)) {
            throw new IllegalArgumentException("a flow needs at least one step that sends a request");
        }
        if (!variables.subList(0, BUILT_IN.size()).equals(BUILT_IN)) {
            throw new IllegalArgumentException("a flow's first variables are the built-in ones " + BUILT_IN);
        }
        setup = List.copyOf(setup);
        steps = List.copyOf(steps);
        teardown = List.copyOf(teardown);
        variables = List.copyOf(variables);
        onError = onError == null ? OnError.NEXT : onError;
        if (firstUser < 0) {
            throw new IllegalArgumentException("users are numbered from 0, got " + firstUser);
        }
        choices = choices == null ? List.of() : List.copyOf(choices);
        for (Choice c : choices) {
            if (c.ends()[c.ends().length - 1] > steps.size()) {
                throw new IllegalArgumentException("a choice's branches end at step " + c.ends()[c.ends().length - 1] + " of " + steps.size());
            }
        }
    }

    /**
     * Draws a branch of each choice for an iteration: {@code skip[i]} true for each step of the iteration it does not run;
     * null (nothing drawn) for a flow without a choice.
     */
    boolean[] draw(boolean[] skip, java.util.SplittableRandom random) {
        if (choices.isEmpty()) {
            return null;
        }
        boolean[] s = skip != null ? skip : new boolean[steps.size()];
        for (Choice c : choices) {
            c.draw(s, random);
        }
        return s;
    }

    /**
     * This flow as part {@code part} of {@code parts} of a point split among load agents, its users
     * numbered from {@code firstUser} (the users of the parts before it): a {@code perUser} row and
     * {@code ${vu}} are the user's number in the whole point, so no two agents take the same row;
     * a {@code unique} step takes every {@code parts}-th row from row {@code part}, afresh for this
     * point ({@link StepData#share}); a {@code cycle} step all its rows, as one generator would.
     */
    public FlowPlan part(int firstUser, int part, int parts) {
        return new FlowPlan(share(setup, part, parts), share(steps, part, parts), share(teardown, part, parts), variables,
                cookies, onError, firstUser, choices);
    }

    private static List<FlowStep> share(List<FlowStep> steps, int part, int parts) {
        return steps.stream().map(s -> s.data() == null ? s
                : s.withData(s.data().share(part, parts))).toList();
    }

    /**
     * Whether a step reads the variable in {@code slot}: only then is a built-in one written per
     * iteration (a UUID made, the iteration's number turned into text).
     */
    boolean reads(int slot) {
        return java.util.stream.Stream.of(setup, steps, teardown).flatMap(List::stream).anyMatch(s -> s.reads(slot));
    }
}
