package io.wsbench.stacks.direct;

import java.util.Locale;

/**
 * Faults the direct stack can be asked to have, to prove that wsbench sees them
 * ({@code -Dwsbench.faults=...}). Off unless asked for.
 */
record Faults(boolean wrongAnswer, long exitAfterRequests) {

    static Faults fromProperty() {
        String spec = System.getProperty("wsbench.faults", "none").toLowerCase(Locale.ROOT);
        return new Faults(spec.contains("wrong-answer"), Long.getLong("wsbench.exitAfterRequests", 0));
    }

    @Override
    public String toString() {
        if (!wrongAnswer && exitAfterRequests == 0) {
            return "none";
        }
        return (wrongAnswer ? "wrong-answer " : "")
                + (exitAfterRequests > 0 ? "exit after " + exitAfterRequests + " requests" : "");
    }
}
