package io.wsbench.cli;

import io.wsbench.monitor.MonitorKind;
import io.wsbench.monitor.Monitors;

import java.util.List;

/** The {@code --monitor} lists of {@code run} and {@code load}: the monitors found on the class path, by name. */
final class MonitorOptions {

    static final String HELP = "  proc (CPU, memory, threads from /proc), jvm (GC, heap), jfr (a Flight Recorder recording per point)";

    private MonitorOptions() {
    }

    /** The kinds {@code list} names; a name that is none of them is one line. */
    static List<MonitorKind> parse(String list) {
        try {
            return Monitors.named(list);
        } catch (IllegalArgumentException e) {
            throw new UserError("--monitor: " + e.getMessage());
        }
    }
}
