package io.wsbench.runner;

import io.wsbench.launch.Cores;
import io.wsbench.launch.StackException;
import io.wsbench.model.suite.Placement;

import java.util.Map;
import java.util.function.Consumer;

/**
 * The load generator (this process) placed on its cores for a session of points, and given its own
 * cores back when the session ends; the servers' cores go to the launcher that starts them. The walk
 * of {@code cpus} is one way: the suite's {@link Placement} → here → {@link Cores}. {@code before}:
 * the cores this process had (null when it was not placed); {@code servers}: the cores every server
 * is started on, or null for anywhere; {@code cpus}: the placement as run.json's environment records
 * it (null: none); {@code note}: what the run says of it (null: nothing was asked); {@code oneUser}: the cores each
 * point sends from when a point of one user is sent from the servers' (null: not placed, or every point sent apart).
 */
record PlacedGenerator(String before, String servers, Map<String, String> cpus, String note, OneUserCores oneUser,
                       Consumer<String> problems) implements AutoCloseable {

    /**
     * Pins this process to the generator's cores of {@code placement} (none: left where it is); one that
     * cannot be made is a note, and the points are measured unplaced. {@code problems}: where a failure
     * to give the cores back is told.
     */
    static PlacedGenerator place(Placement placement, Consumer<String> problems) {
        if (placement == null) {
            return new PlacedGenerator(null, null, null, null, null, problems);
        }
        long self = ProcessHandle.current().pid();
        try {
            String before = Cores.of(self);
            Cores.pin(self, placement.generator());
            boolean together = placement.oneUserTogether();
            return new PlacedGenerator(before, placement.servers(), together
                    ? Map.of("generator", placement.generator(), "servers", placement.servers(), "oneUser", Placement.TOGETHER)
                    : Map.of("generator", placement.generator(), "servers", placement.servers()),
                    "processes placed: the load generator on cores " + placement.generator()
                            + ", every server on cores " + placement.servers()
                            + (together ? "; a point of one user sends from the servers' cores" : ""),
                    OneUserCores.of(placement), problems);
        } catch (StackException e) {
            return new PlacedGenerator(null, null, null, "processes not placed: " + e.getMessage(), null, problems);
        }
    }

    @Override
    public void close() {
        if (before == null) {
            return;
        }
        try {
            Cores.pin(ProcessHandle.current().pid(), before);
        } catch (StackException e) {
            problems.accept(e.getMessage());
        }
    }
}
