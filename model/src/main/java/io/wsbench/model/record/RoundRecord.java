package io.wsbench.model.record;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;

/**
 * Where a point stood in a run measured in rounds: its round ({@code index}, from 1), its place in
 * that round's random order ({@code position}, from 1, of {@code points}; past {@code points} for a point
 * measured again at the round's end because the cores were apart throughout its first measure), the server process it
 * measured ({@code instance}, from 1; absent when the server ran as one), and the CPU the run's other
 * servers used while it was measured, idle but up ({@code idleServersCpuPercent}, % of one core, by
 * server name): near zero, or the point shared the machine with them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RoundRecord(int index, int position, int points, Integer instance, Map<String, Double> idleServersCpuPercent) {

    /** The CPU of all the idle servers together, % of one core. */
    public double idleCpuPercent() {
        return idleServersCpuPercent == null ? 0 : idleServersCpuPercent.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
