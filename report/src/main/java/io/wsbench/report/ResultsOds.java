package io.wsbench.report;

import com.github.miachm.sods.Range;
import com.github.miachm.sods.Sheet;
import com.github.miachm.sods.SpreadSheet;
import io.wsbench.model.record.PointRecord;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** results.ods: the same columns as results.csv, as typed cells for LibreOffice. */
final class ResultsOds {

    private ResultsOds() {
    }

    static void write(List<PointRecord> points, Path file) throws IOException {
        List<ResultColumns.Column> columns = ResultColumns.of(points);
        Object[][] cells = new Object[points.size() + 1][columns.size()];
        for (int c = 0; c < columns.size(); c++) {
            cells[0][c] = columns.get(c).name();
            for (int r = 0; r < points.size(); r++) {
                cells[r + 1][c] = columns.get(c).value().apply(points.get(r)); // null leaves the cell empty
            }
        }
        Sheet sheet = new Sheet("results", cells.length, columns.size());
        sheet.getDataRange().setValues(cells);
        Range header = sheet.getRange(0, 0, 1, columns.size());
        header.setFontBold(true);
        SpreadSheet book = new SpreadSheet();
        book.appendSheet(sheet);
        book.save(file.toFile());
    }
}
