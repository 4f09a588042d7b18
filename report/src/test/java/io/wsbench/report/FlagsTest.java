package io.wsbench.report;

import io.wsbench.model.record.Environment;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.ErrorKind;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.GeneratorRecordBuilder;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.ServerRecord;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A flag that holds for several repeats of one row is read once: one line naming the repeats. */
class FlagsTest {

    private static final LoadRecord FIVE_USERS = new LoadRecord("closed", 5, 1000L, null, null, null, true);

    @Test
    void aBusyGeneratorInEveryRepeatOfARowIsOneLineWithEachRepeatsFigure() {
        List<PointRecord> points = List.of(
                busy("REST inline", 1, 97.0), busy("SOAP", 1, 50.0),
                busy("REST inline", 2, 95.0), busy("SOAP", 2, 50.0),
                busy("REST inline", 3, 99.0), busy("SOAP", 3, 93.0));
        assertEquals(List.of(
                "REST inline @ 5 users, repeats 1, 2, 3: the load generator may have been the bottleneck"
                        + " (its I/O thread was on the CPU 97%, 95%, 99% of the point).",
                "SOAP @ 5 users, repeat 3: the load generator may have been the bottleneck"
                        + " (its I/O thread was on the CPU 93% of the point)."), Flags.of(run(points)));
    }

    /**
     * The default suite's REST inline @ 5 users on 2 cores (2026-12-05, results/20261205-110300-default): the generator's
     * I/O thread on the CPU 91-93% of the point, the direct server on the CPU 93-96% of its own core. Both were at their
     * limit: a faster generator could have had at most about a ninth more answers of that server, so the point measures
     * the server and no flag says the generator set its pace. The same generator beside a server whose core had room
     * did set it, and so did it on a machine the two shared while the machine had room; where it was full, it did not.
     * Agents drove the load from elsewhere: the server machine decides, whatever cores this process kept apart.
     */
    @Test
    void aBusyGeneratorSetsThePaceOnlyWhereTheServerHadCpuToSpare() {
        PointRecord bothAtTheirLimit = withServer(busy("REST inline", 1, 92.0), 93.0, 94.0, 1, 95.5);
        PointRecord serverWithRoom = withServer(busy("REST inline", 2, 92.0), 61.0, 77.0, 1, 64.0);
        PointRecord sharedAndFull = withServer(busy("REST inline", 3, 92.0), 97.0, 96.0, null, null);
        PointRecord sharedWithRoom = withServer(busy("REST inline", 4, 92.0), 60.0, 76.0, null, null);
        assertEquals(List.of(false, true, false, true), java.util.stream.Stream.of(bothAtTheirLimit, serverWithRoom,
                sharedAndFull, sharedWithRoom).map(PointRecord::generatorSetThePace).toList());
        assertEquals(List.of(
                "REST inline @ 5 users, repeat 2: the load generator may have been the bottleneck"
                        + " (its I/O thread was on the CPU 92% of the point, the server alone on its core, 64% busy).",
                "REST inline @ 5 users, repeat 4: the load generator may have been the bottleneck"
                        + " (its I/O thread was on the CPU 92% of the point, the server machine 76% busy)."),
                Flags.of(run(List.of(bothAtTheirLimit, serverWithRoom, sharedAndFull, sharedWithRoom))));
        assertEquals(2, io.wsbench.model.record.Summary.of(List.of(bothAtTheirLimit, serverWithRoom, sharedAndFull,
                sharedWithRoom)).get(0).generatorPaced());
        assertTrue(busy("REST inline", 1, 92.0).generatorSetThePace(), "a server not watched: the generator's limit decides");
        PointRecord byAgents = bothAtTheirLimit.withTransport(null, 0, List.of(new io.wsbench.model.record.AgentRecord(
                "127.0.0.2:5701", "client-a", 1000, 0, 0, 0.4, bothAtTheirLimit.generator())));
        PointRecord byAgentsWithRoom = withServer(byAgents, 93.0, 60.0, 1, 95.5);
        assertEquals(List.of(false, true), java.util.stream.Stream.of(byAgents, byAgentsWithRoom)
                .map(PointRecord::generatorSetThePace).toList(), "agents: the server machine decides, not its own core");
        assertEquals(List.of("REST inline @ 5 users, repeat 1: agent 127.0.0.2:5701 (client-a) may have been the bottleneck"
                + " (its I/O thread was on the CPU 92% of the point, the server machine 60% busy): add agents, or give them"
                + " more cores."), Flags.of(run(List.of(byAgentsWithRoom))));
    }

