package io.wsbench.runner;

import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.ServerRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * What a run keeps of its points' recordings: the figures read from them always (hot frames, exceptions,
 * GC pauses, the profile's parts), Flight Recorder's .jfr file for the first point of each row only, the
 * one the report's "inside the server" table names, and async-profiler's raw .jfr for none, since its
 * collapsed stacks under profiles/ hold all the report, the flame graphs and {@code why} read of it;
 * every file of every point with {@code --keep-recordings}. A default run of 4 processes x 3 rounds wrote
 * 23 MB of .jfr files, one per 2 s point, that nothing read again; then, each row's first point's two
 * files kept, 2.2 MB of a 5.6 MB run, half of it the profiles' raw recordings.
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
        if (keepAll || file == null) {
            return p;
        }
        delete(dir.resolve("jfr/" + file + "-profile.jfr")); // read into profiles/ already: nothing names it
        if (kept.add(p.key())) {
            return p;
        }
        delete(dir.resolve("jfr/" + file + ".jfr"));
        ServerRecord s = p.server();
        if (s == null || s.jfr().recording() == null) {
            return p;
        }
        ServerRecord.JfrRecord j = s.jfr();
        return PointRecordBuilder.builder(p).server(s.withRecording(new ServerRecord.JfrRecord(j.executionSamples(),
                j.samplePeriodMillis(), j.hotFrames(), j.exceptions(), null, j.gcPauses()))).build();
    }

    /** Deletes every file of a measure the run did not keep (named {@code file} under {@code dir}): nothing names them. */
    static void discard(Path dir, String file) {
        if (file == null) {
            return;
        }
        delete(dir.resolve("jfr/" + file + ".jfr"));
        delete(dir.resolve("jfr/" + file + "-profile.jfr"));
        try (var profiles = Files.newDirectoryStream(dir.resolve("profiles"), file + ".*")) {
            profiles.forEach(Recordings::delete);
        } catch (IOException | java.nio.file.DirectoryIteratorException e) {
            // no profiles, or one that cannot be read: kept, it costs space, never a figure
        }
    }

    private static void delete(Path f) {
        try {
            Files.deleteIfExists(f);
        } catch (IOException e) {
            // a file that cannot be deleted is kept: it costs space, never a figure
        }
    }
}
