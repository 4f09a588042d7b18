package io.wsbench.report;

import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.StepRecord;
import io.wsbench.model.record.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The steps of the flow targets, a row per step of each target under each load: setup, the
 * iteration's steps and teardown, each with its requests, valid answers, errors and latencies
 * (medians of the repeats with min–max, like the summary), and the share of an iteration's mean
 * time its mean answer takes: where an iteration's time goes (the rest is think time and the
 * client's own work between steps). A step that followed redirects says how many beside its name.
 */
final class StepsTable {

    private StepsTable() {
    }

    static boolean applies(List<PointRecord> points) {
        return points.stream().anyMatch(p -> p.steps() != null);
    }

    static Table of(List<PointRecord> points) {
        List<Table.Row> rows = new ArrayList<>();
        for (List<PointRecord> ps : PointRecord.byKey(points.stream().filter(p -> p.steps() != null).toList()).values()) {
            PointRecord first = ps.get(0);
            rows(rows, ps, "setup", first.setup(), PointRecord::setup);
            rows(rows, ps, "iteration", first.steps(), PointRecord::steps);
            rows(rows, ps, "teardown", first.teardown(), PointRecord::teardown);
        }
        return new Table(List.of("target", "load", "phase", "step", "requests", "valid", "errors", "mean ms", "p50 ms",
                "p99 ms", "share of an iteration"), rows);
    }

    private static void rows(List<Table.Row> rows, List<PointRecord> ps, String phase, List<StepRecord> steps,
                             java.util.function.Function<PointRecord, List<StepRecord>> of) {
        for (int i = 0; steps != null && i < steps.size(); i++) {
            int step = i;
            List<StepRecord> repeats = ps.stream().map(of).filter(l -> l != null && l.size() > step).map(l -> l.get(step)).toList();
            PointRecord p = ps.get(0);
            long errors = repeats.stream().mapToLong(s -> s.errors().total()).sum();
            rows.add(new Table.Row(List.of(Table.Cell.of(p.target().label()), Table.Cell.of(p.load().describe()),
                    Table.Cell.of(phase), Table.Cell.code(steps.get(i).name() + followed(repeats)),
                    spread(repeats, s -> s.requests(), 0), spread(repeats, s -> s.validated(), 0),
                    Table.Cell.bad(Long.toString(errors), errors > 0),
                    spread(repeats, s -> s.latencyMicros().mean() / 1000, 2), spread(repeats, s -> s.latencyMicros().p50() / 1000.0, 2),
                    spread(repeats, s -> s.latencyMicros().p99() / 1000.0, 2),
                    "iteration".equals(phase) ? share(ps, step) : Table.Cell.of("apart"))));
        }
    }

    /** " (N redirects followed)" for a step that followed any, its repeats together; else nothing. */
    private static String followed(List<StepRecord> repeats) {
        long hops = repeats.stream().mapToLong(StepRecord::redirects).sum();
        return hops == 0 ? "" : " (" + HtmlFormat.count(hops) + " redirects followed)";
    }

    /** The step's mean answer time over the iteration's mean time, median of the repeats. */
    private static Table.Cell share(List<PointRecord> ps, int step) {
        double[] shares = ps.stream().filter(p -> p.latencyMicros().mean() > 0 && p.steps().size() > step)
                .mapToDouble(p -> 100 * p.steps().get(step).latencyMicros().mean() / p.latencyMicros().mean()).toArray();
        return Table.Cell.spread(Summary.Spread.of(shares), shares.length, v -> HtmlFormat.fixed(v, 0) + "%");
    }

    private static Table.Cell spread(List<StepRecord> repeats, ToDoubleFunction<StepRecord> figure, int decimals) {
        double[] values = repeats.stream().mapToDouble(figure).toArray();
        return Table.Cell.spread(Summary.Spread.of(values), values.length, v -> HtmlFormat.fixed(v, decimals));
    }
}
