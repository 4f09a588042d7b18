package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * In what order a run measured its points. {@code kind} "rounds": every server up at once, each round
 * every (target, load) point once in an order drawn at random from {@code seed} ({@code --seed}
 * replays it), {@code rounds} of them; "grouped": one server's points after another's, with
 * {@code grouped} saying why when the suite asked for rounds. {@code until}: the interval width
 * asked for, and {@code stopped}: why the rounds ended (the width met, the budget spent, the rounds asked).
 * {@code targets}: the suite's targets in its own order, the order of every table (rounds measure them in any).
 * {@code instances}: how many processes of each server it started, each measured in every round (absent: one).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record OrderRecord(String kind, Long seed, Integer rounds, String until, String budget, String stopped,
                          String grouped, List<String> targets, Integer instances) {

    public OrderRecord withRounds(int n, String why) {
        return new OrderRecord(kind, seed, n, until, budget, why, grouped, targets, instances);
    }
}
