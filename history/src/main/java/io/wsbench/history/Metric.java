package io.wsbench.history;

import java.util.Locale;

/** The figure of a row a series follows, and which way is worse. */
public enum Metric {
    THROUGHPUT("throughput", "req/s", true),
    P99("p99", "p99 µs", false),
    MEAN("mean", "mean µs", false),
    CPU("cpu", "server CPU µs/req", false),
    RATIO("ratio", "× baseline", true);

    public final String word;
    public final String unit;
    /** Whether a larger figure is better (throughput), or worse (latency, CPU). */
    public final boolean higherIsBetter;

    Metric(String word, String unit, boolean higherIsBetter) {
        this.word = word;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
    }

    /** The metric named {@code word}; an unknown one is an {@link IllegalArgumentException} listing the names. */
    public static Metric named(String word) {
        for (Metric m : values()) {
            if (m.word.equals(word.toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("--metric " + word + ": one of throughput, p99, mean, cpu, ratio");
    }
}
