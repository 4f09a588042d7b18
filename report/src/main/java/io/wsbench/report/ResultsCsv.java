package io.wsbench.report;

import io.wsbench.core.record.PointRecord;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** results.csv: RFC 4180 (CRLF, quotes doubled), one row per point, numbers without locale. */
final class ResultsCsv {

    private ResultsCsv() {
    }

    static void write(List<PointRecord> points, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(String.join(",", ResultColumns.ALL.stream().map(c -> field(c.name())).toList()));
            w.write("\r\n");
            for (PointRecord p : points) {
                w.write(String.join(",", ResultColumns.ALL.stream().map(c -> field(c.value().apply(p))).toList()));
                w.write("\r\n");
            }
        }
    }

    static String field(Object value) {
        if (value == null) {
            return "";
        }
        String s = value instanceof Double d ? number(d) : value.toString();
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    // Plain digits, never 1.0E7, so every spreadsheet and script reads the same number.
    private static String number(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return "";
        }
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
}
