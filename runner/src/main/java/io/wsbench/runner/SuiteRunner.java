package io.wsbench.runner;

import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.Environment;
import io.wsbench.model.record.OrderRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.suite.LoadPointSpec;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.model.suite.UserStack;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.StackException;
import io.wsbench.launch.StackLauncher;
import io.wsbench.launch.StackVersions;
import io.wsbench.monitor.MonitorKind;
import io.wsbench.model.record.OrderRecordBuilder;
import io.wsbench.model.record.RunRecordBuilder;

import java.net.URI;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Runs a suite: starts each stack in its own process, warms each target up, measures every
 * (repeat, target, load) point, and writes run.json after each one so nothing is lost. Targets of
 * one stack are interleaved within a repeat, so a slow drift of the machine spreads evenly. It
 * prints nothing: what happens goes to its {@link RunEvents}, so the command line, a controller
 * and the load agents run suites with the same code.
 */
public final class SuiteRunner {

    /** The stack module that deploys a user's WAR in an embedded Tomcat of the line they name. */
    public static final String WAR_HOST = "war-host";

    private final StackCatalog catalog;
    static final String INTERRUPTED = PointSession.INTERRUPTED;

    // the session's, once run: what drives the points, and what Ctrl-C stops
    private volatile LoadDriver driver;
    private final RunEvents events;
    private final StackServer.Watch watch;
    // what Ctrl-C reaches from another thread: the run under way and the server it loads
    private volatile RunUnderWay active;
    private final List<StackServer> current = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile boolean interrupted;
    boolean everyServer;
    private boolean keepRecordings;
    private Recordings recordings = new Recordings(false);

    /**
     * {@code residualMillis}: how long the server's CPU is watched after each point; {@code monitors}:
     * what watches each server it starts (e.g. proc, jvm and jfr: {@link io.wsbench.monitor.Monitors}).
     */
    public SuiteRunner(StackCatalog catalog, RunEvents events, long residualMillis, List<MonitorKind> monitors) {
        this.catalog = catalog;
        this.events = events;
        this.watch = new StackServer.Watch(residualMillis, monitors);
    }

    RunEvents events() {
        return events;
    }

    /** Whether Ctrl-C came: no point starts after it. */
    boolean interrupted() {
        return interrupted;
    }

    /**
     * Whether every point's Flight Recorder recording and profile files are kept ({@code --keep-recordings}),
     * not only the first point's of each row, what the report draws ({@link Recordings}).
     */
    public SuiteRunner keepRecordings(boolean all) {
        this.keepRecordings = all;
        return this;
    }

    Recordings recordings() {
        return recordings;
    }

    /** A run that needs every server (a bisect's step): when one cannot start, nothing is measured. */
    public SuiteRunner everyServer(boolean needed) {
        this.everyServer = needed;
        return this;
    }

    /**
     * Runs the suite into {@code dir} (it exists) in {@code session}, the command's, through its driver;
     * Ctrl-C in the session {@linkplain #interrupt() interrupts} it. Returns the finished or partial record.
     */
    public RunRecord run(Suite suite, Path dir, String command, PointSession session) throws InterruptedException {
        SuiteCheck.check(catalog, suite);
        driver = session.driver();
        session.onInterrupt(this::interrupt);
        RunUnderWay run = new RunUnderWay(suite, new RunFile(dir.resolve("run.json"), RunRecordBuilder.builder()
                .suite(suite.name()).description(suite.description()).wsbenchVersion(Home.version())
                .gitCommit(Home.gitCommit(catalog.home())).startedAt(now()).status("running").command(command)
                .baseline(suite.baseline()).environment(Environment.detect(Map.of())).notes(List.of()).points(List.of()).build()
                .withNote("load generator: " + driver.describe() + "; "
                        + "closed-loop points measure latency from the actual send time")), events);
        active = run;
        recordings = new Recordings(keepRecordings);
        run.measuredIn(session);
        return runPlaced(run, new StackLauncher(dir.resolve("logs"), session.placed().servers()), dir);
    }

    /** What a command's suite measured: its points, in order, and its capacity search (null: none). */
    public record Measured(List<PointRecord> points, CapacityRecord capacity) {
    }

