package io.wsbench.history;

import io.wsbench.model.record.Environment;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.TargetRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Runs made up for the history's tests: two targets at one load, their throughput per round given. */
final class Runs {

    static final LoadRecord FIVE_USERS = new LoadRecord("closed", 5, 1000L, null, null, null, true);
    static final Environment MACHINE = new Environment("Test CPU @ 2.0GHz", 2, "Linux amd64", "6.1", "OpenJDK 17",
            8L << 30, Map.of("cxf", "CXF 4.2.3", "direct", "Netty 4.2.18"));

    private Runs() {
    }

    /** A run of suite "s" started at minute {@code minute}: CXF at {@code cxf} req/s and direct at twice that, each round
     * with ±{@code noise} of uniform noise from {@code seed}. */
    static RunRecord run(int minute, double cxf, double noise, int rounds, long seed) {
        Random r = new Random(seed);
        List<PointRecord> points = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            points.add(point("CXF", "cxf", round, cxf * (1 + noise * (2 * r.nextDouble() - 1))));
            points.add(point("direct", "direct", round, 2 * cxf * (1 + noise * (2 * r.nextDouble() - 1))));
        }
        String at = String.format("2026-11-%02dT%02d:%02d:00Z", 1 + minute / 1440, minute / 60 % 24, minute % 60);
        return io.wsbench.model.record.RunRecordBuilder.builder().suite("s").wsbenchVersion("0.1.0")
                .gitCommit("c0ffee" + minute).startedAt(at).finishedAt(at).status("complete")
                .command("./wsbench run s.yaml").baseline("CXF").environment(MACHINE).notes(List.of()).points(points).build();
    }

    static PointRecord point(String label, String stack, int round, double throughput) {
        long requests = Math.round(throughput * 2);
        return PointRecordBuilder.builder()
                .target(new TargetRecord(label, stack, "soap11", null, "hello", "plain", "http://127.0.0.1:8080/"))
                .load(FIVE_USERS).repeat(round).requests(requests).durationSeconds(2.0).throughput(throughput)
                .latencyMicros(new LatencyRecord(5e6 / throughput, 900, 1500, 3000, 4000, 5000, 10))
                .traffic(new PointRecord.Traffic(400, 500)).errors(ErrorCounts.of(0, 0, 2, 1, 0, 0)).validated(requests - 3)
                .server(new ServerRecord(4242L, 150.0, 120, 30.0, 300_000_000L, 40, 0.4, 95.0))
                .generator(new GeneratorRecord(2, 1.1, 44)).detail(new PointRecord.Detail(List.of(), null, null)).build();
    }
}
