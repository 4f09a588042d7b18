package io.wsbench.service.openapi;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A key of an OpenAPI content map: a media type or a range ({@code application/json;charset=UTF-8},
 * {@code application/json}, {@code application/*+json}, {@code application/*}, {@code *}{@code /*}),
 * matched against the media type an answer carries. springdoc, for one, describes every answer
 * under {@code *}{@code /*}.
 */
record MediaRange(String type, String subtype, Map<String, String> parameters) {

    /** Parses {@code text} (case-insensitive; parameters' values unquoted); null when it is not type/subtype. */
    static MediaRange parse(String text) {
        if (text == null) {
            return null;
        }
        String[] pieces = text.split(";");
        String[] typeAndSub = pieces[0].trim().toLowerCase(Locale.ROOT).split("/", -1);
        if (typeAndSub.length != 2 || typeAndSub[0].isEmpty() || typeAndSub[1].isEmpty()) {
            return null;
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        for (int i = 1; i < pieces.length; i++) {
            int eq = pieces[i].indexOf('=');
            if (eq > 0) {
                String value = pieces[i].substring(eq + 1).trim();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                parameters.put(pieces[i].substring(0, eq).trim().toLowerCase(Locale.ROOT), value);
            }
        }
        return new MediaRange(typeAndSub[0], typeAndSub[1], Map.copyOf(parameters));
    }

    /**
     * How closely this range describes {@code answer}: 0 when it does not; else more for a more
     * specific range: the type itself with matching parameters, the type, a structured-suffix range
     * ({@code application/*+json}), the type's family ({@code application/*}), anything.
     */
    int match(MediaRange answer) {
        for (Map.Entry<String, String> p : parameters.entrySet()) {
            String theirs = answer.parameters.get(p.getKey());
            if (theirs == null || !theirs.equalsIgnoreCase(p.getValue())) {
                return 0;
            }
        }
        int extra = parameters.size();
        if (type.equals("*")) {
            return subtype.equals("*") ? 10 + extra : 0;
        }
        if (!type.equals(answer.type)) {
            return 0;
        }
        if (subtype.equals("*")) {
            return 20 + extra;
        }
        if (subtype.startsWith("*+")) {
            // application/*+json also takes application/json itself: a more specific range, when there is one, wins anyway
            String suffix = subtype.substring(2);
            return answer.subtype.equals(suffix) || answer.subtype.endsWith("+" + suffix) ? 30 + extra : 0;
        }
        return subtype.equals(answer.subtype) ? 40 + extra : 0;
    }

    /** Whether a JSON answer ({@code application/json} or any {@code +json}) can be described by this range. */
    boolean admitsJson() {
        return (type.equals("*") || type.equals("application"))
                && (subtype.equals("*") || subtype.equals("json") || subtype.endsWith("+json"));
    }

    /** Whether this media type (an answer's, not a range) is JSON. */
    boolean json() {
        return type.equals("application") && (subtype.equals("json") || subtype.endsWith("+json"));
    }

    /** The key of {@code keys} (a content map's) that describes {@code answer} most closely; null when none does. */
    static String best(Collection<String> keys, MediaRange answer) {
        String best = null;
        int bestScore = 0;
        for (String key : keys) {
            MediaRange range = parse(key);
            int score = range == null ? 0 : range.match(answer);
            if (score > bestScore) {
                best = key;
                bestScore = score;
            }
        }
        return best;
    }
}
