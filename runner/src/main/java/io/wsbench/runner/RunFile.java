package io.wsbench.runner;

import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * The record of a run under way and its run.json. The run's thread and the Ctrl-C hook both change
 * it: each change is applied atomically to the latest record (a copy made from an older one would
 * lose the other's, such as the run's "partial"), then written at once.
 */
final class RunFile {

    private final Path file;
    private final AtomicReference<RunRecord> run;

    /** Starts {@code file} with {@code first}. */
    RunFile(Path file, RunRecord first) {
        this.file = file;
        this.run = new AtomicReference<>(first);
        save();
    }

    RunRecord get() {
        return run.get();
    }

    Path path() {
        return file;
    }

    /**
     * Applies {@code change} to the latest record and writes the result. {@code change} may be
     * applied more than once when another thread changes the record meanwhile: it must only copy.
     */
    RunRecord update(UnaryOperator<RunRecord> change) {
        RunRecord r = run.updateAndGet(change);
        save();
        return r;
    }

    /** Finishes a run that is still running; one that is finished already (Ctrl-C) keeps its status. */
    RunRecord finish(String at, String status, String reason) {
        return update(r -> "running".equals(r.status()) ? r.finished(at, status, reason) : r);
    }

    /** Writes the latest record, whoever changed it last: a write of an older one never comes after. */
    private synchronized void save() {
        RunJson.write(run.get(), file);
    }
}
