package io.wsbench.runner;

import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.Reconnects;
import io.wsbench.core.load.StepFigures;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.ErrorKind;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.MinuteSample;
import io.wsbench.model.record.OverTime;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.WarmupRecord;
import io.wsbench.model.suite.LoadPointSpec;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.monitor.Monitor;
import io.wsbench.service.own.OwnWorkload;
import io.wsbench.model.record.LoadRecordBuilder;
import io.wsbench.model.record.WarmupRecordBuilder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The one way a point is measured, by {@code run} (each point of a suite, through this process's
 * engines or the agents of a cluster) and by {@code load} (its one point) alike: the server's
 * monitors started around the load, the load sent through the driver, the monitors ended, and the
 * point's record made with what the client spent on checks and WS-Security, and, when the load is
 * this process's and the point one of a row's repeats, the {@link MachineProbe} timed just before and after. A figure added to a point
 * is added here. Warm-ups go through it too, so they load exactly as the points do. Only the runner
 * ({@link SuiteRunner} and what it drives) makes one.
 */
final class PointRun {

    private final LoadDriver driver;
    private final WatchedServer server;
    private final Path files;
    private final Consumer<String> notes;
    private final java.util.function.BiConsumer<String, List<MinuteSample>> running;
    /** The hold of the machine's idle cores, taken or let go for each point; null for none (the cores left as they are). */
    private final AwakeCores cores;
    /** How far apart the generator's and the servers' cores are, probed around each point; null for no probe. */
    private final CoreDistance apart;
    /**
     * Whether the {@link MachineProbe} is timed around each point: it tells whether the machine moved between a row's
     * repeats, so a command's points, one of each, go without it (30-60 ms of CPU a point, which `load` would count).
     */
    private final boolean timeMachine;
    /** Where the points send from when a point of one user is sent from the servers' cores; null: every point where the generator is. */
    private final OneUserCores sendFrom;

    /**
     * {@code files}: where a monitor may write a point's files (the run's directory), or null to
     * keep none; {@code notes}: where what went wrong on wsbench's own side is told, a point's
     * figures kept.
     */
    PointRun(LoadDriver driver, WatchedServer server, Path files, Consumer<String> notes) {
        this(driver, server, files, notes, (label, minutes) -> { }, null, null, true, null);
    }

    private PointRun(LoadDriver driver, WatchedServer server, Path files, Consumer<String> notes,
                     java.util.function.BiConsumer<String, List<MinuteSample>> running, AwakeCores cores, CoreDistance apart,
                     boolean timeMachine, OneUserCores sendFrom) {
        this.driver = driver;
        this.server = server;
        this.files = files;
        this.notes = notes;
        this.running = running;
        this.cores = cores;
        this.apart = apart;
        this.timeMachine = timeMachine;
        this.sendFrom = sendFrom;
    }

    /** This, telling {@code running} each point's minutes so far as each minute closes (a run writes them to run.json). */
    PointRun tellingMinutes(java.util.function.BiConsumer<String, List<MinuteSample>> running) {
        return new PointRun(driver, server, files, notes, running, cores, apart, timeMachine, sendFrom);
    }

    /** This, probing how far apart the generator's and the servers' cores are around each point ({@code apart}, null for not). */
    PointRun probing(CoreDistance apart) {
        return new PointRun(driver, server, files, notes, running, cores, apart, timeMachine, sendFrom);
    }

    /** This, holding the machine's idle cores awake through {@code cores} for the points that leave them idle. */
    PointRun holding(AwakeCores cores) {
        return new PointRun(driver, server, files, notes, running, cores, apart, timeMachine, sendFrom);
    }

    /** This, sending each point from the cores {@code sendFrom} gives it (null: from wherever the generator's threads are). */
    PointRun sendingFrom(OneUserCores sendFrom) {
        return new PointRun(driver, server, files, notes, running, cores, apart, timeMachine, sendFrom);
    }

    /** This, its points not timed by the {@link MachineProbe}: a command's, each point a row of one repeat. */
    PointRun unrepeated() {
        return new PointRun(driver, server, files, notes, running, cores, apart, false, sendFrom);
    }

