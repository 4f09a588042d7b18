package io.wsbench.core.load;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A value a flow makes afresh for each iteration, named by the variable that holds it: {@code ${random:LO-HI}} (an
 * integer from LO to HI), {@code ${time}} (the iteration's start in milliseconds since 1970, as JMeter's
 * {@code ${__time()}}), {@code ${time:unix}} (in seconds, as Postman's {@code {{$timestamp}}}), {@code ${time:iso}}
 * (as an ISO-8601 instant, UTC), {@code ${time:PATTERN}} (formatted in this machine's zone, {@code yyyy-MM-dd'T'HH:mm:ss}),
 * {@code ${text:N}} (N letters and digits drawn at random, or {@code ${text:N:CHARS}} of those characters, as JMeter's
 * {@code ${__RandomString(N,CHARS)}}).
 */
public sealed interface Generated permits Generated.RandomInteger, Generated.Clock, Generated.RandomText {

    Pattern RANDOM = Pattern.compile("random:(\\d{1,18})-(\\d{1,18})");
    Pattern TEXT = Pattern.compile("text:(\\d{1,4})(?::(.+))?");
    String ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    /** The value for an iteration that starts at {@code epochMillis}. */
    String next(SplittableRandom random, long epochMillis);

    /** Whether it reads the clock (so that the clock is read once an iteration, and only then). */
    default boolean timed() {
        return false;
    }

    /**
     * The value {@code variable} names, or null when it names none ({@code vu}, a row's column, an extraction); a
     * variable of one of these forms written wrong ({@code random:9-1}, {@code time:bb}) is an
     * {@link IllegalArgumentException} saying how to write it.
     */
    static Generated of(String variable) {
        Matcher m = RANDOM.matcher(variable);
        if (m.matches()) {
            long low = Long.parseLong(m.group(1));
            long high = Long.parseLong(m.group(2));
            if (low > high) {
                throw new IllegalArgumentException("${" + variable + "}, whose range ends before it starts");
            }
            return new RandomInteger(low, high);
        }
        if (variable.startsWith("random:")) {
            throw new IllegalArgumentException("${" + variable + "}: a random integer is ${random:LO-HI}, e.g. ${random:1-100}");
        }
        if (variable.equals("time") || variable.startsWith("time:")) {
            String format = variable.equals("time") ? "" : variable.substring(5);
            if (format.isEmpty() || format.equals("unix") || format.equals("iso")) {
                return new Clock(format, null);
            }
            try {
                return new Clock(format, DateTimeFormatter.ofPattern(format).withZone(ZoneId.systemDefault()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("${" + variable + "}: not a date pattern (" + e.getMessage()
                        + "); ${time} is milliseconds, ${time:unix} seconds, ${time:iso} an ISO-8601 instant, or"
                        + " ${time:yyyy-MM-dd'T'HH:mm:ss}");
            }
        }
        m = TEXT.matcher(variable);
        if (m.matches() && Integer.parseInt(m.group(1)) > 0) {
            return new RandomText(Integer.parseInt(m.group(1)), m.group(2) == null ? ALPHANUMERIC : m.group(2));
        }
        if (variable.startsWith("text:")) {
            throw new IllegalArgumentException("${" + variable + "}: random text is ${text:N} (N letters and digits, 1 to 9999)"
                    + " or ${text:N:CHARS} (of those characters)");
        }
        return null;
    }

    /** Whether {@code variable} names a value made afresh each iteration (checked as {@link #of} reads it). */
    static boolean names(String variable) {
        return variable.startsWith("random:") || variable.equals("time") || variable.startsWith("time:") || variable.startsWith("text:");
    }

    /** An integer from {@code low} to {@code high}, both in. */
    record RandomInteger(long low, long high) implements Generated {
        @Override
        public String next(SplittableRandom random, long epochMillis) {
            return Long.toString(random.nextLong(low, high + 1));
        }
    }

    /** The iteration's start: milliseconds ({@code kind} empty), seconds ({@code unix}), ISO-8601 ({@code iso}) or {@code format}. */
    record Clock(String kind, DateTimeFormatter format) implements Generated {
        @Override
        public boolean timed() {
            return true;
        }

        @Override
        public String next(SplittableRandom random, long epochMillis) {
            return switch (kind) {
                case "" -> Long.toString(epochMillis);
                case "unix" -> Long.toString(epochMillis / 1000);
                case "iso" -> Instant.ofEpochMilli(epochMillis).toString();
                default -> format.format(Instant.ofEpochMilli(epochMillis));
            };
        }
    }

    /** {@code length} characters drawn from {@code chars}. */
    record RandomText(int length, String chars) implements Generated {
        @Override
        public String next(SplittableRandom random, long epochMillis) {
            char[] out = new char[length];
            for (int i = 0; i < length; i++) {
                out[i] = chars.charAt(random.nextInt(chars.length()));
            }
            return new String(out);
        }
    }
}
