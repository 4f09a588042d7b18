package io.wsbench.agent;

import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.SecondSampleBuilder;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The seconds of one distributed point, merged as the agents send them: second k is told to the
 * point's listener once every part has sent it, its answers and errors added and its latencies'
 * histograms added (never percentiles averaged), in order; with it the progress so far, so that a
 * distributed point has a progress line and a live page as a local one has. What the point's record
 * holds still comes from the parts' results ({@link Measurement#merge}); this is the view while it runs.
 */
final class SecondsMerge {

    private final long point;
    private final int parts;
    private final ProgressListener progress;
    private final long expected;
    private final double totalSeconds;
    private final Map<Integer, List<SecondNews>> pending = new HashMap<>();
    private int next;
    private long done;

    SecondsMerge(long point, int parts, LoadSpec spec, ProgressListener progress) {
        this.point = point;
        this.parts = parts;
        this.progress = progress;
        this.expected = spec.expectedRequests();
        this.totalSeconds = spec.duration() == null ? -1 : spec.duration().toNanos() / 1e9;
    }

    /** A part's second; one of another point (late news of the last one) is left alone. */
    void add(SecondNews news) {
        List<Told> told = new ArrayList<>();
        synchronized (this) {
            if (news.point() != point || news.second() < next) {
                return;
            }
            pending.computeIfAbsent(news.second(), s -> new ArrayList<>()).add(news);
            while (pending.containsKey(next) && pending.get(next).size() == parts) {
                told.add(merge(pending.remove(next)));
                next++;
            }
        }
        // told outside the lock: a slow listener (a live page, an export) must not hold up the topic's next news
        for (Told t : told) {
            progress.second(t.second(), t.latencies());
            progress.progress(t.done(), expected, t.second().second() + 1, totalSeconds, t.second().requests());
        }
    }

    private record Told(SecondSample second, Histogram latencies, long done) {
    }

    private Told merge(List<SecondNews> news) {
        long requests = 0;
        long errors = 0;
        Histogram latencies = null;
        for (SecondNews n : news) {
            requests += n.requests();
            errors += n.errors();
            if (!n.latencies().isEmpty()) {
                Histogram h = Measurement.decode(n.latencies());
                if (latencies == null) {
                    latencies = h;
                } else {
                    latencies.add(h);
                }
            }
        }
        done += requests + errors;
        long p99 = latencies == null || latencies.getTotalCount() == 0 ? 0 : latencies.getValueAtPercentile(99);
        return new Told(SecondSampleBuilder.builder().second(next).requests(requests)
                .p99Micros(p99).errors(errors).build(), latencies, done);
    }
}
