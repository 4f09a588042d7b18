package io.wsbench.runner;

import io.wsbench.model.record.Copies;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.ServerRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a run keeps of its points' Flight Recorder recordings: the figures read from them always (hot
 * frames, exceptions, GC pauses), the .jfr files themselves for the first point of each row only, the
 * one the report's "inside the server" table names, unless every one is asked for
 * ({@code --keep-recordings}). The collapsed stacks under profiles/ are kept for every point: the
 * flame graphs merge a row's repeats and {@code why} tests each frame's change over them. A default run
 * of 4 processes x 3 rounds wrote 23 MB of .jfr files, one per 2 s point, that nothing read again.
 */
final class Recordings {

    private final boolean keepAll;
    private final Set<String> kept = new HashSet<>();

    Recordings(boolean keepAll) {
        this.keepAll = keepAll;
    }

    /**
     * {@code p} as the run keeps it: its files (named {@code file} under {@code dir}) deleted and
     * their names dropped from the record when its row already kept a point's.
     */
    PointRecord keep(PointRecord p, Path dir, String file) {
        if (keepAll || file == null || kept.add(p.key())) {
            return p;
        }
        ServerRecord s = p.server();
        for (String name : List.of("jfr/" + file + ".jfr", "jfr/" + file + "-profile.jfr")) {
            delete(dir.resolve(name));
        }
        if (s == null || s.jfr().recording() == null) {
            return p;
        }
        return Copies.with(p, "server", Copies.with(s, "jfr", Copies.with(s.jfr(), "recording", null)));
    }

    private static void delete(Path f) {
        try {
            Files.deleteIfExists(f);
        } catch (IOException e) {
            // a file that cannot be deleted is kept: it costs space, never a figure
        }
    }
}
