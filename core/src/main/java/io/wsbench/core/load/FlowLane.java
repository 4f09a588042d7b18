package io.wsbench.core.load;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A flow's share of one I/O thread: a recorder and an answer reader per step of setup, iteration
 * and teardown, and when this thread's iterations began and ended (the span the iteration rate is
 * over, so that a login storm in setup does not lower it).
 */
final class FlowLane {

    static final int SETUP = 0;
    static final int STEPS = 1;
    static final int TEARDOWN = 2;
    /** The phases' names, by their numbers, as failures name them. */
    static final java.util.List<String> PHASES = java.util.List.of("setup", "steps", "teardown");

    final FlowPlan plan;
    final List<List<FlowStep>> phases;
    final StepRecorder[][] recorders = new StepRecorder[3][];
    final StepAnswer[][] answers = new StepAnswer[3][];
    /** Each step's sealer on this thread (null for a step that has none); its answers are opened by the same one. */
    final StepSecurity[][] security = new StepSecurity[3][];
    /** Lower-case names of every header some step reads, as bytes, compared without allocating. */
    final byte[][] wantedHeaders;
    /** Whether some step follows redirects: its users then keep a {@link Redirects}. */
    final boolean follows;
    /** Whether some step reads the built-in {@code ${uuid}} or {@code ${iteration}}: only then are they written. */
    private final boolean readsUuid;
    private final boolean readsIteration;
    /** Whether it is a single-request point's ({@link FlowPlan#SOURCED}): its answers are checked by the lane's validator. */
    final boolean sourced;
    /** Whether some step is a WebSocket step: its users then keep a {@link WsLink}. */
    final boolean webSockets;
    /** The slots of the values made afresh each iteration ({@link Generated}), each with its maker; whether one reads the clock. */
    final int[] generatedSlots;
    final Generated[] generated;
    private final boolean timed;
    long firstIterationAt = Long.MAX_VALUE;
    long lastIterationEnd;
    long iterations;

    FlowLane(FlowPlan plan) {
        this.plan = plan;
        this.phases = List.of(plan.setup(), plan.steps(), plan.teardown());
        Set<String> wanted = new HashSet<>();
        for (int p = 0; p < 3; p++) {
            List<FlowStep> steps = phases.get(p);
            recorders[p] = new StepRecorder[steps.size()];
            answers[p] = new StepAnswer[steps.size()];
            security[p] = new StepSecurity[steps.size()];
            for (int i = 0; i < steps.size(); i++) {
                recorders[p][i] = new StepRecorder();
                FlowStep s = steps.get(i);
                answers[p][i] = s.answers() == null ? null : s.answers().get();
                security[p][i] = s.security() == null ? null : s.security().get();
                if (security[p][i] != null) {
                    answers[p][i] = security[p][i].opening(answers[p][i]);
                }
                if (answers[p][i] != null) {
                    wanted.addAll(answers[p][i].headers());
                }
                if (s.follow()) {
                    wanted.add(Redirects.LOCATION);
                }
            }
        }
        List<byte[]> names = new ArrayList<>();
        wanted.forEach(n -> names.add(n.toLowerCase(java.util.Locale.ROOT).getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        this.wantedHeaders = names.toArray(new byte[0][]);
        this.follows = wanted.contains(Redirects.LOCATION);
        this.readsUuid = plan.reads(FlowPlan.UUID);
        this.readsIteration = plan.reads(FlowPlan.ITERATION);
        this.sourced = plan.steps().size() == 1 && plan.steps().get(0).sourced();
        this.webSockets = phases.stream().flatMap(List::stream).anyMatch(s -> s.ws() != null);
        List<Integer> slots = new ArrayList<>();
        List<Generated> makers = new ArrayList<>();
        for (int i = 0; i < plan.variables().size(); i++) {
            Generated g = Generated.of(plan.variables().get(i));
            if (g != null) {
                slots.add(i);
                makers.add(g);
            }
        }
        generatedSlots = slots.stream().mapToInt(Integer::intValue).toArray();
        generated = makers.toArray(Generated[]::new);
        timed = makers.stream().anyMatch(Generated::timed);
    }

    /**
     * A user's built-in variables made afresh for its iteration {@code iteration} (-1: its setup), each
     * only where some step reads it: the iteration's number as text, a UUID, each {@link Generated} value.
     */
    void fresh(String[] variables, long iteration, java.util.SplittableRandom random) {
        if (readsIteration && iteration >= 0) {
            variables[FlowPlan.ITERATION] = Long.toString(iteration);
        }
        if (readsUuid) {
            variables[FlowPlan.UUID] = java.util.UUID.randomUUID().toString();
        }
        long now = timed ? System.currentTimeMillis() : 0;
        for (int i = 0; i < generatedSlots.length; i++) {
            variables[generatedSlots[i]] = generated[i].next(random, now);
        }
    }

    /**
     * The point's measurement of {@code plan}'s iterations with its steps' figures beside them, over
     * the iterations' span: from the first one's start to the point's end ({@code deadline}), or for
     * a count of iterations to the last one's end. A login storm in setup is not in the rate.
     */
    static Measurement measured(Measurement iterations, FlowPlan plan, List<FlowLane> lanes, long start, long deadline) {
        long first = lanes.stream().mapToLong(f -> f.firstIterationAt).min().orElse(Long.MAX_VALUE);
        long lastEnd = lanes.stream().mapToLong(f -> f.lastIterationEnd).max().orElse(0);
        long from = first == Long.MAX_VALUE ? start : first;
        long to = deadline != Long.MAX_VALUE ? deadline : Math.max(lastEnd, from);
        return iterations.withFlow(figures(plan, lanes), Math.max(0, to - from) / 1e9);
    }

    static FlowFigures figures(FlowPlan plan, List<FlowLane> lanes) {
        List<List<StepFigures>> phases = new ArrayList<>();
        List<List<FlowStep>> steps = List.of(plan.setup(), plan.steps(), plan.teardown());
        for (int p = 0; p < 3; p++) {
            List<StepFigures> figures = new ArrayList<>();
            for (int i = 0; i < steps.get(p).size(); i++) {
                if (steps.get(p).get(i).pause()) {
                    continue; // a pause is in the iteration's latency, not a step's
                }
                int phase = p, step = i;
                figures.add(StepFigures.of(steps.get(p).get(i).name(), lanes.stream().map(l -> l.recorders[phase][step]).toList()));
            }
            phases.add(List.copyOf(figures));
        }
        return new FlowFigures(lanes.stream().mapToLong(l -> l.iterations).sum(), phases.get(0), phases.get(1), phases.get(2));
    }
}
