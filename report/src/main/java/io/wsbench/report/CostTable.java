package io.wsbench.report;

import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where each request's cost falls: on the client (its CPU, its WS-Security time, its checks of a user's answers, what it
 * allocated, the heap it still held after a full collection) or on the server (CPU, most heap held). Seed 001 found Axis2's
 * client needed far more memory than CXF's; this is the table that shows such a thing. Medians of
 * the repeats with min–max, like the summary.
 */
final class CostTable {

    private record Column(String title, Function<PointRecord, Double> value, int decimals) {
    }

    private static final List<Column> COLUMNS = List.of(
            new Column("client CPU ms/req", p -> perRequest(p, p.generator().cpuSeconds() * 1000), 3),
            new Column("client WS-Security ms/req", p -> p.generator().securitySeconds() == null ? null
                    : perRequest(p, p.generator().securitySeconds() * 1000), 3),
            new Column("client checks µs/answer", p -> p.generator().checkMicrosPerRequest(), 1),
            new Column("client allocated KB/req", p -> kilobytes(p.generator().allocatedBytesPerRequest()), 1),
            new Column("client live heap MB", p -> megabytes(p.generator().heapLiveBytes()), 0),
            new Column("server CPU ms/req", p -> millis(p.serverCpuMicrosPerRequest()), 3),
            new Column("server heap max MB", p -> p.server() == null ? null : megabytes(p.server().counters().heapUsedMaxBytes()), 0));

    private CostTable() {
    }

    /** Whether the run measured the client's memory at all (runs before it did lack those fields). */
    static boolean applies(List<PointRecord> points) {
        return points.stream().map(PointRecord::generator).filter(Objects::nonNull)
                .anyMatch(g -> g.heapLiveBytes() != null || g.allocatedBytesPerRequest() != null);
    }

    static Table of(List<PointRecord> points) {
        Map<String, List<PointRecord>> groups = PointRecord.byKey(points.stream()
                .filter(p -> p.generator() != null && p.validated() > 0).toList());
        List<Column> shown = COLUMNS.stream()
                .filter(c -> groups.values().stream().flatMap(List::stream).anyMatch(p -> c.value().apply(p) != null))
                .toList();
        List<String> headers = new ArrayList<>(List.of("target", "load"));
        shown.forEach(c -> headers.add(c.title()));
        List<Table.Row> rows = new ArrayList<>();
        for (List<PointRecord> ps : groups.values()) {
            List<Table.Cell> cells = new ArrayList<>();
            cells.add(Table.Cell.of(ps.get(0).target().label()));
            cells.add(Table.Cell.of(ps.get(0).load().describe()));
            for (Column c : shown) {
                double[] values = ps.stream().map(c.value()).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
                cells.add(Table.Cell.spread(Summary.Spread.of(values), values.length, v -> HtmlFormat.fixed(v, c.decimals())));
            }
            rows.add(new Table.Row(cells));
        }
        return new Table(headers, rows);
    }

    // per valid answer: errors cost too, but a point's cost is read against what it delivered
    private static Double perRequest(PointRecord p, double total) {
        return p.validated() > 0 ? total / p.validated() : null;
    }

    private static Double millis(Double micros) {
        return micros == null ? null : micros / 1000;
    }

    private static Double kilobytes(Long bytes) {
        return bytes == null ? null : bytes / 1024.0;
    }

    private static Double megabytes(Long bytes) {
        return bytes == null ? null : bytes / 1e6;
    }
}
