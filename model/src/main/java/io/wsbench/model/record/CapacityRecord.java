package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * The highest open-loop rate that met every SLO, as a capacity search found it: {@code rate} is the
 * highest rate that passed, {@code interval} the last passing and first failing rates between which
 * the capacity lies (null as a whole when no rate passed, its second null when none failed below the
 * search's ceiling), {@code agreed} how many probes at those two rates said the same as the verdict.
 * {@code limitedBy} is set when the search stopped because the load generator, not the server, was
 * the limit: then {@code rate} is a lower bound, never the server's capacity. Every probe is kept, in
 * the order it ran. {@code aborted} says why the search stopped early when the target did (it died,
 * or could not be reached): the probes before it are kept.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record CapacityRecord(TargetRecord target, Double rate, List<Double> interval, int agreed, List<String> slo,
                             List<Probe> probes, String limitedBy, String aborted, String verdict) {

    /**
     * One probe: a steady open-loop point at {@code rate} req/s, what it achieved, its latency
     * percentiles (µs) and errors, the server's CPU when sampled, whether it met every SLO (and which it
     * broke), and whether its seconds held steady.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Probe(double rate, double achieved, double p50Micros, double p99Micros, double p999Micros,
                        long errors, long requests, Double serverCpuPercent, Double generatorIoBusyPercent,
                        boolean passed, List<String> broken, Boolean steady) {
    }

    /** The capacity record with its own key, as {@code capacity --json} prints it. */
    public record Printed(CapacityRecord capacity) {
    }
}