    private static PointRecord withServer(PointRecord p, double serverCpu, double machineCpu, Integer ownCpus, Double ownBusy) {
        ServerRecord s = io.wsbench.model.record.ServerRecordBuilder.builder(
                new ServerRecord(1L, serverCpu, serverCpu / 3, serverCpu * 2 / 3, 1 << 28, 22, 0, machineCpu))
                .ownCpus(ownCpus).ownCpusBusyPercent(ownBusy).build();
        return PointRecordBuilder.builder(p).server(s).build();
    }

    @Test
    void figuresThatAgreeAreSaidOnceAndEachSentenceOfARowIsItsOwnLine() {
        ErrorCounts five = ErrorCounts.of(0, 0, 0, 5, 0, 0);
        List<PointRecord> points = List.of(
                failing(1, five, null), failing(2, five, null), failing(3, ErrorCounts.of(0, 2, 0, 1, 0, 0), "server stopped answering"));
        assertEquals(List.of(
                "REST inline @ 5 users, repeats 1, 2, 3: 5 errors (5 failed validation) out of 1,000 requests;"
                        + " 5 errors (5 failed validation) out of 1,000 requests; 3 errors (1 failed validation, 2 timeouts) out of 1,000 requests.",
                "REST inline @ 5 users, repeat 3 was aborted: server stopped answering"), Flags.of(run(points)));
        assertEquals(List.of("REST inline @ 5 users, repeats 1, 2: 5 errors (5 failed validation) out of 1,000 requests."),
                Flags.of(run(points.subList(0, 2))));
    }

    /**
     * A kind of error a protocol declares is listed in its own words, and one no module here declares
     * (read from a run.json written elsewhere) under its key, and each gets its column in the sheets:
     * no line of the report names a protocol's kind.
     */
    @Test
    void anyKindOfErrorAPointListsIsFlaggedAndGetsItsColumn() {
        ErrorKind fault = ErrorKind.declare("testFault", "test faults", 10);
        ErrorKind unknown = ErrorKind.named("quicReset");
        ErrorCounts e = ErrorCounts.of(0, 1, 0, 0, 0, 0).plus(new ErrorCounts(java.util.Map.of(fault, 3L, unknown, 2L)));
        PointRecord p = failing(1, e, null);
        assertEquals(List.of("REST inline @ 5 users, repeat 1: 6 errors (2 quicReset, 3 test faults, 1 timeouts) out of 1,000 requests."),
                Flags.of(run(List.of(p))));
        List<String> columns = ResultColumns.of(List.of(p)).stream().map(ResultColumns.Column::name).toList();
        assertTrue(columns.containsAll(List.of("errors.testFault", "errors.quicReset")), columns.toString());
        assertTrue(columns.indexOf("errors.httpStatus") < columns.indexOf("errors.testFault")
                && columns.indexOf("errors.testFault") < columns.indexOf("errors.validation"), "in the kinds' order: " + columns);
        assertEquals(3L, ResultColumns.of(List.of(p)).get(columns.indexOf("errors.testFault")).value().apply(p));
    }

