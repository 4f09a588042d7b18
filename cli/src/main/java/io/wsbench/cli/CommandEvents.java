package io.wsbench.cli;

import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.WarmupRecord;
import io.wsbench.runner.RunEvents;

import java.io.PrintStream;
import java.util.List;
import java.util.function.Consumer;

/**
 * How {@code load} ({@code URL} or {@code --flow}) and {@code capacity} listen to the run of their
 * one-target suite: each point's progress where {@code progress} shows it (the console's bar, the
 * metrics' seconds; null: nowhere), a warm-up until steady in one line, each point measured to
 * {@code pointTold} (the command's summary, or JSON), and a capacity search's start ({@code searchTold})
 * and probes, on {@code aside} (stdout, or stderr when stdout holds the JSON alone), and its verdict to
 * {@code searchedTold}. It starts no stack, and a warm-up is told once it ends.
 */
final class CommandEvents implements RunEvents {

    private final PrintStream aside;
    private final WatchOptions watch;
    private final RunEvents progress;
    private final Consumer<PointRecord> pointTold;
    private final Consumer<String> searchTold;
    private final Consumer<CapacityRecord> searchedTold;

    CommandEvents(PrintStream aside, WatchOptions watch, RunEvents progress, Consumer<PointRecord> pointTold,
                  Consumer<String> searchTold, Consumer<CapacityRecord> searchedTold) {
        this.aside = aside;
        this.watch = watch;
        this.progress = progress;
        this.pointTold = pointTold;
        this.searchTold = searchTold;
        this.searchedTold = searchedTold;
    }

    @Override
    public void warmedUp(String target, WarmupRecord how, boolean jit) {
        watch.printWarmup(aside, how, jit);
    }

    @Override
    public ProgressListener pointStarting(String label, int index, int total) {
        return progress == null ? ProgressListener.NONE : progress.pointStarting(label, index, total);
    }

    @Override
    public ProgressListener pointStarting(String target, String load, int repeat, String label, int index, int total) {
        return progress == null ? ProgressListener.NONE : progress.pointStarting(target, load, repeat, label, index, total);
    }

    @Override
    public void pointDone(PointRecord point) {
        pointTold.accept(point);
    }

    @Override
    public void problem(String message) {
        aside.println("wsbench: " + message);
    }

    @Override
    public void capacityStarting(String target) {
        searchTold.accept(target);
    }

    @Override
    public void capacityDone(CapacityRecord capacity) {
        searchedTold.accept(capacity);
    }

    @Override
    public void probeDone(PointRecord probe, List<String> broken) {
        aside.println(Console.probeLine(probe.repeat(), probe, broken));
    }
}
