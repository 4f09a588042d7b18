package io.wsbench.report;

import io.wsbench.model.record.Summary;

import java.util.List;
import java.util.function.DoubleFunction;

/**
 * A table of report.html as its template draws it: the headers, then rows of cells. A cell is a
 * figure with, where it had repeats, their min–max under it; the template escapes every text.
 */
record Table(List<String> headers, List<Row> rows) {

    /** {@code warning}: why the row is not steady, or null when it is. */
    record Row(List<Cell> cells, String warning) {

        Row(List<Cell> cells) {
            this(cells, null);
        }
    }

    /** {@code bad}: a figure to be read first (errors, an unverified certificate); {@code code}: a class or frame name. */
    record Cell(String text, String spread, boolean bad, boolean code) {

        static Cell of(String text) {
            return new Cell(text, null, false, false);
        }

        static Cell bad(String text, boolean bad) {
            return new Cell(text, null, bad, false);
        }

        static Cell code(String text) {
            return new Cell(text, null, false, true);
        }

        /** A median with its min–max under it when there was more than one value (JMH's habit). */
        static Cell spread(Summary.Spread s, int values, DoubleFunction<String> format) {
            String median = format.apply(s.median());
            return values < 2 || Double.isNaN(s.median()) ? of(median)
                    : new Cell(median, format.apply(s.min()) + "–" + format.apply(s.max()), false, false);
        }
    }
}
