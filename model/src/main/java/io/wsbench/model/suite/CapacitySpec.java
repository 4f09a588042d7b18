package io.wsbench.model.suite;

import io.soabase.recordbuilder.core.RecordBuilder;
import io.wsbench.model.record.Assertion;

import java.time.Duration;
import java.util.List;

/**
 * A suite's {@code capacity:}: after its points, each target's highest open-loop rate that meets
 * every SLO is searched for, as {@code wsbench capacity} searches one URL's. {@code slo} as
 * {@code --assert} writes it ({@code p99<20ms}, {@code errors<0.1%}); each probe is {@code probe}
 * long after {@code settle} at its rate on {@code connections} connections; the search starts at
 * {@code startRate}, never goes past {@code maxRate}, and stops bisecting within {@code precision}
 * percent, after at most {@code maxProbes} probes. A request unanswered after {@code timeout} is an error.
 */
@RecordBuilder
public record CapacitySpec(List<String> slo, Double startRate, Double maxRate, Double precision, String probe,
                           String settle, Integer connections, Integer maxProbes, String timeout) {

    public CapacitySpec {
        if (slo == null || slo.isEmpty()) {
            throw new IllegalArgumentException("capacity needs at least one slo, e.g. slo: ['p99<20ms', 'errors<0.1%']");
        }
        slo = List.copyOf(slo);
        slo.forEach(Assertion::parse); // a bad SLO is told with its place in the file
        startRate = startRate == null ? 100 : startRate;
        maxRate = maxRate == null ? 1_000_000 : maxRate;
        precision = precision == null ? 5 : precision;
        probe = probe == null ? "5s" : probe;
        settle = settle == null ? "1s" : settle;
        Durations.parse(probe);
        Durations.parse(settle);
        connections = connections == null ? 50 : connections;
        maxProbes = maxProbes == null ? 20 : maxProbes;
        timeout = timeout == null ? "10s" : timeout;
        Durations.parse(timeout);
        if (!(precision > 0 && precision < 100)) {
            throw new IllegalArgumentException("capacity's precision is a percentage above 0 and below 100, not " + precision);
        }
        if (connections < 1) {
            throw new IllegalArgumentException("capacity's connections are at least 1");
        }
    }

    /** The SLOs, read. */
    public List<Assertion> slos() {
        return slo.stream().map(Assertion::parse).toList();
    }

    /** One probe's point at {@code rate} req/s, {@code length} long. */
    public LoadPointSpec point(double rate, Duration length) {
        return new LoadPointSpec("open", connections, null, length, rate, null, true, Durations.parse(timeout), null, null);
    }

    /** Under {@code --quick}: probes of a second, after none, and a coarse search. */
    CapacitySpec quickened() {
        return new CapacitySpec(slo, startRate, maxRate, Math.max(precision, 20), "1s", "0s", connections, Math.min(maxProbes, 6), timeout);
    }
}
