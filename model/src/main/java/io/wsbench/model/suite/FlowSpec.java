package io.wsbench.model.suite;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

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
 * <p>
 * A {@code oneOf} step of the iteration's ({@link StepSpec#oneOf}) is laid out here: its branches' steps take its place
 * in {@code steps}, one branch after the other, and {@code choices} says where each choice's branches lie, so that
 * whatever reads a flow's steps reads every step a user may send.
 */
public record FlowSpec(List<StepSpec> setup, List<StepSpec> steps, List<StepSpec> teardown, Boolean cookies, String onError,
                       String basicAuth, Boolean follow, List<Choice> choices) {

    /**
     * A choice laid out in {@link #steps}: its branches' steps from {@code from} on, {@code sizes[i]} of them for branch i
     * (0 for a branch that sends nothing), branch i drawn each iteration with probability {@code weights[i]} over their sum.
     */
    public record Choice(String name, int from, List<Integer> sizes, List<Double> weights) {
        public Choice {
            sizes = List.copyOf(sizes);
            weights = List.copyOf(weights);
        }

        /** How many steps its branches hold together. */
        public int size() {
            return sizes.stream().mapToInt(Integer::intValue).sum();
        }
    }

    /** A flow as a suite or a flow file writes it (its {@code oneOf} steps not yet laid out). */
    @JsonCreator
    public static FlowSpec written(@JsonProperty("setup") List<StepSpec> setup,
                                   @JsonProperty("steps") List<StepSpec> steps,
                                   @JsonProperty("teardown") List<StepSpec> teardown,
                                   @JsonProperty("cookies") Boolean cookies,
                                   @JsonProperty("onError") String onError,
                                   @JsonProperty("basicAuth") String basicAuth,
                                   @JsonProperty("follow") Boolean follow) {
        return new FlowSpec(setup, steps, teardown, cookies, onError, basicAuth, follow, null);
    }

    /** A URL's request as a flow of one step: the flow, at the URL's {@code origin} (scheme, user, host and port). */
    public record OneStep(String origin, FlowSpec flow) {
    }

    /**
     * The request to {@code url} (its path and query may hold {@code ${variable}}s, its host not) as a flow of one step,
     * as {@code load URL} sends it when given checks or rows: {@code method} (null: GET, or POST with a body), the
     * {@code headers} and {@code body} as written (variables filled), {@code data} and {@code dataMode} its rows,
     * {@code checks} on every answer; no cookies kept. One line says what is wrong with the URL.
     */
    public static OneStep ofUrl(String url, String method, Map<String, String> headers, String body, String data, String dataMode,
                                List<String> checks) {
        int scheme = url.indexOf("://");
        int end = -1;
        for (int i = scheme < 0 ? url.length() : scheme + 3; i < url.length() && end < 0; i++) {
            end = "/?#".indexOf(url.charAt(i)) >= 0 ? i : -1;
        }
        String origin = end < 0 ? url : url.substring(0, end);
        if (origin.contains("${")) {
            throw new IllegalArgumentException("${variable}s go in the URL's path and query, not its host: " + io.wsbench.model.Redacted.url(url));
        }
        String path = end < 0 ? "/" : url.substring(end);
        int hash = path.indexOf('#');
        path = hash < 0 ? path : path.substring(0, hash); // a fragment is the browser's, never sent
        path = path.isEmpty() || path.startsWith("?") ? "/" + path : path;
        StepSpec step = new StepSpec(null, null, method != null ? method : body != null ? "POST" : "GET", path, headers, body, null,
                data, dataMode, null, checks, null, null, null, null, null, null);
        return new OneStep(origin, new FlowSpec(null, List.of(step), null, false, null));
    }

    public FlowSpec(List<StepSpec> setup, List<StepSpec> steps, List<StepSpec> teardown, Boolean cookies, String onError) {
        this(setup, steps, teardown, cookies, onError, null);
    }

    public FlowSpec(List<StepSpec> setup, List<StepSpec> steps, List<StepSpec> teardown, Boolean cookies, String onError,
                    String basicAuth) {
        this(setup, steps, teardown, cookies, onError, basicAuth, null);
    }

    public FlowSpec(List<StepSpec> setup, List<StepSpec> steps, List<StepSpec> teardown, Boolean cookies, String onError,
                    String basicAuth, Boolean follow) {
        this(setup, steps, teardown, cookies, onError, basicAuth, follow, null);
    }

    public FlowSpec {
        setup = setup == null ? List.of() : List.copyOf(setup);
        teardown = teardown == null ? List.of() : List.copyOf(teardown);
        if (steps == null || steps.isEmpty()) {
            throw new IllegalArgumentException("a flow needs 'steps': the requests of one iteration");
        }
        if (java.util.stream.Stream.concat(setup.stream(), teardown.stream()).anyMatch(StepSpec::choice)) {
            throw new IllegalArgumentException("a 'oneOf' step goes in the iteration's 'steps', not in its setup or teardown");
        }
        if (choices == null) {
            List<StepSpec> laid = new java.util.ArrayList<>();
            List<Choice> made = new java.util.ArrayList<>();
            for (StepSpec s : steps) {
                if (!s.choice()) {
                    laid.add(s);
                    continue;
                }
                int from = laid.size();
                for (StepSpec.Branch b : s.oneOf()) {
                    laid.addAll(b.steps());
                }
                made.add(new Choice(s.name(), from, s.oneOf().stream().map(b -> b.steps().size()).toList(),
                        s.oneOf().stream().map(StepSpec.Branch::weight).toList()));
            }
            steps = laid;
            choices = made;
        }
        steps = List.copyOf(steps);
        choices = List.copyOf(choices);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a flow needs 'steps': the requests of one iteration (its oneOf's branches hold none)");
        }
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
