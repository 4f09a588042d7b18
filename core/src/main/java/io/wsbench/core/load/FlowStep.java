package io.wsbench.core.load;

import java.util.function.Supplier;

/**
 * One step of a flow: a request ({@code request}, with the rules its answer must pass and the
 * variables it gives, one {@link StepAnswer} per I/O thread) or a pause ({@code think}). {@code data}:
 * the rows whose columns become variables when the step runs (null for none). {@code readsUuid}: its
 * checks read the built-in {@code uuid}. {@code security}: seals its request and opens its answer,
 * one per I/O thread (null for none).
 */
public record FlowStep(String name, RequestTemplate request, Supplier<StepAnswer> answers, StepData data, ThinkTime think,
                       boolean readsUuid, Supplier<? extends StepSecurity> security) {

    public static FlowStep request(String name, RequestTemplate request, Supplier<StepAnswer> answers, StepData data,
                                   boolean readsUuid) {
        return new FlowStep(name, request, answers, data, null, readsUuid, null);
    }

    public static FlowStep pause(String name, ThinkTime think) {
        return new FlowStep(name, null, null, null, think, false, null);
    }

    /** This step with its request sealed and its answer opened by a {@code security} made per I/O thread. */
    public FlowStep secured(Supplier<? extends StepSecurity> security) {
        return new FlowStep(name, request, answers, data, think, readsUuid, security);
    }

    /** The same step taking its rows from {@code rows} (an agent's share of them). */
    FlowStep withData(StepData rows) {
        return new FlowStep(name, request, answers, rows, think, readsUuid, security);
    }
}