    /** A target at a load, as the cores' hold remembers how idle it left the machine. */
    private static String row(Target target, LoadSpec spec) {
        return target.label() + " | " + (spec.open() ? "open " + spec.rate() : "closed") + " | " + spec.connections();
    }

    /**
     * Sends a load of {@code target} from its cores and holds or lets go the idle cores; what they do ("shared": one
     * user sent from its server's core, where no core idles between its requests and nothing is held), or null with
     * neither to manage.
     */
    private String holdFor(Target target, LoadSpec spec) {
        if (sendFrom != null && driver.local()) {
            boolean shared = sendFrom.shares(spec);
            String failed = driver.sendFrom(sendFrom.forPoint(spec));
            if (failed == null && shared) {
                if (cores != null) {
                    cores.letGo();
                }
                return SHARED;
            }
            if (failed != null) {
                notes.accept((shared ? "a point of one user sent from the generator's cores, not the servers': "
                        : "the generator's I/O threads could not be moved back to its cores: ") + failed);
            }
        }
        return cores == null ? null : cores.forPoint(row(target, spec), spec);
    }

    /**
     * A point of one user sent from its server's core whose server's JIT compiler ran more than this share of it is measured
     * again at once (a quarter of a core, as a server still working beside its load is judged elsewhere).
     */
    static final double COMPILING_SHARE = 0.25;

    /** What a point's record says its cores did when one user was sent from its server's core. */
    static final String SHARED = "shared";

    /** Whether a point at {@code spec} is sent from its server's cores. */
    private boolean shares(LoadSpec spec) {
        return sendFrom != null && driver.local() && sendFrom.shares(spec);
    }

    /** Whether a point of {@code target} at {@code asked} is sent from its server's cores: no distance between cores reaches it. */
    boolean shares(Target target, LoadPointSpec asked) {
        return shares(asked.forSequence(target.workload().sequenceLength()).toLoadSpec());
    }

    /** Whether this run puts a point off while its cores are apart, rather than waiting ({@code -Dwsbench.coreDistance=putoff}). */
    boolean putsOff() {
        return apart != null && driver.local() && apart.putsOff();
    }

    /**
     * Whether a point of {@code target} at {@code asked}, about to begin, would wait for its cores: they are probed around it
     * and are apart from the run's usual class right now. Counted as put off when it is: the caller measures another first.
     */
    boolean putOff(Target target, LoadPointSpec asked) {
        boolean off = putsOff() && !shares(target, asked) && apart.apartNow();
        if (off) {
            apart.putOff();
        }
        return off;
    }

    /** {@code spec}'s load of {@code target} through the driver, the hold told how idle it left this machine (when it ran here). */
    private Measurement run(Target target, LoadSpec spec, ProgressListener progress) throws InterruptedException {
        MachineIdle idle = cores != null && driver.local() ? MachineIdle.start() : null;
        Measurement m = driver.run(target, spec, progress);
        if (idle != null) {
            cores.measured(row(target, spec), idle.share());
        }
        return m;
    }

    /**
     * Measures {@code target} at the load {@code asked} (its sequences counted in the target's own
     * sequence length), as repeat {@code repeat}; {@code label} names it in notes, {@code file} the
     * files its monitors keep (null for none).
     */
    public PointRecord measure(Target target, LoadPointSpec asked, int repeat, String label, String file,
                               ProgressListener progress) throws InterruptedException {
        boolean shared = shares(target, asked);
        long compiledBefore = shared ? server.compileMillis() : -1;
        PointRecord p = measureOnce(target, asked, repeat, label, file, progress);
        long compiled = compiledBefore < 0 || p.aborted() != null ? -1 : server.compileMillis() - compiledBefore;
        if (compiled > COMPILING_SHARE * 1000 * p.durationSeconds()) {
            // its server was still compiling: not the steady state, and on the core the generator shared, the compiler's
            // time was the point's (apart, it takes the idle half of the server's core)
            notes.accept(String.format(java.util.Locale.ROOT, "%s: measured again at once: its server's JIT compiler ran %,d ms of its"
                    + " %.1f s on the core one user shared with the generator", label, compiled, p.durationSeconds()));
            return measureOnce(target, asked, repeat, label, file, progress);
        }
        List<Double> around = around(p);
        if (around != null && !apart.apart(around.get(0)) && apart.apart(around.get(1)) && apart.mayWait() && p.aborted() == null) {
            // the hypervisor moved the cores apart during the point: it measured part of its time on another machine
            apart.measuredAgain(p.durationSeconds());
            p = measureOnce(target, asked, repeat, label, file, progress);
        }
        return p;
    }

