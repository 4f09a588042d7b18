package io.wsbench.core.load;

import java.util.function.Supplier;

/**
 * One step of a flow: a request ({@code request}, with the rules its answer must pass and the
 * variables it gives, one {@link StepAnswer} per I/O thread) or a pause ({@code think}). {@code data}:
 * the rows whose columns become variables when the step runs (null for none). {@code readsUuid}: its
 * checks read the built-in {@code uuid}.
 */
public record FlowStep(String name, RequestTemplate request, Supplier<StepAnswer> answers, StepData data, ThinkTime think,
                       boolean readsUuid) {

    public static FlowStep request(String name, RequestTemplate request, Supplier<StepAnswer> answers, StepData data,
                                   boolean readsUuid) {
        return new FlowStep(name, request, answers, data, null, readsUuid);
    }

    public static FlowStep pause(String name, ThinkTime think) {
        return new FlowStep(name, null, null, null, think, false);
    }
}
