package io.wsbench.model.record;

import java.util.Locale;

/**
 * A quantity that moved steadily over a point, never read from a single sample: the least-squares
 * slope of its samples, per minute, with the 95% interval of that slope ({@code low} to
 * {@code high}), and what it comes to per 1,000 requests answered. {@code what} is one of
 * {@link #LIVE_HEAP}, {@link #RSS}, {@link #THREADS}, {@link #OPEN_FILES} (a leak: it grows) or
 * {@link #THROUGHPUT}, {@link #P99} (a slowdown: throughput falls, p99 grows); {@code samples} of it
 * were read over {@code seconds} of the point.
 */
public record Drift(String what, double perMinute, double low, double high, Double perThousandRequests,
                    int samples, double seconds) {

    public static final String LIVE_HEAP = "live heap";
    public static final String RSS = "resident memory";
    public static final String THREADS = "threads";
    public static final String OPEN_FILES = "open files";
    public static final String THROUGHPUT = "throughput";
    public static final String P99 = "p99";

    /** A leak (memory, threads or files held) rather than a slowdown. */
    public boolean leak() {
        return !THROUGHPUT.equals(what) && !P99.equals(what);
    }

    /** E.g. "live heap grows 3.1 MB/min (2.8–3.4), 11.0 KB per 1,000 requests, 240 samples over 60.0 min". */
    public String describe() {
        boolean falls = perMinute < 0;
        // a fall is told as a positive amount, its interval turned round with it
        double from = falls ? -high : low;
        double to = falls ? -low : high;
        Unit u = unit(Math.abs(perMinute));
        String per = perThousandRequests == null ? ""
                : ", " + unit(Math.abs(perThousandRequests)).format(Math.abs(perThousandRequests), true) + " per 1,000 requests";
        return String.format(Locale.ROOT, "%s %s %s/min (%s–%s)%s, %d samples over %.1f min", what,
                falls ? "falls" : "grows", u.format(Math.abs(perMinute), true), u.format(from, false),
                u.format(to, false), per, samples, seconds / 60);
    }

    /** How an amount of {@code what} is written: bytes in KB, MB or GB, latency in ms, the rest bare. */
    private Unit unit(double magnitude) {
        return switch (what) {
            case LIVE_HEAP, RSS -> magnitude >= 1e9 ? new Unit(1e9, "GB") : magnitude >= 1e6 ? new Unit(1e6, "MB")
                    : new Unit(1e3, "KB");
            case P99 -> new Unit(1e3, "ms");
            case THROUGHPUT -> new Unit(1, "req/s");
            default -> new Unit(1, "");
        };
    }

    private record Unit(double scale, String name) {
        String format(double v, boolean named) {
            String n = String.format(Locale.ROOT, scale == 1e3 && "ms".equals(name) ? "%.2f" : "%,.1f", v / scale);
            return named && !name.isEmpty() ? n + " " + name : n;
        }
    }
}
