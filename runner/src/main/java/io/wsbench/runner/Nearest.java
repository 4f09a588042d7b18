package io.wsbench.runner;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The names closest to a mistyped one ({@code cxff}: cxf; {@code rnu}: run), for a "did you mean" in its error's line. */
public final class Nearest {

    /** How many edits a name may be from the word and still be offered. */
    static final int WITHIN = 2;

    private Nearest() {
    }

    /** The {@code names} fewest edits from {@code word}, if within {@link #WITHIN}; in their order; none when it names one exactly. */
    public static List<String> to(String word, Collection<String> names) {
        Map<String, Integer> away = new LinkedHashMap<>();
        names.forEach(n -> away.put(n, edits(word, n)));
        int best = away.values().stream().mapToInt(Integer::intValue).min().orElse(Integer.MAX_VALUE);
        return best == 0 || best > WITHIN ? List.of() : away.keySet().stream().filter(n -> away.get(n) == best).toList();
    }

    /** "; did you mean cxf?" (at most three names), or "" when none is close. */
    public static String didYouMean(String word, Collection<String> names) {
        return didYouMean(to(word, names));
    }

    /** "; did you mean cxf or metro?" for the first three of {@code close}, or "" when it is empty. */
    public static String didYouMean(List<String> close) {
        return close.isEmpty() ? "" : "; did you mean " + String.join(" or ", close.subList(0, Math.min(3, close.size()))) + "?";
    }

    /** Levenshtein's distance: the fewest insertions, deletions and substitutions that make {@code a} into {@code b}. */
    static int edits(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length()];
    }
}