    /**
     * Figures of seed 001's Metro small row on a machine where another program ran during two of
     * its three repeats: the machine's CPU (2 cores) less the server's and the generator's says so,
     * on the point and on the row that is not steady, instead of advice to warm up longer.
     */
    @Test
    void otherProcessesOnTheMachineAreNamedAsWhyARowIsNotSteady() {
        List<PointRecord> points = List.of(
                shared(1, 1065, 80.8, 61.1, 31.6), shared(2, 1178, 78.1, 60.7, 33.2), shared(3, 4090, 58.3, 82.5, 29.9));
        assertEquals(List.of(
                "Metro small @ 5 users, repeats 1, 2: other processes took 69%, 62% of a core during the point (the machine's"
                        + " CPU less the server's and the generator's): the load did not have the machine to itself.",
                "Metro small @ 5 users: not steady: its 3 repeats spread ±128% (1,065–4,090 req/s, mean 0.200–0.200 ms), more than ±10%."
                        + " The generator's CPU per request, the same work in every repeat, took 200–200 µs (±0.0%)."
                        + " Read its median with care: other processes took up to 69% of a core during its repeats; run it on a quiet machine."),
                Flags.of(withCores(run(points), 2)));
        assertEquals(4.2, Flags.othersCpuPercent(points.get(2), 2).orElseThrow(), 0.05, "a quiet point: 58.3% of 2 cores less 82.5 and 29.9");
        assertEquals(java.util.Optional.empty(), Flags.othersCpuPercent(points.get(2), 0), "the machine's size unknown: not told");
    }

    /**
     * A 33 ms point, as the process monitor leaves it: /proc cannot tell its CPU, so the machine's
     * less the server's is no figure, and no flag says other processes took a share of a core.
     */
    @Test
    void aPointTooShortForProcRaisesNoFlagAboutOtherProcesses() {
        PointRecord p = ComparisonTest.point("Metro small", FIVE_USERS, 1, 12_000, 200);
        PointRecord tooShort = PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(1).requests(400)
                .durationSeconds(0.033)
                .throughput(12_000).latencyMicros(p.latencyMicros()).traffic(new PointRecord.Traffic(400, 500))
                .errors(ErrorCounts.NONE).validated(400)
                .server(ServerRecord.withoutCpu(1L, 1 << 28, 40, 0).withTooShort(0.033, "/proc's CPU times need 250 ms"))
                .build().withGenerator(new GeneratorRecord(1, 0.01, 30, 30.0, null, null, null, null));
        assertEquals(java.util.Optional.empty(), Flags.othersCpuPercent(tooShort, 2));
        assertEquals(List.of(), Flags.of(withCores(run(List.of(tooShort)), 2)));
        assertEquals("point too short: 33 ms, /proc's CPU times need 250 ms", tooShort.server().tooShort());
        // the figures, had /proc's been kept: 64% of a core that a 33 ms window cannot tell
        PointRecord measured = PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(1).requests(400)
                .durationSeconds(0.033)
                .throughput(12_000).latencyMicros(p.latencyMicros()).traffic(new PointRecord.Traffic(400, 500))
                .errors(ErrorCounts.NONE).validated(400).server(new ServerRecord(1L, 60.6, 30.3, 30.3, 1 << 28, 40, 0, 75))
                .build().withGenerator(new GeneratorRecord(1, 0.01, 22, 22.0, null, null, null, null));
        assertEquals(java.util.Optional.empty(), Flags.othersCpuPercent(measured, 2));
        assertEquals(List.of(), Flags.of(withCores(run(List.of(measured)), 2)));
        PointRecord second = PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(1).requests(12_000)
                .durationSeconds(1.0)
                .throughput(12_000).latencyMicros(p.latencyMicros()).traffic(new PointRecord.Traffic(400, 500))
                .errors(ErrorCounts.NONE).validated(12_000).server(measured.server()).build().withGenerator(measured.generator());
        assertEquals(67.4, Flags.othersCpuPercent(second, 2).orElseThrow(), 0.01, "the same figures over a second are told");
    }

    @Test
    void theMachineProbeSaysWhetherTheMachineOrTheServerMovedAnUnsteadyRow() {
        // the same ±20% row twice: once while the machine's fixed CPU loop slowed as much, once while it held
        List<PointRecord> machineMoved = List.of(probed(1, 1000, 2000), probed(2, 1500, 3000), probed(3, 1200, 2400));
        List<PointRecord> serverMoved = List.of(probed(1, 1000, 2000), probed(2, 1500, 2010), probed(3, 1200, 2005));
        String moved = Flags.of(run(machineMoved)).get(0);
        assertTrue(moved.contains("The machine itself varied ±21% during these repeats (a fixed CPU loop on the generator's"
                + " cores took 2.00–3.00 ms); the generator's CPU per request, the same work in every repeat, took 200–200 µs"
                + " (±0.0%): the machine, as much as the server, moved this row."), moved);
        String held = Flags.of(run(serverMoved)).get(0);
        assertTrue(held.contains("The machine itself varied ±0.2% during these repeats (a fixed CPU loop on the generator's"
                + " cores took 2.00–2.01 ms); the generator's CPU per request, the same work in every repeat, took 200–200 µs"
                + " (±0.0%): the machine held, so the difference is the server's or the load's."), held);
    }

