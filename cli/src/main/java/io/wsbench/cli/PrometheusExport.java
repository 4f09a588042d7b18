package io.wsbench.cli;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.wsbench.model.record.Assertion;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.SecondSample;
import org.HdrHistogram.HistogramIterationValue;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;

/**
 * {@code --prometheus PORT}: the run's figures at {@code http://127.0.0.1:PORT/metrics} for Prometheus
 * to scrape while it runs (Prometheus's Java client, client_java 1.x, and its HTTP server). Each
 * closed second adds to {@code wsbench_requests_total} and {@code wsbench_errors_total} and its
 * answers' latencies to the {@code wsbench_latency_seconds} histogram, labelled by target, load and
 * repeat; each point ends with its throughput, p99 and server CPU and memory as gauges; assertions end
 * the run as {@code wsbench_assertion_passed} and {@code _value}. After the run, /metrics stays up
 * until a scrape that began after the last figure has been answered (at most {@link #LINGER_MILLIS}),
 * so the last figures reach Prometheus.
 */
final class PrometheusExport implements MetricsOut {

    static final long LINGER_MILLIS = 15_000;
    private static final double[] BUCKETS = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
            0.5, 1, 2.5, 5, 10, 30};

    private final PrometheusRegistry registry = new PrometheusRegistry();
    /** Scrapes begun since the last figure; registered first, so its callback runs as a scrape begins. */
    private final java.util.concurrent.atomic.AtomicInteger scrapesSinceUpdate = new java.util.concurrent.atomic.AtomicInteger();
    private final GaugeWithCallback up = GaugeWithCallback.builder().name("wsbench_up").help("1 while wsbench runs; each scrape reads it")
            .callback(cb -> {
                scrapesSinceUpdate.incrementAndGet();
                cb.call(1);
            }).register(registry);
    private final Counter requests = Counter.builder().name("wsbench_requests_total")
            .help("answers received, valid or not, by the second they came in").labelNames("target", "load", "repeat")
            .register(registry);
    private final Counter errors = Counter.builder().name("wsbench_errors_total")
            .help("requests that failed (any kind: connect, timeout, status, validation)").labelNames("target", "load", "repeat")
            .register(registry);
    private final Histogram latency = Histogram.builder().name("wsbench_latency_seconds")
            .help("answers' latency, from their due time in an open loop").labelNames("target", "load", "repeat")
            .classicUpperBounds(BUCKETS).classicOnly().register(registry);
    private final Gauge throughput = gauge("wsbench_point_throughput", "a point's requests per second, when it ended");
    private final Gauge p99 = gauge("wsbench_point_p99_seconds", "a point's p99 latency, when it ended");
    private final Gauge serverCpu = gauge("wsbench_server_cpu_percent", "the server's CPU over a point (100: one core)");
    private final Gauge serverRss = gauge("wsbench_server_rss_bytes", "the server's largest resident memory over a point");
    private final Gauge pointErrors = Gauge.builder().name("wsbench_point_errors")
            .help("a point's failed requests by kind, as run.json names them (connect, timeout, httpStatus, validation, protocol, client, and its protocol's own: soapFault, ...)")
            .labelNames("target", "load", "repeat", "kind").register(registry);
    private final Gauge passed = Gauge.builder().name("wsbench_assertion_passed").help("1 when an --assert held, 0 when it failed")
            .labelNames("assertion", "subject").register(registry);
    private final Gauge value = Gauge.builder().name("wsbench_assertion_value").help("the figure an --assert judged")
            .labelNames("assertion", "subject").register(registry);
    private final HTTPServer http;
    private volatile boolean scraped;

    private PrometheusExport(int port) throws IOException {
        http = HTTPServer.builder().inetAddress(InetAddress.getLoopbackAddress()).port(port).registry(registry).buildAndStart();
    }

    static PrometheusExport start(int port) throws IOException {
        return new PrometheusExport(port);
    }

    private Gauge gauge(String name, String help) {
        return Gauge.builder().name(name).help(help).labelNames("target", "load", "repeat").register(registry);
    }

    String url() {
        return "http://127.0.0.1:" + http.getPort() + "/metrics";
    }

    @Override
    public void second(String target, String load, int repeat, SecondSample s, org.HdrHistogram.Histogram latencies) {
        String r = String.valueOf(repeat);
        requests.labelValues(target, load, r).inc(s.requests());
        errors.labelValues(target, load, r).inc(s.errors());
        if (latencies != null) {
            var d = latency.labelValues(target, load, r);
            for (HistogramIterationValue v : latencies.recordedValues()) {
                double seconds = latencies.highestEquivalentValue(v.getValueIteratedTo()) / 1e6;
                for (long i = 0; i < v.getCountAtValueIteratedTo(); i++) {
                    d.observe(seconds);
                }
            }
        }
        updated();
    }

    @Override
    public void pointDone(PointRecord p) {
        String[] labels = {p.target().label(), p.load().describe(), String.valueOf(p.repeat())};
        throughput.labelValues(labels).set(p.throughput());
        p99.labelValues(labels).set(p.latencyMicros().p99() / 1e6);
        OtlpExport.errorsByKind(p.errors()).forEach((kind, n) -> pointErrors.labelValues(labels[0], labels[1], labels[2], kind).set(n));
        if (p.server() != null) {
            if (p.server().cpuPercent() != null) {
                serverCpu.labelValues(labels).set(p.server().cpuPercent());
            }
            serverRss.labelValues(labels).set(p.server().rssMaxBytes());
        }
        updated();
    }

    @Override
    public void assertions(List<Assertion.Check> checks) {
        for (Assertion.Check c : checks) {
            passed.labelValues(c.assertion().text(), c.subject()).set(c.passed() ? 1 : 0);
            value.labelValues(c.assertion().text(), c.subject()).set(c.measured());
        }
        updated();
    }

    private void updated() {
        scraped |= scrapesSinceUpdate.getAndSet(0) > 0;
    }

    /**
     * Stays up, when anything scrapes at all, until two scrapes have begun since the last figure, at
     * most {@link #LINGER_MILLIS}: Prometheus scrapes a target one scrape after the other, so the first
     * that began after the last figure has then been answered whole and kept.
     */
    @Override
    public void close() {
        long until = System.nanoTime() + LINGER_MILLIS * 1_000_000;
        while ((scraped || scrapesSinceUpdate.get() > 0) && scrapesSinceUpdate.get() < 2 && System.nanoTime() < until) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        http.close();
    }
}
