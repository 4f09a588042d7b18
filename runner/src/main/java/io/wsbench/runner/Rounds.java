package io.wsbench.runner;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

/**
 * The order of a run measured in rounds: each round holds every point once, in a fresh random order
 * drawn from one seeded generator, so that equal seeds give equal orders (Abedi and Brecht's
 * randomized multiple interleaved trials). Points whose server died can be taken out; the others
 * keep their rounds.
 */
final class Rounds<T> {

    private final List<T> points;
    private final Random random;

    Rounds(List<T> points, long seed) {
        this.points = new ArrayList<>(points);
        this.random = new Random(seed);
    }

    /** The next round's order. */
    List<T> next() {
        List<T> order = new ArrayList<>(points);
        Collections.shuffle(order, random);
        return order;
    }

    /** Takes out the points {@code gone} holds (their server died); returns how many. */
    int drop(Predicate<T> gone) {
        int before = points.size();
        points.removeIf(gone);
        return before - points.size();
    }

    boolean isEmpty() {
        return points.isEmpty();
    }
}