    /**
     * Figures of seed 001's CXF large row at 1 user on a shared host: the fixed CPU loop held within 1%
     * while the generator's CPU per request, parsing the same 280 KB answers in every repeat, fell from
     * 2,736 to 2,043 µs as the server sped up: the machine ran the same work faster, and the flag says so.
     */
    @Test
    void theGeneratorsCpuPerRequestShowsTheMachineSlowedWhereTheLoopHeld() {
        List<PointRecord> points = List.of(worked(1, 108, 2736, 2835), worked(2, 125, 2493, 2825), worked(3, 145, 2043, 2789));
        String flag = Flags.of(run(points)).get(0);
        assertTrue(flag.contains("The machine itself varied ±0.8% during these repeats (a fixed CPU loop on the generator's"
                + " cores took 2.79–2.84 ms); the generator's CPU per request, the same work in every repeat, took"
                + " 2,043–2,736 µs (±14%, more where the server was slower): the machine, as much as the server, moved this row."
                + " Read its median with care: this machine ran the same work at different speeds during its repeats; add repeats,"
                + " or run it on a machine of its own."), flag);
        // the same row where the generator's work held: the server moved it
        List<PointRecord> held = List.of(worked(1, 108, 2500, 2835), worked(2, 125, 2510, 2825), worked(3, 145, 2490, 2789));
        assertTrue(Flags.of(run(held)).get(0).contains("took 2,490–2,510 µs (±0.4%): the machine held, so the difference"
                + " is the server's or the load's."), Flags.of(run(held)).get(0));
        assertEquals(1.0, UnsteadyRows.correlation(new double[] {1, 2, 3}, new double[] {2, 4, 6}), 1e-9);
        assertEquals(0.0, UnsteadyRows.correlation(new double[] {1, 1, 1}, new double[] {2, 4, 6}), 1e-9);
    }

    /**
     * Issue 47's suite: 2 users for 200 requests each, then 2 users for 3 s. Its two loads are two rows,
     * so each one's errors are a clean flag of its own, not two figures on one line of "2 users".
     */
    @Test
    void twoLoadsThatDifferOnlyInLengthAreTwoRowsAndTwoFlags() {
        List<LoadRecord> loads = LoadRecord.namedApart(List.of(new LoadRecord("closed", 2, 200L, null, null, null, true),
                new LoadRecord("closed", 2, null, 3.0, null, null, true)));
        PointRecord byCount = ComparisonTest.point("badOrders", loads.get(0), 1, 400, 500);
        byCount = PointRecordBuilder.builder().target(byCount.target()).load(byCount.load()).repeat(1).requests(400)
                .durationSeconds(0.033).throughput(12_000).latencyMicros(byCount.latencyMicros())
                .traffic(new PointRecord.Traffic(400, 500)).errors(ErrorCounts.of(0, 0, 0, 100, 0, 0)).validated(300).build();
        PointRecord byTime = ComparisonTest.point("badOrders", loads.get(1), 1, 9786, 500);
        byTime = PointRecordBuilder.builder().target(byTime.target()).load(byTime.load()).repeat(1).requests(29_359)
                .durationSeconds(3.0)
                .throughput(9786).latencyMicros(byTime.latencyMicros()).traffic(new PointRecord.Traffic(400, 500))
                .errors(ErrorCounts.of(0, 0, 0, 7340, 0, 0)).validated(29_359 - 7340).build();
        List<PointRecord> points = List.of(byCount, byTime);
        assertEquals(List.of(
                "badOrders @ 2 users, 200 requests per user, repeat 1: 100 errors (100 failed validation) out of 400 requests.",
                "badOrders @ 2 users, 3 s, repeat 1: 7,340 errors (7,340 failed validation) out of 29,359 requests."),
                Flags.of(run(points)));
        List<io.wsbench.model.record.Summary> rows = io.wsbench.model.record.Summary.of(points);
        assertEquals(List.of("badOrders @ 2 users, 200 requests per user", "badOrders @ 2 users, 3 s"),
                rows.stream().map(io.wsbench.model.record.Summary::key).toList());
        assertEquals(List.of(1, 1), rows.stream().map(io.wsbench.model.record.Summary::repeats).toList(), "no repeats of one another");
        List<LoadRecord> alike = LoadRecord.namedApart(List.of(new LoadRecord("closed", 2, 200L, null, null, null, true),
                new LoadRecord("closed", 5, null, 3.0, null, null, true)));
        assertEquals(List.of("2 users", "5 users"), alike.stream().map(LoadRecord::describe).toList(),
                "loads told apart by their users keep their short names");
    }

