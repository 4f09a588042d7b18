package io.wsbench.model.stats;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One figure of one row as a run measured it: its values by instance (the server process, from 1)
 * and, within each, by round. A run measures every server as several processes because two
 * processes of one build differ by a few percent (Kalibera and Jones, ISMM 2013): the values of one
 * process's rounds share its speed, and only the instances tell how far another process would lie.
 * A server wsbench did not start (a URL) is one instance.
 */
public record ByInstance(SortedMap<Integer, SortedMap<Integer, Double>> values) {

    public ByInstance {
        SortedMap<Integer, SortedMap<Integer, Double>> copy = new TreeMap<>();
        values.forEach((i, rounds) -> {
            if (!rounds.isEmpty()) {
                copy.put(i, Collections.unmodifiableSortedMap(new TreeMap<>(rounds)));
            }
        });
        values = Collections.unmodifiableSortedMap(copy);
    }

    /** A value of {@code instance} in {@code round}; the instances and rounds in any order. */
    public record Value(int instance, int round, double value) {
    }

    /** The values given, the last of an (instance, round) kept. */
    public static ByInstance of(List<Value> values) {
        SortedMap<Integer, SortedMap<Integer, Double>> m = new TreeMap<>();
        values.forEach(v -> m.computeIfAbsent(v.instance(), i -> new TreeMap<>()).put(v.round(), v.value()));
        return new ByInstance(m);
    }

    /** One process's values by round. */
    public static ByInstance ofRounds(SortedMap<Integer, Double> byRound) {
        SortedMap<Integer, SortedMap<Integer, Double>> m = new TreeMap<>();
        m.put(1, byRound);
        return new ByInstance(m);
    }

    /** How many instances measured something. */
    public int instances() {
        return values.size();
    }

    /** Every value, instance by instance, round by round. */
    public double[] all() {
        return values.values().stream().flatMap(r -> r.values().stream()).mapToDouble(Double::doubleValue).toArray();
    }

    /** The values by round of the first instance (the only one, for a server of one process). */
    public SortedMap<Integer, Double> firstByRound() {
        return values.isEmpty() ? Collections.emptySortedMap() : values.get(values.firstKey());
    }

    /** Each instance's geometric mean over its rounds (its positive values), by instance. */
    public SortedMap<Integer, Double> instanceMeans() {
        SortedMap<Integer, Double> means = new TreeMap<>();
        values.forEach((i, rounds) -> {
            double[] logs = rounds.values().stream().mapToDouble(Double::doubleValue).filter(v -> v > 0 && Double.isFinite(v))
                    .map(Math::log).toArray();
            if (logs.length > 0) {
                means.put(i, Math.exp(Arrays.stream(logs).average().orElseThrow()));
            }
        });
        return means;
    }

    /**
     * How far the instances lie apart: half the range of their geometric means over their geometric
     * mean, e.g. 0.04 for ±4%; NaN with fewer than 2 instances.
     */
    public double instanceSpread() {
        double[] m = instanceMeans().values().stream().mapToDouble(Double::doubleValue).toArray();
        if (m.length < 2) {
            return Double.NaN;
        }
        double centre = Math.exp(Arrays.stream(m).map(Math::log).average().orElseThrow());
        return (Arrays.stream(m).max().orElseThrow() - Arrays.stream(m).min().orElseThrow()) / 2 / centre;
    }
}
