package io.wsbench.cli;

import io.wsbench.core.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.record.Environment;
import io.wsbench.core.record.LoadRecord;
import io.wsbench.core.record.PointRecord;
import io.wsbench.core.record.RunJson;
import io.wsbench.core.record.RunRecord;
import io.wsbench.core.record.ServerRecord;
import io.wsbench.core.stack.RunningStack;
import io.wsbench.core.stack.StackCatalog;
import io.wsbench.core.stack.StackDescriptor;
import io.wsbench.core.stack.StackException;
import io.wsbench.core.stack.StackLauncher;
import io.wsbench.core.suite.LoadPointSpec;
import io.wsbench.core.suite.Suite;
import io.wsbench.core.suite.SuiteReader;
import io.wsbench.core.suite.TargetSpec;
import io.wsbench.monitor.JvmSampler;
import io.wsbench.monitor.ProcessSampler;
import io.wsbench.protocols.Workload;
import io.wsbench.protocols.Protocols;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.wssec.SecuredWorkload;
import io.wsbench.wssec.WsSecurity;

import java.io.IOException;
import java.net.URI;
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
 * one stack are interleaved within a repeat, so a slow drift of the machine spreads evenly.
 */
final class SuiteRunner {

    private final StackCatalog catalog;
    private final Generator generator;
    private final RunEvents events;
    private final long residualMillis;
    private final boolean jvmMonitor;
    private volatile RunRecord run;
    private volatile Path runFile;
    private volatile RunningStack current;
    private JvmSampler jvm;

    SuiteRunner(StackCatalog catalog, Generator generator, RunEvents events, long residualMillis, boolean jvmMonitor) {
        this.catalog = catalog;
        this.generator = generator;
        this.events = events;
        this.residualMillis = residualMillis;
        this.jvmMonitor = jvmMonitor;
    }