    @Test
    void coresThatTheHypervisorMovedApartAreSaidToHaveMovedTheRow() {
        // the fixed loop held (2.00-2.01 ms) but one repeat ran with the generator's and the server's cores 5 times further apart
        List<PointRecord> points = List.of(placed(1, 1500, 98, 101), placed(2, 1140, 495, 502), placed(3, 1480, 104, 99));
        String flag = Flags.of(run(points)).get(0);
        assertTrue(flag.contains("; the generator's and the server's cores lay 98–502 ns apart (a cache line's round trip),"
                + " as the hypervisor moved them: the machine, as much as the server, moved this row."), flag);
        List<PointRecord> near = List.of(placed(1, 1500, 98, 101), placed(2, 1140, 105, 97), placed(3, 1480, 104, 99));
        String held = Flags.of(run(near)).get(0);
        assertTrue(held.contains("; the generator's and the server's cores lay 97–105 ns apart (a cache line's round trip):"
                + " the machine held"), held);
    }

    /**
     * Seed 001 on a shared machine flagged 20 of its 24 rows, a paragraph each, above the numbers and on the terminal.
     * More than three rows not steady make one flag that counts them by what moved them, and report.html a table
     * of them, a line each, with the same figures as a row's own flag.
     */
    @Test
    void manyUnsteadyRowsMakeOneFlagAndATableOfTheirOwn() {
        List<PointRecord> points = new ArrayList<>();
        for (String label : List.of("CXF small", "Metro small", "Axis2 small", "direct small")) {
            // the cores held near for the first three (the row moved while the machine held), moved for the last
            boolean moved = label.startsWith("direct");
            points.add(at(label, placed(1, 1500, 98, moved ? 390 : 101)));
            points.add(at(label, placed(2, 1140, 105, 97)));
            points.add(at(label, placed(3, label.startsWith("Axis2") ? 2000 : 1480, 104, 99)));
        }
        points.add(at("steady", placed(1, 1000, 98, 101)));
        points.add(at("steady", placed(2, 1010, 98, 101)));
        List<String> flags = Flags.of(run(points));
        assertEquals(List.of("4 of 5 rows are not steady: their repeats spread more than ±10%, up to ±29% (Axis2 small @ 5 users)."
                + " Of them, 1 moved with the machine itself (a fixed CPU loop on the generator's cores, the generator's CPU per"
                + " request or the distance between the cores varied as much as the row); 3 moved while the machine held. Read their"
                + " medians with care: add repeats, or run them on a machine of their own. Each row's figures: \"Rows not steady\""
                + " in report.html."), flags);
        Table t = UnsteadyRows.table(UnsteadyRows.of(run(points), points, 0));
        assertEquals(4, t.rows().size());
        assertEquals(List.of("direct small @ 5 users", "±12%", "1,140–1,500", "0.200–0.200", "2.00–2.01 (±0.2%)", "200–200 (±0.0%)",
                        "97–390 (moved)", "", "the machine, as much as the server"),
                t.rows().get(3).cells().stream().map(Table.Cell::text).toList());
        assertEquals("the server or the load", t.rows().get(0).cells().get(8).text());

        List<PointRecord> three = points.stream().filter(p -> !p.target().label().startsWith("CXF")).toList();
        assertEquals(3, Flags.of(run(three)).size(), "three are flagged one by one");
        assertEquals(null, UnsteadyRows.table(UnsteadyRows.of(run(three), three, 0)));
        List<PointRecord> held = points.stream().filter(p -> !p.target().label().startsWith("direct")).toList();
        List<PointRecord> fourHeld = new ArrayList<>(held);
        fourHeld.addAll(held.stream().filter(p -> p.target().label().startsWith("CXF")).map(p -> at("CXF large", p)).toList());
        assertTrue(Flags.of(run(fourHeld)).get(0).contains(" All of them moved while the machine held. "), Flags.of(run(fourHeld)).toString());
    }