    /**
     * Whether {@code p} was measured with the cores apart from the run's usual distance from its start to its end (its
     * wait for them ran out), and the run may still spend time on such points: its round measures it again at its end,
     * by when the hypervisor has often moved them back ({@link #backAtRoundEnd}).
     */
    boolean measuredApart(PointRecord p) {
        List<Double> around = around(p);
        return around != null && p.aborted() == null && apart.apart(around.get(0)) && apart.apart(around.get(1)) && apart.mayWait();
    }

    /** How far apart the cores were before and after {@code p} (two figures), or null where they were not probed. */
    private List<Double> around(PointRecord p) {
        return apart == null || p.generator() == null ? null : p.generator().coreDistanceNanos();
    }

    /** Whether the run may still spend time measuring again, at its round's end, a point measured apart. */
    boolean mayMeasureAgain() {
        return apart != null && apart.mayWait();
    }

    /**
     * Whether a point measured with the cores apart ({@link #measuredApart}) and measured {@code again} at its round's end
     * is kept as measured again: its cores back in their usual class and its load run to its end. Else the run keeps the first.
     */
    boolean backAtRoundEnd(PointRecord again) {
        List<Double> around = around(again);
        boolean back = again.aborted() == null && around != null && !apart.apart(around.get(0)) && !apart.apart(around.get(1));
        apart.measuredAtRoundEnd(again.durationSeconds(), back);
        return back;
    }

