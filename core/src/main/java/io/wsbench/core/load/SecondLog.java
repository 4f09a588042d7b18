package io.wsbench.core.load;

import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.SecondSample;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A point's closed seconds, and each one's latencies as {@link Measurement#encode} writes them, in
 * the order they closed. The first {@link #IN_MEMORY} stay in memory; a longer point (a soak of
 * hours) writes the rest to a file as they come, one JSON line each, so the generator's memory stays
 * flat however long it runs. They are read back once, when the point's record is made.
 */
final class SecondLog implements AutoCloseable {

    /** Ten minutes of seconds; past them a point spills to disk. */
    static final int IN_MEMORY = 600;

    private final int inMemory;
    private final List<SecondSample> seconds = new ArrayList<>();
    private final List<String> latencies = new ArrayList<>();
    private Path spill;
    private BufferedWriter out;
    private int size;

    SecondLog() {
        this(IN_MEMORY);
    }

    SecondLog(int inMemory) {
        this.inMemory = inMemory;
    }

    /** One line on disk: a second and its encoded latencies. */
    record Line(SecondSample second, String latencies) {
    }

    void add(SecondSample second, String encodedLatencies) {
        size++;
        if (seconds.size() < inMemory) {
            seconds.add(second);
            latencies.add(encodedLatencies);
            return;
        }
        try {
            if (out == null) {
                spill = Files.createTempFile("wsbench-seconds-", ".jsonl");
                spill.toFile().deleteOnExit();
                out = Files.newBufferedWriter(spill, StandardCharsets.UTF_8);
            }
            out.write(RunJson.toCompactJson(new Line(second, encodedLatencies)));
            out.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException("could not keep the point's seconds on disk: " + e.getMessage(), e);
        }
    }

    int size() {
        return size;
    }

    /** Whether some seconds went to disk. */
    boolean spilled() {
        return spill != null;
    }

    /** Every second so far, in order. */
    List<SecondSample> seconds() {
        List<SecondSample> all = new ArrayList<>(size);
        all.addAll(seconds);
        readSpill(l -> all.add(l.second()));
        return all;
    }

    /** Every second's encoded latencies so far, in order. */
    List<String> latencies() {
        List<String> all = new ArrayList<>(size);
        all.addAll(latencies);
        readSpill(l -> all.add(l.latencies()));
        return all;
    }

    private void readSpill(java.util.function.Consumer<Line> each) {
        if (spill == null) {
            return;
        }
        try {
            out.flush();
            try (BufferedReader in = Files.newBufferedReader(spill, StandardCharsets.UTF_8)) {
                for (String l = in.readLine(); l != null; l = in.readLine()) {
                    each.accept(RunJson.MAPPER.readValue(l, Line.class));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the point's seconds back: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (out == null) {
            return;
        }
        try {
            out.close();
            Files.deleteIfExists(spill);
        } catch (IOException e) {
            // a temporary file left behind; deleteOnExit still has it
        }
    }
}
