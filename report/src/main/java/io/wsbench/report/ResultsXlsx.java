package io.wsbench.report;

import io.wsbench.model.record.PointRecord;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Font;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.apache.xmlbeans.XmlCursor;

import javax.xml.namespace.QName;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** results.xlsx: the CSV's columns as typed cells (numbers stay numbers), a bold frozen header, filters. */
final class ResultsXlsx {

    private ResultsXlsx() {
    }

    static void write(List<PointRecord> points, Path file) throws IOException {
        try (XSSFWorkbook book = new XSSFWorkbook(); OutputStream out = Files.newOutputStream(file)) {
            Sheet sheet = book.createSheet("results");
            List<ResultColumns.Column> columns = ResultColumns.of(points);
            Row header = sheet.createRow(0);
            CellStyle bold = book.createCellStyle();
            Font font = book.createFont();
            font.setBold(true);
            bold.setFont(font);
            for (int c = 0; c < columns.size(); c++) {
                Cell cell = header.createCell(c);
                cell.setCellValue(columns.get(c).name());
                cell.setCellStyle(bold);
                // autoSizeColumn needs AWT fonts, which a headless server may lack: size by the name instead
                sheet.setColumnWidth(c, Math.max(10, columns.get(c).name().length() + 2) * 256);
            }
            for (int r = 0; r < points.size(); r++) {
                Row row = sheet.createRow(r + 1);
                for (int c = 0; c < columns.size(); c++) {
                    set(row, c, columns.get(c).value().apply(points.get(r)));
                }
            }
            sheet.createFreezePane(0, 1);
            sheet.setAutoFilter(new CellRangeAddress(0, points.size(), 0, columns.size() - 1));
            normalStyle(book);
            book.write(out);
        }
    }

    private static final String MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";

    /**
     * The workbook's built-in "Normal" cell style, which POI's new workbook lacks and Excel's has: openpyxl (pandas'
     * read_excel) warned "Workbook contains no default style" at every read. Written through a cursor, as POI's lean
     * schema jar has no class for the element.
     */
    private static void normalStyle(XSSFWorkbook book) {
        try (XmlCursor c = book.getStylesSource().getCTStylesheet().newCursor()) {
            c.toEndToken();
            c.beginElement(new QName(MAIN, "cellStyles"));
            c.insertAttributeWithValue("count", "1");
            c.beginElement(new QName(MAIN, "cellStyle"));
            c.insertAttributeWithValue("name", "Normal");
            c.insertAttributeWithValue("xfId", "0");
            c.insertAttributeWithValue("builtinId", "0");
        }
    }

    private static void set(Row row, int column, Object value) {
        if (value == null) {
            return;
        }
        Cell cell = row.createCell(column);
        if (value instanceof Number n) {
            cell.setCellValue(n.doubleValue());
        } else if (value instanceof Boolean b) {
            cell.setCellValue(b);
        } else {
            cell.setCellValue(value.toString());
        }
    }
}