    /** Checks every target against the stacks built here, naming the place in the suite file. */
    void check(Suite suite) {
        List<TargetSpec> targets = suite.targets();
        for (int i = 0; i < targets.size(); i++) {
            TargetSpec t = targets.get(i);
            String at = "/targets/" + i;
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
                URI u = URI.create(t.url());
                if (!"http".equals(u.getScheme()) || u.getHost() == null) {
                    throw SuiteReader.at(suite, at + "/url", "only http:// URLs can be loaded: " + t.url());
                }
                continue;
            }
            StackDescriptor s = catalog.find(t.stack()).orElseThrow(() -> SuiteReader.at(suite, at + "/stack",
                    "unknown stack '" + t.stack() + "' (built here: "
                            + String.join(", ", catalog.all().stream().map(StackDescriptor::name).toList()) + ")"));
            if (s.endpoint(t.operation(), t.protocol(), t.variant()) == null && unavailable(t) == null) {
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

    /** Runs the suite into {@code dir}; returns the finished (or partial) record. */
    RunRecord run(Suite suite, Path dir, String command) throws InterruptedException {
        check(suite);
        runFile = dir.resolve("run.json");
        run = new RunRecord(suite.name(), suite.description(), Home.version(), Home.gitCommit(catalog.home()),
                now(), null, "running", null, command, suite.baseline(), Environment.detect(Map.of()),
                List.of(), List.of());
        run = run.withNote("load generator: " + generator.describe() + "; "
                + "closed-loop points measure latency from the actual send time");
        save();
        StackLauncher launcher = new StackLauncher(dir.resolve("logs"));
        Map<String, String> versions = new TreeMap<>();
        String partial = null;
        for (TargetSpec t : suite.targets()) {
            String reason = unavailable(t);
            if (reason != null) {
                // reported, never faked: the run says which target it could not measure, and why
                String note = "target '" + t.label() + "' unavailable on " + t.stack() + ": " + reason;
                events.problem(note);
                run = run.withNote(note);
                save();
            }
        }
        for (List<TargetSpec> group : byStack(suite).values()) {
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
        run = run.finished(now(), partial == null ? "complete" : "partial", partial);
        save();
        return run;
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
                StackDescriptor d = catalog.find(stackName).orElseThrow();
                Map<String, String> options = options(suite, specs.get(0));
                String version = d.version(options);
                // a stack started with a target's own options (another version) is named with them
                String name = specs.get(0).ownOptions().isEmpty() ? d.name()
                        : d.name() + " " + new TreeMap<>(specs.get(0).ownOptions());
                events.stackStarting(name);
                try {
                    stack = launcher.start(d, 0, options);
                } catch (StackException e) {
                    events.problem(e.getMessage());
                    run = run.withNote(e.getMessage());
                    save();
                    return e.getMessage();
                }
                current = stack;
                versions.put(name, version);
                run = run.withEnvironment(run.environment().withStacks(Map.copyOf(versions)));
                save();
                events.stackReady(name, version, stack.baseUrl(), stack.pid());
                sampler = new ProcessSampler(stack.pid());
                // a stack started by a command (PHP) has no JVM to look inside
                jvm = jvmMonitor && d.command() == null ? lookInside(stack) : null;
                RunningStack s = stack;
                watchdog = Executors.newSingleThreadScheduledExecutor();
                watchdog.scheduleAtFixedRate(() -> {
                    if (!s.alive()) {
                        generator.abort(s.deathNotice());
                    }
                }, 200, 200, TimeUnit.MILLISECONDS);
                for (TargetSpec t : specs) {
                    targets.add(Target.of(t, URI.create(stack.baseUrl()
                            + d.endpoint(t.operation(), t.protocol(), t.variant(), t.security())), version, keysDir()));
                }
            } else {
                for (TargetSpec t : specs) {
                    targets.add(Target.of(t, URI.create(t.url()), "external", keysDir()));
                }
            }
            if (warm) {
                warmUp(suite, targets);
            }
            int total = (lastRepeat - firstRepeat + 1) * targets.size() * suite.load().size();
            int index = 0;
            for (int r = firstRepeat; r <= lastRepeat; r++) {
                for (Target t : targets) {
                    for (LoadPointSpec l : suite.load()) {
                        index++;
                        PointRecord p = measure(t, l, r, sampler, index, total);
                        run = run.withPoint(p);
                        save();
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
        Map<String, String> options = new LinkedHashMap<>(suite.stackOptions().getOrDefault(target.stack(), Map.of()));
        options.putAll(target.ownOptions());
        Path keys = keysDir();
        if (suite.targets().stream().anyMatch(t -> !"plain".equals(t.security()))) {
            WsSecurityKeys.in(keys);
        }
        options.putIfAbsent("keys", keys.toString());
        return options;
    }

    private Path keysDir() {
        return catalog.home().resolve("target/keys");
    }

    private void warmUp(Suite suite, List<Target> targets) throws InterruptedException {
        if (suite.warmupRequests() <= 0) {
            return;
        }
        int users = suite.load().stream().mapToInt(LoadPointSpec::users).max().orElse(1);
        long perUser = Math.max(1, suite.warmupRequests() / users);
        for (Target t : targets) {
            events.warmup(t.spec().label(), perUser * users);
            Measurement m = generator.forConnections(users).run(t.address(), LoadSpec.closed(users, perUser),
                    t.requests(true), t.validators(), events.pointStarting("warm-up " + t.spec().label(), 0, 0));
            // kept, not measured: its per-second series shows a server speeding up (Lucee compiling its pages)
            run = run.withWarmup(m.toPoint(t.record(), new LoadRecord("closed", users, perUser, null, null, null, true), 0, null));
            save();
        }
    }

    private PointRecord measure(Target t, LoadPointSpec l, int repeat, ProcessSampler sampler, int index, int total)
            throws InterruptedException {
        LoadPointSpec point = l.forSequence(t.workload().sequenceLength());
        LoadSpec spec = point.toLoadSpec();
        String label = t.spec().label() + " @ " + point.toRecord().describe() + (total > 1 ? " #" + repeat : "");
        if (sampler != null) {
            sampler.startPoint();
        }
        boolean recording = jvm != null && jvmDid(jvm::startPoint);
        long securityBefore = t.clientSecurityNanos();
        Measurement m = generator.forConnections(spec.connections()).run(t.address(), spec,
                t.requests(spec.keepAlive()), t.validators(), events.pointStarting(label, index, total));
        ServerRecord server = null;
        if (sampler != null) {
            boolean alive = current == null || current.alive();
            // residual CPU first, while the server is left alone; the recording is fetched after
            server = sampler.endPoint(alive ? residualMillis : 0);
        }
        if (recording && server != null && current.alive()) {
            String name = String.format("jfr/%03d-%s.jfr", run.points().size() + 1,
                    label.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", ""));
            ServerRecord process = server;
            ServerRecord[] inside = {server};
            if (jvmDid(() -> inside[0] = jvm.endPoint(process, m.durationSeconds(), runFile.resolveSibling(name), name))) {
                server = inside[0];
            }
        }
        PointRecord p = m.toPoint(t.record(), point.toRecord(), repeat, server);
        if (!"plain".equals(t.spec().security()) && p.generator() != null) {
            p = p.withGenerator(p.generator().withSecuritySeconds(
                    Math.round((t.clientSecurityNanos() - securityBefore) / 1e6) / 1e3));
        }
        if (current != null && !current.alive() && p.aborted() == null) {
            p = p.withAborted(current.deathNotice());
        }
        return p;
    }

    /** The JVM of a stack, through the Attach API; null (and a note in the run) when it cannot be watched. */
    private JvmSampler lookInside(RunningStack stack) {
        try {
            return JvmSampler.attach(stack.pid());
        } catch (IOException | RuntimeException e) {
            note("no GC, heap or Flight Recorder figures for stack " + stack.descriptor().name()
                    + ": cannot attach to its JVM, process " + stack.pid() + " (" + Main.oneLine(e) + ")");
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
                    + Main.oneLine(e));
            return false;
        }
    }

    private void note(String text) {
        events.problem(text);
        run = run.withNote(text);
        save();
    }

    /**
     * Why the stack of {@code t} cannot serve it here (its descriptor says so, e.g. a missing
     * extension), or null for a target that it serves or that is a URL.
     */
    private String unavailable(TargetSpec t) {
        if (t.url() != null) {
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
            if (unavailable(t) != null) {
                continue;
            }
            String server = t.stack() + (t.ownOptions().isEmpty() ? "" : " " + new TreeMap<>(t.ownOptions()));
            groups.computeIfAbsent(t.cold() ? server + "#cold" + i : server, k -> new ArrayList<>()).add(t);
        }
        return groups;
    }

    /** Called on Ctrl-C: marks the run partial, keeps what was measured, stops the server. */
    void interrupted() {
        RunRecord r = run;
        if (r != null && "running".equals(r.status())) {
            run = r.finished(now(), "partial", "interrupted (Ctrl-C) after " + r.points().size() + " points");
            save();
        }
        RunningStack s = current;
        if (s != null) {
            s.stop();
        }
    }

    RunRecord record() {
        return run;
    }

    private synchronized void save() {
        if (runFile != null && run != null) {
            RunJson.write(run, runFile);
        }
    }

    private static String now() {
        return OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
