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
        Path shortRow = Files.writeString(dir.resolve("short.csv"), "a,b,c\n1,2,3\n4,5\n");
        e = org.junit.jupiter.api.Assertions.assertThrows(OwnServiceException.class, () -> DataRows.read(shortRow));
        assertTrue(e.getMessage().startsWith(shortRow + ":3:"), e.getMessage());
        Path blank = Files.writeString(dir.resolve("blank.csv"), "a,b\n1,2\n\n3,4\n\n\n");
        assertEquals(2, DataRows.read(blank).size(), "blank lines are no rows");
        assertEquals(Map.of("a", "3", "b", "4"), DataRows.read(blank).row(1));
        Path header = Files.writeString(dir.resolve("header.csv"), "a,b\n");
        e = org.junit.jupiter.api.Assertions.assertThrows(OwnServiceException.class, () -> DataRows.read(header));
        assertEquals(header + ": no data rows after the header row", e.getMessage());
    }

    @Test
    void aRowIsItsValuesInTheColumnsOrderAndReadsAsAMap(@TempDir Path dir) throws Exception {
        Path csv = Files.writeString(dir.resolve("rows.csv"), "id, name ,note\n1, ann ,\n2,\"bob, jr\",x\n");
        DataRows rows = DataRows.read(csv);
        assertEquals(List.of("id", "name", "note"), rows.columns());
        assertEquals(2, rows.size());
        org.junit.jupiter.api.Assertions.assertArrayEquals(new String[] {"1", "ann", ""}, rows.values(0), "an empty cell is an empty value");
        Map<String, String> second = rows.row(1);
        assertEquals(Map.of("id", "2", "name", "bob, jr", "note", "x"), second);
        assertEquals(Map.of("id", "2", "name", "bob, jr", "note", "x").hashCode(), second.hashCode());
        assertEquals("bob, jr", second.get("name"));
        assertEquals(null, second.get("age"));
        assertEquals(List.of("id", "name", "note"), List.copyOf(second.keySet()), "in the file's order");
        // rows given as maps: a column a map lacks is absent from its row, not empty
        DataRows given = DataRows.of("orders.csv", List.of("item", "note"), List.of(Map.of("item", "fig")));
        assertEquals(Map.of("item", "fig"), given.row(0));
        assertTrue(!given.row(0).containsKey("note"));
        assertEquals(1, given.row(0).size());
    }
}
