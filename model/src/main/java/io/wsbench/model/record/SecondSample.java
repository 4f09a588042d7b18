package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.List;

/**
 * One second of a point: requests completed in it, their p99, and errors. {@code firstMicros} and
 * {@code lastMicros} are when its first and last answer came, in µs from the point's start: where a
 * stall ends and begins ({@link Stall}). run.json keeps them only beside a silent second; they are
 * null for a second without answers, and in runs written before they were kept.
 *
 * <p>A point whose load follows a profile (stages) also keeps, per second, the p50 of its answers,
 * the requests (a flow's iterations) {@code sent} in it, and the load {@code offered}: the requests
 * its open-loop schedule made due in that second, or the users its closed-loop ramp had running at
 * the second's middle. Where offered and achieved part is where the server stopped keeping up.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record SecondSample(int second, long requests, long p99Micros, long errors, Long firstMicros, Long lastMicros,
                           Long p50Micros, Long sent, Double offered) {

    public SecondSample(int second, long requests, long p99Micros, long errors, Long firstMicros, Long lastMicros) {
        this(second, requests, p99Micros, errors, firstMicros, lastMicros, null, null, null);
    }

    public SecondSample(int second, long requests, long p99Micros, long errors) {
        this(second, requests, p99Micros, errors, null, null);
    }

    /** This second with a profiled point's figures. */
    public SecondSample ramped(Long p50, Long sentInIt, Double offeredInIt) {
        return new SecondSample(second, requests, p99Micros, errors, firstMicros, lastMicros, p50, sentInIt, offeredInIt);
    }

    /** No answer at all in this second, valid or not. */
    public boolean silent() {
        return requests == 0 && errors == 0;
    }

    /**
     * {@code series} with the times of first and last answers kept only where a stall may begin or end: the last
     * answer of a second before a silent one, the first of a second after one.
     */
    public static List<SecondSample> edgesBesideSilence(List<SecondSample> series) {
        if (series == null) {
            return null;
        }
        List<SecondSample> out = new ArrayList<>(series.size());
        for (int i = 0; i < series.size(); i++) {
            SecondSample s = series.get(i);
            boolean before = i + 1 < series.size() && series.get(i + 1).silent();
            boolean after = i > 0 && series.get(i - 1).silent();
            out.add(new SecondSample(s.second, s.requests, s.p99Micros, s.errors, after ? s.firstMicros : null,
                    before ? s.lastMicros : null, s.p50Micros, s.sent, s.offered));
        }
        return List.copyOf(out);
    }
}
