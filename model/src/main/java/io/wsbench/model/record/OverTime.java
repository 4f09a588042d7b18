package io.wsbench.model.record;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * How a point went minute by minute, and what moved steadily through it: the {@code minutes}
 * (kept for points of a minute or more) and the {@code drifts} it was flagged for, leaks and
 * slowdowns ({@link Drift}). A soak is read here.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record OverTime(List<MinuteSample> minutes, List<Drift> drifts) {

    public OverTime {
        minutes = minutes == null ? List.of() : List.copyOf(minutes);
        drifts = drifts == null ? List.of() : List.copyOf(drifts);
    }

    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean isEmpty() {
        return minutes.isEmpty() && drifts.isEmpty();
    }
}
