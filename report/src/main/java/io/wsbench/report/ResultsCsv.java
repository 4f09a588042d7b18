package io.wsbench.report;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.wsbench.model.record.PointRecord;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * results.csv: RFC 4180 (CRLF, a field quoted only when it must be, quotes doubled), one row per
 * point, numbers without locale. Written by Jackson's CSV module; compare.csv goes through it too.
 */
final class ResultsCsv {

    private static final CsvMapper MAPPER = CsvMapper.builder()
            .enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).build();

    private ResultsCsv() {
    }

    static void write(List<PointRecord> points, Path file) throws IOException {
        List<ResultColumns.Column> columns = ResultColumns.of(points);
        try (Table t = new Table(file, columns.stream().map(ResultColumns.Column::name).toList())) {
            for (PointRecord p : points) {
                t.row(columns.stream().map(c -> c.value().apply(p)).toArray());
            }
        }
    }

    /**
     * summary.csv: one line per target and load, its throughput's 95% interval, its paired ratio to the
     * baseline, and its mean and p99 latency (µs) with their 95% intervals.
     */
    static void writeRows(io.wsbench.model.record.RunRecord run, Path file) throws IOException {
        try (Table t = new Table(file, List.of("row", "repeats", "throughput", "throughput.ci95Low", "throughput.ci95High",
                "throughput.method", "baseline", "ratio", "ratio.ci95Low", "ratio.ci95High", "ratio.method",
                "meanMicros", "meanMicros.ci95Low", "meanMicros.ci95High", "p99Micros", "p99Micros.ci95Low", "p99Micros.ci95High",
                "instances", "serverCpuMicrosPerAnswer", "serverCpuMicrosPerAnswer.ci95Low", "serverCpuMicrosPerAnswer.ci95High",
                "cpuRatio", "cpuRatio.ci95Low", "cpuRatio.ci95High"))) {
            List<io.wsbench.model.record.RowRecord> rows = run.rows();
            for (io.wsbench.model.record.RowRecord r : rows == null ? List.<io.wsbench.model.record.RowRecord>of() : rows) {
                var x = r.ratio();
                t.row(r.row(), r.repeats(), finite(r.throughput().median()), r.throughput().low(), r.throughput().high(),
                        r.throughput().method(), x == null ? null : r.baseline(), x == null ? null : finite(x.median()),
                        x == null ? null : x.low(), x == null ? null : x.high(), x == null ? null : x.method(),
                        r.meanMicros() == null ? null : finite(r.meanMicros().median()), r.meanMicros() == null ? null : r.meanMicros().low(),
                        r.meanMicros() == null ? null : r.meanMicros().high(), r.p99Micros() == null ? null : finite(r.p99Micros().median()),
                        r.p99Micros() == null ? null : r.p99Micros().low(), r.p99Micros() == null ? null : r.p99Micros().high(),
                        r.instances(), median(r.serverCpuMicrosPerAnswer()), low(r.serverCpuMicrosPerAnswer()),
                        high(r.serverCpuMicrosPerAnswer()), median(r.cpuRatio()), low(r.cpuRatio()), high(r.cpuRatio()));
            }
        }
    }

    private static Double median(io.wsbench.model.stats.Estimate e) {
        return e == null ? null : finite(e.median());
    }

    private static Double low(io.wsbench.model.stats.Estimate e) {
        return e == null ? null : e.low();
    }

    private static Double high(io.wsbench.model.stats.Estimate e) {
        return e == null ? null : e.high();
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    /** A CSV file with a header row, written one row at a time. */
    static final class Table implements AutoCloseable {
        private final Writer out;
        private final SequenceWriter rows;

        Table(Path file, List<String> columns) throws IOException {
            CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true).setLineSeparator("\r\n");
            columns.forEach(schema::addColumn);
            this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            this.rows = MAPPER.writer(schema.build()).writeValues(out);
        }

        /** One row: null is an empty field, a number is written in plain digits. */
        void row(Object... values) {
            String[] cells = new String[values.length];
            for (int i = 0; i < values.length; i++) {
                cells[i] = text(values[i]);
            }
            try {
                rows.write(cells);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() throws IOException {
            rows.close();
            out.close();
        }
    }

    private static String text(Object value) {
        if (value == null) {
            return "";
        }
        return value instanceof Double d ? number(d) : value.toString();
    }

    // Plain digits, never 1.0E7, so every spreadsheet and script reads the same number.
    private static String number(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return "";
        }
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
}