    private static PointRecord at(String label, PointRecord p) {
        return PointRecordBuilder.builder(p).target(new io.wsbench.model.record.TargetRecord(label, "cxf", "soap11", null,
                "hello", "plain", null)).build();
    }

    private static PointRecord placed(int repeat, double throughput, double before, double after) {
        return ComparisonTest.point("Metro small", FIVE_USERS, repeat, throughput, 200)
                .withGenerator(GeneratorRecordBuilder.builder().ioThreads(1).cpuSeconds(1.0).cpuPercent(30).ioBusiestPercent(30.0)
                        .machineProbeMicros(2000.0 + repeat % 2 * 10).build().withCoreDistanceNanos(before, after));
    }

    private static PointRecord worked(int repeat, double throughput, double generatorMicrosPerRequest, double probeMicros) {
        PointRecord p = ComparisonTest.point("CXF large", FIVE_USERS, repeat, throughput, 200);
        return p.withGenerator(GeneratorRecordBuilder.builder().ioThreads(1)
                .cpuSeconds(generatorMicrosPerRequest * p.requests() / 1e6).cpuPercent(30)
                .ioBusiestPercent(30.0).machineProbeMicros(probeMicros).build());
    }

    @Test
    void anUnsteadyRowSaysWhichRepeatSpentMoreTimeInGc() {
        List<PointRecord> points = List.of(collected(1, 1000, 60), collected(2, 1500, 42), collected(3, 1200, 50));
        String flag = Flags.of(run(points)).get(0);
        assertTrue(flag.contains(" Repeat 1 spent 43% more time in GC than repeat 2 (60 against 42 ms a second)."), flag);
        List<PointRecord> calm = List.of(collected(1, 1000, 5), collected(2, 1500, 2), collected(3, 1200, 3));
        assertTrue(!Flags.of(run(calm)).get(0).contains("GC"), "under 1% of the time in GC is not a reason");
    }

    /**
     * A large answer's point on Tomcat: 20 users closing their connections at its end made Tomcat's NIO endpoint throw
     * 20 EOFExceptions, which read "9.90 exceptions per second (0.15 per request)": the load's doing, not the server's.
     * Exceptions of the server's own are still said, and named before the closes'.
     */
    @Test
    void theLoadsOwnClosesAreNoExceptionsOfTheServers() {
        LoadRecord twenty = new LoadRecord("closed", 20, 13L, null, null, null, true);
        PointRecord closes = thrown(twenty, 130, new ServerRecord.ExceptionRate("java.io.EOFException", 10, 20,
                "org.apache.tomcat.util.net.NioEndpoint$NioSocketWrapper.fillReadBuffer:1285"));
        assertTrue(Flags.of(run(List.of(closes))).stream().noneMatch(f -> f.contains("exceptions per second")), Flags.of(run(List.of(closes))).toString());
        PointRecord own = thrown(twenty, 130, new ServerRecord.ExceptionRate("java.io.EOFException", 10, 20, "NioEndpoint"),
                new ServerRecord.ExceptionRate("java.text.ParseException", 500, 1000, "java.text.DateFormat.parse:399"));
        String flag = Flags.of(run(List.of(own))).stream().filter(f -> f.contains("exceptions per second")).findFirst().orElseThrow();
        assertTrue(flag.contains("created 500 exceptions per second (3.85 per request), most of them java.text.ParseException at"), flag);
    }