    private PointRecord measureOnce(Target target, LoadPointSpec asked, int repeat, String label, String file,
                                    ProgressListener progress) throws InterruptedException {
        LoadPointSpec point = asked.forSequence(target.workload().sequenceLength());
        LoadSpec spec = point.toLoadSpec();
        Double probedBefore = timeMachine && driver.local() ? MachineProbe.micros() : null;
        // one user sent from its server's core crosses to no other core: how far apart they are does not reach it
        Double apartBefore = apart != null && driver.local() && !shares(spec) ? apart.near() : null;
        List<Monitor> started = start(label);
        ClientCosts before = ClientCosts.of(target);
        Measurement m;
        OverTime over;
        String coresDid = holdFor(target, spec);
        try (PointWatch watch = PointWatch.start(progress, minutes -> running.accept(label, minutes), server)) {
            m = run(target, spec, watch);
            over = watch.finish(m.throughput());
        }
        if (m.clientFailure() != null) {
            // wsbench's own side failed: the count is in the point, the reason in the notes
            notes.accept(label + ": " + m.errors().count(ErrorKind.CLIENT) + " client errors (a request that could not be built, or a"
                    + " check that threw), the first: " + m.clientFailure());
        }
        if (m.firstRefusal() != null) {
            // the server's answers failed their status or their check: the counts are in the point (and its flag), the
            // first answer in the notes, in the same words for every point that met the same (a run tells them once)
            notes.accept(target.label() + ": answers refused; the first: " + m.firstRefusal() + protocolHint(target.spec(), m.firstRefusal()));
        }
        if (m.flow() != null) {
            // a flow's answers are refused step by step: each step's first failure, as load --flow prints it, said once a run;
            // a flow of one step (a URL's checks and rows) in a single request's words
            List<List<StepFigures>> phases = java.util.Arrays.asList(m.flow().setup(), m.flow().steps(), m.flow().teardown());
            boolean oneStep = phases.stream().mapToInt(p -> p == null ? 0 : p.size()).sum() == 1;
            for (List<StepFigures> phase : phases) {
                for (StepFigures s : phase == null ? List.<StepFigures>of() : phase) {
                    // a failure that is the client error's said above (rows run out) is not said twice
                    if (s.firstFailure() != null && !s.firstFailure().equals(m.clientFailure())) {
                        notes.accept(target.label() + (oneStep ? ": answers refused; the first: " : ": step '" + s.name() + "' failed; the first: ")
                                + s.firstFailure());
                    }
                }
            }
        }
        long connectErrors = m.errors().count(ErrorKind.CONNECT);
        if (connectErrors > 0 && m.firstConnectionFailure() != null && m.aborted() == null) {
            // a point stopped by them says why in its own words; one that went on says what the first was
            notes.accept(label + ": " + String.format(java.util.Locale.ROOT, "%,d connection error%s, the first: %s", connectErrors,
                    connectErrors == 1 ? "" : "s", m.firstConnectionFailure()));
        }
        // a flow's point counts iterations: the connections carried its steps' requests
        long sent = m.flow() != null ? m.flow().requests() : m.requestsSent();
        // a point cut short (its server died, or went away) closed its connections with it: no keep-alive habit to tell
        String reconnects = m.aborted() != null ? null : Reconnects.said(spec.keepAlive(), spec.connections(), sent, connectErrors, m.generator());
        if (reconnects != null) {
            notes.accept(target.label() + ": " + reconnects); // alike for all its points: the run says it once
        }
        ServerRecord seen = end(started, new Monitor.PointEnd(m.durationSeconds(), server.alive(), files, file), label);
        Double probedAfter = probedBefore != null ? MachineProbe.micros() : null; // once the monitors' window has closed
        Double apartAfter = apartBefore != null ? apart.nanos() : null;
        PointRecord p = before.addTo(m.toPoint(target.record(), point.toRecord(), repeat, seen), target).withOverTime(over);
        p = p.withErrors(p.errors().listing(target.workload().errorKinds())); // its protocol's kinds, at 0 too
        if (probedBefore != null && probedAfter != null && p.generator() != null) {
            p = p.withGenerator(p.generator().withMachineProbeMicros(Math.round((probedBefore + probedAfter) * 5) / 10.0));
        }
        if (apartBefore != null && apartAfter != null && p.generator() != null) {
            p = p.withGenerator(p.generator().withCoreDistanceNanos(apartBefore, apartAfter));
        }
        if (coresDid != null && p.generator() != null) {
            p = p.withGenerator(p.generator().withIdleCores(coresDid));
        }
        if (SHARED.equals(coresDid)) {
            p = p.withServer(ServerRecord.sharingItsCpus(p.server())); // its cores were the generator's too
        }
        if (!server.alive() && p.aborted() == null) {
            p = p.withAborted(server.deathNotice());
        }
        return p;
    }

    /**
     * How long {@code asked} takes {@code target} (its sequences counted in the target's own sequence
     * length), run once, nothing watched and nothing recorded: what a load level's minDuration is filled by.
     */
    public double time(Target target, LoadPointSpec asked) throws InterruptedException {
        return driver.run(target, asked.forSequence(target.workload().sequenceLength()).toLoadSpec(), ProgressListener.NONE)
                .durationSeconds();
    }

    /**
     * Why a 200 of a user's path or URL was refused: a target there that names one of wsbench's protocols is checked as
     * that protocol's operation answers on wsbench's stacks (plain: "Hello World" as text/plain), which a user's own
     * service rarely does (Apache Axis2's and Jolokia's WARs, given protocol: plain, had every answer counted as failed
     * validation with no word of what was expected).
     */
    static String protocolHint(TargetSpec spec, String refusal) {
        if (spec == null || spec.protocol() == null || spec.flow() != null || spec.service().described()
                || (spec.path() == null && spec.url() == null) || !refusal.endsWith("counted as " + io.wsbench.core.load.Verdict.VALIDATION.kind().said())) {
            return "";
        }
        return " (protocol " + spec.protocol() + " checks each answer against wsbench's own " + spec.protocol()
                + " service's; leave 'protocol' out to take any 2xx answer)";
    }

    /**
     * A warm-up's outcome: how it went, for a request-count warm-up its load kept as a point (else null), and
     * when the first window's every request failed, one line saying so (else null): it stopped there.
     */
    public record Warmed(WarmupRecord how, PointRecord kept, String failed) {
        public Warmed(WarmupRecord how, PointRecord kept) {
            this(how, kept, null);
        }
    }

