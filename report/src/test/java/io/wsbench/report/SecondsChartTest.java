package io.wsbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.TargetRecord;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * "Requests per second over time" draws a point's seconds, not the answers that came after its end: a 1 s point's
 * line fell from 6,828 to 1 request a second (its one user's request in flight at the end), a fall the server never
 * made; a last half second is drawn at its rate.
 */
class SecondsChartTest {

    private static PointRecord point(double seconds, long... perSecond) {
        List<SecondSample> series = new ArrayList<>();
        for (int i = 0; i < perSecond.length; i++) {
            series.add(new SecondSample(i, perSecond[i], 200, 0));
        }
        return PointRecordBuilder.builder().target(new TargetRecord("t", null, "http", null, null, null, null, "http://127.0.0.1:1/"))
                .load(ComparisonTest.FIVE_USERS).repeat(1).requests(1000).durationSeconds(seconds).throughput(1000)
                .latencyMicros(new LatencyRecord(1, 1, 1, 1, 1, 1, 0)).errors(ErrorCounts.NONE).validated(1000).detail(new PointRecord.Detail(series, null, null)).build();
    }

    private static List<Double> drawn(PointRecord p) throws Exception {
        JsonNode data = new ObjectMapper().readTree(Charts.seconds("5 users", List.of(p), List.of("t")).data());
        List<Double> out = new ArrayList<>();
        data.findValue("series").get(0).get("points").forEach(pt -> out.add(pt.get(1).asDouble()));
        return out;
    }

    @Test
    void theAnswersAfterAPointsEndAreNotDrawnAndAPartSecondIsDrawnAtItsRate() throws Exception {
        assertEquals(List.of(6828.0), drawn(point(1.0, 6828, 1)));
        assertEquals(List.of(1000.0, 1000.0), drawn(point(2.0, 1000, 1000, 5)));
        assertEquals(List.of(1000.0, 1000.0, 1000.0), drawn(point(2.5, 1000, 1000, 500)), "the last half second at its rate");
        assertEquals(List.of(1000.0, 1000.0), drawn(point(2.2, 1000, 1000, 200)), "a fifth of a second: in the figures only");
    }
}
