package io.wsbench.model.record;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Reads and writes run.json. Writes go to a temporary file first, so a reader never sees half a run. */
public final class RunJson {

    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private RunJson() {
    }

    public static void write(RunRecord run, Path file) {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            MAPPER.writeValue(tmp.toFile(), run);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public static RunRecord read(Path file) throws IOException {
        return MAPPER.readValue(file.toFile(), RunRecord.class);
    }

    /** Without indentation: for a script to read (a page's data, an event), not a person. */
    private static final com.fasterxml.jackson.databind.ObjectWriter COMPACT = MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    public static String toCompactJson(Object value) {
        try {
            return COMPACT.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String toJson(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
