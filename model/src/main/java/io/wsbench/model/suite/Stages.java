package io.wsbench.model.suite;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.load.Profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A load profile as people write it: {@code 10s:100/s,30s:1000/s,10s:0/s} (rates: an open loop) or
 * {@code 30s:50,1m:50,10s:0} (users: a closed loop), each stage DURATION:TARGET, ramped linearly
 * from the last stage's target (0 before the first). A duration of 0 is a step. In a suite,
 * {@code stages:} takes that text, or a list of {@code {duration: 10s, target: 100}} as k6 writes
 * them (the point's {@code model} then says whether targets are rates or users).
 *
 * @param open    whether the targets are rates (written with /s), null when the text does not say
 * @param profile the stages
 */
public record Stages(Boolean open, Profile profile) {

    /** Reads {@code text}; a malformed stage is one line naming it. */
    public static Stages parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("stages are DURATION:TARGET, comma-separated, e.g. 10s:100/s,30s:1000/s");
        }
        List<Profile.Stage> stages = new ArrayList<>();
        Boolean rates = null;
        for (String part : text.split(",")) {
            String p = part.trim();
            int colon = p.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("a stage is DURATION:TARGET (e.g. 30s:1000/s for a rate, 30s:50 for users),"
                        + " not '" + p + "'" + (colon == 0 ? ": it has no duration" : ""));
            }
            String target = p.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
            boolean rate = target.endsWith("/s");
            if (rates != null && rates != rate) {
                throw new IllegalArgumentException("stages are all rates (100/s) or all users (100), not both: '" + text + "'");
            }
            rates = rate;
            stages.add(stage(p.substring(0, colon).trim(), rate ? target.substring(0, target.length() - 2) : target, p));
        }
        return new Stages(rates, new Profile(stages));
    }

    /** A suite's {@code stages:}: the text, or a list of {duration, target}. */
    @JsonCreator
    public static Stages of(JsonNode node) {
        if (node.isTextual()) {
            return parse(node.asText());
        }
        if (!node.isArray()) {
            throw new IllegalArgumentException("stages is a text such as '10s:100/s,30s:1000/s' or a list of {duration, target}");
        }
        List<Profile.Stage> stages = new ArrayList<>();
        for (JsonNode s : node) {
            JsonNode d = s.get("duration");
            JsonNode t = s.get("target");
            if (d == null || t == null) {
                throw new IllegalArgumentException("each stage has a duration and a target, e.g. {duration: 30s, target: 1000}");
            }
            String target = t.asText().trim();
            stages.add(stage(d.asText(), target.endsWith("/s") ? target.substring(0, target.length() - 2) : target,
                    d.asText() + ":" + target));
        }
        return new Stages(null, new Profile(stages));
    }

    private static Profile.Stage stage(String duration, String target, String written) {
        double value;
        try {
            value = Double.parseDouble(target.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a stage's target is a number (users) or a rate such as 100/s, not '"
                    + written + "'");
        }
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("a stage's target is 0 or more: '" + written + "'");
        }
        if (duration.isBlank()) {
            throw new IllegalArgumentException("a stage without a duration: '" + written + "'");
        }
        return new Profile.Stage(Durations.parse(duration), value);
    }

    /** As written in run.json and on the command line. */
    @JsonValue
    public String text() {
        return profile.describe(!Boolean.FALSE.equals(open));
    }
}
