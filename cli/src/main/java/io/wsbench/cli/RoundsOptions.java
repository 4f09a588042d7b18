package io.wsbench.cli;

import io.wsbench.model.suite.Suite;
import picocli.CommandLine.Option;

/**
 * How often and in what order a run measures its points, over the suite's own {@code repeat:} and
 * {@code rounds:} keys ({@link Suite.Rounds}): {@code run}'s options, and so {@code ab}'s and {@code bisect}'s.
 */
final class RoundsOptions {

    @Option(names = "--repeat", paramLabel = "N", description = "repeat every point N times (overrides the suite)")
    Integer repeat;

    @Option(names = "--seed", paramLabel = "N", description = "the seed of the rounds' random order (default: a new one,"
            + " recorded in run.json): the same seed replays the same order")
    Long seed;

    @Option(names = "--until", paramLabel = "±P%", description = "add rounds until every ratio's 95%% interval is within"
            + " ±P%% of its median (over the suite's until:), or --budget runs out")
    String until;

    @Option(names = "--budget", paramLabel = "DURATION", description = "how long --until may add rounds (default 30m)")
    String budget;

    @Option(names = "--order", paramLabel = "rounds|grouped", description = "rounds (the default: every server up at once,"
            + " every point once a round, in a random order) or grouped (one server's points after another's)")
    String order;

    @Option(names = "--instances", paramLabel = "K", description = "run every server the suite starts as K processes"
            + " (over the suite's instances:; default " + Suite.DEFAULT_INSTANCES + ", 1 with --quick), so that each interval"
            + " holds what two processes of one build differ by")
    Integer instances;

    /** {@code suite} with these options over its own keys; a bad value is one line naming its option. */
    Suite over(Suite suite) {
        if (instances != null) {
            if (instances < 1 || instances > Suite.MAX_INSTANCES) {
                throw new UserError("--instances is 1 to " + Suite.MAX_INSTANCES + ", not " + instances);
            }
            suite = suite.withInstances(instances);
        }
        if (repeat != null) {
            if (repeat < 1) {
                throw new UserError("--repeat must be at least 1");
            }
            suite = suite.withRepeat(repeat);
        }
        if (seed != null || until != null || budget != null || order != null) {
            try {
                suite = suite.withRounds(order, seed, until, budget);
            } catch (IllegalArgumentException e) {
                throw new UserError("--" + (e.getMessage().startsWith("order") ? "order"
                        : e.getMessage().startsWith("until") ? "until" : "budget") + ": " + e.getMessage());
            }
        }
        return suite;
    }
}
