package io.wsbench.model.suite;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The WS-Security configuration of a target or a flow step, seed 001's four: {@code plain} (none),
 * {@code username} (a UsernameToken), {@code sign} (signed Body and Timestamp) and {@code signencr}
 * (signed, then the Body encrypted). A suite, run.json and the reports name it by its word.
 */
public enum Security {
    PLAIN, USERNAME, SIGN, SIGNENCR;

    /** How suites and run.json name it: "plain", "username", "sign", "signencr". */
    @JsonValue
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether its requests are signed, encrypted or carry a token: any but {@link #PLAIN}. */
    public boolean secured() {
        return this != PLAIN;
    }

    /** The configuration a suite names {@code word}; IllegalArgumentException (one line) when there is none. */
    @JsonCreator
    public static Security of(String word) {
        for (Security s : values()) {
            if (s.word().equals(word)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown security configuration '" + word + "' (known: "
                + Arrays.stream(values()).map(Security::word).collect(Collectors.joining(", ")) + ")");
    }

    @Override
    public String toString() {
        return word();
    }
}
