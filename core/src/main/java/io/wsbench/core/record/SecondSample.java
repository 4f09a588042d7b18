package io.wsbench.core.record;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.List;

/**
 * One second of a point: requests completed in it, their p99, and errors. {@code firstMicros} and
 * {@code lastMicros} are when its first and last answer came, in µs from the point's start: where a
 * stall ends and begins ({@link Stall}). run.json keeps them only beside a silent second; they are
 * null for a second without answers, and in runs written before they were kept.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SecondSample(int second, long requests, long p99Micros, long errors, Long firstMicros, Long lastMicros) {

    public SecondSample(int second, long requests, long p99Micros, long errors) {
        this(second, requests, p99Micros, errors, null, null);
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
                    before ? s.lastMicros : null));
        }
        return List.copyOf(out);
    }
}
