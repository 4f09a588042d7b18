package io.wsbench.runner;

import com.sun.net.httpserver.HttpServer;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.ErrorKind;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.Summary;
import io.wsbench.launch.StackCatalog;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runner as a library: a suite against a server of the test's own on 127.0.0.1, watched through a listener. */
class SuiteRunnerTest {

    private HttpServer server;

    @BeforeEach
    void helloWorld() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/hello", SuiteRunnerTest::hello);
        server.start();
    }

    private static void hello(com.sun.net.httpserver.HttpExchange exchange) throws IOException {
        byte[] hello = "Hello World".getBytes(StandardCharsets.US_ASCII);
        exchange.getResponseHeaders().set("Content-Type", "text/plain");
        exchange.sendResponseHeaders(200, hello.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(hello);
        }
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aRunTellsItsListenerOfEachPoint(@TempDir Path dir) throws Exception {
        List<String> heard = new ArrayList<>();
        RunRecord run = run(dir, heard, p -> { });
        assertEquals("complete", run.status());
        assertEquals(2, run.points().size());
        assertEquals(List.of("point hello @ 1 user #1 1/2", "done 20", "point hello @ 2 users #1 2/2",
                "done 20"), heard);
        assertEquals(run, RunJson.read(dir.resolve("out/run.json")));
    }

    /**
     * A point of one user sent from its server's core, during which the server's JIT compiler ran more than a quarter of
     * the point, is measured again at once and said; one whose compiler was quiet, or a point of two users, is not.
     */
    @Test
    void aSharedPointWhoseServerWasCompilingIsMeasuredAgainAtOnce(@TempDir Path dir) throws Exception {
        String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/hello";
        Suite suite = SuiteReader.parse("""
                name: shared
                warmup: none
                targets:
                  - { url: "%s" }
                load:
                  - { users: 1, requestsPerUser: 20 }
                  - { users: 2, requestsPerUser: 10 }
                """.formatted(url), dir.resolve("s.yaml"));
        Target target = Target.at(suite, suite.targets().get(0), dir);
        String here = io.wsbench.launch.Cores.of(ProcessHandle.current().pid()); // the I/O thread moved nowhere else
        java.util.concurrent.atomic.AtomicLong compiled = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong perPoint = new java.util.concurrent.atomic.AtomicLong();
        WatchedServer compiling = new WatchedServer() {
            @Override
            public List<io.wsbench.monitor.Monitor> monitors() {
                return List.of();
            }

            @Override
            public long compileMillis() {
                return compiled.getAndAdd(perPoint.get()); // each reading a point later than the one before
            }
        };
        List<String> notes = new ArrayList<>();
        try (Generator generator = new Generator(null)) {
            PointRun points = new PointRun(generator, compiling, null, notes::add).sendingFrom(new OneUserCores(here, here));
            perPoint.set(2_000); // two seconds of compiling between the readings around a point of milliseconds
            PointRecord again = points.measure(target, suite.load().get(0), 1, "hello @ 1 user #1", null, ProgressListener.NONE);
            assertEquals(20, again.validated());
            assertEquals("shared", again.generator().idleCores());
            assertEquals(1, notes.size(), notes.toString());
            assertTrue(notes.get(0).startsWith("hello @ 1 user #1: measured again at once: its server's JIT compiler ran 2,000 ms"),
                    notes.get(0));
            assertNull(points.measure(target, suite.load().get(1), 1, "hello @ 2 users #1", null, ProgressListener.NONE)
                    .generator().idleCores(), "two users: sent from the generator's cores, nothing held or shared");
            perPoint.set(0);
            points.measure(target, suite.load().get(0), 1, "hello @ 1 user #2", null, ProgressListener.NONE);
            assertEquals(1, notes.size(), "a quiet compiler: measured once " + notes);
        }
    }

    @Test
    void aRunInterruptedBetweenItsPointsMeasuresNoMoreAndStaysPartial(@TempDir Path dir) throws Exception {
        List<String> heard = new ArrayList<>();
        SuiteRunner[] runner = new SuiteRunner[1];
        // Ctrl-C right after the first point, on the run's own thread: the order is the test's
        RunRecord run = run(dir, heard, runner, p -> runner[0].interrupt());
        assertEquals("partial", run.status());
        assertEquals("interrupted (Ctrl-C) after 1 points", run.partialReason());
        assertEquals(1, run.points().size());
        assertEquals("point hello @ 1 user #1 1/2", heard.get(0));
        assertEquals("done 20", heard.get(1));
        assertEquals("problem interrupted (Ctrl-C): " + dir.resolve("out/run.json") + " keeps the 1 points measured",
                heard.get(2));
        assertEquals(3, heard.size(), "no second point: " + heard);
        assertEquals(run, RunJson.read(dir.resolve("out/run.json")));
    }

    @Test
    void aMinDurationTimesThePassesOnceAndKeepsThemForEveryRepeat(@TempDir Path dir) throws Exception {
        // every answer 20 ms late: the server's delay, not the machine, bounds how many passes fill the time
        server.createContext("/slow", exchange -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            hello(exchange);
        });
        Path file = dir.resolve("slow.yaml");
        Files.writeString(file, """
                name: slow
                warmup: none
                order: grouped
                repeat: 2
                targets:
                  - { label: slow, url: "http://127.0.0.1:%d/slow", protocol: plain }
                load:
                  - { users: 1, sequences: 1, minDuration: 2s }
                """.formatted(server.getAddress().getPort()));
        List<String> heard = new ArrayList<>();
        RunRecord run;
        try (Generator generator = new Generator(1)) {
            run = measured(dir, SuiteReader.read(file), generator, new Listener(heard, p -> { }), null);
        }
        assertEquals("complete", run.status());
        assertEquals(2, run.points().size(), "the timing of the asked pass is no point: " + heard);
        long passes = run.points().get(0).load().sequences();
        // one pass (one request here) took 20 ms or more when timed, so at most 2 s x 1.05 / 20 ms of them fill 2 s
        assertTrue(passes > 1 && passes <= 105, "passes: " + passes);
        for (PointRecord p : run.points()) {
            assertEquals(passes, p.load().sequences().longValue(), "every repeat makes as many passes");
            assertEquals(passes, p.validated(), "one request a pass, each answered");
            assertEquals(2.0, p.load().minSeconds());
            assertEquals("1 user, passes of 2 s or more", p.load().describe());
            assertTrue(p.durationSeconds() >= passes * 0.020, "each pass waited for the server: " + p.durationSeconds());
        }
        assertEquals(List.of("point slow @ 1 user, passes of 2 s or more #1 1/2", "done " + passes,
                "point slow @ 1 user, passes of 2 s or more #2 2/2", "done " + passes), heard);
        assertEquals(run, RunJson.read(dir.resolve("out/run.json")));
    }

    @Test
    void aUrlWithoutAProtocolIsLoadedAsLoadLoadsItInPointsAndInCapacitySearches(@TempDir Path dir) throws Exception {
        server.createContext("/teapot", exchange -> {
            exchange.sendResponseHeaders(418, -1);
            exchange.close();
        });
        int port = server.getAddress().getPort();
        Path file = dir.resolve("urls.yaml");
        Files.writeString(file, """
                name: urls
                operation: matchQuakes
                warmup: none
                targets:
                  - { label: hello, url: "http://127.0.0.1:%d/hello" }
                  - { url: "http://127.0.0.1:%d/teapot" }
                load:
                  - { users: 2, requestsPerUser: 15 }
                capacity: { slo: ['errors<1%%'], startRate: 20, maxRate: 40, maxProbes: 3, probe: 300ms, settle: 0s, connections: 2 }
                """.formatted(port, port));
        List<String> heard = new ArrayList<>();
        RunRecord run;
        try (Generator generator = new Generator(1)) {
            run = measured(dir, SuiteReader.read(file), generator, new Listener(heard, p -> { }), null);
        }
        assertEquals("complete", run.status(), heard.toString());
        assertEquals(2, run.points().size());
        // the rounds measure the two in any order
        PointRecord hello = run.points().stream().filter(p -> p.target().label().equals("hello")).findFirst().orElseThrow();
        // what `wsbench load URL` records: protocol http, no operation (not the suite's), every 2xx valid
        assertEquals("http", hello.target().protocol());
        assertNull(hello.target().operation());
        assertEquals(30, hello.requests());
        assertEquals(30, hello.validated());
        assertEquals(0, hello.errors().total());
        PointRecord teapot = run.points().stream().filter(p -> p != hello).findFirst().orElseThrow();
        assertEquals("http://127.0.0.1:" + port + "/teapot", teapot.target().label(), "named by its URL, as load names it");
        assertEquals(30, teapot.errors().count(ErrorKind.HTTP_STATUS), "a 418 is no 2xx");
        assertEquals(0, teapot.validated());
        // why, told once for the run though its point and its two probes were all refused
        List<String> refused = run.notes().stream().filter(n -> n.contains("answers refused")).toList();
        assertEquals(List.of("http://127.0.0.1:" + port + "/teapot: answers refused; the first: status 418 (0 bytes)"), refused);

        assertEquals(2, run.capacity().size());
        // in the order the searches ended: the teapot's may end first now, after two probes
        CapacityRecord found = run.capacity().stream().filter(c -> c.target().label().equals("hello")).findFirst().orElseThrow();
        assertEquals(40.0, found.rate(), "it met the SLO at the highest rate asked");
        assertEquals(List.of(20.0, 40.0), found.probes().stream().map(CapacityRecord.Probe::rate).toList());
        assertTrue(found.probes().stream().allMatch(pr -> pr.passed() && pr.errors() == 0 && pr.requests() > 0), found.toString());
        CapacityRecord none = run.capacity().stream().filter(c -> c != found).findFirst().orElseThrow();
        assertNull(none.rate(), "no rate serves a 418 without errors");
        assertEquals(List.of(20.0, 10.0), none.probes().stream().map(CapacityRecord.Probe::rate).toList(),
                "every request refused at two rates: not a matter of rate");
        assertTrue(none.probes().stream().allMatch(pr -> !pr.passed() && pr.errors() == pr.requests() && pr.requests() > 0),
                none.toString());
        // the two searches are interleaved: each step probes both targets once (in a random order), until one search ends
        List<String> probes = heard.stream().filter(h -> h.contains(" capacity probe ")).map(h -> h.replaceAll(" @ .*", "")).toList();
        assertEquals(4, probes.size(), probes.toString());
        String teapotUrl = "point http://127.0.0.1:" + port + "/teapot";
        assertEquals(java.util.Set.of("point hello capacity probe 1", teapotUrl + " capacity probe 1"), java.util.Set.copyOf(probes.subList(0, 2)));
        assertEquals(java.util.Set.of("point hello capacity probe 2", teapotUrl + " capacity probe 2"), java.util.Set.copyOf(probes.subList(2, 4)));
    }

    @Test
    void aCommandsSuiteOfOneTargetIsMeasuredByTheRunnerAndToldToItsListener(@TempDir Path dir) throws Exception {
        String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/hello";
        // as load URL and capacity URL write theirs: one target at its own address, its load and its search
        Path file = Files.writeString(dir.resolve("one.yaml"), """
                name: load
                warmup: none
                targets:
                  - { url: "%s" }
                load:
                  - { users: 2, requestsPerUser: 10 }
                capacity: { slo: ['errors<1%%'], startRate: 20, maxRate: 40, maxProbes: 3, probe: 300ms, settle: 0s, connections: 2 }
                """.formatted(url));
        Suite suite = SuiteReader.read(file);
        Target target = Target.at(suite, suite.targets().get(0), dir);
        List<String> heard = new ArrayList<>();
        SuiteRunner.Measured measured;
        try (Generator generator = new Generator(1);
             PointSession session = PointSession.of(new PointSession.Settings(null, false, false)).sharing(generator).open()) {
            measured = SuiteRunner.measure(suite, target, session, new Listener(heard, p -> { }));
        }
        assertEquals(1, measured.points().size());
        PointRecord p = measured.points().get(0);
        assertEquals(url, p.target().label());
        assertEquals(20, p.validated());
        assertNull(p.generator().machineProbeMicros(), "a command's point is a row of one repeat: no machine probe around it");
        assertEquals(40.0, measured.capacity().rate(), "it met the SLO at the highest rate asked");
        assertEquals(List.of(20.0, 40.0), measured.capacity().probes().stream().map(CapacityRecord.Probe::rate).toList());
        assertEquals(List.of("point " + url + " 0/0", "done 20", "search " + url,
                "point " + url + " capacity probe 1 @ 20 req/s 0/0", "probe 1", "point " + url + " capacity probe 2 @ 40 req/s 0/0",
                "probe 2", "capacity 40.0"), heard, "the point, then the search, each told as it is measured");
        Suite two = io.wsbench.model.suite.SuiteBuilder.builder(suite)
                .targets(List.of(suite.targets().get(0), suite.targets().get(0).as("again", java.util.Map.of()))).build();
        assertEquals("a command's suite is one target at its own address, made by Target.at", org.junit.jupiter.api.Assertions
                .assertThrows(IllegalArgumentException.class, () -> SuiteRunner.measure(two, target, null, null))
                .getMessage());
    }

    @Test
    void twoLoadsThatDifferOnlyInLengthAreTwoRowsEachWithItsRepeats(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("lengths.yaml");
        Files.writeString(file, """
                name: lengths
                warmup: none
                order: grouped          # the order of the points heard, one load after the other
                repeat: 2
                targets:
                  - { label: hello, url: "http://127.0.0.1:%d/hello", protocol: plain }
                load:
                  - { users: 2, requestsPerUser: 20 }
                  - { users: 2, duration: 300ms }
                """.formatted(server.getAddress().getPort()));
        List<String> heard = new ArrayList<>();
        RunRecord run;
        try (Generator generator = new Generator(1)) {
            run = measured(dir, SuiteReader.read(file), generator, new Listener(heard, p -> { }), null);
        }
        assertEquals("complete", run.status(), heard.toString());
        assertEquals(4, run.points().size());
        assertEquals(List.of("point hello @ 2 users, 20 requests per user #1 1/4", "point hello @ 2 users, 0.3 s #1 2/4",
                "point hello @ 2 users, 20 requests per user #2 3/4", "point hello @ 2 users, 0.3 s #2 4/4"),
                heard.stream().filter(h -> h.startsWith("point ")).toList());
        List<Summary> rows = Summary.of(run.points());
        assertEquals(List.of("hello @ 2 users, 20 requests per user", "hello @ 2 users, 0.3 s"), rows.stream().map(Summary::key).toList());
        assertEquals(List.of(2, 2), rows.stream().map(Summary::repeats).toList(), "each row its own two repeats");
        assertEquals(80, rows.get(0).requests(), "2 repeats of 2 users x 20 requests");
        RunRecord read = RunJson.read(dir.resolve("out/run.json"));
        assertEquals(run, read);
        assertEquals(List.of("hello @ 2 users, 20 requests per user", "hello @ 2 users, 0.3 s",
                "hello @ 2 users, 20 requests per user", "hello @ 2 users, 0.3 s"),
                read.points().stream().map(PointRecord::key).toList(), "run.json keeps the two names apart");
    }

    @Test
    void aPointMeasuredWithTheCoresApartThroughoutIsMeasuredAgainAtItsRoundsEnd(@TempDir Path dir) throws Exception {
        List<String> heard = java.util.Collections.synchronizedList(new ArrayList<>());
        // the hypervisor, as the test has it: the cores one cache apart (100 ns), but 480 ns apart all through b's first
        // measure in round 2 and both of a's measures in round 3
        java.util.function.DoubleSupplier hypervisor = () -> {
            List<String> points;
            synchronized (heard) {
                points = heard.stream().filter(h -> h.startsWith("point ")) // "point b @ 1 user #2 3/6": its index left out
                        .map(h -> h.substring(0, h.lastIndexOf(' '))).toList();
            }
            String now = points.isEmpty() ? "" : points.get(points.size() - 1);
            long times = points.stream().filter(now::equals).count();
            boolean apart = now.equals("point b @ 1 user #2") && times == 1 || now.equals("point a @ 1 user #3");
            return apart ? 480 : 100;
        };
        RunRecord run = placed(dir, "repeat: 3\nseed: 7", List.of("{ users: 1, requestsPerUser: 20 }"), heard, hypervisor, 300);
        assertEquals(6, run.points().size(), "one point a target a round: a point measured again replaces its first");
        assertEquals(8, heard.stream().filter(h -> h.startsWith("point ")).count(), "two measured again: " + heard);
        PointRecord b2 = run.points().stream().filter(p -> p.target().label().equals("b") && p.round().index() == 2).findFirst().orElseThrow();
        assertEquals(List.of(100.0, 100.0), b2.generator().coreDistanceNanos(), "measured again with the cores back: kept");
        assertEquals(3, b2.round().position(), "at its round's end, past the round's 2 points");
        assertEquals(2, b2.round().points());
        PointRecord a3 = run.points().stream().filter(p -> p.target().label().equals("a") && p.round().index() == 3).findFirst().orElseThrow();
        assertEquals(List.of(480.0, 480.0), a3.generator().coreDistanceNanos(), "apart both times: the first kept");
        assertTrue(a3.round().position() <= 2, "the first, in the round's own order");
        assertTrue(run.notes().stream().anyMatch(n -> n.contains("2, apart throughout, again at their round's end (1 of those"
                + " with the cores back, kept")), run.notes().toString());
        assertEquals(run, RunJson.read(dir.resolve("out/run.json")));
    }

    /**
     * A run that measures each point once (one round of one process: {@code --quick}) makes no interval for a wait to
     * narrow: the hypervisor keeping the cores apart through a point neither holds it back nor has it measured again.
     * A quick default run here waited 20 s of its 49 for them.
     */
    @Test
    void aRunThatMeasuresEachPointOnceWaitsForNoCores(@TempDir Path dir) throws Exception {
        List<String> heard = java.util.Collections.synchronizedList(new ArrayList<>());
        // one cache apart, but 480 ns apart from the third point on: the run's usual is known by then
        java.util.concurrent.atomic.AtomicInteger probes = new java.util.concurrent.atomic.AtomicInteger();
        RunRecord run = placed(dir, "repeat: 1\ninstances: 1", List.of("{ users: 1, requestsPerUser: 20 }",
                "{ users: 2, requestsPerUser: 10 }"), heard, () -> {
                    probes.incrementAndGet();
                    return heard.stream().filter(h -> h.startsWith("point ")).count() >= 3 ? 480 : 100;
                }, 5_000);
        assertEquals(4, run.points().size());
        assertEquals(4, heard.stream().filter(h -> h.startsWith("point ")).count(), "none measured again: " + heard);
        assertTrue(run.points().stream().anyMatch(p -> p.generator().coreDistanceNanos().contains(480.0)), "the figures recorded");
        assertTrue(run.notes().stream().anyMatch(n -> n.contains("a run that measures each point once waits for none")),
                run.notes().toString());
        // two points apart would have waited 5 s each: a few probes a point, no 200 ms retries
        assertTrue(probes.get() <= 12, probes.get() + " probes");
    }

    /**
     * Put off ({@code -Dwsbench.coreDistance=putoff}, for bench/): with the cores apart as a point of two users is about to
     * begin, a point of one user sent from the server's core (which no distance between cores reaches) is measured first,
     * and the other once the cores are back: no wait, no point measured again, no point measured apart.
     */
    @Test
    void aPointFindingItsCoresApartIsPutOffBehindAPointOfOneUserOnTheServersCore(@TempDir Path dir) throws Exception {
        List<String> heard = java.util.Collections.synchronizedList(new ArrayList<>());
        RunRecord run = apartAsRoundThreeBegins(dir, heard, 5_000, true);
        assertEquals(12, run.points().size());
        assertEquals(12, heard.stream().filter(h -> h.startsWith("point ")).count(), "none measured again: " + heard);
        List<PointRecord> third = run.points().stream().filter(p -> p.round().index() == 3).toList();
        assertEquals(1, third.get(0).load().users(), "round 3 begins with a point of one user: " + heard);
        assertEquals(List.of(), run.points().stream().filter(p -> p.generator().coreDistanceNanos() != null
                && p.generator().coreDistanceNanos().contains(480.0)).toList(), "no point measured with the cores apart");
        assertTrue(run.notes().stream().anyMatch(n -> n.contains("0 points waited") && n.contains("1 was put off behind a point"
                + " of one user sent from its server's core")), run.notes().toString());
    }

    /** As shipped, the same point waits for its cores instead, and its round keeps the order drawn. */
    @Test
    void asShippedAPointFindingItsCoresApartWaitsAndItsRoundKeepsItsOrder(@TempDir Path dir) throws Exception {
        List<String> heard = java.util.Collections.synchronizedList(new ArrayList<>());
        RunRecord run = apartAsRoundThreeBegins(dir, heard, 300, false);
        String first = heard.stream().filter(h -> h.startsWith("point ") && h.contains(" #3 ")).findFirst().orElseThrow();
        assertTrue(first.startsWith("point b @ 2 users #3 "), "round 3's first point as drawn: " + heard);
        assertTrue(run.notes().stream().anyMatch(n -> n.contains("1 point waited")), run.notes().toString());
        assertTrue(run.notes().stream().noneMatch(n -> n.contains("put off")), run.notes().toString());
    }

    /**
     * Two targets at 1 and 2 users, 3 rounds of seed 4 (whose round 3 begins with a point of two users), one user sent from
     * the server's core; the hypervisor as the test has it: the cores one cache apart (100 ns), and 480 ns apart from the
     * end of round 2 (its 8 points done) until round 3's first point of one user begins.
     */
    private RunRecord apartAsRoundThreeBegins(Path dir, List<String> heard, long waitMillis, boolean putsOff) throws Exception {
        return placed(dir, "repeat: 3\nseed: 4", "oneUser: together",
                List.of("{ users: 1, requestsPerUser: 20 }", "{ users: 2, requestsPerUser: 10 }"), heard, () -> {
                    synchronized (heard) {
                        boolean moved = heard.stream().filter(h -> h.startsWith("done ")).count() >= 8
                                && heard.stream().noneMatch(h -> h.startsWith("point ") && h.contains("@ 1 user #3 "));
                        return moved ? 480 : 100;
                    }
                }, waitMillis, putsOff);
    }

    /**
     * A run of two URL targets, a and b, placed (the generator on core 1, the server on core 0) with the suite's {@code rounds}
     * lines and {@code loads}, the cores' distance as {@code hypervisor} gives it and a point waiting {@code waitMillis} at
     * most; skipped where the run cannot be placed.
     */
    private RunRecord placed(Path dir, String rounds, List<String> loads, List<String> heard,
                             java.util.function.DoubleSupplier hypervisor, long waitMillis) throws Exception {
        return placed(dir, rounds, null, loads, heard, hypervisor, waitMillis, false);
    }

    /**
     * {@link #placed}, with {@code cpus} more of the placement's settings ({@code oneUser: together}), or none, and a point that
     * finds its cores apart put off where it can be ({@code putsOff}).
     */
    private RunRecord placed(Path dir, String rounds, String cpus, List<String> loads, List<String> heard,
                             java.util.function.DoubleSupplier hypervisor, long waitMillis, boolean putsOff) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs two cores to place");
        int port = server.getAddress().getPort();
        Path file = Files.writeString(dir.resolve("placed.yaml"), """
                name: placed
                warmup: none
                %s
                cpus: { generator: "1", servers: "0"%s }
                targets:
                  - { label: a, url: "http://127.0.0.1:%d/hello", protocol: plain }
                  - { label: b, url: "http://127.0.0.1:%d/hello", protocol: plain }
                load:
                %s
                """.formatted(rounds, cpus == null ? "" : ", " + cpus, port, port, String.join("\n", loads.stream().map(l -> "  - " + l).toList())));
        RunRecord run;
        try (AutoCloseable fake = CoreDistance.faking(hypervisor, waitMillis, putsOff);
             Generator generator = new Generator(1)) {
            run = measured(dir, SuiteReader.read(file), generator, new Listener(heard, p -> { }), null);
        }
        assertEquals("complete", run.status(), run.notes().toString());
        org.junit.jupiter.api.Assumptions.assumeTrue(run.environment().cpus() != null, "not placed here (no taskset, or cores 0 and 1"
                + " not this process's): no pair of cores to probe");
        return run;
    }

    private RunRecord run(Path dir, List<String> heard, Consumer<PointRecord> afterPoint) throws Exception {
        return run(dir, heard, new SuiteRunner[1], afterPoint);
    }

    private RunRecord run(Path dir, List<String> heard, SuiteRunner[] runner, Consumer<PointRecord> afterPoint)
            throws Exception {
        Path file = dir.resolve("hello.yaml");
        Files.writeString(file, """
                name: hello
                warmup: none
                order: grouped
                targets:
                  - { label: hello, url: "http://127.0.0.1:%d/hello", protocol: plain }
                load:
                  - { users: 1, requestsPerUser: 20 }
                  - { users: 2, requestsPerUser: 10 }
                """.formatted(server.getAddress().getPort()));
        Suite suite = SuiteReader.read(file);
        try (Generator generator = new Generator(1)) {
            return measured(dir, suite, generator, new Listener(heard, afterPoint), runner);
        }
    }

    /**
     * {@code suite} run into dir/out by a runner of {@code generator}, in a session of its own as a command opens
     * one; the runner is put in {@code runner[0]} when given, for a test to interrupt it.
     */
    private static RunRecord measured(Path dir, Suite suite, Generator generator, RunEvents events, SuiteRunner[] runner)
            throws Exception {
        SuiteRunner r = new SuiteRunner(StackCatalog.in(dir), events, 0, io.wsbench.monitor.Monitors.named("proc"));
        if (runner != null) {
            runner[0] = r;
        }
        try (PointSession session = PointSession.of(new PointSession.Settings(null, false, true)).sharing(generator)
                .placing(suite.cpus()).open()) {
            return r.run(suite, Files.createDirectories(dir.resolve("out")), "test", session);
        }
    }

    /** Writes down what it hears, one line an event. */
    private record Listener(List<String> heard, Consumer<PointRecord> afterPoint) implements RunEvents {

        @Override
        public void stackStarting(String stack) {
            heard.add("starting " + stack);
        }

        @Override
        public void stackReady(String stack, String version, String url, long pid) {
            heard.add("ready " + stack);
        }

        @Override
        public void warmup(String target, long requests) {
            heard.add("warm-up " + target);
        }

        @Override
        public ProgressListener pointStarting(String label, int index, int total) {
            heard.add("point " + label + " " + index + "/" + total);
            return ProgressListener.NONE;
        }

        @Override
        public void pointDone(PointRecord point) {
            heard.add("done " + point.validated());
            afterPoint.accept(point);
        }

        @Override
        public void problem(String message) {
            heard.add("problem " + message);
        }

        @Override
        public void capacityStarting(String target) {
            heard.add("search " + target);
        }

        @Override
        public void probeDone(PointRecord probe, List<String> broken) {
            heard.add("probe " + probe.repeat());
        }

        @Override
        public void capacityDone(CapacityRecord capacity) {
            heard.add("capacity " + capacity.rate());
        }
    }
}
