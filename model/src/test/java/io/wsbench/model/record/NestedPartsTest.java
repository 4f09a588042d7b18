package io.wsbench.model.record;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A point and its server are made of nested parts in Java (its traffic, what was kept of its answers, a flow's
 * steps; the JVM's counters, the Flight Recorder recording), and run.json keeps the keys it always had, flat:
 * a run written before the parts existed reads as it did, and a record read back equals the one written.
 */
class NestedPartsTest {

    private static final TargetRecord TARGET = new TargetRecord("admin", null, "flow", null, null, "plain", null);
    private static final LoadRecord LOAD = new LoadRecord("closed", 2, 100L, null, null, null, true);
    private static final LatencyRecord LATENCY = new LatencyRecord(1000, 900, 1100, 1500, 1600, 1700, 10);

    private static PointRecord point() {
        ServerRecord server = new ServerRecord(42L, 150, 100, 50, 1 << 28, 30, 0.5, 160).withGc(3, 45, 80_000_000)
                .withRecording(new ServerRecord.JfrRecord(200L, 2L, List.of(new ServerRecord.HotFrame("a.B.c:1", 0.5)),
                        List.of(new ServerRecord.ExceptionRate("java.io.IOException", 2.0, 4, "a.B.c:1")), "jfr/001.jfr",
                        new ServerRecord.GcPauses(3, 4.5, 2.0)));
        StepRecord step = new StepRecord("login", 200, 200, ErrorCounts.NONE, LATENCY, 100, 300, 200, null, null, 0);
        return PointRecordBuilder.builder().target(TARGET).load(LOAD).repeat(1).requests(200).durationSeconds(2.0).throughput(50)
                .latencyMicros(LATENCY).traffic(new PointRecord.Traffic(300, 200)).errors(ErrorCounts.NONE).validated(100)
                .server(server).detail(new PointRecord.Detail(List.of(new SecondSample(0, 50, 1000, 0)), "HISTO", null)).build()
                .withTransport(null, 3, null)
                .withFlowSteps(new PointRecord.FlowSteps(100L, List.of(step), List.of(), null));
    }

    @Test
    void runJsonKeepsItsFlatKeysAndReadsBackTheSameRecord() throws Exception {
        PointRecord p = point();
        JsonNode json = RunJson.MAPPER.readTree(RunJson.toJson(p));
        java.util.Set<String> keys = new java.util.TreeSet<>();
        json.fieldNames().forEachRemaining(keys::add);
        keys.removeAll(java.util.Set.of("trend", "stalls"));
        assertEquals(new java.util.TreeSet<>(List.of("target", "load", "repeat", "requests", "unfinished", "durationSeconds",
                "throughput", "latencyMicros", "bytesSentPerRequest", "bytesReceivedPerRequest", "errors", "validated", "server",
                "series", "histogram", "iterations", "steps", "setup")), keys, "the point's keys, as run.json always had them");
        JsonNode server = json.get("server");
        for (String k : List.of("gcCount", "gcTimeMillis", "heapUsedMaxBytes", "executionSamples", "samplePeriodMillis",
                "hotFrames", "exceptions", "recording", "gcPauses")) {
            assertEquals(true, server.has(k), k + " stands on the server, as before");
        }
        assertEquals(2, server.get("samplePeriodMillis").asLong(), "Flight Recorder's period is recorded beside its samples");
        assertEquals(false, json.has("detail") || json.has("traffic") || json.has("flowSteps") || server.has("jfr")
                || server.has("counters"), "the parts' own names never reach run.json");
        assertEquals(p, RunJson.MAPPER.readValue(RunJson.toJson(p), PointRecord.class));
    }

    /** A point with a stall (a silent second) writes its stalls, and reads back: it could not be read at all. */
    @Test
    void aPointWithAStallReadsBack() throws Exception {
        PointRecord p = PointRecordBuilder.builder(point()).durationSeconds(3.0).detail(new PointRecord.Detail(List.of(
                new SecondSample(0, 50, 1000, 0, 0L, 900_000L), new SecondSample(1, 0, 0, 0),
                new SecondSample(2, 50, 1000, 0, 2_100_000L, 2_900_000L)), "HISTO", null)).build();
        String json = RunJson.toJson(p);
        assertEquals(true, RunJson.MAPPER.readTree(json).has("stalls"), json);
        PointRecord read = RunJson.MAPPER.readValue(json, PointRecord.class);
        assertEquals(p, read);
        assertEquals(p.stalls(), read.stalls());
    }

    @Test
    void aPointWrittenBeforeThePartsReadsAsItDid() throws Exception {
        String old = "{\"target\":{\"label\":\"x\",\"protocol\":\"rest\",\"security\":\"plain\"},\"load\":{\"model\":\"closed\","
                + "\"users\":1,\"warmup\":true},\"repeat\":1,\"requests\":10,\"durationSeconds\":1.0,\"throughput\":10.0,"
                + "\"latencyMicros\":{\"mean\":1.0,\"p50\":1,\"p90\":1,\"p99\":1,\"p999\":1,\"max\":1,\"stdDev\":0.0},"
                + "\"bytesSentPerRequest\":120.0,\"bytesReceivedPerRequest\":340.0,\"validated\":10,"
                + "\"server\":{\"pid\":7,\"cpuPercent\":50.0,\"rssMaxBytes\":1,\"threadsMax\":1,\"residualCpuPercent\":0.0,"
                + "\"gcCount\":2,\"executionSamples\":9,\"recording\":\"jfr/x.jfr\"},\"histogram\":\"H\"}";
        PointRecord p = RunJson.MAPPER.readValue(old, PointRecord.class);
        assertEquals(120.0, p.bytesSentPerRequest());
        assertEquals(340.0, p.bytesReceivedPerRequest());
        assertEquals("H", p.histogram());
        assertNull(p.series());
        assertNull(p.steps());
        assertEquals(false, p.flow());
        assertEquals(2L, p.server().counters().gcCount());
        assertEquals(9L, p.server().jfr().executionSamples());
        assertEquals("jfr/x.jfr", p.server().jfr().recording());
        assertNull(p.server().jfr().samplePeriodMillis(), "an older run did not say its period");
        assertEquals(ServerRecord.CountersRecord.NONE, new ServerRecord(1L, 1, 1, 0, 1, 1, 0, 1).counters());
    }
}
