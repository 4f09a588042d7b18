package io.wsbench.service.own;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The user's request data: a CSV file whose first row names the columns (Jackson's CSV module), one
 * request per row, taken in turn. {@link #none()} is the single empty row of a request without data.
 * A row is kept as its values in the columns' order, nothing else: a million rows of two short
 * columns take about 120 MB, where a map a row took 400 MB.
 */
public final class DataRows {

    private final String source;
    private final List<String> columns;
    private final Map<String, Integer> index;
    private final String[][] values;

    private DataRows(String source, List<String> columns, String[][] values) {
        this.source = source;
        this.columns = List.copyOf(columns);
        this.index = new HashMap<>();
        for (int i = 0; i < this.columns.size(); i++) {
            index.put(this.columns.get(i), i);
        }
        this.values = values;
    }

    public static DataRows none() {
        return new DataRows(null, List.of(), new String[][] {new String[0]});
    }

    /** Rows given as maps (a column a map lacks is absent from that row, as no CSV row can be). */
    public static DataRows of(String source, List<String> columns, List<Map<String, String>> rows) {
        String[][] values = new String[rows.size()][];
        for (int r = 0; r < values.length; r++) {
            Map<String, String> row = rows.get(r);
            values[r] = columns.stream().map(row::get).toArray(String[]::new);
        }
        return new DataRows(source, columns, values);
    }

    public static DataRows read(Path csv) throws OwnServiceException {
        if (!Files.isRegularFile(csv)) {
            throw new OwnServiceException(csv + ": no such data file");
        }
        CsvMapper mapper = new CsvMapper();
        mapper.enable(CsvParser.Feature.TRIM_SPACES);
        mapper.enable(CsvParser.Feature.FAIL_ON_MISSING_COLUMNS);
        mapper.enable(CsvParser.Feature.SKIP_EMPTY_LINES); // a blank line (the last one, often) is no row, as newman and JMeter read it
        CsvSchema schema = CsvSchema.emptySchema().withHeader().withColumnSeparator(separator(csv));
        List<String[]> rows = new ArrayList<>();
        List<String> columns = null;
        // read as tokens, each row's values put straight in an array: no map a row, not even for a moment
        try (CsvParser in = (CsvParser) mapper.getFactory().createParser(csv.toFile())) {
            in.setSchema(schema);
            String[] row = null;
            int field = 0;
            for (JsonToken t = in.nextToken(); t != null; t = in.nextToken()) {
                if (t == JsonToken.START_OBJECT) {
                    if (columns == null) {
                        columns = new ArrayList<>();
                        for (CsvSchema.Column c : in.getSchema()) {
                            columns.add(c.getName());
                        }
                    }
                    row = new String[columns.size()];
                    field = 0;
                } else if (t.isScalarValue() && field < row.length) {
                    row[field++] = t == JsonToken.VALUE_NULL ? "" : in.getText();
                } else if (t == JsonToken.END_OBJECT) {
                    rows.add(row);
                }
            }
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
        return new DataRows(csv.toString(), columns, rows.toArray(String[][]::new));
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

    /** The file the rows came from, or null for {@link #none()}. */
    public String source() {
        return source;
    }

    public List<String> columns() {
        return columns;
    }

    public int size() {
        return values.length;
    }

    /** Row {@code i} as a map of column to value, read through: nothing is copied. */
    public Map<String, String> row(int i) {
        return new Row(values[i]);
    }

    /** Row {@code i}'s values in the order of {@link #columns()}; shared, not to be changed. */
    public String[] values(int i) {
        return values[i];
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

    /** A row read through its columns' index; a value of null is a column the row does not have. */
    private final class Row extends AbstractMap<String, String> {

        private final String[] row;

        Row(String[] row) {
            this.row = row;
        }

        @Override
        public String get(Object column) {
            Integer i = index.get(column);
            return i == null ? null : row[i];
        }

        @Override
        public boolean containsKey(Object column) {
            return get(column) != null;
        }

        @Override
        public Set<Entry<String, String>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, String>> iterator() {
                    return new Iterator<>() {
                        private int next = advance(0);

                        private int advance(int from) {
                            while (from < row.length && row[from] == null) {
                                from++;
                            }
                            return from;
                        }

                        @Override
                        public boolean hasNext() {
                            return next < row.length;
                        }

                        @Override
                        public Entry<String, String> next() {
                            if (next >= row.length) {
                                throw new NoSuchElementException();
                            }
                            Entry<String, String> e = Map.entry(columns.get(next), row[next]);
                            next = advance(next + 1);
                            return e;
                        }
                    };
                }

                @Override
                public int size() {
                    int n = 0;
                    for (String v : row) {
                        n += v == null ? 0 : 1;
                    }
                    return n;
                }
            };
        }
    }
}
