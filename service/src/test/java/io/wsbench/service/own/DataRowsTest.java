package io.wsbench.service.own;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A user's data rows as spreadsheets save them: a BOM, CRLF, semicolons or tabs, quotes around a separator. */
class DataRowsTest {

    @Test
    void aSpreadsheetsCsvIsReadWhateverItsSeparator(@TempDir Path dir) throws Exception {
        // as a spreadsheet saves CSV where the decimal mark is a comma: a BOM, semicolons, CRLF
        Path semi = Files.write(dir.resolve("semi.csv"), "\uFEFFname;times;price\r\nann;2;1,5\r\n\"bob; jr\";3;2\r\nçé;1;0,25\r\n"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        DataRows rows = DataRows.read(semi);
        assertEquals(List.of("name", "times", "price"), rows.columns());
        assertEquals(Map.of("name", "bob; jr", "times", "3", "price", "2"), rows.row(1));
        assertEquals(Map.of("name", "çé", "times", "1", "price", "0,25"), rows.row(2));
        Path tabs = Files.writeString(dir.resolve("tabs.tsv"), "a\tb\n1\t2\n");
        assertEquals(Map.of("a", "1", "b", "2"), DataRows.read(tabs).row(0));
        Path commas = Files.writeString(dir.resolve("commas.csv"), "a,b\n\"1;2\",3\n");
        assertEquals(Map.of("a", "1;2", "b", "3"), DataRows.read(commas).row(0), "a comma in the header: commas");
        Path one = Files.writeString(dir.resolve("one.csv"), "id\n7\n");
        assertEquals(Map.of("id", "7"), DataRows.read(one).row(0));
        Path ragged = Files.writeString(dir.resolve("ragged.csv"), "a;b\n1;2;3\n");
        OwnServiceException e = org.junit.jupiter.api.Assertions.assertThrows(OwnServiceException.class, () -> DataRows.read(ragged));
        assertTrue(e.getMessage().startsWith(ragged + ":2:"), e.getMessage());
    }
}
