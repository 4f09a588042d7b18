package io.wsbench.runner;

import io.wsbench.core.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.record.Environment;
import io.wsbench.core.record.LoadRecord;
import io.wsbench.core.record.PointRecord;
import io.wsbench.core.record.RunRecord;
import io.wsbench.core.record.ServerRecord;
import io.wsbench.core.record.WarmupRecord;
import io.wsbench.core.stack.RunningStack;
import io.wsbench.core.stack.StackCatalog;
import io.wsbench.core.stack.StackDescriptor;
import io.wsbench.core.stack.StackException;
import io.wsbench.core.stack.StackLauncher;
import io.wsbench.core.stack.StackVersions;
import io.wsbench.core.suite.Durations;
import io.wsbench.core.suite.LoadPointSpec;
import io.wsbench.core.suite.Suite;
import io.wsbench.core.suite.SuiteReader;
import io.wsbench.core.suite.TargetSpec;
import io.wsbench.core.suite.UserStack;
import io.wsbench.monitor.JvmSampler;
import io.wsbench.monitor.ProcessSampler;
import io.wsbench.protocols.Workload;
import io.wsbench.protocols.own.OwnWorkload;
import io.wsbench.protocols.Protocols;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.wssec.SecuredWorkload;
import io.wsbench.wssec.WsSecurity;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

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
    private static final String INTERRUPTED = "interrupted (Ctrl-C)";

    private final LoadDriver driver;
    private final RunEvents events;
    private final long residualMillis;
    private final boolean jvmMonitor;
    private volatile RunFile run;
    private volatile boolean interrupted;
    private volatile RunningStack current;
    private JvmSampler jvm;

    /**
     * {@code residualMillis}: how long the server's CPU is watched after each point; {@code jvmMonitor}:
     * whether to look inside a JVM server (GC, heap, a Flight Recorder recording per point).
     */
    public SuiteRunner(StackCatalog catalog, LoadDriver driver, RunEvents events, long residualMillis, boolean jvmMonitor) {
        this.catalog = catalog;
        this.driver = driver;
        this.events = events;
        this.residualMillis = residualMillis;
        this.jvmMonitor = jvmMonitor;
    }

    /** Checks every target against the stacks built here, naming the place in the suite file. */
    public static void check(StackCatalog catalog, Suite suite) {
        for (String own : suite.stacks().keySet()) {
            checkOwnStack(catalog, suite, own);
        }
        long limit = io.wsbench.core.load.FileLimit.max();
        for (int i = 0; i < suite.load().size(); i++) {
            Integer users = suite.load().get(i).users();
            String tooMany = users == null ? null : io.wsbench.core.load.FileLimit.tooMany(users, limit);
            if (tooMany != null) {
                throw SuiteReader.at(suite, "/load/" + i, tooMany);
            }
        }
        List<TargetSpec> targets = suite.targets();
        for (int i = 0; i < targets.size(); i++) {
            TargetSpec t = targets.get(i);
            String at = "/targets/" + i;
            if (t.own()) {
                checkOwn(catalog, suite, t, at);
                continue;
            }
            try {
                Protocols.byName(t.protocol());
            } catch (IllegalArgumentException e) {
                throw SuiteReader.at(suite, at + "/protocol", e.getMessage());
            }
            try {
                Workload.of(t.protocol(), t.operation(), t.sequence(), t.client());
            } catch (IllegalArgumentException e) {
                throw SuiteReader.at(suite, at, e.getMessage());
            }
            if (!SecuredWorkload.known(t.security())) {
                throw SuiteReader.at(suite, at + "/security", "unknown security configuration '" + t.security()
                        + "' (known: " + String.join(", ", WsSecurity.CONFIGURATIONS) + ")");
            }
            try {
                SecuredWorkload.check(t.protocol(), t.operation(), t.security());
            } catch (IllegalArgumentException e) {
                throw SuiteReader.at(suite, at + "/security", e.getMessage());
            }
            if (t.url() != null) {
                URI u;
                try {
                    u = new URI(t.url());
                } catch (java.net.URISyntaxException e) {
                    throw SuiteReader.at(suite, at + "/url", "not a URL: " + e.getMessage());
                }
                if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null) {
                    throw SuiteReader.at(suite, at + "/url", "only http:// and https:// URLs can be loaded: " + t.url());
                }
                continue;
            }
            if (suite.stacks().containsKey(t.stack())) {
                if (t.path() == null) {
                    throw SuiteReader.at(suite, at, "a target on your own stack '" + t.stack()
                            + "' needs the 'path' it answers on, e.g. path: /hello");
                }
                continue;
            }
            StackDescriptor s = catalog.find(t.stack()).orElseThrow(() -> SuiteReader.at(suite, at + "/stack",
                    "unknown stack '" + t.stack() + "' (built here: "
                            + String.join(", ", catalog.all().stream().map(StackDescriptor::name).toList())
                            + (suite.stacks().isEmpty() ? "" : "; declared in the suite: " + String.join(", ", suite.stacks().keySet()))
                            + ")"));
            try {
                Map<String, String> asked = suite.optionsFor(t);
                StackLauncher.checkOptions(catalog.serving(s, asked), asked);
            } catch (StackException e) {
                throw SuiteReader.at(suite, at + (t.ownOptions().isEmpty() ? "" : "/stackOptions"), e.getMessage());
            }
            if (t.path() != null) {
                continue;
            }
            if (s.endpoint(t.operation(), t.protocol(), t.variant()) == null && unavailable(catalog, t) == null) {
                throw SuiteReader.at(suite, at + (t.variant() != null ? "/variant" : "/protocol"),
                        "stack " + s.name() + " does not serve " + t.operation() + " over " + t.protocol()
                                + (t.variant() == null ? "" : " variant '" + t.variant() + "'")
                                + " (it serves: " + String.join("; ", s.endpoints()) + ")");
            }
            if (!"plain".equals(t.security()) && s.endpoint(t.operation(), t.protocol(), t.variant(), t.security()) == null) {
                String note = s.securityNote();
                throw SuiteReader.at(suite, at + "/security", "security '" + t.security() + "' is unsupported on stack "
                        + s.name() + (note == null ? "" : ": " + note));
            }
        }
    }

    /**
     * A stack of the user's own: its name free, its files there, and every key it was given one
     * that applies to its kind, a command or a WAR: a key that does not is refused, never ignored.
     */
    private static void checkOwnStack(StackCatalog catalog, Suite suite, String own) {
        String at = "/stacks/" + own;
        if (catalog.find(own).isPresent()) {
            throw SuiteReader.at(suite, at, "'" + own + "' is a built-in stack: give yours another name");
        }
        UserStack u = suite.stacks().get(own);
        if (u.war() != null && !Files.isRegularFile(suite.resolve(u.war()))) {
            throw SuiteReader.at(suite, at + "/war", "no such WAR file: " + suite.resolve(u.war()));
        }
        if (u.war() != null && catalog.find(WAR_HOST).isEmpty()) {
            throw SuiteReader.at(suite, at + "/war", "the WAR host (stacks/" + WAR_HOST + ") is not built here");
        }
        if (u.war() == null && u.tomcat() != null) {
            throw SuiteReader.at(suite, at + "/tomcat", "'tomcat' names the container of a 'war': a 'command' starts its own server");
        }
        if (u.directory() != null && !Files.isDirectory(suite.resolve(u.directory()))) {
            throw SuiteReader.at(suite, at + "/directory", "no such directory: " + suite.resolve(u.directory()));
        }
        if (u.war() == null && !u.jvmOptions().isEmpty() && !StackLauncher.isJava(u.command().get(0))) {
            // wsbench cannot tell whether a script starts a JVM: options it would pass blindly could be dropped unseen
            throw SuiteReader.at(suite, at + "/jvmOptions", "'jvmOptions' go to a JVM wsbench starts: a 'war', or a 'command'"
                    + " whose first word is java, not " + u.command().get(0) + "; put them in your command's own words"
                    + " (or, for a script that starts java, in its 'environment', e.g. JAVA_TOOL_OPTIONS)");
        }
        for (int i = 0; i < u.jvmOptions().size(); i++) {
            String why = StackLauncher.refusedJvmOption(u.jvmOptions().get(i));
            if (why != null) {
                throw SuiteReader.at(suite, at + "/jvmOptions/" + i, why);
            }
        }
    }

    /**
     * A target on the user's own service: its operation named, its stack known, and, when its
     * description does not wait for its stack to start, everything read and encoded now.
     */
    private static void checkOwn(StackCatalog catalog, Suite suite, TargetSpec t, String at) {
        String kind = t.wsdl() != null ? "wsdl" : "openapi";
        if (t.operation() == null) {
            throw SuiteReader.at(suite, at, "a target with a '" + kind + "' needs the 'operation' to load (wsbench " + kind
                    + " " + (t.wsdl() != null ? t.wsdl() : t.openapi()) + " lists them)");
        }
        if (t.stack() != null && !suite.stacks().containsKey(t.stack()) && catalog.find(t.stack()).isEmpty()) {
            throw SuiteReader.at(suite, at + "/stack", "unknown stack '" + t.stack() + "'");
        }
        for (String file : java.util.Arrays.asList(t.template(), t.data())) {
            if (file != null && !Files.isRegularFile(suite.resolve(file))) {
                throw SuiteReader.at(suite, at + (file.equals(t.template()) ? "/template" : "/data"),
                        "no such file: " + suite.resolve(file));
            }
        }
        if (t.stack() == null) {
            try {
                OwnService.of(ownSpec(suite, t, null));
            } catch (TargetException e) {
                throw SuiteReader.at(suite, at + "/" + kind, e.getMessage());
            }
        }
    }

    /**
     * What the user's own target asks, its files resolved against the suite and, on a stack, its
     * description and address against the stack's {@code base} address (null before it starts).
     */
    public static OwnService.Spec ownSpec(Suite suite, TargetSpec t, String base) {
        String described = t.wsdl() != null ? t.wsdl() : t.openapi();
        String where = described.regionMatches(true, 0, "http://", 0, 7) || described.regionMatches(true, 0, "https://", 0, 8)
                ? described
                : described.startsWith("/") && base != null ? base + described : suite.resolve(described).toString();
        String url = t.url() != null ? t.url() : t.path() != null && base != null ? base + t.path() : null;
        return new OwnService.Spec(t.wsdl() != null ? where : null, t.openapi() != null ? where : null, t.operation(),
                t.port(), t.template() == null ? null : suite.resolve(t.template()),
                t.data() == null ? null : suite.resolve(t.data()), t.dataMode(), t.checks() == null ? List.of() : t.checks(),
                url, t.dataMaxMb());
    }

    /** Runs the suite into {@code dir}, a directory that exists; returns the finished (or partial) record. */
    public RunRecord run(Suite suite, Path dir, String command) throws InterruptedException {
        check(catalog, suite);
        run = new RunFile(dir.resolve("run.json"), new RunRecord(suite.name(), suite.description(), Home.version(),
                Home.gitCommit(catalog.home()), now(), null, "running", null, command, suite.baseline(),
                Environment.detect(Map.of()), List.of(), List.of())
                .withNote("load generator: " + driver.describe() + "; "
                        + "closed-loop points measure latency from the actual send time"));
        String serverCores = null;
        String ownCores = null;
        if (suite.cpus() != null) {
            long self = ProcessHandle.current().pid();
            try {
                ownCores = StackLauncher.affinity(self);
                StackLauncher.pin(self, suite.cpus().generator());
                serverCores = suite.cpus().servers();
                Map<String, String> cpus = Map.of("generator", suite.cpus().generator(), "servers", serverCores);
                run.update(r -> r.withEnvironment(r.environment().withCpus(cpus)));
                note("processes placed: the load generator on cores " + suite.cpus().generator()
                        + ", every server on cores " + serverCores);
            } catch (StackException e) {
                note("processes not placed: " + e.getMessage());
            }
        }
        try {
            return runPlaced(suite, dir, serverCores);
        } finally {
            if (ownCores != null) {
                try {
                    StackLauncher.pin(ProcessHandle.current().pid(), ownCores);
                } catch (StackException e) {
                    events.problem(e.getMessage());
                }
            }
        }
    }

    private RunRecord runPlaced(Suite suite, Path dir, String serverCores) throws InterruptedException {
        StackLauncher launcher = new StackLauncher(dir.resolve("logs"), serverCores);
        Map<String, String> versions = new TreeMap<>();
        String partial = null;
        for (TargetSpec t : suite.targets()) {
            String reason = unavailable(catalog, t);
            if (reason != null) {
                // reported, never faked: the run says which target it could not measure, and why
                note("target '" + t.label() + "' unavailable on " + t.stack() + ": " + reason);
            }
        }
        String unresolved = resolveVersions(suite);
        if (unresolved != null) {
            return run.finish(now(), "partial", unresolved);
        }
        for (List<TargetSpec> group : byStack(suite).values()) {
            if (interrupted) {
                break;
            }
            String stackName = group.get(0).stack();
            String why = null;
            if (group.get(0).cold()) {
                // a fresh server for each repeat, and no warm-up: the first requests are the server's first
                for (int r = 1; r <= suite.repeat() && why == null; r++) {
                    why = runGroup(suite, stackName, group, launcher, versions, r, r, false);
                }
            } else {
                why = runGroup(suite, stackName, group, launcher, versions, 1, suite.repeat(), true);
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
    private String resolveVersions(Suite suite) {
        for (List<TargetSpec> group : byStack(suite).values()) {
            TargetSpec first = group.get(0);
            if (first.stack() == null || suite.stacks().containsKey(first.stack())) {
                continue;
            }
            Map<String, String> options = options(suite, first);
            try {
                StackVersions.classpath(descriptor(catalog, suite, first.stack(), options), options, null);
            } catch (StackException e) {
                note(e.getMessage());
                return e.getMessage();
            }
        }
        return null;
    }

    /** Runs the targets of one stack (or of external URLs); returns why it stopped early, or null. */
    private String runGroup(Suite suite, String stackName, List<TargetSpec> specs, StackLauncher launcher,
                            Map<String, String> versions, int firstRepeat, int lastRepeat, boolean warm)
            throws InterruptedException {
        RunningStack stack = null;
        ProcessSampler sampler = null;
        ScheduledExecutorService watchdog = null;
        try {
            List<Target> targets = new ArrayList<>();
            if (stackName != null) {
                Map<String, String> options = options(suite, specs.get(0));
                StackDescriptor d = descriptor(catalog, suite, stackName, options);
                // a WAR stack's war and tomcat are options of the WAR host, handed to it like any other
                if (d.usersOwn()) {
                    d.options().forEach(options::putIfAbsent);
                }
                String version = d.usersOwn() ? d.description() : d.version(options);
                // a stack started with a target's own options (another version) is named with them
                String name = specs.get(0).ownOptions().isEmpty() ? d.name()
                        : d.name() + " " + new TreeMap<>(specs.get(0).ownOptions());
                events.stackStarting(name);
                try {
                    stack = launcher.start(d, 0, options);
                } catch (StackException e) {
                    note(e.getMessage());
                    return e.getMessage();
                }
                current = stack;
                // what the server says it loaded, read at start-up, over what the options asked for
                if (stack.loaded() != null) {
                    version = d.usersOwn() ? d.description() + " (" + stack.loaded() + ")" : stack.loaded();
                }
                versions.put(name, version);
                stacksLoaded(versions);
                List<String> jvmOptions = StackLauncher.jvmOptions(options);
                run.update(r -> r.withEnvironment(r.environment().withJvmOptions(name, jvmOptions)));
                // the process to watch: the server's JVM, even when a wrapper script started it
                long jvmPid = JvmSampler.jvmOf(stack.process().toHandle());
                long watched = jvmPid > 0 ? jvmPid : stack.pid();
                events.stackReady(name, version, stack.baseUrl(), watched);
                sampler = new ProcessSampler(watched);
                jvm = jvmMonitor && jvmPid > 0 ? lookInside(stack, jvmPid) : null;
                if (jvmPid < 0) {
                    note("stack " + name + " is not a JVM (process " + stack.pid() + ", "
                            + stack.process().info().command().map(c -> Path.of(c).getFileName().toString()).orElse("?")
                            + "): its CPU, memory and threads come from /proc alone");
                }
                if (jvm != null && d.usersOwn()) {
                    versions.put(name, version + ", on " + jvm.jdk());
                    stacksLoaded(versions);
                }
                RunningStack s = stack;
                watchdog = Executors.newSingleThreadScheduledExecutor();
                watchdog.scheduleAtFixedRate(() -> {
                    if (!s.alive()) {
                        driver.abort(s.deathNotice());
                    }
                }, 200, 200, TimeUnit.MILLISECONDS);
                for (TargetSpec t : specs) {
                    if (t.own()) {
                        targets.add(Target.own(suite, t, stack.baseUrl(), version));
                        continue;
                    }
                    String path = t.path() != null ? t.path() : d.endpoint(t.operation(), t.protocol(), t.variant(), t.security());
                    targets.add(Target.of(t, URI.create(stack.baseUrl() + path), version, keysDir()));
                }
            } else {
                for (TargetSpec t : specs) {
                    targets.add(t.own() ? Target.own(suite, t, null, "external")
                            : Target.of(t, URI.create(t.url()), "external", keysDir()).withTls(TlsClients.forTarget(suite, t)));
                }
            }
            int total = (lastRepeat - firstRepeat + 1) * targets.size() * suite.load().size();
            int index = 0;
            java.util.Set<Target> warmed = new java.util.HashSet<>();
            Target previous = null;
            for (int r = firstRepeat; r <= lastRepeat; r++) {
                for (Target t : targets) {
                    // each target warmed right before its own first point; after another target's
                    // points on the same server, a short re-warm that is not recorded
                    if (warm && warmed.add(t)) {
                        warmUp(suite, t);
                    } else if (warm && previous != null && previous != t && "auto".equals(suite.warmup())) {
                        warmInWindows(suite, t, REWARM_WINDOWS);
                    }
                    previous = t;
                    for (LoadPointSpec l : suite.load()) {
                        if (interrupted) {
                            return INTERRUPTED;
                        }
                        index++;
                        PointRecord p = measure(suite, t, l, r, sampler, index, total);
                        run.update(record -> record.withPoint(p));
                        events.pointDone(p);
                        if (p.aborted() != null) {
                            return p.aborted();
                        }
                    }
                }
            }
            return null;
        } finally {
            if (watchdog != null) {
                watchdog.shutdownNow();
            }
            if (sampler != null) {
                sampler.close();
            }
            if (jvm != null) {
                jvm.close();
                jvm = null;
            }
            if (stack != null) {
                stack.stop();
            }
            current = null;
        }
    }

    /**
     * The suite's options for a target's stack, then the target's own over them, plus where the
     * WS-Security keys are (generated first if a target needs them).
     */
    private Map<String, String> options(Suite suite, TargetSpec target) {
        Map<String, String> options = suite.optionsFor(target);
        Path keys = keysDir();
        if (suite.targets().stream().anyMatch(t -> !"plain".equals(t.security()))) {
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

    /** Windows of a re-warm before a target whose server just served another target. */
    static final int REWARM_WINDOWS = 2;

    /** Warms one target as the suite says, and records how it went. */
    private void warmUp(Suite suite, Target t) throws InterruptedException {
        if ("none".equals(suite.warmup())) {
            return;
        }
        if ("requests".equals(suite.warmup())) {
            int users = warmupUsers(suite);
            long perUser = Math.max(1, suite.warmupRequests() / users);
            events.warmup(t.spec().label(), perUser * users);
            long t0 = System.nanoTime();
            Measurement m = driver.run(t, LoadSpec.closed(users, perUser),
                    events.pointStarting("warm-up " + t.spec().label(), 0, 0));
            // kept, not measured: its per-second series shows a server speeding up (Lucee compiling its pages)
            PointRecord kept = m.toPoint(t.record(suite), new LoadRecord("closed", users, perUser, null, null, null, true), 0, null);
            WarmupRecord how = new WarmupRecord(t.spec().label(), "requests",
                    Math.round((System.nanoTime() - t0) / 1e7) / 100.0, null, null);
            run.update(r -> r.withWarmup(kept).withTargetWarmup(how));
            return;
        }
        WarmupRecord w = warmInWindows(suite, t, 0);
        run.update(r -> r.withTargetWarmup(w));
        if (!w.steady()) {
            events.problem("target '" + t.spec().label() + "' did not reach steady state within its warm-up of "
                    + suite.warmupMax() + ": its figures may still include warm-up");
        }
    }

    /**
     * Closed-loop windows at the suite's largest user count until steady ({@link SteadyWarmup}) or
     * {@code warmupMax} has passed; or exactly {@code windows} of them when that is above 0.
     */
    private WarmupRecord warmInWindows(Suite suite, Target t, int windows) throws InterruptedException {
        int users = warmupUsers(suite);
        events.warmup(t.spec().label(), -1);
        JvmSampler inside = jvm;
        return SteadyWarmup.run(t.spec().label(), spec -> driver.run(t, spec, ProgressListener.NONE),
                new SteadyWarmup.Plan(users, Durations.parse(suite.warmupWindow()), Durations.parse(suite.warmupMax()), windows),
                inside == null ? SteadyWarmup.NO_JIT : inside::compileMillis);
    }

    private static int warmupUsers(Suite suite) {
        return suite.load().stream().mapToInt(LoadPointSpec::users).max().orElse(1);
    }

    private PointRecord measure(Suite suite, Target t, LoadPointSpec l, int repeat, ProcessSampler sampler, int index, int total)
            throws InterruptedException {
        LoadPointSpec point = l.forSequence(t.workload().sequenceLength());
        LoadSpec spec = point.toLoadSpec();
        String label = t.spec().label() + " @ " + point.toRecord().describe() + (total > 1 ? " #" + repeat : "");
        if (sampler != null) {
            sampler.startPoint();
        }
        boolean recording = jvm != null && jvmDid(jvm::startPoint);
        long securityBefore = t.clientSecurityNanos();
        long checksBefore = t.workload() instanceof OwnWorkload own ? own.checkNanos() : 0;
        long checkedBefore = t.workload() instanceof OwnWorkload own ? own.checkedAnswers() : 0;
        Measurement m = driver.run(t, spec, events.pointStarting(label, index, total));
        if (m.clientFailure() != null) {
            // wsbench's own side failed: the count is in the point, the reason in the run's notes
            note(label + ": " + m.errors().client() + " client errors (a request that could not be built, or a check"
                    + " that threw), the first: " + m.clientFailure());
        }
        ServerRecord server = null;
        if (sampler != null) {
            boolean alive = current == null || current.alive();
            // residual CPU first, while the server is left alone; the recording is fetched after
            server = sampler.endPoint(alive ? residualMillis : 0);
        }
        if (recording && server != null && current.alive()) {
            String name = String.format("jfr/%03d-%s.jfr", run.get().points().size() + 1,
                    label.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", ""));
            ServerRecord process = server;
            ServerRecord[] inside = {server};
            if (jvmDid(() -> inside[0] = jvm.endPoint(process, m.durationSeconds(), run.path().resolveSibling(name), name))) {
                server = inside[0];
            }
        }
        PointRecord p = m.toPoint(t.record(suite), point.toRecord(), repeat, server);
        if (t.workload() instanceof OwnWorkload own && p.generator() != null) {
            p = p.withGenerator(p.generator().withCheckMicrosPerRequest(OwnService.microsPerAnswer(own, checksBefore, checkedBefore)));
        }
        if ((!"plain".equals(t.spec().security()) || t.clientSecurityNanos() != securityBefore) && p.generator() != null) {
            p = p.withGenerator(p.generator().withSecuritySeconds(
                    Math.round((t.clientSecurityNanos() - securityBefore) / 1e6) / 1e3));
        }
        if (current != null && !current.alive() && p.aborted() == null) {
            p = p.withAborted(current.deathNotice());
        }
        return p;
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
                own.ready(), own.readyTimeoutSeconds());
        if (own.war() != null) {
            return catalog.find(WAR_HOST).orElseThrow().asWar(name, suite.resolve(own.war()), own.tomcat(), how);
        }
        return StackDescriptor.ofCommand(name, "command: " + String.join(" ", own.command()), own.command(), how);
    }

    /** The JVM of a stack, through the Attach API; null (and a note in the run) when it cannot be watched. */
    private JvmSampler lookInside(RunningStack stack, long jvmPid) {
        try {
            return JvmSampler.attach(jvmPid);
        } catch (IOException | RuntimeException e) {
            note("no GC, heap or Flight Recorder figures for stack " + stack.descriptor().name()
                    + ": cannot attach to its JVM, process " + jvmPid + " (" + OneLine.of(e) + ")");
            return null;
        }
    }

    private interface JvmStep {
        void run() throws IOException;
    }

    /** Runs a step of looking inside the JVM; a failure costs those figures, never the point. */
    private boolean jvmDid(JvmStep step) {
        try {
            step.run();
            return true;
        } catch (IOException | RuntimeException e) {
            note("Flight Recorder figures missing for a point of stack " + current.descriptor().name() + ": "
                    + OneLine.of(e));
            return false;
        }
    }

    private void note(String text) {
        events.problem(text);
        run.update(r -> r.withNote(text));
    }

    /** The stacks started so far, with the versions they loaded, into the run's environment. */
    private void stacksLoaded(Map<String, String> versions) {
        Map<String, String> now = Map.copyOf(versions);
        run.update(r -> r.withEnvironment(r.environment().withStacks(now)));
    }

    /**
     * Why the stack of {@code t} cannot serve it here (its descriptor says so, e.g. a missing
     * extension), or null for a target that it serves or that is a URL.
     */
    private static String unavailable(StackCatalog catalog, TargetSpec t) {
        if (t.url() != null || t.path() != null || t.own()) {
            return null;
        }
        return catalog.find(t.stack())
                .filter(d -> d.endpoint(t.operation(), t.protocol(), t.variant()) == null)
                .map(d -> d.unavailable(t.operation(), t.protocol()))
                .orElse(null);
    }

    /** Targets by the server they share: same stack, same own options; a cold-start target shares with no one. */
    private Map<String, List<TargetSpec>> byStack(Suite suite) {
        Map<String, List<TargetSpec>> groups = new LinkedHashMap<>();
        List<TargetSpec> targets = suite.targets();
        for (int i = 0; i < targets.size(); i++) {
            TargetSpec t = targets.get(i);
            if (unavailable(catalog, t) != null) {
                continue;
            }
            String server = t.stack() + (t.ownOptions().isEmpty() ? "" : " " + new TreeMap<>(t.ownOptions()));
            groups.computeIfAbsent(t.cold() ? server + "#cold" + i : server, k -> new ArrayList<>()).add(t);
        }
        return groups;
    }

    /**
     * Stops the run, as Ctrl-C does (the command line calls it from a shutdown hook): the point under
     * way stops at once and is kept, marked aborted; the run is marked partial with every point
     * measured, the server is stopped, and no point or stack starts after. Whatever the run's own
     * thread is doing meanwhile, the run stays partial.
     */
    public void interrupt() {
        interrupted = true;
        driver.abort(INTERRUPTED);
        RunFile r = run;
        if (r != null) {
            markInterrupted(r); // at once: stopping the server may take seconds
        }
        RunningStack s = current;
        if (s != null) {
            s.stop();
        }
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

    private static String now() {
        return OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
