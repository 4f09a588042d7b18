package io.wsbench.cli;

import io.wsbench.model.record.Assertion;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.SecondSample;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a run's figures go while it runs, for the tools people already watch: Prometheus scraping
 * ({@link PrometheusExport}) or an OpenTelemetry collector receiving OTLP ({@link OtlpExport}). Each
 * closed second of a point, each point as it ends, and the assertions at the end of the run.
 */
interface MetricsOut extends AutoCloseable {

    /** A closed second of the point of {@code target} under {@code load}, repeat {@code repeat}; {@code latencies} null when it had no answer. */
    void second(String target, String load, int repeat, SecondSample s, Histogram latencies);

    void pointDone(PointRecord p);

    void assertions(List<Assertion.Check> checks);

    @Override
    void close();

    /** All of {@code outs} that are not null, as one; null when none is. */
    static MetricsOut all(MetricsOut... outs) {
        List<MetricsOut> on = new ArrayList<>();
        for (MetricsOut o : outs) {
            if (o != null) {
                on.add(o);
            }
        }
        if (on.size() <= 1) {
            return on.isEmpty() ? null : on.get(0);
        }
        return new MetricsOut() {
            @Override
            public void second(String target, String load, int repeat, SecondSample s, Histogram latencies) {
                on.forEach(o -> o.second(target, load, repeat, s, latencies));
            }

            @Override
            public void pointDone(PointRecord p) {
                on.forEach(o -> o.pointDone(p));
            }

            @Override
            public void assertions(List<Assertion.Check> checks) {
                on.forEach(o -> o.assertions(checks));
            }

            @Override
            public void close() {
                on.forEach(MetricsOut::close);
            }
        };
    }
}