    /** Warms {@code target} as {@code warmup} says; null for no warm-up. Nothing is monitored. */
    public Warmed warmUp(Target target, Warmup warmup, ProgressListener progress) throws InterruptedException {
        return warmUp(target, warmup, progress, WarmingCores.Spread.NONE);
    }

    /**
     * {@link #warmUp(Target, Warmup, ProgressListener)} with its server on every core until its JIT compiler
     * goes quiet ({@code spread}; a warm-up until steady only).
     */
    Warmed warmUp(Target target, Warmup warmup, ProgressListener progress, WarmingCores.Spread spread)
            throws InterruptedException {
        if (warmup instanceof Warmup.Requests r) {
            long t0 = System.nanoTime();
            Measurement m = driver.run(target, LoadSpec.closed(r.users(), r.perUser()), progress);
            PointRecord kept = m.toPoint(target.record(),
                    LoadRecordBuilder.builder().model("closed").users(r.users())
                            .requestsPerUser(r.perUser()).keepAlive(true).build(), 0, null);
            return new Warmed(WarmupRecordBuilder.builder().target(target.label())
                    .mode("requests").seconds(Math.round((System.nanoTime() - t0) / 1e7) / 100.0).build(), kept);
        }
        if (warmup instanceof Warmup.Windows w) {
            Measurement[] first = new Measurement[1];
            WarmupRecord how = SteadyWarmup.run(target.label(), spec -> {
                holdFor(target, spec);
                Measurement m = run(target, spec, ProgressListener.NONE);
                first[0] = first[0] == null ? m : first[0];
                return m;
            }, w.plan(), server::compileMillis, spread);
            boolean failed = w.plan().windows() == 0 && first[0] != null && SteadyWarmup.failedWhole(first[0]);
            String line = !failed ? null : SteadyWarmup.failedWhole(target.label(), w.plan().window(), first[0])
                    + (target.workload() instanceof OwnWorkload o && o.firstFailure() != null ? "; the first: " + o.firstFailure() : "");
            return new Warmed(how, null, line);
        }
        return null;
    }

    /** The monitors that started; one that could not costs its own figures, never the point. */
    private List<Monitor> start(String label) {
        List<Monitor> started = new ArrayList<>();
        for (Monitor monitor : server.monitors()) {
            try {
                monitor.startPoint();
                started.add(monitor);
            } catch (IOException | RuntimeException e) {
                notes.accept(label + ": no " + monitor.name() + " figures: " + OneLine.of(e));
            }
        }
        return started;
    }

    private ServerRecord end(List<Monitor> started, Monitor.PointEnd end, String label) throws InterruptedException {
        ServerRecord seen = null;
        for (Monitor monitor : started) {
            try {
                seen = monitor.endPoint(seen, end);
            } catch (IOException | RuntimeException e) {
                notes.accept(label + ": no " + monitor.name() + " figures: " + OneLine.of(e));
            }
        }
        return seen;
    }

    /** What the client had spent on checking answers and on WS-Security before a point, to add the point's share. */
    private record ClientCosts(long securityNanos, long checkNanos, long checkedAnswers) {

        static ClientCosts of(Target t) {
            OwnWorkload own = t.workload() instanceof OwnWorkload o ? o : null;
            return new ClientCosts(t.clientSecurityNanos(), own == null ? 0 : own.checkNanos(),
                    own == null ? 0 : own.checkedAnswers());
        }

        PointRecord addTo(PointRecord p, Target t) {
            if (p.generator() == null) {
                return p;
            }
            if (t.workload() instanceof OwnWorkload own) {
                p = p.withGenerator(p.generator().withCheckMicrosPerRequest(
                        OwnService.microsPerAnswer(own, checkNanos, checkedAnswers)));
            }
            long security = t.clientSecurityNanos() - securityNanos;
            if (t.secured() || security != 0) {
                p = p.withGenerator(p.generator().withSecuritySeconds(Math.round(security / 1e6) / 1e3));
            }
            return p;
        }
    }
}
