package io.wsbench.report;

import io.wsbench.model.profile.Folded;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.ProfileRecord;
import io.wsbench.model.record.ServerRecord;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What changed between two runs' profiles, from made-up stacks whose change is known. */
class ProfileDiffTest {

    private static final List<String> SPIN = List.of("java.lang.Thread.run", "app.Handler.handle", "app.Work.spin",
            "clock_gettime_[k]");
    private static final List<String> IO = List.of("java.lang.Thread.run", "io.netty.Loop.run", "epoll_wait");
    private static final List<String> PARSE = List.of("java.lang.Thread.run", "app.Handler.handle", "com.ctc.wstx.Reader.next");

    /** A repeat: {@code spin}, 20 and 30 µs a request in three frames (±noise), over 1,000 requests. */
    static Profiles.Point repeat(double spin, double noise, Random r) {
        Folded cpu = new Folded();
        long requests = 1000;
        cpu.add(SPIN, Math.round(requests * spin * (1 + noise * r.nextGaussian())));
        cpu.add(IO, Math.round(requests * 20 * (1 + noise * r.nextGaussian())));
        cpu.add(PARSE, Math.round(requests * 30 * (1 + noise * r.nextGaussian())));
        double micros = cpu.total();
        ServerRecord server = new ServerRecord(1L, 100, 100, 0, 1, 1, 0, 50).withProfile(new ProfileRecord("test", 1000,
                (long) micros / 1000, 1.0, micros, List.of(), 0, 0, "profiles/x"));
        PointRecord p = ReportWriterTest.point("x", "direct", ReportWriterTest.ONE_USER, 1, 100, 1000);
        PointRecord withServer = PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(p.repeat())
                .requests(requests)
                .durationSeconds(p.durationSeconds()).throughput(p.throughput()).latencyMicros(p.latencyMicros())
                .traffic(new PointRecord.Traffic(p.bytesSentPerRequest(), p.bytesReceivedPerRequest())).errors(p.errors())
                .validated(requests).server(server).generator(p.generator())
                .detail(new PointRecord.Detail(p.series(), p.histogram(), null)).build();
        return new Profiles.Point(withServer, cpu, new Folded(), new Folded(), requests);
    }

