package io.wsbench.stacks.direct;

import java.util.Locale;

/**
 * Faults the direct stack can be asked to have, to prove that wsbench sees them
 * ({@code -Dwsbench.faults=...}). Off unless asked for.
 */
record Faults(boolean wrongAnswer, long stallEveryMillis, long stallMillis) {

    static Faults fromProperty() {
        String spec = System.getProperty("wsbench.faults", "none").toLowerCase(Locale.ROOT);
        boolean wrong = spec.contains("wrong-answer");
        long every = Long.getLong("wsbench.stallEveryMillis", 0);
        long stall = Long.getLong("wsbench.stallMillis", 0);
        return new Faults(wrong, every, stall);
    }

    @Override
    public String toString() {
        if (!wrongAnswer && stallMillis == 0) {
            return "none";
        }
        return (wrongAnswer ? "wrong-answer " : "") + (stallMillis > 0 ? "stall " + stallMillis + "ms every " + stallEveryMillis + "ms" : "");
    }
}
