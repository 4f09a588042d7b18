package io.wsbench.report;

import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.Summary;
import io.wsbench.model.record.TargetRecord;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The Django flow of issue 47: 38 iterations a second of 2 requests each are 38 it/s, with 76 req/s beside. */
class FlowRateTest {

    private static final LoadRecord ONE_USER = new LoadRecord("closed", 1, 100L, null, null, null, true);
    private static final PointRecord PLAIN = PointRecordBuilder.builder()
            .target(new TargetRecord("single", "direct", "plain", null, "hello", "plain", null))
            .load(ONE_USER).repeat(1).requests(1000).durationSeconds(1.0).throughput(1000)
            .latencyMicros(new LatencyRecord(1000, 1000, 1000, 1000, 1000, 1000, 1)).traffic(new PointRecord.Traffic(100, 100))
            .errors(ErrorCounts.NONE).validated(1000).build();
    private static final PointRecord FLOW = PointRecordBuilder.builder()
            .target(new TargetRecord("admin", null, "flow", null, null, "plain", null)).load(ONE_USER)
            .repeat(1).requests(76).durationSeconds(1.0).throughput(38)
            .latencyMicros(new LatencyRecord(50_000, 50_000, 50_000, 50_000, 50_000, 50_000, 1))
            .traffic(new PointRecord.Traffic(100, 100)).errors(ErrorCounts.NONE).validated(38).build()
            .withFlowSteps(new PointRecord.FlowSteps(38L, List.of(), null, null));

    @Test
    void theReportsSummaryTableNamesEachRowsUnit() {
        Table t = SummaryTable.of(Summary.of(List.of(PLAIN, FLOW)), null, Set.of());
        assertEquals("rate", t.headers().get(2));
        assertEquals("1,000 req/s", t.rows().get(0).cells().get(2).text());
        assertEquals("38.0 it/s (76.0 req/s)", t.rows().get(1).cells().get(2).text());
        assertEquals("requests/s", SummaryTable.of(Summary.of(List.of(PLAIN)), null, Set.of()).headers().get(2));
    }

    @Test
    void theResultsSheetsHaveAFlowsRequestsPerSecondBesideItsThroughput() {
        List<String> names = ResultColumns.of(List.of()).stream().map(ResultColumns.Column::name).toList();
        int at = names.indexOf("throughput");
        assertEquals("requestsPerSecond", names.get(at + 1));
        ResultColumns.Column column = ResultColumns.of(List.of()).get(at + 1);
        assertEquals(76.0, column.value().apply(FLOW));
        assertNull(column.value().apply(PLAIN), "a single request's throughput is its requests per second already");
    }
}