    static List<Profiles.Point> repeats(double spin, double noise, long seed) {
        Random r = new Random(seed);
        List<Profiles.Point> out = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            out.add(repeat(spin, noise, r));
        }
        return out;
    }

    @Test
    void theFrameThatGrewIsNamedFirstWithItsChangeAndItsShare() {
        ProfileDiff d = ProfileDiff.of("x @ 1 user", repeats(100, 0.02, 1), repeats(160, 0.02, 2));
        ProfileDiff.FrameChange first = d.frames().get(0);
        assertEquals("app.Work.spin", first.frame(), "the kernel's clock frame is credited to the server's own line");
        assertEquals(60, first.change(), 6);
        assertTrue(first.significant(), first.toString());
        assertTrue(first.shareOfChange() > 0.9, first.toString());
        assertEquals(150, d.cpuA(), 5);
        assertEquals(210, d.cpuB(), 5);
        assertTrue(d.says().matches("B uses 1\\.[34]\\d× the server CPU per request of A: \\+6\\d\\.\\d µs .*"), d.says());
        assertTrue(d.says().contains("in app.Work.spin"), d.says());
    }

    @Test
    void theSameServerTwiceHasNoFrameWhoseIntervalExcludesZero() {
        int wholeMoved = 0;
        for (long seed = 0; seed < 20; seed++) {
            ProfileDiff d = ProfileDiff.of("x", repeats(100, 0.05, 2 * seed), repeats(100, 0.05, 2 * seed + 1));
            for (ProfileDiff.FrameChange f : d.frames()) {
                assertFalse(f.significant(), "seed " + seed + ": " + f);
            }
            // a whole that moved within its noise has no shares: a frame's change over it read "-628%" in a real run
            boolean shared = d.frames().stream().anyMatch(f -> f.shareOfChange() != null);
            assertEquals(!shared, d.says().contains(", not beyond its repeats' spread; the frame that moved most: "), d.says());
            wholeMoved += shared ? 1 : 0;
        }
        // the whole's interval alone, at 95%: about one draw in 20 reads a change
        assertTrue(wholeMoved <= 2, wholeMoved + " of 20 draws of one server twice read a whole change");
    }

    @Test
    void aSmallMoveTheSameInEveryRepeatIsNotCalledAChange() {
        // as when one JVM's JIT inlined a method the other did not: 0.3 µs of 150 moves, in every repeat alike
        List<Profiles.Point> a = repeats(100, 0, 1);
        List<Profiles.Point> b = new ArrayList<>();
        for (Profiles.Point p : repeats(100, 0, 2)) {
            Folded cpu = new Folded();
            cpu.addAll(p.cpu());
            cpu.add(List.of("java.lang.Thread.run", "app.Handler.handle", "app.Tiny.inlinedElsewhere"), 300);
            b.add(new Profiles.Point(p.point(), cpu, p.alloc(), p.waits(), p.requests()));
        }
        ProfileDiff.FrameChange tiny = ProfileDiff.of("x", a, b).frames().get(0);
        assertEquals("app.Tiny.inlinedElsewhere", tiny.frame());
        assertTrue(tiny.low() > 0, "its interval excludes 0: " + tiny);
        assertFalse(tiny.significant(), "but it is under 1% of the CPU per request: " + tiny);
    }

    @Test
    void oneRepeatASideHasNoInterval() {
        ProfileDiff d = ProfileDiff.of("x", repeats(100, 0.02, 1).subList(0, 1), repeats(150, 0.02, 2));
        assertNull(d.frames().get(0).low());
        assertFalse(d.frames().get(0).significant());
    }

    /** {@code k} server processes, 3 repeats each: each process's spin frame drawn once (±{@code processSd}), as one JVM differs from the next. */
    static List<Profiles.Point> processes(int k, double spin, double processSd, long seed) {
        Random r = new Random(seed);
        List<Profiles.Point> out = new ArrayList<>();
        for (int instance = 1; instance <= k; instance++) {
            double own = spin * (1 + processSd * r.nextGaussian());
            for (int i = 0; i < 3; i++) {
                Profiles.Point p = repeat(own, 0.005, r);
                out.add(new Profiles.Point(p.point().withRound(new io.wsbench.model.record.RoundRecord(i + 1, 1, 1, instance,
                        java.util.Map.of())), p.cpu(), p.alloc(), p.waits(), p.requests()));
            }
        }
        return out;
    }

    @Test
    void overProcessesWhatOneJvmDiffersFromTheNextIsInTheIntervalAndNoFloorIsNeeded() {
        int called = 0;
        int calledOverRepeats = 0;
        for (long seed = 0; seed < 100; seed++) {
            // the same server twice, as 4 processes a side, each process's spin 4% off its build's, the same in every repeat
            List<Profiles.Point> a = processes(4, 100, 0.04, 2 * seed);
            List<Profiles.Point> b = processes(4, 100, 0.04, 2 * seed + 1);
            if (ProfileDiff.of("x", a, b).frames().stream().anyMatch(ProfileDiff.FrameChange::significant)) {
                called++;
            }
            // one process a side (its first), read over its repeats alone with no floor: a change, most of the time
            double[] ci = ProfileDiff.welch(values(a.subList(0, 3)), values(b.subList(0, 3)), 3);
            if (ci[0] > 0 || ci[1] < 0) {
                calledOverRepeats++;
            }
        }
        // at 95% for the frames together, about 5 of 100 by chance
        assertTrue(called <= 10, "two copies of one build called different in " + called + " of 100");
        assertTrue(calledOverRepeats >= 50, "the repeats' interval alone misses the processes' spread: " + calledOverRepeats + " of 100");
        // a real change of a quarter stands out over the processes' spread
        ProfileDiff d = ProfileDiff.of("x", processes(4, 100, 0.04, 1), processes(4, 125, 0.04, 2));
        assertEquals("app.Work.spin", d.frames().get(0).frame());
        assertTrue(d.frames().get(0).significant(), d.frames().get(0).toString());
    }

    private static double[] values(List<Profiles.Point> points) {
        return points.stream().mapToDouble(p -> ProfileDiff.perRequest(p).getOrDefault("app.Work.spin", 0.0)).toArray();
    }
}
