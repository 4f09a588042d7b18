package io.wsbench.service.imports;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.wsbench.service.own.OwnServiceException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A JMeter CSV Data Set's file read as JMeter reads it (its delimiter; double quotes around a field
 * only where the set says {@code quotedData}, so a delimiter or a line break may sit inside one), and
 * written again as the comma-separated file with a header line that a suite's {@code data:} reads,
 * quoted where a field needs it: Jackson's CSV module both ways.
 */
final class JmeterCsv {

    private static final CsvMapper CSV = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);

    private JmeterCsv() {
    }

    /** The rows of {@code file}; {@code what} names the data set in an error. */
    static List<String[]> read(Path file, char delimiter, boolean quoted, String what) throws OwnServiceException {
        CsvSchema schema = CsvSchema.emptySchema().withColumnSeparator(delimiter);
        schema = quoted ? schema.withQuoteChar('"') : schema.withoutQuoteChar();
        List<String[]> rows = new ArrayList<>();
        String text;
        try {
            text = io.wsbench.service.own.UserText.read(file); // a byte order mark is not the first field's, as JMeter reads it
        } catch (IOException e) {
            throw new OwnServiceException(what + ": cannot read " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        try (MappingIterator<String[]> it = CSV.readerFor(String[].class).with(schema).readValues(text)) {
            while (it.hasNextValue()) {
                String[] row = it.nextValue();
                if (row.length > 1 || row.length == 1 && !row[0].isEmpty()) { // JMeter skips empty lines too
                    rows.add(row);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new OwnServiceException(what + ": cannot read " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        return rows;
    }

    /** {@code rows} (the header first) as CSV, quoted where a field holds a comma, a quote or a line break. */
    static byte[] write(List<String[]> rows) throws OwnServiceException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (var w = CSV.writerFor(String[].class).with(CsvSchema.emptySchema().withLineSeparator("\n")).writeValues(out)) {
            for (String[] row : rows) {
                w.write(row);
            }
        } catch (IOException e) {
            throw new OwnServiceException("cannot write a data file: " + e.getMessage());
        }
        return out.toByteArray();
    }
}