    /**
     * Measures a command's suite of one target at its own address ({@code load URL}, {@code load --flow},
     * {@code capacity URL}) in {@code session}, with no run.json: {@code target}, the suite's one as
     * {@link Target#at} made it, warmed as the suite says, then measured at each of its loads and,
     * with its {@code capacity}, searched ({@link OneTarget}), all told to {@code events}.
     */
    public static Measured measure(Suite suite, Target target, PointSession session, RunEvents events)
            throws InterruptedException {
        return OneTarget.measure(suite, target, session, events);
    }

    private RunRecord runPlaced(RunUnderWay run, StackLauncher launcher, Path dir) throws InterruptedException {
        Suite suite = run.suite;
        for (TargetSpec t : suite.targets()) {
            String reason = SuiteCheck.unavailable(catalog, t);
            if (reason != null) {
                // reported, never faked: the run says which target it could not measure, and why
                run.note("target '" + t.label() + "' unavailable on " + t.stack() + ": " + reason);
            }
        }
        String unresolved = resolveVersions(run);
        if (unresolved != null) {
            return run.finish(now(), "partial", unresolved);
        }
        Map<String, List<TargetSpec>> groups = ServerGroups.of(catalog, suite);
        String grouped = ServerGroups.groupedBecause(suite, groups);
        if (grouped == null) {
            return new InterleavedRounds(this, run).run(launcher, dir, groups, ServerGroups.instancesThatFit(run, groups));
        }
        boolean asked = suite.rounds().grouped();
        run.file.update(r -> r.withOrder(OrderRecordBuilder.builder().kind(Suite.GROUPED)
                .rounds(suite.rounds().repeat()).grouped(asked ? null : grouped)
                .targets(suite.targets().stream().map(TargetSpec::label).toList()).build()));
        // grouped, each server is one process (a cold-start target's is a fresh one each repeat): the summary says what its intervals hold
        if (!asked) {
            run.note("grouped: " + grouped + ": ratios between servers compare different minutes");
        }
        String partial = null;
        for (List<TargetSpec> group : groups.values()) {
            if (interrupted) {
                break;
            }
            String why = null;
            if (group.get(0).cold()) {
                // a fresh server for each repeat, and no warm-up: the first requests are the server's first
                for (int r = 1; r <= suite.rounds().repeat() && why == null; r++) {
                    why = runGroup(run, launcher, dir, group, new Repeats(r, r, false));
                }
            } else {
                why = runGroup(run, launcher, dir, group, new Repeats(1, suite.rounds().repeat(), true));
            }
            if (why != null) {
                // keep going with the other stacks: one dead server should not cost the rest
                partial = partial == null ? why : partial + "; " + why;
            }
        }
        return run.finish(now(), partial == null ? "complete" : "partial", partial);
    }

    /**
     * Resolves, through Maven, every version the suite asks for that is not built here, before any
     * stack starts: a version Maven Central does not have stops the run before any load is sent.
     * Returns why it could not, or null.
     */
    private String resolveVersions(RunUnderWay run) {
        for (List<TargetSpec> group : ServerGroups.of(catalog, run.suite).values()) {
            TargetSpec first = group.get(0);
            if (first.stack() == null || run.suite.stacks().containsKey(first.stack())) {
                continue;
            }
            Map<String, String> options = options(run.suite, first);
            try {
                StackVersions.classpath(descriptor(catalog, run.suite, first.stack(), options), options);
            } catch (StackException e) {
                run.note(e.getMessage());
                return e.getMessage();
            }
        }
        return null;
    }

    /** The repeats a group of targets is measured for, and whether each target is warmed first. */
    private record Repeats(int first, int last, boolean warm) {
    }

    /**
     * The server of a group of targets (a stack's session; none for external URLs) and how their points
     * are measured; {@code instance}: which of the server's processes it is, from 1 (0: its only one).
     */
    record Server(String name, StackServer session, List<Target> targets, PointRun points, int instance) {
    }

    /** Measures the targets of one stack in a session of its server, or those of external URLs; returns why it stopped early, or null. */
    private String runGroup(RunUnderWay run, StackLauncher launcher, Path dir, List<TargetSpec> specs, Repeats repeats)
            throws InterruptedException {
        Server server;
        try {
            server = open(run, launcher, dir, specs);
        } catch (StackException e) {
            run.note(e.getMessage());
            return e.getMessage();
        }
        try {
            return measure(run, server, repeats);
        } finally {
            close(server);
        }
    }

