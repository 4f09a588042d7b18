package io.wsbench.cli;

import io.wsbench.runner.Generator;
import picocli.CommandLine.Option;

/**
 * {@code --threads N} and {@code --busy-poll}, shared by {@code run}, {@code load}, {@code capacity} and
 * {@code agent}: the load generator's I/O threads, and whether they poll instead of sleeping.
 */
final class GeneratorOptions {

    @Option(names = "--threads", paramLabel = "N", description = Generator.THREADS_HELP)
    Integer threads;

    @Option(names = "--busy-poll", description = {"the I/O threads poll for answers instead of sleeping until one comes (Linux):"
            + " a lower latency at few users, a core per thread always busy; the generator's busy figure is then its share of polls that found work"})
    boolean busyPoll;

    /** This process's own generator, as these options ask. */
    Generator generator() {
        return new Generator(threads, busyPoll);
    }
}
