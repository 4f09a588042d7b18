package io.wsbench.model.suite;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/**
 * A target's flow as the suite (or a flow file) writes it: {@code setup} steps run once per virtual
 * user before its first iteration, {@code steps} are one iteration, {@code teardown} runs once after
 * its last. {@code cookies}: each user keeps a cookie jar (on unless false). {@code onError}: what a
 * user does after an error ends an iteration: {@code next} (start the next one; the default),
 * {@code restart} (its setup again, then the next), {@code stop} (its teardown, then no more) or {@code continue} (the
 * iteration's next step: the iteration counts as an error of its first failure's kind).
 * {@code basicAuth}: {@code "user:password"} (variables allowed) sent as HTTP Basic auth by every
 * request step that names no {@code basicAuth} or Authorization header of its own. {@code follow}: every request
 * step follows redirects within the target's origin unless it says {@code follow: false} (off by default).
 */
public record FlowSpec(@JsonProperty("setup") List<StepSpec> setup,
                       @JsonProperty("steps") List<StepSpec> steps,
                       @JsonProperty("teardown") List<StepSpec> teardown,
                       @JsonProperty("cookies") Boolean cookies,
                       @JsonProperty("onError") String onError,
                       @JsonProperty("basicAuth") String basicAuth,
                       @JsonProperty("follow") Boolean follow) {

    public FlowSpec(List<StepSpec> setup, List<StepSpec> steps, List<StepSpec> teardown, Boolean cookies, String onError) {
        this(setup, steps, teardown, cookies, onError, null);
    }

    public FlowSpec(List<StepSpec> setup, List<StepSpec> steps, List<StepSpec> teardown, Boolean cookies, String onError,
                    String basicAuth) {
        this(setup, steps, teardown, cookies, onError, basicAuth, null);
    }

    public FlowSpec {
        setup = setup == null ? List.of() : List.copyOf(setup);
        teardown = teardown == null ? List.of() : List.copyOf(teardown);
        if (steps == null || steps.isEmpty()) {
            throw new IllegalArgumentException("a flow needs 'steps': the requests of one iteration");
        }
        steps = List.copyOf(steps);
        cookies = cookies == null || cookies;
        follow = follow != null && follow;
        onError = onError == null ? "next" : onError;
        if (!java.util.List.of("next", "restart", "stop", "continue").contains(onError)) {
            throw new IllegalArgumentException("onError '" + onError + "': after an error, a user starts"
                    + " its next iteration (next), runs its setup again first (restart), stops (stop) or goes on with the"
                    + " iteration's next step (continue)");
        }
    }
}