    /**
     * The thread-pool suite's 16 Lucee rows each flagged its exceptions, 16 lines above the table: beyond three, the rows
     * a sentence flags alike are one line, their numbers as ranges; Netty's own exception for a write to a connection
     * its client closed (the direct stack's 11-37 a second) is one of the load's closes.
     */
    @Test
    void manyRowsFlaggedAlikeAreOneLineAndNettysClosesAreTheLoads() {
        List<PointRecord> five = new ArrayList<>();
        for (int users = 1; users <= 5; users++) {
            five.add(thrown(new LoadRecord("closed", users, 13L, null, null, null, true), 100,
                    new ServerRecord.ExceptionRate("java.lang.Exception", 100.0 * users, 200 * users, "java.lang.Thread.getStackTrace:1619")));
        }
        List<String> flags = Flags.of(run(five)).stream().filter(f -> f.contains("exceptions per second")).toList();
        assertEquals(List.of("5 rows (CXF large @ 1 user, CXF large @ 2 users, CXF large @ 3 users and 2 more): the server created"
                + " 100–500 exceptions per second (1.00–5.00 per request), most of them java.lang.Exception at"
                + " java.lang.Thread.getStackTrace:1619. Caught or not, each one costs a stack trace."), flags);
        assertEquals(3, Flags.of(run(five.subList(0, 3))).stream().filter(f -> f.contains("exceptions per second")).count(),
                "three rows: a line each");

        LoadRecord twenty = new LoadRecord("closed", 20, 13L, null, null, null, true);
        PointRecord netty = thrown(twenty, 130, new ServerRecord.ExceptionRate("io.netty.channel.StacklessClosedChannelException", 18,
                36, "io.netty.channel.StacklessClosedChannelException.newInstance:43"));
        assertTrue(Flags.of(run(List.of(netty))).stream().noneMatch(f -> f.contains("exceptions per second")));
    }

    private static PointRecord thrown(LoadRecord load, double throughput, ServerRecord.ExceptionRate... exceptions) {
        PointRecord p = ComparisonTest.point("CXF large", load, 1, throughput, 20_000);
        ServerRecord s = new ServerRecord(1L, 150, 100, 50, 1 << 28, 40, 0, 80).withRecording(new ServerRecord.JfrRecord(100L, 10L,
                List.of(), List.of(exceptions), null, null));
        return PointRecordBuilder.builder().target(p.target()).load(load).repeat(1).requests((long) (2 * throughput))
                .durationSeconds(2.0).throughput(throughput).latencyMicros(p.latencyMicros())
                .traffic(new PointRecord.Traffic(400, 500)).errors(ErrorCounts.NONE).validated((long) (2 * throughput)).server(s).build();
    }

    private static PointRecord collected(int repeat, double throughput, long gcMillisPerSecond) {
        PointRecord p = ComparisonTest.point("CXF small", FIVE_USERS, repeat, throughput, 200);
        ServerRecord s = new ServerRecord(1L, 150, 100, 50, 1 << 28, 40, 0, 80).withGc(10, (long) (gcMillisPerSecond
                * p.durationSeconds()), 1 << 27);
        return PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(repeat).requests(p.requests())
                .durationSeconds(p.durationSeconds()).throughput(throughput).latencyMicros(p.latencyMicros())
                .traffic(new PointRecord.Traffic(400, 500)).errors(ErrorCounts.NONE).validated(p.requests()).server(s).build();
    }

    private static PointRecord probed(int repeat, double throughput, double probeMicros) {
        return ComparisonTest.point("Metro small", FIVE_USERS, repeat, throughput, 200)
                .withGenerator(GeneratorRecordBuilder.builder().ioThreads(1).cpuSeconds(1.0).cpuPercent(30).ioBusiestPercent(30.0)
                        .machineProbeMicros(probeMicros).build());
    }

