package io.wsbench.history;

import com.fasterxml.jackson.core.type.TypeReference;
import io.wsbench.model.stats.Estimate;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RowRecord;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.Summary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One row of a run as the history keeps it: a target under one load over the run's rounds, with the
 * figures run.json's {@code rows} give (median and 95% interval of throughput, of the ratio to the
 * baseline, of mean and p99 latency), its requests and errors by kind, and the server's CPU per
 * request (the median over its rounds). A flow's throughput counts iterations.
 */
public record StoredRow(String runId, String row, String target, String load, boolean flow, int repeats,
                        Figure throughput, String ratioBaseline, Figure ratio, Figure meanMicros, Figure p99Micros,
                        long requests, long errors, Map<String, Long> errorsByKind, Double serverCpuMicrosPerRequest,
                        String stackVersion) {

    /** A median and its 95% interval (low and high null when the run had too few rounds for one). */
    public record Figure(double median, Double low, Double high) {

        static Figure of(Estimate e) {
            return e == null || !Double.isFinite(e.median()) ? null
                    : new Figure(e.median(), e.bounded() ? e.low() : null, e.bounded() ? e.high() : null);
        }

        public boolean bounded() {
            return low != null && high != null;
        }
    }

    public StoredRow {
        errorsByKind = errorsByKind == null ? Map.of() : Map.copyOf(new TreeMap<>(errorsByKind));
    }

    /** The figure {@code metric} names: throughput, p99 (µs), mean (µs), cpu (server µs per request) or ratio. */
    public Figure figure(Metric metric) {
        return switch (metric) {
            case THROUGHPUT -> throughput;
            case P99 -> p99Micros;
            case MEAN -> meanMicros;
            case RATIO -> ratio;
            case CPU -> serverCpuMicrosPerRequest == null ? null : new Figure(serverCpuMicrosPerRequest, null, null);
        };
    }

    /** The rows of {@code run}, as run.json's {@code rows} derive them from its points. */
    static List<StoredRow> of(String runId, RunRecord run) {
        if (run.points() == null || run.points().isEmpty()) {
            return List.of();
        }
        Map<String, Summary> byKey = new LinkedHashMap<>();
        Summary.of(run).forEach(s -> byKey.put(s.key(), s));
        Map<String, List<PointRecord>> points = PointRecord.byKey(run.points());
        List<StoredRow> rows = new ArrayList<>();
        for (RowRecord r : RowRecord.of(run)) {
            Summary s = byKey.get(r.row());
            List<PointRecord> ps = points.getOrDefault(r.row(), List.of());
            String stack = s.target().stack();
            String version = s.target().stackOptions() != null && s.target().stackOptions().get("version") != null
                    ? s.target().stackOptions().get("version")
                    : stack != null && run.environment() != null && run.environment().stacks() != null
                    ? run.environment().stacks().get(stack) : null;
            rows.add(new StoredRow(runId, r.row(), s.target().label(), s.load().describe(), s.flow(), r.repeats(),
                    Figure.of(r.throughput()), r.ratio() == null ? null : r.baseline(), Figure.of(r.ratio()),
                    Figure.of(r.meanMicros()), Figure.of(r.p99Micros()), s.requests(), s.errors(), errorsByKind(ps),
                    serverCpuPerRequest(ps), version));
        }
        return rows;
    }

    /** Each kind of error the row's points counted, summed over them; the kinds with none left out. */
    private static Map<String, Long> errorsByKind(List<PointRecord> ps) {
        Map<String, Long> all = new TreeMap<>();
        for (PointRecord p : ps) {
            if (p.errors() == null) {
                continue;
            }
            Map<String, Object> kinds = RunJson.MAPPER.convertValue(p.errors(), new TypeReference<Map<String, Object>>() { });
            kinds.forEach((k, v) -> {
                if (v instanceof Number n && n.longValue() != 0) {
                    all.merge(k, n.longValue(), Long::sum);
                }
            });
        }
        return all;
    }

    /** The server's CPU per valid answer (µs), the median over the points that measured it; null when none did. */
    private static Double serverCpuPerRequest(List<PointRecord> ps) {
        double[] each = ps.stream().map(PointRecord::serverCpuMicrosPerRequest).filter(java.util.Objects::nonNull)
                .mapToDouble(Double::doubleValue).toArray();
        return each.length == 0 ? null : Summary.Spread.of(each).median();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StoredRow r && runId.equals(r.runId) && row.equals(r.row) && target.equals(r.target)
                && load.equals(r.load) && flow == r.flow && repeats == r.repeats
                && java.util.Objects.equals(throughput, r.throughput) && java.util.Objects.equals(ratioBaseline, r.ratioBaseline)
                && java.util.Objects.equals(ratio, r.ratio) && java.util.Objects.equals(meanMicros, r.meanMicros)
                && java.util.Objects.equals(p99Micros, r.p99Micros) && requests == r.requests && errors == r.errors
                && errorsByKind.equals(r.errorsByKind)
                && java.util.Objects.equals(serverCpuMicrosPerRequest, r.serverCpuMicrosPerRequest)
                && java.util.Objects.equals(stackVersion, r.stackVersion);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(runId, row);
    }

    @Override
    public String toString() {
        return row + " of " + runId + ": " + throughput + " " + Arrays.asList(ratio, meanMicros, p99Micros);
    }
}
