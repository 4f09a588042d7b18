package io.wsbench.core.load;

import java.util.ArrayList;
import java.util.List;

/**
 * What a flow point measured beside its iterations (which are the point's own figures): each step
 * of an iteration, and apart from them each step of the users' setup and teardown. {@code iterations}:
 * iterations finished, valid or not.
 */
public record FlowFigures(long iterations, List<StepFigures> setup, List<StepFigures> steps, List<StepFigures> teardown) {

    /** Requests of the iterations' steps (answers and errors): setup and teardown are apart. */
    public long requests() {
        return steps.stream().mapToLong(StepFigures::requests).sum();
    }

    /** The flow figures of several generators running parts of one point, step by step. */
    static FlowFigures merge(List<FlowFigures> parts) {
        FlowFigures all = parts.get(0);
        for (FlowFigures p : parts.subList(1, parts.size())) {
            all = new FlowFigures(all.iterations + p.iterations, plus(all.setup, p.setup), plus(all.steps, p.steps),
                    plus(all.teardown, p.teardown));
        }
        return all;
    }

    private static List<StepFigures> plus(List<StepFigures> a, List<StepFigures> b) {
        List<StepFigures> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            out.add(StepFigures.plus(a.get(i), b.get(i)));
        }
        return out;
    }
}
