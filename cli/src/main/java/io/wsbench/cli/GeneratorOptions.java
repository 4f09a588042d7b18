package io.wsbench.cli;

import io.wsbench.runner.Generator;
import picocli.CommandLine.Option;

/**
 * {@code --threads N}, {@code --busy-poll} and {@code --[no-]cores-awake}, shared by {@code run}, {@code load}, {@code capacity} and
 * {@code agent}: the load generator's I/O threads, whether they poll instead of sleeping, and whether the machine's idle cores do.
 */
final class GeneratorOptions {

    @Option(names = "--threads", paramLabel = "N", description = Generator.THREADS_HELP)
    Integer threads;

    @Option(names = "--busy-poll", description = {"the I/O threads poll for answers instead of sleeping until one comes (Linux):"
            + " a lower latency at few users, a core per thread always busy; the generator's busy figure is then its share of polls that found work"})
    boolean busyPoll;

    @Option(names = "--cores-awake", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = {"keep this machine's idle cores polling during the points that leave them idle, as tuned's"
                    + " latency-performance profile does (/dev/cpu_dma_latency held at 0, root): a core that halts between"
                    + " requests is woken by each one, and in a virtual machine how long that takes is the host's; let go"
                    + " for the points that keep the cores busy, where holding costs throughput (default: on;"
                    + " --no-cores-awake lets them halt always)"})
    boolean coresAwake = true;

    /**
     * The session of every measuring command ({@code run}, {@code load}, {@code capacity}, {@code agent}):
     * this process's own generator, the cores held (or not) as these options ask, and Ctrl-C ending
     * the process with exit code 1 ("measured, but not all of it") once what was measured is told.
     */
    io.wsbench.runner.PointSession.Builder session() {
        return io.wsbench.runner.PointSession.of(settings()).stoppingOnCtrlC(ExitCode.PROBLEM);
    }

    /** The session of {@code load}, {@code load --flow} and {@code capacity}: the process {@code --server-pid} names watched by {@code monitors}. */
    io.wsbench.runner.PointSession.Builder session(WatchOptions watch, java.util.List<io.wsbench.monitor.MonitorKind> monitors) {
        return session().watching(watch.serverPid, monitors);
    }

    /** These options as an agent command takes them: the local agents of a run generate as the run would. */
    java.util.List<String> asArguments() {
        java.util.List<String> args = new java.util.ArrayList<>();
        if (threads != null) {
            args.addAll(java.util.List.of("--threads", String.valueOf(threads)));
        }
        if (busyPoll) {
            args.add("--busy-poll");
        }
        if (!coresAwake) {
            args.add("--no-cores-awake");
        }
        return args;
    }

    io.wsbench.runner.PointSession.Settings settings() {
        return new io.wsbench.runner.PointSession.Settings(threads, busyPoll, coresAwake);
    }
}
