package io.wsbench.model.record;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class TrendAndSweepTest {

    @Test
    void aSeriesFallingTenPerSecondHasThatSlopeAndTheLastPartialSecondIsLeftOut() {
        List<SecondSample> series = new ArrayList<>();
        for (int s = 0; s < 10; s++) {
            series.add(new SecondSample(s, 1000 - 10L * s, 0, 0));
        }
        series.add(new SecondSample(10, 30, 0, 0)); // a tenth of a second: would read as a collapse
        Trend t = Trend.of(series, 10.1);
        assertEquals(10, t.seconds());
        assertEquals(-10.0, t.slopePerSecond(), 1e-9);
        assertEquals(-100.0 * 10 / 955, t.percentPerSecond(), 0.01); // mean of 1000..910 is 955
        assertEquals(-9 * 100.0 * 10 / 955, t.percentOverPoint(), 0.1);
        assertNull(Trend.of(series.subList(0, 2), 2.0), "two seconds make no trend");
    }

    @Test
    void theKneeIsTheLastStepThatStillGrewFivePercent() {
        // seed 002's shape: steep growth, then flat from 20 users, a dip near the end
        double[][] steps = {{1, 185}, {5, 644}, {10, 859}, {15, 964}, {20, 1018}, {25, 1030}, {30, 1042}, {80, 1000}};
        assertEquals(20, Sweep.knee(steps(steps)).users());
        assertNull(Sweep.knee(steps(new double[][] {{1, 100}, {5, 200}, {10, 300}})), "still growing at the end");
        assertEquals(1, Sweep.knee(steps(new double[][] {{1, 100}, {5, 101}, {10, 99}})).users());
    }

    @Test
    void aTargetRunAtThreeOrMoreUserCountsIsASweep() {
        List<PointRecord> points = new ArrayList<>();
        int[] users = {1, 5, 10};
        double[] rate = {100, 400, 410};
        for (int i = 0; i < users.length; i++) {
            points.add(point("page", users[i], rate[i], 50 + 10 * i));
            points.add(point("other", 1, 90, 10)); // one load only: no sweep
        }
        List<Sweep> sweeps = Sweep.of(Summary.of(points));
        assertEquals(1, sweeps.size());
        assertEquals("page", sweeps.get(0).target());
        assertEquals(5, sweeps.get(0).knee().users());
        assertEquals(60, sweeps.get(0).knee().serverCpuPercent(), 1e-9);
        assertEquals("page: throughput stops growing at 5 users (400 req/s, server CPU 60%); no later step adds 5% or more.",
                sweeps.get(0).describeKnee());
    }

    private static List<Sweep.Step> steps(double[][] s) {
        return java.util.Arrays.stream(s).map(x -> new Sweep.Step((int) x[0], x[1], Double.NaN)).toList();
    }

    private static PointRecord point(String label, int users, double throughput, double cpu) {
        return PointRecordBuilder.builder().target(new TargetRecord(label, "direct", "html", null, "now", "plain", null))
                .load(new LoadRecord("closed", users, 100L, null, null, null, true)).repeat(1).requests(100L * users)
                .durationSeconds(1).throughput(throughput).latencyMicros(new LatencyRecord(1, 1, 1, 1, 1, 1, 0))
                .traffic(new PointRecord.Traffic(40, 120)).errors(ErrorCounts.NONE).validated(100L * users)
                .server(new ServerRecord(1L, cpu, cpu, 0, 1, 1, 0, 0)).detail(new PointRecord.Detail(List.of(), null, null))
                .build();
    }
}
