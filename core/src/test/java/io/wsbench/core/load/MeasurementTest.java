package io.wsbench.core.load;

import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.ErrorKind;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.GeneratorRecordBuilder;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.Stall;
import io.wsbench.model.record.TlsRecord;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The parts of one point merged into one measurement, and a measurement's wire form. */
class MeasurementTest {

    private static Histogram histogram(long... micros) {
        Histogram h = new Histogram(1, Recorder.HIGHEST_MICROS, 3);
        Arrays.stream(micros).forEach(h::recordValue);
        return h;
    }

    private static final Measurement A = new Measurement(histogram(100, 200, 300, 40_000), 6, 4,
            ErrorCounts.of(1, 0, 1, 0, 0, 0), 600, 1200, 7, 2.0,
            List.of(new SecondSample(0, 3, 300, 1), new SecondSample(1, 1, 40_000, 1)),
            GeneratorRecordBuilder.builder().ioThreads(2).cpuSeconds(0.5).cpuPercent(25).ioBusiestPercent(30.0)
                    .heapUsedMaxBytes(1000L).heapLiveBytes(400L).allocatedBytesPerRequest(100L).securitySeconds(0.1)
                    .checkMicrosPerRequest(2.0).build(), null, null,
            new TlsRecord("TLSv1.3", "TLS_AES_128_GCM_SHA256", "JDK", false, false, 4, 1000, 0.25),
            1, null);

    private static final Measurement B = new Measurement(histogram(150, 250, 90_000), 5, 3,
            ErrorCounts.of(0, 1, 0, 0, 0, 1), 500, 900, 5, 2.5,
            List.of(new SecondSample(0, 2, 250, 0), new SecondSample(1, 0, 0, 1), new SecondSample(2, 1, 90_000, 1)),
            GeneratorRecordBuilder.builder().ioThreads(1).cpuSeconds(0.25).cpuPercent(10).ioBusiestPercent(50.0)
                    .heapUsedMaxBytes(3000L).heapLiveBytes(600L).allocatedBytesPerRequest(400L).checkMicrosPerRequest(4.0)
                    .build(), "agent b lost its server", null,
            new TlsRecord("TLSv1.3", "TLS_AES_128_GCM_SHA256", "JDK", false, false, 1, 2000, 1.0),
            2, "request 3 could not be built");

    @Test
    void thePartsMergeIntoOneHistogramWithAllTheirValues() {
        Measurement m = Measurement.merge(List.of(A, B));
        Histogram all = histogram(100, 200, 300, 40_000, 150, 250, 90_000);
        assertEquals(all, m.latencies());
        assertEquals(7, m.latencies().getTotalCount());
        for (double p : new double[]{50, 90, 99, 99.9, 100}) {
            assertEquals(all.getValueAtPercentile(p), m.latencies().getValueAtPercentile(p), "p" + p);
        }
        assertEquals(4, A.latencies().getTotalCount(), "the parts are left as they were");
    }

    @Test
    void countersAreSummedAndTheLongestPartIsThePointsDuration() {
        Measurement m = Measurement.merge(List.of(A, B));
        assertEquals(11, m.requests());
        assertEquals(7, m.ok());
        assertEquals(ErrorCounts.of(1, 1, 1, 0, 0, 1), m.errors());
        assertEquals(1100, m.bytesSent());
        assertEquals(2100, m.bytesReceived());
        assertEquals(12, m.requestsSent());
        assertEquals(3, m.unfinished());
        assertEquals(2.5, m.durationSeconds());
        assertEquals("agent b lost its server", m.aborted());
        assertEquals("request 3 could not be built", m.clientFailure());
        assertNull(m.eachRequestMicros());
    }

    @Test
    void theSeriesIsSummedSecondBySecondWithTheLargestP99() {
        assertEquals(List.of(new SecondSample(0, 5, 300, 1), new SecondSample(1, 1, 40_000, 2),
                        new SecondSample(2, 1, 90_000, 1)),
                Measurement.merge(List.of(A, B)).series());
    }

