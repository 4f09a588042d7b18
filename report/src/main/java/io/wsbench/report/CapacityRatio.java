package io.wsbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.RunRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * B's capacity over A's for one target searched at the same SLOs in both runs. Each side's capacity
 * lies between the highest rate that passed and the lowest that failed, so B/A lies between B's
 * passing rate over A's failing one and B's failing rate over A's passing one; {@code high} is null
 * when B's search found no failing rate (its capacity has no upper bound there). The verdict needs
 * the whole interval on one side of 1, as a point's does.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CapacityRatio(String target, List<String> slo, Double a, Double b, Double ratio, Double low, Double high,
                            String verdict, String says) {

    public static final String MORE = "takes more load";
    public static final String LESS = "takes less load";

    /** The targets whose capacity both runs searched at the same SLOs, in A's order. */
    static List<CapacityRatio> of(RunRecord a, RunRecord b) {
        List<CapacityRatio> out = new ArrayList<>();
        if (a.capacity() == null || b.capacity() == null) {
            return out;
        }
        for (CapacityRecord ca : a.capacity()) {
            for (CapacityRecord cb : b.capacity()) {
                if (cb.target().label().equals(ca.target().label()) && cb.slo().equals(ca.slo())) {
                    out.add(of(ca, cb));
                }
            }
        }
        return out;
    }

    static CapacityRatio of(CapacityRecord a, CapacityRecord b) {
        String slo = String.join(" and ", a.slo());
        if (a.rate() == null || b.rate() == null) {
            return new CapacityRatio(a.target().label(), a.slo(), a.rate(), b.rate(), null, null, null, Comparison.SAME,
                    (a.rate() == null ? "A" : "B") + " met " + slo + " at no rate: no ratio");
        }
        Double aFailed = a.interval() == null ? null : a.interval().get(1);
        Double bFailed = b.interval() == null ? null : b.interval().get(1);
        double ratio = b.rate() / a.rate();
        Double low = aFailed == null ? null : b.rate() / aFailed;
        Double high = bFailed == null ? null : bFailed / a.rate();
        String verdict = low != null && low > 1 ? MORE : high != null && high < 1 ? LESS : Comparison.SAME;
        String interval = String.format(Locale.ROOT, "%s–%s", low == null ? "?" : String.format(Locale.ROOT, "%.2f", low),
                high == null ? "?" : String.format(Locale.ROOT, "%.2f", high));
        String says = verdict.equals(Comparison.SAME)
                ? String.format(Locale.ROOT, "no clear difference at %s: B/A %.2f (%s)", slo, ratio, interval)
                : String.format(Locale.ROOT, "B takes %.2f× the load at %s (%s)", ratio, slo, interval);
        return new CapacityRatio(a.target().label(), a.slo(), a.rate(), b.rate(), ratio, low, high, verdict, says);
    }
}