    private static PointRecord shared(int repeat, double throughput, double machine, double server, double generator) {
        PointRecord p = ComparisonTest.point("Metro small", FIVE_USERS, repeat, throughput, 200);
        return PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(repeat).requests(p.requests())
                .durationSeconds(p.durationSeconds()).throughput(throughput).latencyMicros(p.latencyMicros())
                .traffic(new PointRecord.Traffic(400, 500)).errors(ErrorCounts.NONE).validated(p.requests())
                .server(new ServerRecord(1L, server, server / 2, server / 2, 1 << 28, 40, 0, machine)).build()
                .withGenerator(new GeneratorRecord(1, 1.0, generator, generator, null, null, null, null));
    }

    private static RunRecord withCores(RunRecord r, int cores) {
        return io.wsbench.model.record.RunRecordBuilder.builder().suite(r.suite()).description(r.description())
                .wsbenchVersion(r.wsbenchVersion()).gitCommit(r.gitCommit()).startedAt(r.startedAt())
                .finishedAt(r.finishedAt()).status(r.status()).partialReason(r.partialReason()).command(r.command())
                .baseline(r.baseline())
                .environment(new Environment("test", cores, "Linux", "6", "JVM", 1L << 34, java.util.Map.of()))
                .notes(r.notes()).points(r.points()).build();
    }

    /**
     * As a JMeter demo plan imported and run against a server that answered each of its four pages 404: one iteration of
     * four requests, 4 ms long, its I/O thread 91% busy, and a warm-up that stopped at its first window of errors.
     */
    @Test
    void aFlowOfOneFailedIterationIsSaidInIterationsAndItsGeneratorIsNotJudged() {
        PointRecord p = ComparisonTest.point("Jakarta Users", new LoadRecord("closed", 1, 1L, null, null, null, true), 1, 0, 0);
        p = PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(1).requests(4).durationSeconds(0.004).throughput(0)
                .latencyMicros(p.latencyMicros()).traffic(new PointRecord.Traffic(233, 1232)).errors(ErrorCounts.of(0, 0, 1, 0, 0, 0))
                .validated(0).flowSteps(new PointRecord.FlowSteps(1L, List.of(), null, null))
                .generator(new GeneratorRecord(1, 0.01, 362.8, 91.5, null, null, null, null)).build();
        assertTrue(!p.generatorSetThePace(), "a 4 ms point says nothing of the generator");
        RunRecord r = io.wsbench.model.record.RunRecordBuilder.builder(run(List.of(p))).warmup(List.of(new io.wsbench.model.record.WarmupRecord(
                "Jakarta Users", "auto", 1.12, false, List.of(new io.wsbench.model.record.WarmupRecord.Window(1.12, 0.0, 0.0, null))))).build();
        assertEquals(List.of("Jakarta Users @ 1 user, repeat 1: 1 error (1 bad HTTP status) out of 1 iteration.",
                "Jakarta Users: no valid answer in its warm-up, which stopped after its first window: its points' errors say what went"
                        + " wrong; its figures are those of the errors."), Flags.of(r));
    }

    private static PointRecord busy(String label, int repeat, double ioBusiestPercent) {
        return ComparisonTest.point(label, FIVE_USERS, repeat, 1000, 500)
                .withGenerator(new GeneratorRecord(1, 1.0, ioBusiestPercent, ioBusiestPercent, null, null, null, null));
    }

    private static PointRecord failing(int repeat, ErrorCounts errors, String aborted) {
        PointRecord p = ComparisonTest.point("REST inline", FIVE_USERS, repeat, 1000, 500);
        return PointRecordBuilder.builder().target(p.target()).load(p.load()).repeat(repeat).requests(1000).durationSeconds(1.0)
                .throughput(1000).latencyMicros(p.latencyMicros()).traffic(new PointRecord.Traffic(400, 500)).errors(errors)
                .validated(1000 - errors.total()).aborted(aborted).build();
    }

    private static RunRecord run(List<PointRecord> points) {
        return io.wsbench.model.record.RunRecordBuilder.builder().suite("flags").wsbenchVersion("0.1.0")
                .gitCommit("abc").startedAt("2025-01-01T10:00:00Z").finishedAt("2025-01-01T10:01:00Z")
                .status("complete").notes(List.of()).points(points).build();
    }
}