    /** Starts the server of {@code specs} (none for external URLs) and makes their targets. */
    Server open(RunUnderWay run, StackLauncher launcher, Path dir, List<TargetSpec> specs) throws StackException {
        return open(run, launcher, dir, specs, 0);
    }

    /** {@link #open(RunUnderWay, StackLauncher, Path, List)} as process {@code instance} of the server, from 1 (0: its only one). */
    Server open(RunUnderWay run, StackLauncher launcher, Path dir, List<TargetSpec> specs, int instance) throws StackException {
        Suite suite = run.suite;
        String stackName = specs.get(0).stack();
        if (stackName == null) {
            List<Target> targets = new ArrayList<>();
            for (TargetSpec t : specs) {
                targets.add(Target.at(suite, t, keysDir()));
            }
            String url = specs.get(0).url();
            return new Server(url == null ? Target.EXTERNAL : URI.create(url).getAuthority(), null, targets,
                    run.watched(new PointRun(driver, WatchedServer.UNSEEN, dir, run::note)), 0);
        }
        Map<String, String> options = options(suite, specs.get(0));
        StackDescriptor d = descriptor(catalog, suite, stackName, options);
        // a WAR stack's war and tomcat are options of the WAR host, handed to it like any other
        if (d.usersOwn()) {
            d.options().forEach(options::putIfAbsent);
        }
        // a stack started with a target's own options (another version) is named with them
        String server = specs.get(0).ownOptions().isEmpty() ? d.name() : d.name() + " " + new TreeMap<>(specs.get(0).ownOptions());
        String name = instance > 0 ? server + " #" + instance : server;
        StackServer session = StackServer.start(launcher, d, options, name, watch, driver, events, run::note);
        current.add(session);
        try {
            if (instance <= 1) {
                run.stackLoaded(server, session.version());
                List<String> jvmOptions = StackLauncher.jvmOptions(options);
                run.file.update(r -> r.withEnvironment(r.environment().withJvmOptions(server, jvmOptions)));
            }
            List<Target> targets = new ArrayList<>();
            for (TargetSpec t : specs) {
                targets.add(t.own() ? Target.own(suite, t, session.baseUrl(), session.version(), keysDir())
                        : Target.of(suite, t, URI.create(session.baseUrl() + (t.path() != null ? t.path()
                        : d.endpoint(t.operation(), t.protocol(), t.variant(), t.secured() ? t.security().word() : null))),
                        session.version(), keysDir(), null));
            }
            return new Server(name, session, targets, run.watched(new PointRun(driver, session, dir, run::note)), instance);
        } catch (RuntimeException e) {
            current.remove(session);
            session.close();
            throw e;
        }
    }

    /** Stops a server {@link #open} started. */
    void close(Server server) {
        if (server.session() != null) {
            current.remove(server.session());
            server.session().close();
        }
    }

    /**
     * Load level {@code l} (the {@code level}th) for {@code t}: as written, or with a minDuration, as
     * many whole passes as last that long. They are timed once, the first time (after the target's
     * warm-up; the asked passes, not recorded), and kept for every repeat, so the repeats are alike.
     */
    static LoadPointSpec passes(RunUnderWay run, PointRun points, Target t, LoadPointSpec l, int level)
            throws InterruptedException {
        if (l.minimum() == null) {
            return l;
        }
        String key = t.label() + "\n" + level;
        Integer passes = run.passes.get(key);
        if (passes == null) {
            double seconds = points.time(t, l);
            double wanted = l.minimum().toNanos() / 1e9;
            // 5% over: a pass measured once is a little faster or slower the next time
            passes = seconds <= 0 ? l.sequences()
                    : (int) Math.min(1_000_000, Math.max(l.sequences(), Math.ceil(l.sequences() * wanted * 1.05 / seconds)));
            run.passes.put(key, passes);
        }
        return l.withSequences(passes);
    }

