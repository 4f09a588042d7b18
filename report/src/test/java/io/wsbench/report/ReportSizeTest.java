package io.wsbench.report;

import io.wsbench.model.profile.Folded;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.ProfileRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.ServerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A report of a run whose every point was profiled stays small enough to open at once: its flame
 * graphs are packed in the page (gzipped, their frames' names in one table), not inlined as JSON.
 */
class ReportSizeTest {

    static final List<String> STACKS = List.of("direct", "cxf", "metro", "lucee");

    /**
     * A run of 12 targets (3 on each of 4 stacks) × 2 loads × 3 repeats, every point profiled: CPU,
     * allocation and wait stacks of its stack's call tree, as many graphs as soap-vs-rest's report has.
     */
    static RunRecord manyProfiledPoints(Path dir) throws Exception {
        Files.createDirectories(dir.resolve("profiles"));
        RunRecord run = ReportWriterTest.run(ReportWriterTest.REST, "direct SOAP", "complete", null);
        RunRecord out = io.wsbench.model.record.RunRecordBuilder.builder().suite(run.suite())
                .description(run.description()).wsbenchVersion(run.wsbenchVersion()).gitCommit(run.gitCommit())
                .startedAt(run.startedAt()).finishedAt(run.finishedAt()).status(run.status())
                .partialReason(run.partialReason()).command(run.command()).baseline(run.baseline())
                .environment(run.environment()).notes(run.notes()).points(List.of()).build();
        int n = 0;
        for (int t = 0; t < 12; t++) {
            String stack = STACKS.get(t % STACKS.size());
            for (LoadRecord load : List.of(ReportWriterTest.ONE_USER, ReportWriterTest.FIVE_USERS)) {
                for (int repeat = 1; repeat <= 3; repeat++) {
                    PointRecord p = ReportWriterTest.point(stack + " target " + t, stack, load, repeat, 1000, 1000);
                    Random random = new Random(31L * t + 7L * load.users() + repeat);
                    String base = "profiles/" + (++n) + "-p";
                    Folded cpu = stacks(stack, random);
                    Folded alloc = stacks(stack, random);
                    cpu.write(dir.resolve(base + ProfileRecord.CPU));
                    alloc.write(dir.resolve(base + ProfileRecord.ALLOC));
                    stacks(stack, random).write(dir.resolve(base + ProfileRecord.WAIT));
                    double micros = cpu.total() * 100.0;
                    ServerRecord s = p.server().withProfile(new ProfileRecord("async-profiler 4.2", 1000, cpu.total(), 1.0, micros,
                            List.of(new ProfileRecord.Part("application", micros / 2)), alloc.total(), 0, base));
                    out = out.withPoint(PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(repeat)
                            .requests(p.requests())
                            .durationSeconds(p.durationSeconds()).throughput(p.throughput()).latencyMicros(p.latencyMicros())
                            .traffic(new PointRecord.Traffic(p.bytesSentPerRequest(), p.bytesReceivedPerRequest()))
                            .errors(p.errors()).validated(p.validated()).server(s).generator(p.generator())
                            .detail(new PointRecord.Detail(p.series(), p.histogram(), null)).build());
                }
            }
        }
        return out;
    }

    /**
     * A server's samples: the paths of {@code stack}'s call tree, each sampled about as often as on
     * every point of that stack (a few hot, most cold), with this point's own noise.
     */
    private static Folded stacks(String stack, Random random) {
        Folded f = new Folded();
        List<List<String>> paths = callTree(stack);
        for (int i = 0; i < paths.size(); i++) {
            f.add(paths.get(i), Math.round((i % 9 == 0 ? 400 : 10 + i % 30) * (0.7 + 0.6 * random.nextDouble())));
        }
        return f;
    }

    /** {@code stack}'s call tree as 80 paths from the thread's root, each branching off an earlier one: about 600 frames. */
    private static List<List<String>> callTree(String stack) {
        Random random = new Random(stack.hashCode());
        List<List<String>> paths = new ArrayList<>();
        int id = 0;
        for (int i = 0; i < 80; i++) {
            List<String> path = new ArrayList<>(List.of("java.lang.Thread.run", "io.netty.util.concurrent.FastThreadLocalRunnable.run",
                    "io.netty.channel.nio.NioEventLoop.run"));
            if (i > 0) {
                List<String> earlier = paths.get(random.nextInt(i));
                path = new ArrayList<>(earlier.subList(0, 3 + random.nextInt(earlier.size() - 3)));
            }
            for (int depth = 3 + random.nextInt(12); depth > 0; depth--, id++) {
                path.add((id % 5 == 0 ? "java.util.concurrent" : "org." + stack + ".module" + id % 23) + ".Class" + id % 97 + ".method" + id);
            }
            paths.add(path);
        }
        return paths;
    }

    @Test
    void aRunWhoseEveryPointWasProfiledMakesAReportOf1Point5MbOrLess(@TempDir Path dir) throws Exception {
        RunRecord run = manyProfiledPoints(dir);
        ReportWriter.write(run, dir);
        String html = Files.readString(dir.resolve("report.html"));

        Profiles.Flames flames = new Profiles.Flames();
        Profiles.section(run.points(), dir, flames);
        long json = 0;
        int graphs = 0;
        for (Profiles.Row r : Profiles.rows(run.points(), dir)) {
            for (Profiles.Kind k : Profiles.Kind.values()) {
                json += Profiles.json(Profiles.flame(r.key(), k, r.merged(k), r.requests()).data()).length();
                graphs++;
            }
        }
        assertEquals(72, graphs, "24 rows, three graphs each");
        assertTrue(json > 2_000_000, "as much graph JSON as soap-vs-rest's report held (2.1 MB): " + json);
        long size = Files.size(dir.resolve("report.html"));
        assertTrue(size <= 1_500_000, "report.html is " + size + " bytes");
        assertTrue(flames.packed().length() < json / 8, "the graphs packed: " + flames.packed().length() + " of " + json);
        assertFalse(html.contains("org.cxf.module"), "no frame's name in the page as text");
        assertTrue(html.contains("<div class=\"flame\" data-flame=\"71\"></div>"), "72 graphs, each pointing into the page's one");
    }
}
