package io.wsbench.runner;

import io.wsbench.launch.Cores;
import io.wsbench.launch.StackException;
import io.wsbench.core.suite.Placement;

import java.util.Map;

/**
 * The load generator (this process) placed on its cores for a run, and given its own cores back
 * when the run ends; the servers' cores go to the launcher that starts them. The walk of
 * {@code cpus} is one way: the suite's {@link Placement} → here → {@link Cores}. {@code before}: the
 * cores this process had (null when it was not placed); {@code servers}: the cores every server of
 * the run is started on, or null for anywhere.
 */
record PlacedGenerator(String before, String servers, RunEvents events) implements AutoCloseable {

    /**
     * Pins this process to the generator's cores of {@code placement} (none: left where it is) and
     * records the placement in {@code run}; one that cannot be made is a note, and the run goes on unplaced.
     */
    static PlacedGenerator place(Placement placement, SuiteRun run, RunEvents events) {
        if (placement == null) {
            return new PlacedGenerator(null, null, events);
        }
        long self = ProcessHandle.current().pid();
        try {
            String before = Cores.of(self);
            Cores.pin(self, placement.generator());
            Map<String, String> cpus = Map.of("generator", placement.generator(), "servers", placement.servers());
            run.file.update(r -> r.withEnvironment(r.environment().withCpus(cpus)));
            run.note("processes placed: the load generator on cores " + placement.generator()
                    + ", every server on cores " + placement.servers());
            return new PlacedGenerator(before, placement.servers(), events);
        } catch (StackException e) {
            run.note("processes not placed: " + e.getMessage());
            return new PlacedGenerator(null, null, events);
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
            events.problem(e.getMessage());
        }
    }
}
