package io.wsbench.cli;

import picocli.CommandLine.Option;

import java.io.PrintStream;

/** {@code --prometheus PORT} and {@code --otlp URL}, shared by {@code run} and {@code load}: where the figures go while they run. */
final class MetricsOptions {

    @Option(names = "--prometheus", paramLabel = "PORT",
            description = "serve the figures at http://127.0.0.1:PORT/metrics for Prometheus to scrape while they run (0: any free port)")
    Integer prometheus;

    @Option(names = "--otlp", paramLabel = "URL",
            description = "push the figures every second over OTLP/HTTP to an OpenTelemetry collector, e.g. http://127.0.0.1:4318")
    String otlp;

    /** The exports asked for, started and told on {@code out}; null for none. */
    MetricsOut start(PrintStream out) {
        return RunCommand.metrics(prometheus, otlp, out);
    }
}
