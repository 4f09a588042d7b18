package io.wsbench.model.suite;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;

import java.io.IOException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them: "500ms", "10s", "2m", "1.5s". */
public final class Durations {

    private static final Pattern FORM = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*(us|ms|s|m|h)?\\s*");

    private Durations() {
    }

    public static Duration parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a duration: '" + text + "' (write e.g. 500ms, 10s, 2m)");
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double nanos = switch (unit) {
            case "us" -> v * 1e3;
            case "ms" -> v * 1e6;
            case "s" -> v * 1e9;
            case "m" -> v * 60e9;
            default -> v * 3600e9;
        };
        return Duration.ofNanos((long) nanos);
    }

    public static String format(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }

    /**
     * A duration in a suite file, read once as the file is: "500ms", "10s", or a number of seconds; a
     * bad one names its place in the file.
     */
    public static final class Read extends StdScalarDeserializer<Duration> {

        public Read() {
            super(Duration.class);
        }

        @Override
        public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            try {
                return parse(p.getValueAsString());
            } catch (IllegalArgumentException e) {
                throw JsonMappingException.from(p, e.getMessage(), e);
            }
        }
    }
}
