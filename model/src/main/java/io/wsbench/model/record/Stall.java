package io.wsbench.model.record;

import java.util.ArrayList;
import java.util.List;

/**
 * A time in which not one answer came, valid or not, while the load was running: the server stopped.
 * It is noticed by whole seconds of a point without an answer, and measured from the last answer
 * before them to the first after them: {@code atSecond} is when that last answer came, from the
 * point's start, and {@code seconds} how long none came (to the point's end, when none came again).
 * A series written before answer times were kept gives whole seconds. In a closed loop the stalled
 * users send nothing meanwhile, so the percentiles hide it and only the maximum shows it; an open
 * loop counts every request that fell due in it.
 */
public record Stall(double atSecond, double seconds) {

    /**
     * The stalls of a point's per-second series. Only whole seconds count (the last, partial one
     * would read as a stall), and a load that may rightly be quiet for a second (think time or an
     * open-loop rate that leaves a second without requests) is never read as stalled.
     */
    public static List<Stall> of(List<SecondSample> series, double durationSeconds, LoadRecord load) {
        if (series == null || load == null) {
            return List.of();
        }
        boolean mayBeQuiet = (load.thinkTimeMillis() != null && load.thinkTimeMillis() >= 1000)
                || (load.rate() != null && load.rate() < 2);
        if (mayBeQuiet) {
            return List.of();
        }
        List<Stall> stalls = new ArrayList<>();
        SecondSample before = null;
        SecondSample previous = null;
        boolean inStall = false;
        for (SecondSample s : series) {
            boolean silent = s.second() + 1 <= durationSeconds + 1e-9 && s.silent();
            if (silent && !inStall) {
                inStall = true;
                before = previous;
            } else if (!silent && inStall) {
                inStall = false;
                // a last, partial second without answers: none came again before the point ended
                stalls.add(between(before, s.silent() ? durationSeconds : s.second(), s.firstMicros()));
            }
            previous = s;
        }
        if (inStall) {
            stalls.add(between(before, durationSeconds, null));
        }
        return stalls;
    }

    /**
     * From the last answer of {@code before} (the point's start when none came before) to {@code endMicros}, the
     * first answer after; without answer times, from the first silent second to the second {@code end}.
     */
    private static Stall between(SecondSample before, double end, Long endMicros) {
        double from = before == null ? 0 : before.lastMicros() != null ? before.lastMicros() / 1e6 : before.second() + 1;
        double to = endMicros != null ? endMicros / 1e6 : end;
        return new Stall(Math.round(from * 1000) / 1000.0, Math.round((to - from) * 1000) / 1000.0);
    }
}
