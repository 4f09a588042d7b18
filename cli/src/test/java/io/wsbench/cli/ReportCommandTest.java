package io.wsbench.cli;

import com.github.miachm.sods.SpreadSheet;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code wsbench report RUN_DIR}: the report and the sheets rebuilt from run.json alone. */
class ReportCommandTest {

    @Test
    void theReportAndTheSheetsAreRebuiltFromRunJsonWithItsFigures(@TempDir Path dir) throws Exception {
        Path runDir = CompareCommandTest.run(dir.resolve("run"), "2.1.6", "0.1.0", 1000, 2000, new Random(11),
                List.of("SOAP", "REST"));
        byte[] json = Files.readAllBytes(runDir.resolve("run.json"));
        RunRecord run = RunJson.read(runDir.resolve("run.json"));
        List<PointRecord> points = run.points();
        assertEquals(10, points.size(), "2 targets x 5 repeats");

        CliRunner r = CliRunner.run("report", runDir.toString());

        assertEquals(0, r.exit(), r.out() + r.err());
        for (String file : List.of("report.html", "results.csv", "results.xlsx", "results.ods")) {
            assertTrue(r.out().contains("wrote " + runDir.resolve(file) + "\n"), r.out());
            assertTrue(Files.size(runDir.resolve(file)) > 0, file);
        }
        assertArrayEquals(json, Files.readAllBytes(runDir.resolve("run.json")), "run.json is read, never changed");
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("SOAP")) && r.out().lines().anyMatch(l -> l.startsWith("REST")),
                "the summary table is printed:\n" + r.out());

        String html = Files.readString(runDir.resolve("report.html"));
        assertTrue(html.contains("<h1>wsbench — stacks</h1>"), "the run's suite names the report");
        assertTrue(html.contains("./wsbench run suites/stacks.yaml"), "and its command");
        assertTrue(html.contains("2.1.6") && html.contains("abc1234"), "and the versions it ran");

        // one row per point, in run.json's order, with run.json's throughput and p50
        List<String> csv = Files.readAllLines(runDir.resolve("results.csv"));
        assertEquals(1 + points.size(), csv.size());
        List<String> header = Arrays.asList(csv.get(0).split(",", -1));
        int label = header.indexOf("target.label"), repeat = header.indexOf("repeat"),
                throughput = header.indexOf("throughput"), p50 = header.indexOf("latencyMicros.p50");
        for (int i = 0; i < points.size(); i++) {
            String[] row = csv.get(i + 1).split(",", -1);
            PointRecord p = points.get(i);
            assertEquals(p.target().label(), row[label]);
            assertEquals(String.valueOf(p.repeat()), row[repeat]);
            assertEquals(BigDecimal.valueOf(p.throughput()).stripTrailingZeros().toPlainString(), row[throughput]);
            assertEquals(String.valueOf(p.latencyMicros().p50()), row[p50]);
        }

        PointRecord last = points.get(points.size() - 1);
        try (XSSFWorkbook book = new XSSFWorkbook(runDir.resolve("results.xlsx").toFile())) {
            var sheet = book.getSheet("results");
            assertEquals(points.size(), sheet.getLastRowNum(), "a header, then a row per point");
            assertEquals(last.target().label(), sheet.getRow(points.size()).getCell(label).getStringCellValue());
            assertEquals(last.throughput(), sheet.getRow(points.size()).getCell(throughput).getNumericCellValue(), 1e-9);
        }
        var ods = new SpreadSheet(runDir.resolve("results.ods").toFile()).getSheet("results");
        assertEquals(1 + points.size(), ods.getMaxRows());
        assertEquals(last.target().label(), ods.getRange(points.size(), label).getValue());
        assertEquals(last.throughput(), (Double) ods.getRange(points.size(), throughput).getValue(), 1e-9);
    }

    @Test
    void aMissingOrMalformedRunJsonIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        CliRunner r = CliRunner.run("report", empty.toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.out());
        assertEquals("wsbench: no run.json in " + empty + System.lineSeparator(), r.err());

        Path broken = Files.createDirectories(dir.resolve("broken"));
        Files.writeString(broken.resolve("run.json"), "{ \"suite\": \"x\", \"points\": [ {");
        r = CliRunner.run("report", broken.toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("wsbench: " + broken.resolve("run.json") + ": not a readable run: "), r.err());
        assertEquals("", r.out());
        try (var files = Files.list(broken)) {
            assertEquals(List.of(broken.resolve("run.json")), files.toList(), "nothing is written from bad input");
        }
    }
}
