package io.wsbench.cli;

import io.wsbench.runner.Generator;
import picocli.CommandLine.Option;

/** {@code --threads N}, shared by {@code run}, {@code load} and {@code agent}: the load generator's I/O threads. */
final class GeneratorOptions {

    @Option(names = "--threads", paramLabel = "N", description = Generator.THREADS_HELP)
    Integer threads;
}