    @Test
    void aStallAcrossAgentsRunsFromTheLastAnswerOfAnyToTheFirstOfAny() {
        // agent a answered until 1.6 s and again from 4.7 s, agent b until 1.3 s and from 4.65 s
        Measurement a = timed(1_600_000L, 4_700_000L);
        Measurement b = timed(1_300_000L, 4_650_000L);
        List<SecondSample> merged = Measurement.merge(List.of(a, b)).series();
        assertEquals(new SecondSample(1, 20, 10, 0, 1_000L, 1_600_000L), merged.get(1));
        assertEquals(new SecondSample(4, 20, 10, 0, 4_650_000L, 4_990_000L), merged.get(4));
        LoadRecord closed = new LoadRecord("closed", 2, null, 6.0, null, null, true);
        assertEquals(List.of(new Stall(1.6, 3.05)), Stall.of(merged, 5, closed));
    }

    private static Measurement timed(long lastBeforeMicros, long firstAfterMicros) {
        return new Measurement(histogram(10), 30, 30, ErrorCounts.NONE, 0, 0, 30, 5.0,
                List.of(new SecondSample(0, 10, 10, 0, 1_000L, 990_000L), new SecondSample(1, 10, 10, 0, 1_000L, lastBeforeMicros),
                        new SecondSample(2, 0, 0, 0), new SecondSample(3, 0, 0, 0),
                        new SecondSample(4, 10, 10, 0, firstAfterMicros, 4_990_000L)), null, null);
    }

    @Test
    void withEachSecondsLatenciesTheMergedP99IsThatOfTheirSum() {
        // second 0: one agent answered 98 requests in 1 ms and 2 in 50 ms, the other 100 in 1 ms
        Histogram a0 = histogram(50_000, 50_000);
        for (int i = 0; i < 98; i++) {
            a0.recordValue(1_000);
        }
        Histogram b0 = new Histogram(1, Recorder.HIGHEST_MICROS, 3);
        b0.recordValueWithCount(1_000, 100);
        Measurement a = seconds(a0, 100, a0.getValueAtPercentile(99));
        Measurement b = seconds(b0, 100, 1_000);

        SecondSample merged = Measurement.merge(List.of(a, b)).series().get(0);

        // 2 slow of 200: 1% of the second, so its p99 is the fast ones' 1 ms, where each agent's largest p99 was 50 ms
        assertEquals(200, merged.requests());
        assertEquals(1_000, merged.p99Micros(), 10);
        assertEquals(50_000, a.series().get(0).p99Micros(), 50);
    }

    private static Measurement seconds(Histogram second, long requests, long p99) {
        return new Measurement(second, requests, requests, ErrorCounts.NONE, 0, 0, requests, 1.0,
                List.of(new SecondSample(0, requests, p99, 0)), null, null, null, null, 0, null, null,
                List.of(Measurement.encode(second)));
    }

    @Test
    void theGeneratorsAndHandshakesAreAddedUp() {
        Measurement m = Measurement.merge(List.of(A, B));
        // 0.75 CPU seconds over the point's 2.5 s; 700 + 2000 bytes allocated over 12 requests sent;
        // checks of 6 x 2 + 5 x 4 µs over 11 answers; WS-Security time from the one part that had it
        assertEquals(GeneratorRecordBuilder.builder().ioThreads(3).cpuSeconds(0.75).cpuPercent(30).ioBusiestPercent(50.0)
                .heapUsedMaxBytes(4000L).heapLiveBytes(1000L).allocatedBytesPerRequest(225L).securitySeconds(0.1)
                .checkMicrosPerRequest(2.91).build(), m.generator());
        assertEquals(new TlsRecord("TLSv1.3", "TLS_AES_128_GCM_SHA256", "JDK", false, false, 5, 1200, 0.4), m.tls());
    }

    @Test
    void onePartIsItsOwnMergeAndNoneIsAnError() {
        assertSame(A, Measurement.merge(List.of(A)));
        assertThrows(IllegalArgumentException.class, () -> Measurement.merge(List.of()));
    }

