package io.wsbench.cli;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleGauge;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.resources.Resource;
import io.wsbench.model.record.Assertion;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.SecondSample;
import io.wsbench.runner.Home;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code --otlp URL}: the run's figures pushed while it runs to an OpenTelemetry collector over
 * OTLP/HTTP (protobuf), every second, by the OpenTelemetry Java SDK. The same figures as
 * {@link PrometheusExport}, named as OpenTelemetry names them: {@code wsbench.requests} and
 * {@code wsbench.errors} (counters of each closed second's answers and failures), {@code wsbench.latency}
 * (a histogram of the answers' latencies, in seconds), each with the point's target, load and repeat
 * as attributes; as each point ends, its throughput, p99, errors by kind and the server's CPU and
 * memory (gauges); at the end, the assertions. Counters are cumulative: the last export holds the run's
 * totals. Closing flushes what is left, waiting for the collector at most {@link #FLUSH_SECONDS}.
 */
final class OtlpExport implements MetricsOut {

    static final long FLUSH_SECONDS = 10;
    private static final AttributeKey<String> TARGET = AttributeKey.stringKey("target");
    private static final AttributeKey<String> LOAD = AttributeKey.stringKey("load");
    private static final AttributeKey<Long> REPEAT = AttributeKey.longKey("repeat");
    private static final AttributeKey<String> KIND = AttributeKey.stringKey("kind");
    private static final AttributeKey<String> ASSERTION = AttributeKey.stringKey("assertion");
    private static final AttributeKey<String> SUBJECT = AttributeKey.stringKey("subject");
    private static final List<Double> BUCKETS = List.of(0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
            0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0);

    private final String endpoint;
    private final SdkMeterProvider provider;
    private final LongCounter requests;
    private final LongCounter errors;
    private final DoubleHistogram latency;
    private final DoubleGauge throughput;
    private final DoubleGauge p99;
    private final DoubleGauge pointErrors;
    private final DoubleGauge serverCpu;
    private final DoubleGauge serverRss;
    private final DoubleGauge passed;
    private final DoubleGauge value;

    private OtlpExport(String endpoint) {
        this.endpoint = endpoint;
        OtlpHttpMetricExporter exporter = OtlpHttpMetricExporter.builder().setEndpoint(endpoint)
                .setTimeout(Duration.ofSeconds(5)).build();
        provider = SdkMeterProvider.builder()
                .setResource(Resource.getDefault().merge(Resource.create(Attributes.of(
                        AttributeKey.stringKey("service.name"), "wsbench",
                        AttributeKey.stringKey("service.version"), Home.version()))))
                .registerMetricReader(PeriodicMetricReader.builder(exporter).setInterval(Duration.ofSeconds(1)).build())
                .build();
        Meter meter = provider.get("io.wsbench");
        requests = meter.counterBuilder("wsbench.requests").setUnit("{request}")
                .setDescription("answers received, valid or not, by the second they came in").build();
        errors = meter.counterBuilder("wsbench.errors").setUnit("{request}")
                .setDescription("requests that failed (any kind: connect, timeout, status, validation)").build();
        latency = meter.histogramBuilder("wsbench.latency").setUnit("s")
                .setDescription("answers' latency, from their due time in an open loop")
                .setExplicitBucketBoundariesAdvice(BUCKETS).build();
        throughput = gauge(meter, "wsbench.point.throughput", "{request}/s", "a point's requests per second, when it ended");
        p99 = gauge(meter, "wsbench.point.p99", "s", "a point's p99 latency, when it ended");
        pointErrors = gauge(meter, "wsbench.point.errors", "{request}", "a point's failed requests by kind");
        serverCpu = gauge(meter, "wsbench.server.cpu", "%", "the server's CPU over a point (100: one core)");
        serverRss = gauge(meter, "wsbench.server.rss", "By", "the server's largest resident memory over a point");
        passed = gauge(meter, "wsbench.assertion.passed", "1", "1 when an --assert held, 0 when it failed");
        value = gauge(meter, "wsbench.assertion.value", "1", "the figure an --assert judged");
    }

    /**
     * Starts exporting to {@code url}: a collector's OTLP/HTTP metrics endpoint, or its base
     * ({@code http://host:4318}, to which {@code /v1/metrics} is added).
     */
    static OtlpExport start(String url) {
        URI u;
        try {
            u = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new UserError("--otlp: not a URL: " + url); // Main.tell writes a password in it ***
        }
        if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null) {
            throw new UserError("--otlp takes an http:// or https:// URL of an OTLP/HTTP receiver, e.g."
                    + " http://127.0.0.1:4318, not " + url);
        }
        String path = u.getPath() == null || u.getPath().isEmpty() || "/".equals(u.getPath()) ? "/v1/metrics" : u.getPath();
        return new OtlpExport(u.getScheme() + "://" + u.getRawAuthority() + path);
    }

    String endpoint() {
        return endpoint;
    }

    private static DoubleGauge gauge(Meter meter, String name, String unit, String description) {
        return meter.gaugeBuilder(name).setUnit(unit).setDescription(description).build();
    }

    private static Attributes point(String target, String load, int repeat) {
        return Attributes.of(TARGET, target, LOAD, load, REPEAT, (long) repeat);
    }

    @Override
    public void second(String target, String load, int repeat, SecondSample s, Histogram latencies) {
        Attributes a = point(target, load, repeat);
        requests.add(s.requests(), a);
        errors.add(s.errors(), a);
        if (latencies != null) {
            for (HistogramIterationValue v : latencies.recordedValues()) {
                double seconds = latencies.highestEquivalentValue(v.getValueIteratedTo()) / 1e6;
                for (long i = 0; i < v.getCountAtValueIteratedTo(); i++) {
                    latency.record(seconds, a);
                }
            }
        }
    }

    @Override
    public void pointDone(PointRecord p) {
        Attributes a = point(p.target().label(), p.load().describe(), p.repeat());
        throughput.set(p.throughput(), a);
        p99.set(p.latencyMicros().p99() / 1e6, a);
        errorsByKind(p.errors()).forEach((kind, n) -> pointErrors.set(n, a.toBuilder().put(KIND, kind).build()));
        if (p.server() != null) {
            if (p.server().cpuPercent() != null) {
                serverCpu.set(p.server().cpuPercent(), a);
            }
            serverRss.set(p.server().rssMaxBytes(), a);
        }
    }

    @Override
    public void assertions(List<Assertion.Check> checks) {
        for (Assertion.Check c : checks) {
            Attributes a = Attributes.of(ASSERTION, c.assertion().text(), SUBJECT, c.subject());
            passed.set(c.passed() ? 1 : 0, a);
            value.set(c.measured(), a);
        }
    }

    /** A point's failures by kind, as run.json names them. */
    static Map<String, Long> errorsByKind(ErrorCounts e) {
        return e.written();
    }

    /** Flushes what is left and stops; a collector that does not take it costs a line, never the run. */
    @Override
    public void close() {
        CompletableResultCode flushed = provider.forceFlush().join(FLUSH_SECONDS, TimeUnit.SECONDS);
        if (!flushed.isSuccess()) {
            System.err.println("wsbench: --otlp: the last figures did not reach " + io.wsbench.model.Redacted.url(String.valueOf(endpoint)) + " within " + FLUSH_SECONDS + " s");
        }
        provider.shutdown().join(FLUSH_SECONDS, TimeUnit.SECONDS);
    }
}