    /**
     * Every (repeat, target, load) point of one group, targets interleaved within a repeat; each
     * target warmed right before its own first point and, after another target's points on the same
     * server, re-warmed shortly and not recorded; a target's first warm-up until steady on every core
     * while its JIT compiles, as in rounds ({@link WarmingCores}). Returns why it stopped early, or null.
     */
    private String measure(RunUnderWay run, Server server, Repeats repeats) throws InterruptedException {
        Suite suite = run.suite;
        List<Target> targets = server.targets();
        PointRun points = server.points();
        int total = (repeats.last() - repeats.first() + 1) * targets.size() * suite.load().size();
        int index = 0;
        List<LoadRecord> names = LoadRecord.namedApart(suite.load().stream().map(LoadPointSpec::toRecord).toList());
        Set<Target> warmed = new HashSet<>();
        Target previous = null;
        for (int r = repeats.first(); r <= repeats.last(); r++) {
            for (Target t : targets) {
                if (repeats.warm()) {
                    boolean first = warmed.add(t);
                    warmUp(run, points, t, first ? Warmup.of(suite) : previous != t ? Warmup.rewarm(suite) : Warmup.NONE, first,
                            server);
                }
                previous = t;
                int level = 0;
                for (LoadPointSpec l : suite.load()) {
                    if (interrupted) {
                        return INTERRUPTED;
                    }
                    index++;
                    boolean apart = names.get(level).lengthInName() != null;
                    LoadPointSpec point = passes(run, points, t, l, level++).forSequence(t.workload().sequenceLength());
                    LoadRecord load = apart ? point.toRecord().withLengthInName() : point.toRecord();
                    String label = t.label() + " @ " + load.describe() + (total > 1 ? " #" + r : "");
                    String file = run.nextFile(label);
                    PointRecord p = points.measure(t, point, r, label, file,
                            events.pointStarting(t.label(), load.describe(), r, label, index, total));
                    p = apart ? p.withLoad(p.load().withLengthInName()) : p;
                    p = recordings.keep(p, run.file.path().getParent(), file);
                    run.pointDone(p);
                    if (p.aborted() != null) {
                        return p.aborted();
                    }
                }
            }
        }
        if (suite.capacity() == null) {
            return null;
        }
        for (Target t : targets) {
            if (interrupted) {
                return INTERRUPTED;
            }
            if (repeats.warm()) {
                warmUp(run, points, t, warmed.add(t) ? Warmup.of(suite) : previous != t ? Warmup.rewarm(suite) : Warmup.NONE,
                        false, null);
            }
            previous = t;
            String why = capacity(run, points, t);
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    /**
     * Searches {@code t}'s capacity at the suite's SLOs, each probe a point measured as the suite's
     * are (kept in the capacity record, not among the points); returns why it stopped early, or null.
     */
    String capacity(RunUnderWay run, PointRun points, Target t) throws InterruptedException {
        CapacityRecord c = CapacitySearch.of(run.suite.capacity(), points, t, t.label(),
                label -> events.pointStarting(label, 0, 0), events::probeDone).run(t.record());
        run.capacityDone(c);
        return c.aborted();
    }

    /**
     * Warms one target as {@code warmup} says, on {@code server}: one of several processes of its server, or
     * its only one (instance 0; null: none, a URL), its first warm-up on every core while its JIT compiles
     * ({@link WarmingCores}). A first warm-up is recorded (as that process's; one that never settled or
     * slowed down named), a re-warm is not.
     */
    void warmUp(RunUnderWay run, PointRun points, Target t, Warmup warmup, boolean first, Server server) throws InterruptedException {
        if (warmup instanceof Warmup.None) {
            return;
        }
        events.warmup(t.label(), warmup instanceof Warmup.Requests r ? r.users() * r.perUser() : -1);
        PointRun.Warmed w;
        try (WarmingCores.Spread spread = run.warming().spread(
                first && server != null && warmup instanceof Warmup.Windows ? server.session() : null,
                server == null ? 0 : server.instance())) {
            w = points.warmUp(t, warmup, warmup instanceof Warmup.Requests
                    ? events.pointStarting("warm-up " + t.label(), 0, 0) : ProgressListener.NONE, spread);
        }
        if (!first) {
            return;
        }
        // a request-count warm-up's load is kept, not measured: its series shows a server speeding up
        io.wsbench.model.record.WarmupRecord how = server == null ? w.how() : w.how().onInstance(server.instance());
        run.file.update(r -> (w.kept() == null ? r : r.withWarmup(w.kept())).withTargetWarmup(how));
        String on = server == null || server.instance() == 0 ? "" : " on " + server.name();
        if (w.failed() != null) {
            // a suite's other targets may be right: this one's points are measured, and their errors say what went wrong
            events.problem(w.failed() + "; its points are measured all the same");
        } else if (Boolean.FALSE.equals(how.steady())) {
            events.problem("target '" + t.label() + "'" + on + " did not reach steady state within its warm-up of "
                    + run.suite.warming().max() + ": its figures may still include warm-up");
        } else if (io.wsbench.model.stats.WarmupShape.Kind.SLOWDOWN.word().equals(how.shape())) {
            run.note("target '" + t.label() + "'" + on + " slowed down during its warm-up (from second " + how.steadyFromSecond()
                    + " it was slower than before, and stayed so): a slowdown in Barrett et al.'s sense, measured as it settled");
        }
    }

    /**
     * The suite's options for a target's stack, then the target's own over them, plus where the
     * WS-Security keys are (generated first if a target needs them).
     */
    private Map<String, String> options(Suite suite, TargetSpec target) {
        Map<String, String> options = suite.optionsFor(target);
        Path keys = keysDir();
        if (suite.targets().stream().anyMatch(TargetSpec::secured)) {
            WsSecurityKeys.in(keys);
        }
        options.putIfAbsent("keys", keys.toString());
        return options;
    }

    private Path keysDir() {
        return keysDir(catalog);
    }

    /** Where the WS-Security keys of the stacks in {@code catalog} are generated, and found by load agents. */
    public static Path keysDir(StackCatalog catalog) {
        return catalog.home().resolve("target/keys");
    }

    /**
     * A stack as it is started with {@code options}: one built here, in the line the options ask
     * for (e.g. the cxf stack on javax for version 3.6.x), or one of the user's own declared in the
     * suite, a command or a WAR in the WAR host's Tomcat.
     */
    public static StackDescriptor descriptor(StackCatalog catalog, Suite suite, String name, Map<String, String> options) {
        UserStack own = suite.stacks().get(name);
        if (own == null) {
            return catalog.serving(catalog.find(name).orElseThrow(), options);
        }
        // a command and a WAR alike run in their directory (default: the suite file's), with their environment
        StackDescriptor.OwnProcess how = new StackDescriptor.OwnProcess(
                suite.resolve(own.directory() == null ? "." : own.directory()), own.environment(), own.jvmOptions(),
                own.ready(), own.readyTimeoutSeconds(), own.framework(), own.application());
        if (own.war() != null) {
            return catalog.find(WAR_HOST).orElseThrow().asWar(name, suite.resolve(own.war()), own.tomcat(), how);
        }
        return StackDescriptor.ofCommand(name, "command: " + String.join(" ", own.command()), own.command(), how);
    }

    /**
     * Stops the run, as Ctrl-C does (the command line calls it from a shutdown hook): the point under
     * way stops at once and is kept, marked aborted; the run is marked partial with every point
     * measured, the server is stopped, and no point or stack starts after. Whatever the run's own
     * thread is doing meanwhile, the run stays partial.
     */
    public void interrupt() {
        interrupted = true;
        LoadDriver d = driver;
        if (d != null) {
            d.abort(INTERRUPTED);
        }
        RunUnderWay run = active;
        RunFile r = run == null ? null : run.file;
        if (r != null) {
            markInterrupted(r); // at once: stopping the server may take seconds
        }
        current.forEach(StackServer::stop);
        if (r != null) {
            events.problem(INTERRUPTED + ": " + r.path() + " keeps the " + r.get().points().size() + " points measured");
        }
    }

    /** Marks a running run partial, counting the points measured when Ctrl-C came. */
    static void markInterrupted(RunFile run) {
        String at = now();
        run.update(r -> "running".equals(r.status())
                ? r.finished(at, "partial", INTERRUPTED + " after " + r.points().size() + " points") : r);
    }

    static String now() { // always with its seconds: toString drops ":00", and "…T03:31Z" sorts after "…T03:31:07Z"
        return java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS));
    }
}
