package io.wsbench.report;

import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunRecord;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the report of a run next to its run.json: report.html, results.csv, .xlsx and .ods with
 * one row per point, and summary.csv with one row per target and load (its intervals and paired ratio). Works from the record alone, so {@code wsbench report RUN_DIR} can rebuild it.
 */
public final class ReportWriter {

    private ReportWriter() {
    }

    /** Writes every report file into {@code runDir} and returns their paths, in the order written. */
    public static List<Path> write(RunRecord run, Path runDir) {
        List<PointRecord> points = run.points() == null ? List.of() : run.points();
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(runDir);
            Path html = runDir.resolve("report.html");
            Files.writeString(html, ReportPage.render(run, runDir), StandardCharsets.UTF_8);
            written.add(html);
            for (Map.Entry<String, Output> o : outputs(run, points).entrySet()) {
                Path file = runDir.resolve(o.getKey());
                o.getValue().write(file);
                written.add(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report into " + runDir + ": " + e.getMessage(), e);
        }
        return written;
    }

    /** One of the tables a report writes beside its page. */
    private interface Output {
        void write(Path file) throws IOException;
    }

    /** The tables, by file name, in the order written: each point's row (CSV, XLSX, ODS) and each row's summary. */
    private static Map<String, Output> outputs(RunRecord run, List<PointRecord> points) {
        Map<String, Output> outputs = new LinkedHashMap<>();
        outputs.put("results.csv", f -> ResultsCsv.write(points, f));
        outputs.put("summary.csv", f -> ResultsCsv.writeRows(run, f));
        outputs.put("results.xlsx", f -> ResultsXlsx.write(points, f));
        outputs.put("results.ods", f -> ResultsOds.write(points, f));
        return outputs;
    }
}
