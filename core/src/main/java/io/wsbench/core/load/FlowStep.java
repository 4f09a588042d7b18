package io.wsbench.core.load;

import java.util.function.Supplier;

/**
 * One step of a flow: a request ({@code request}, with the rules its answer must pass and the
 * variables it gives, one {@link StepAnswer} per I/O thread) or a pause ({@code think}). {@code data}:
 * the rows whose columns become variables when the step runs (null for none). {@code checksRead}: the
 * slots of the variables its checks read (its request's are {@link RequestTemplate#variables}). {@code security}: seals its request and opens its answer,
 * one per I/O thread (null for none). {@code follow}: redirects within the target's origin are followed as a browser
 * does, the step's answer being the last one ({@link Redirects}). {@code ws}: a WebSocket step instead of a
 * request (its {@code answers} read the message it expects).
 */
public record FlowStep(String name, RequestTemplate request, Supplier<StepAnswer> answers, StepData data, ThinkTime think,
                       java.util.Set<Integer> checksRead, Supplier<? extends StepSecurity> security, boolean follow, WsStep ws) {

    public FlowStep(String name, RequestTemplate request, Supplier<StepAnswer> answers, StepData data, ThinkTime think,
                    java.util.Set<Integer> checksRead, Supplier<? extends StepSecurity> security, boolean follow) {
        this(name, request, answers, data, think, checksRead, security, follow, null);
    }

    public FlowStep(String name, RequestTemplate request, Supplier<StepAnswer> answers, StepData data, ThinkTime think,
                    java.util.Set<Integer> checksRead, Supplier<? extends StepSecurity> security) {
        this(name, request, answers, data, think, checksRead, security, false);
    }

    public FlowStep {
        checksRead = checksRead == null ? java.util.Set.of() : java.util.Set.copyOf(checksRead);
    }

    public static FlowStep request(String name, RequestTemplate request, Supplier<StepAnswer> answers, StepData data,
                                   java.util.Set<Integer> checksRead) {
        return new FlowStep(name, request, answers, data, null, checksRead, null);
    }

    /** A WebSocket step: {@code answers} reads the message it expects (null for a step that expects none). */
    public static FlowStep webSocket(String name, WsStep ws, Supplier<StepAnswer> answers, StepData data,
                                     java.util.Set<Integer> checksRead) {
        return new FlowStep(name, null, answers, data, null, checksRead, null, false, ws);
    }

    public static FlowStep pause(String name, ThinkTime think) {
        return new FlowStep(name, null, null, null, think, null, null);
    }

    /** This step with its request sealed and its answer opened by a {@code security} made per I/O thread. */
    public FlowStep secured(Supplier<? extends StepSecurity> security) {
        return new FlowStep(name, request, answers, data, think, checksRead, security, follow, ws);
    }

    /** This step following redirects, or not. */
    public FlowStep following(boolean follow) {
        return new FlowStep(name, request, answers, data, think, checksRead, security, follow && request != null, ws);
    }

    /** Whether its request or its checks read the variable in {@code slot}. */
    boolean reads(int slot) {
        return request != null && request.variables().contains(slot) || checksRead.contains(slot)
                || ws != null && ws.variables().contains(slot);
    }

    /**
     * A single-request point's one step: the point's own request ({@link RequestSource}), checked by its
     * {@link Validator}.
     */
    static final FlowStep SOURCED = new FlowStep("request", null, null, null, null, null, null);

    /** Whether it sends the point's own request ({@link #SOURCED}): neither a template, a WebSocket step nor a pause. */
    boolean sourced() {
        return request == null && ws == null && think == null;
    }

    /** Whether it is a pause, neither a request nor a WebSocket step. */
    public boolean pause() {
        return think != null;
    }

    /** The same step taking its rows from {@code rows} (an agent's share of them). */
    FlowStep withData(StepData rows) {
        return new FlowStep(name, request, answers, rows, think, checksRead, security, follow, ws);
    }
}
