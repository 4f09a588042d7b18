package io.wsbench.core.record;

import java.util.ArrayList;
import java.util.List;

/**
 * A stretch of whole seconds of a point in which not one answer came, valid or not, while the
 * load was running: the server stopped. {@code atSecond} is when it began, from the point's start.
 * In a closed loop the stalled users send nothing meanwhile, so the percentiles hide it and only
 * the maximum shows it; an open loop counts every request that fell due in it.
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
        int start = -1;
        for (SecondSample s : series) {
            boolean whole = s.second() + 1 <= durationSeconds + 1e-9;
            boolean silent = whole && s.requests() == 0 && s.errors() == 0;
            if (silent && start < 0) {
                start = s.second();
            } else if (!silent && start >= 0) {
                stalls.add(new Stall(start, s.second() - start));
                start = -1;
            }
        }
        if (start >= 0) {
            int end = (int) Math.floor(durationSeconds + 1e-9);
            stalls.add(new Stall(start, Math.max(1, end - start)));
        }
        return stalls;
    }
}
