package io.wsbench.history;

import io.wsbench.model.stats.ChangePoints;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A suite's rows over its runs: for each row (target under a load) and each kind of machine, the
 * series of one figure run after run, and where that series changed ({@link ChangePoints}, E-Divisive
 * means with a permutation test). Runs of another kind of machine are another series: a step between
 * two machines is not a change of the code; so are {@code --quick} runs ({@link StoredRun#quick}).
 */
public final class Timeline {

    /** One run's figure in a series: the run, its commit and the row's stack version, and the figure with its interval. */
    public record Entry(String runId, String startedAt, String commit, String wsbenchVersion, String stackVersion,
                        StoredRow.Figure figure) {
    }

    /**
     * The series of row {@code row} on machine {@code machine}: its entries oldest first and the change
     * points found in them, each naming the index of the first entry after it.
     */
    public record Series(String row, String machine, Metric metric, List<Entry> entries,
                         List<ChangePoints.ChangePoint> changePoints) {

        /** The run that starts the change point {@code c}. */
        public Entry first(ChangePoints.ChangePoint c) {
            return entries.get(c.index());
        }
    }

    /** What a series of {@code --quick} runs adds to its machine's name. */
    public static final String QUICK = " (--quick runs)";

    private Timeline() {
    }

    /**
     * The series of {@code metric} for the rows {@code rowFilter} keeps, one per row and machine kind,
     * in the order the rows first appear; a run without the figure leaves the series out.
     */
    public static List<Series> of(List<StoredRun> runs, List<StoredRow> rows, Predicate<StoredRow> rowFilter, Metric metric) {
        Map<String, StoredRun> byId = new LinkedHashMap<>();
        runs.forEach(r -> byId.put(r.id(), r));
        Map<List<String>, List<Entry>> grouped = new LinkedHashMap<>();
        for (StoredRow row : rows) {
            StoredRun run = byId.get(row.runId());
            StoredRow.Figure f = row.figure(metric);
            if (run == null || f == null || !rowFilter.test(row)) {
                continue;
            }
            // a quick run's figures are another series, as another machine's are: a step between the two is no change of the code
            grouped.computeIfAbsent(List.of(row.row(), run.machine() + (run.quick() ? QUICK : "")), k -> new ArrayList<>())
                    .add(new Entry(run.id(), run.startedAt(), run.shortCommit(), run.wsbenchVersion(), row.stackVersion(), f));
        }
        List<Series> series = new ArrayList<>();
        grouped.forEach((key, entries) -> {
            double[] values = entries.stream().mapToDouble(e -> e.figure().median()).toArray();
            series.add(new Series(key.get(0), key.get(1), metric, List.copyOf(entries), ChangePoints.find(values)));
        });
        return series;
    }
}