    @Test
    void theWireFormGivesBackAnEqualMeasurement() {
        for (Measurement m : List.of(A, B, Measurement.merge(List.of(A, B)))) {
            Measurement back = Measurement.fromBytes(m.toBytes());
            assertEquals(m, back);
            assertEquals(m.latencies().getTotalCount(), back.latencies().getTotalCount());
            assertEquals(m.latencies().getValueAtPercentile(99), back.latencies().getValueAtPercentile(99));
        }
        Measurement each = new Measurement(histogram(5, 7), 3, 2, ErrorCounts.of(0, 0, 0, 1, 0, 0), 30, 60, 3, 0.01,
                List.of(new SecondSample(0, 2, 7, 1)), null, null, Arrays.asList(5L, null, 7L));
        assertEquals(each, Measurement.fromBytes(each.toBytes()));
    }

    private static StepFigures step(String name, ErrorCounts errors, String firstFailure, long... micros) {
        return new StepFigures(name, histogram(micros), micros.length + errors.total(), errors, 100L * micros.length,
                200L * micros.length, firstFailure);
    }

    /** A flow point's part: its iterations (A's or B's figures) and each step's beside them, as an agent measured them. */
    private static Measurement flowPart(Measurement iterations, long count, long loginMicros, long... orderMicros) {
        ErrorCounts one401 = ErrorCounts.of(0, 0, 1, 0, 0, 0);
        return iterations.withFlow(new FlowFigures(count, List.of(step("login", ErrorCounts.NONE, null, loginMicros)),
                List.of(step("placeOrder", one401, "row 2, user " + count + ", iteration 0: status 401", orderMicros),
                        step("getOrder", ErrorCounts.NONE, null, orderMicros)),
                List.of(step("logout", ErrorCounts.NONE, null, 50))), iterations.durationSeconds());
    }

    @Test
    void aFlowsStepsCrossTheWireWholeAndTheAgentsStepsAddUp() {
        Measurement a = flowPart(A, 4, 900, 100, 200, 300);
        Measurement b = flowPart(B, 3, 1_100, 150, 90_000);
        Measurement aBack = Measurement.fromBytes(a.toBytes());
        Measurement bBack = Measurement.fromBytes(b.toBytes());
        assertEquals(a, aBack);
        assertEquals(a.flow(), aBack.flow());
        assertEquals(3, aBack.flow().steps().get(0).latencies().getTotalCount());

        Measurement m = Measurement.merge(List.of(aBack, bBack));
        FlowFigures f = m.flow();
        assertEquals(7, f.iterations());
        StepFigures place = f.steps().get(0);
        assertEquals("placeOrder", place.name());
        assertEquals(5, place.ok(), "3 valid answers from one agent, 2 from the other");
        assertEquals(7, place.requests(), "and one 401 each");
        assertEquals(2, place.errors().count(ErrorKind.HTTP_STATUS));
        assertEquals(90_000, place.latencies().getMaxValue(), 90);
        assertEquals(500, place.bytesSent());
        assertEquals("row 2, user 4, iteration 0: status 401", place.firstFailure(), "the first agent's first failure");
        assertEquals(12, f.requests(), "the iterations' steps: 7 + 5; setup and teardown apart");
        assertEquals(2, f.setup().get(0).ok(), "each agent's users logged in");
        assertEquals(2, f.teardown().get(0).ok());
        assertEquals(f, Measurement.fromBytes(m.toBytes()).flow(), "and the merged point crosses the wire whole too");

        io.wsbench.model.record.PointRecord p = m.toPoint(null, new LoadRecord("closed", 2, null, 6.0, null, null, true), 1, null);
        assertEquals(12, p.requests(), "run.json's requests are both agents' steps'");
        assertEquals(List.of(7L, 5L), p.steps().stream().map(io.wsbench.model.record.StepRecord::requests).toList());
        assertEquals(2, p.setup().get(0).validated());
    }

    @Test
    void bytesThatAreNotAMeasurementAreAnError() {
        assertThrows(IllegalArgumentException.class, () -> Measurement.fromBytes("{\"latencies\":\"x\"".getBytes()));
    }
}
