package io.wsbench.service.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A CSV Data Set's file read as JMeter reads it and written back as the CSV a suite's data reads. */
class JmeterCsvTest {

    @Test
    void aQuotedFieldKeepsItsDelimiterAndIsQuotedAgainWhenWritten(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("users.csv"), "alice;\"Smith; Jr.\";1\n\nbob;\"say \"\"hi\"\"\";2\n");
        List<String[]> rows = JmeterCsv.read(f, ';', true, "plan: Users");
        assertEquals(2, rows.size(), "the empty line is skipped, as JMeter does");
        assertArrayEquals(new String[]{"alice", "Smith; Jr.", "1"}, rows.get(0));
        assertArrayEquals(new String[]{"bob", "say \"hi\"", "2"}, rows.get(1));
        rows.add(0, new String[]{"user", "name", "n"});
        // Jackson quotes a field with a space in it too: CSV all the same
        assertEquals("user,name,n\nalice,\"Smith; Jr.\",1\nbob,\"say \"\"hi\"\"\",2\n",
                new String(JmeterCsv.write(rows), StandardCharsets.UTF_8));
        // a comma inside a field gets quotes in the comma-separated file
        assertEquals("a,\"b,c\"\n", new String(JmeterCsv.write(List.<String[]>of(new String[]{"a", "b,c"})), StandardCharsets.UTF_8));
    }

    @Test
    void aByteOrderMarkIsNotPartOfTheFirstField(@TempDir Path dir) throws Exception {
        Path f = Files.write(dir.resolve("users.csv"), "\uFEFFuser,pass\nann,pw\n".getBytes(StandardCharsets.UTF_8));
        assertArrayEquals(new String[]{"user", "pass"}, JmeterCsv.read(f, ',', true, "plan: Users").get(0));
    }

    @Test
    void withoutQuotedDataAQuoteIsJustACharacter(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("users.tsv"), "\"alice\"\tsecret\n");
        assertArrayEquals(new String[]{"\"alice\"", "secret"}, JmeterCsv.read(f, '\t', false, "plan: Users").get(0));
    }
}
