package io.wsbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.wsbench.model.profile.PackageGroups;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What changed in a server's CPU per request from A to B, frame by frame: for each frame the CPU
 * of its samples is credited to (the server's own line that ran or called into the JDK:
 * {@link PackageGroups#ownFrame}), its microseconds per request in each repeat of A and of B, the
 * change of their means and its interval (Welch's t, Bonferroni-corrected for the {@link #TOP} frames
 * listed, so that "its interval excludes zero" holds for them together at 95%), and its share of the
 * whole change in CPU per request. Ranked by the size of the change. The interval is over server
 * processes when each side ran as two or more (each process's mean over its repeats one value: what one
 * JVM differs from the next is then in the spread), else over the repeats of one process, with a floor.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProfileDiff(String point, int repeatsA, int repeatsB, double cpuA, double cpuB, double change,
                          List<FrameChange> frames, String says) {

    /** Frames listed per point. */
    public static final int TOP = 15;
    static final double CONFIDENCE = 0.95;

    /**
     * The least change called one: 3% of A's CPU per request. Repeats within a run share their JVM,
     * so their spread misses what differs from one JVM to the next (the JIT inlining a method in one
     * and not in the other moves a fraction of a microsecond between frames, the same way in every
     * repeat; an allocating frame's TLAB refills and the GC they start moved 6.2 µs of about 340, 2%,
     * between two runs of one server in CI, which a 1% floor called a change). An interval over
     * processes holds this level itself: the floor is for repeats of one process a side only.
     */
    public static final double LEAST_SHARE_OF_A = 0.03;

    /**
     * One frame's CPU per request in A and in B (means over the repeats), the change and its interval;
     * {@code significant}: the interval excludes 0 and the change is at least {@link #LEAST_SHARE_OF_A}
     * of A's CPU per request (a null interval: too few repeats to say). {@code shareOfChange}: the frame's change over the
     * whole CPU per request's, null where the whole did not change beyond its repeats' spread (a frame's +54 µs of a
     * whole's -9 µs within the noise read "-628%").
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FrameChange(String frame, double a, double b, double change, Double low, Double high,
                              Double shareOfChange, boolean significant) {
    }

    static ProfileDiff of(String point, List<Profiles.Point> a, List<Profiles.Point> b) {
        boolean overProcesses = processes(a) >= 2 && processes(b) >= 2;
        List<Map<String, Double>> perA = overProcesses ? byProcess(a) : a.stream().map(ProfileDiff::perRequest).toList();
        List<Map<String, Double>> perB = overProcesses ? byProcess(b) : b.stream().map(ProfileDiff::perRequest).toList();
        Set<String> frames = new LinkedHashSet<>();
        perA.forEach(m -> frames.addAll(m.keySet()));
        perB.forEach(m -> frames.addAll(m.keySet()));
        double cpuA = mean(a.stream().mapToDouble(Profiles.Point::cpuPerRequest).toArray());
        double cpuB = mean(b.stream().mapToDouble(Profiles.Point::cpuPerRequest).toArray());
        double whole = cpuB - cpuA;
        Map<String, Double> changeOf = new LinkedHashMap<>();
        for (String f : frames) {
            changeOf.put(f, mean(values(perB, f)) - mean(values(perA, f)));
        }
        List<String> ranked = changeOf.entrySet().stream()
                .sorted(Comparator.comparingDouble((Map.Entry<String, Double> e) -> -Math.abs(e.getValue()))
                        .thenComparing(Map.Entry::getKey))
                .limit(TOP).map(Map.Entry::getKey).toList();
        double least = overProcesses ? 0 : LEAST_SHARE_OF_A * cpuA;
        boolean wholeChanged = changed(welch(units(a, overProcesses), units(b, overProcesses), 1), whole, least);
        List<FrameChange> top = new ArrayList<>();
        for (String f : ranked) {
            double[] x = values(perA, f);
            double[] y = values(perB, f);
            double change = changeOf.get(f);
            double[] ci = welch(x, y, ranked.size());
            boolean significant = ci != null && changed(ci, change, least);
            top.add(new FrameChange(f, round(mean(x)), round(mean(y)), round(change),
                    ci == null ? null : round(ci[0]), ci == null ? null : round(ci[1]),
                    !wholeChanged || whole == 0 ? null : Math.round(1000 * change / whole) / 1000.0, significant));
        }
        return new ProfileDiff(point, a.size(), b.size(), round(cpuA), round(cpuB), round(whole), List.copyOf(top),
                says(cpuA, cpuB, wholeChanged, top));
    }

    /** Whether a change's interval {@code ci} excludes 0 and the change is at least {@code least}; a null interval: yes. */
    private static boolean changed(double[] ci, double change, double least) {
        return (ci == null || ci[0] > 0 || ci[1] < 0) && Math.abs(change) >= least;
    }

    /** The server's whole CPU per request, a value per process (its repeats' mean) or per repeat. */
    private static double[] units(List<Profiles.Point> points, boolean overProcesses) {
        if (!overProcesses) {
            return points.stream().mapToDouble(Profiles.Point::cpuPerRequest).toArray();
        }
        return processesOf(points).stream().mapToDouble(repeats -> mean(repeats.stream().mapToDouble(Profiles.Point::cpuPerRequest)
                .toArray())).toArray();
    }

    /** The points of each server process, in the order of their instance numbers. */
    private static java.util.Collection<List<Profiles.Point>> processesOf(List<Profiles.Point> points) {
        Map<Integer, List<Profiles.Point>> of = new java.util.TreeMap<>();
        points.forEach(p -> of.computeIfAbsent(p.point().instance(), k -> new ArrayList<>()).add(p));
        return of.values();
    }

    private static long processes(List<Profiles.Point> points) {
        return points.stream().mapToInt(p -> p.point().instance()).distinct().count();
    }

    /** Each server process's CPU microseconds per request by frame, the mean over its repeats (a frame absent from one: 0). */
    static List<Map<String, Double>> byProcess(List<Profiles.Point> points) {
        List<Map<String, Double>> out = new ArrayList<>();
        for (List<Profiles.Point> repeats : processesOf(points)) {
            Map<String, Double> mean = new LinkedHashMap<>();
            repeats.forEach(p -> perRequest(p).forEach((f, v) -> mean.merge(f, v / repeats.size(), Double::sum)));
            out.add(mean);
        }
        return out;
    }

    private static double[] values(List<Map<String, Double>> repeats, String frame) {
        return repeats.stream().mapToDouble(m -> m.getOrDefault(frame, 0.0)).toArray();
    }

    /** One point's CPU microseconds per request by the frame they are credited to. */
    static Map<String, Double> perRequest(Profiles.Point p) {
        Map<String, Double> m = new LinkedHashMap<>();
        p.cpu().byLeaf(PackageGroups::ownFrame).forEach((f, micros) -> m.put(f, micros / (double) p.requests()));
        return m;
    }

    /**
     * The interval of mean(y) - mean(x) by Welch's t, at {@link #CONFIDENCE} over {@code compared}
     * frames together; null when a side has fewer than two repeats.
     */
    static double[] welch(double[] x, double[] y, int compared) {
        if (x.length < 2 || y.length < 2) {
            return null;
        }
        double vx = variance(x) / x.length;
        double vy = variance(y) / y.length;
        double se = Math.sqrt(vx + vy);
        double d = mean(y) - mean(x);
        if (se == 0) {
            return new double[]{d, d};
        }
        double df = (vx + vy) * (vx + vy) / (vx * vx / (x.length - 1) + vy * vy / (y.length - 1));
        double t = new TDistribution(null, Math.max(1, df)).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2 / compared);
        return new double[]{d - t * se, d + t * se};
    }

    /**
     * "B uses 1.40× the CPU per request of A: +38.2 µs (95.1 → 133.3), of which +31.0 µs (82%) in X"; where the whole did not
     * change beyond its repeats' spread, it says so and names the frame that moved most without a share.
     */
    private static String says(double cpuA, double cpuB, boolean wholeChanged, List<FrameChange> top) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "B uses %.2f× the server CPU per request of A: %+.1f µs"
                + " (%.1f → %.1f)", cpuA > 0 ? cpuB / cpuA : Double.NaN, cpuB - cpuA, cpuA, cpuB));
        if (!wholeChanged) {
            sb.append(", not beyond its repeats' spread");
        }
        if (!top.isEmpty() && top.get(0).change() != 0) {
            FrameChange first = top.get(0);
            sb.append(first.shareOfChange() == null
                    ? String.format(Locale.ROOT, "; the frame that moved most: %+.1f µs in %s", first.change(), first.frame())
                    : String.format(Locale.ROOT, ", of which %+.1f µs (%.0f%%) in %s", first.change(), 100 * first.shareOfChange(),
                    first.frame()));
            if (first.low() != null) {
                sb.append(String.format(Locale.ROOT, " (%+.1f to %+.1f)", first.low(), first.high()));
            }
        }
        if (!top.isEmpty() && top.get(0).low() != null && top.stream().noneMatch(FrameChange::significant)) {
            sb.append("; no frame changed beyond its repeats' spread");
        }
        return sb.toString();
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return v.length == 0 ? 0 : s / v.length;
    }

    private static double variance(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
