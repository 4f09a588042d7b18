package io.wsbench.report;

import com.github.miachm.sods.Range;
import com.github.miachm.sods.Sheet;
import com.github.miachm.sods.SpreadSheet;
import io.wsbench.model.record.PointRecord;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

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
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        book.save(written);
        Files.write(file, packaged(written.toByteArray()));
    }

    /**
     * The document SODS wrote, packaged as ODF asks and with each boolean cell shown as LibreOffice shows it.
     * ODF's package puts {@code mimetype} first and uncompressed, so that a reader (or {@code file}) can tell an
     * ODS from any zip by its first bytes; SODS writes it second and deflated. And SODS shows a boolean as its
     * value's {@code toString()}, "true", where LibreOffice writes TRUE: readers that take a boolean from the text
     * shown (pandas' {@code read_excel} with odfpy compares it with "TRUE") read every one as false. The cells'
     * values ({@code office:boolean-value}) stay as they were.
     */
    static byte[] packaged(byte[] ods) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(ods))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                entries.put(entry.getName(), in.readAllBytes());
            }
        }
        entries.computeIfPresent("content.xml", (name, xml) -> BOOLEAN_SHOWN.matcher(new String(xml, StandardCharsets.UTF_8))
                .replaceAll(m -> m.group(1) + m.group(2).toUpperCase(Locale.ROOT) + m.group(3))
                .getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream out = new ByteArrayOutputStream(ods.length + 64);
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            byte[] mimetype = entries.remove("mimetype");
            if (mimetype != null) {
                ZipEntry first = new ZipEntry("mimetype");
                CRC32 crc = new CRC32();
                crc.update(mimetype);
                first.setMethod(ZipEntry.STORED);
                first.setSize(mimetype.length);
                first.setCompressedSize(mimetype.length);
                first.setCrc(crc.getValue());
                zip.putNextEntry(first);
                zip.write(mimetype);
                zip.closeEntry();
            }
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(entry.getKey()));
                zip.write(entry.getValue());
                zip.closeEntry();
            }
        }
        return out.toByteArray();
    }

    /** A boolean cell's text as SODS writes it: its value's toString() in the cell's one paragraph. */
    private static final Pattern BOOLEAN_SHOWN =
            Pattern.compile("(office:boolean-value=\"(?:true|false)\"[^>]*><text:p>)(true|false)(</text:p>)");
}
