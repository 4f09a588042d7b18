package io.wsbench.service.own;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The user's request data: a CSV file whose first row names the columns (Jackson's CSV module), one
 * request per row, taken in turn. {@link #none()} is the single empty row of a request without data.
 */
public record DataRows(String source, List<String> columns, List<Map<String, String>> rows) {

    public static DataRows none() {
        return new DataRows(null, List.of(), List.of(Map.of()));
    }

    public static DataRows read(Path csv) throws OwnServiceException {
        if (!Files.isRegularFile(csv)) {
            throw new OwnServiceException(csv + ": no such data file");
        }
        CsvMapper mapper = new CsvMapper();
        mapper.enable(CsvParser.Feature.TRIM_SPACES);
        mapper.enable(CsvParser.Feature.FAIL_ON_MISSING_COLUMNS);
        CsvSchema schema = CsvSchema.emptySchema().withHeader().withColumnSeparator(separator(csv));
        List<Map<String, String>> rows = new ArrayList<>();
        List<String> columns;
        try (MappingIterator<Map<String, String>> it = mapper.readerForMapOf(String.class).with(schema).readValues(csv.toFile())) {
            while (it.hasNextValue()) {
                rows.add(Map.copyOf(it.nextValue()));
            }
            CsvSchema read = (CsvSchema) it.getParserSchema();
            columns = new ArrayList<>();
            read.forEach(c -> columns.add(c.getName()));
        } catch (NoSuchFileException e) {
            throw new OwnServiceException(csv + ": no such data file");
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new OwnServiceException(csv + (at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr())
                    + ": not a CSV file with a header row: " + e.getOriginalMessage());
        } catch (IOException | RuntimeException e) {
            throw new OwnServiceException(csv + ": cannot read the data: " + e.getMessage());
        }
        if (rows.isEmpty()) {
            throw new OwnServiceException(csv + ": no data rows after the header row");
        }
        return new DataRows(csv.toString(), List.copyOf(columns), List.copyOf(rows));
    }

    /**
     * The file's column separator, read from its header row: a comma, or a semicolon or a tab where the header has one and
     * no comma (a spreadsheet saved as CSV in a locale whose decimal mark is a comma writes semicolons).
     */
    static char separator(Path csv) throws OwnServiceException {
        String header;
        try (java.io.BufferedReader in = Files.newBufferedReader(csv, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            header = in.readLine();
        } catch (IOException e) {
            throw new OwnServiceException(csv + ": cannot read the data: " + e.getMessage());
        }
        if (header == null || header.indexOf(',') >= 0) {
            return ',';
        }
        return header.indexOf(';') >= 0 ? ';' : header.indexOf('\t') >= 0 ? '\t' : ',';
    }

    public int size() {
        return rows.size();
    }

    public Map<String, String> row(int i) {
        return rows.get(i);
    }

    /** One line naming the first of {@code needed} that is not a column, or null when all are. */
    public String missing(java.util.Collection<String> needed, String what) {
        List<String> absent = needed.stream().filter(n -> !columns.contains(n)).toList();
        if (absent.isEmpty()) {
            return null;
        }
        return (source == null ? "no --data file" : source + ": its header has no column")
                + (absent.size() > 1 ? "s " : " ") + String.join(", ", absent) + " for " + what
                + (source == null ? "" : " (columns: " + String.join(", ", columns) + ")");
    }
}
