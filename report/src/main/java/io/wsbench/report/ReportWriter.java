package io.wsbench.report;

import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunRecord;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
            Path csv = runDir.resolve("results.csv");
            ResultsCsv.write(points, csv);
            written.add(csv);
            Path rows = runDir.resolve("summary.csv");
            ResultsCsv.writeRows(run, rows);
            written.add(rows);
            Path xlsx = runDir.resolve("results.xlsx");
            ResultsXlsx.write(points, xlsx);
            written.add(xlsx);
            Path ods = runDir.resolve("results.ods");
            ResultsOds.write(points, ods);
            written.add(ods);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report into " + runDir + ": " + e.getMessage(), e);
        }
        return written;
    }
}
