package io.wsbench.cli;

import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.TargetRecord;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** load's "cold start" line: leading seconds whose p99 stood far above the point's second half's. */
class LoadColdStartTest {

    /** A point of one second per {@code p99s} (µs), each of {@code requests[i]} answers. */
    private static PointRecord point(long[] p99s, long[] requests) {
        List<SecondSample> series = new ArrayList<>();
        for (int i = 0; i < p99s.length; i++) {
            series.add(new SecondSample(i, requests[i], p99s[i], 0, null, null));
        }
        return PointRecordBuilder.builder().target(new TargetRecord("x", null, "http", null, null, "plain", null))
                .load(new LoadRecord("closed", 10, null, 4.0, null, null, true)).repeat(1).requests(1000).durationSeconds(4).throughput(250)
                .latencyMicros(new LatencyRecord(100, 100, 100, 100, 100, 100, 1)).traffic(new PointRecord.Traffic(50, 50))
                .errors(ErrorCounts.NONE).validated(1000).detail(new PointRecord.Detail(series, null, null)).build();
    }

    @Test
    void theLeadingSecondsOfAGeneratorsBacklogAreSaid() {
        // as measured cold at 40,000 req/s on nginx: two seconds of backlog, then the steady state; a last second cut short
        String said = LoadCommand.coldStart(point(new long[]{211_967, 202_751, 959, 900, 571}, new long[]{31_914, 47_894, 40_190, 39_993, 1}))
                .orElseThrow();
        assertTrue(said.startsWith("the first 2 seconds' p99 was up to 212ms, 221x the point's second half's (0.959ms)"), said);
        String one = LoadCommand.coldStart(point(new long[]{20_000, 500, 450}, new long[]{1000, 1000, 1000})).orElseThrow();
        assertTrue(one.startsWith("the first second's p99 was up to 20.0ms, "), one);
    }

    @Test
    void aSteadyPointOrAFastFirstSecondSaysNothing() {
        assertEquals(java.util.Optional.empty(), LoadCommand.coldStart(point(new long[]{600, 500, 450}, new long[]{1000, 1000, 1000})));
        // ten times the later seconds, but under a millisecond: no one reads that as the server's
        assertEquals(java.util.Optional.empty(), LoadCommand.coldStart(point(new long[]{900, 50, 60}, new long[]{1000, 1000, 1000})));
        // slow throughout is not a cold start
        assertEquals(java.util.Optional.empty(), LoadCommand.coldStart(point(new long[]{90_000, 80_000, 85_000, 95_000},
                new long[]{1000, 1000, 1000, 1000})));
        assertEquals(java.util.Optional.empty(), LoadCommand.coldStart(point(new long[]{90_000}, new long[]{1000})), "one second");
        // a server that stalls 0.5 s of every 2 s (measured at 500 req/s, open loop): its first second is one of its pauses
        assertEquals(java.util.Optional.empty(), LoadCommand.coldStart(point(
                new long[]{496_000, 305, 482_000, 290, 488_000, 310, 490_000, 300, 481_000, 305},
                new long[]{500, 500, 500, 500, 500, 500, 500, 500, 500, 500})), "a pause that comes back");
    }
}
