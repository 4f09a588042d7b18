package io.wsbench.runner;

import io.wsbench.core.load.LoadEngine;
import io.wsbench.launch.Cores;
import io.wsbench.launch.StackException;
import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.service.flow.FlowWorkload;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * wsbench's load generator, as {@code run} and {@code load} size it: each point gets the I/O threads
 * its connections call for (or {@code --threads}), from one LoadEngine per thread count, made when a
 * point first needs it.
 */
public final class Generator implements LoadDriver {

    /** The {@code --threads} help of both commands. */
    public static final String THREADS_HELP = "I/O threads of the load generator"
            + " (default: one per 128 connections or users of a point, at most one per core)";

    private final Integer threads;
    private final boolean busyPoll;
    private final Map<Integer, LoadEngine> engines = new ConcurrentHashMap<>();
    /** The cores the I/O threads are asked to run on ({@link #sendFrom}; null: where the process runs), and where each engine's are. */
    private volatile String ioCores;
    private final Map<LoadEngine, String> engineCores = new ConcurrentHashMap<>();

    /** {@code threads}: the {@code --threads} option, or null for the default. */
    public Generator(Integer threads) {
        this(threads, false);
    }

    /** {@code busyPoll}: the {@code --busy-poll} option, the I/O threads polling instead of sleeping. */
    public Generator(Integer threads, boolean busyPoll) {
        this.threads = threads;
        this.busyPoll = busyPoll;
    }

    /** The engine for a point of {@code connections} connections (closed loop: users). */
    public LoadEngine forConnections(int connections) {
        LoadEngine engine = engine(connections);
        place(engine); // a new engine's threads start where the process runs
        return engine;
    }

    private LoadEngine engine(int connections) {
        return engines.computeIfAbsent(threads != null ? threads : LoadEngine.defaultThreads(connections),
                n -> new LoadEngine(n, busyPoll));
    }

    /** {@inheritDoc} The engine of a point of one connection is made now if it is not yet, so that its move is told here. */
    @Override
    public String sendFrom(String cores) {
        ioCores = cores;
        engine(1);
        String failed = null;
        for (LoadEngine engine : engines.values()) {
            String why = place(engine);
            failed = failed == null ? why : failed;
        }
        return failed;
    }

    /** Moves {@code engine}'s I/O threads to the cores asked, unless they are there; null when they are, else why not. */
    private String place(LoadEngine engine) {
        String cores = ioCores;
        if (cores == null || cores.equals(engineCores.get(engine))) {
            return null;
        }
        try {
            engine.onEachIoThread(() -> {
                try {
                    Cores.pinThisThread(cores);
                } catch (StackException e) {
                    throw new IllegalStateException(e.getMessage(), e);
                }
            });
            engineCores.put(engine, cores);
            return null;
        } catch (RuntimeException e) {
            engineCores.remove(engine);
            return e.getMessage();
        }
    }

    @Override
    public Measurement run(Target target, LoadSpec spec, ProgressListener progress) throws InterruptedException {
        // as one part of one: its unique rows taken afresh each point (a warm-up's included); a flow's users write their own
        return runPart(target, spec, 0, 0, 1, target.workload() instanceof FlowWorkload ? null : target.requests(spec.keepAlive()),
                progress);
    }

    /**
     * Part {@code index} of {@code parts} of a point (an agent's share of it; 0 of 1 for the whole):
     * {@code spec}'s users, the first of them the point's user {@code firstUser}, sending {@code requests}
     * (null for a flow: its rows are shared out by its plan). A flow that cannot run at this load is a point of nothing
     * with the reason; over HTTP/2, its users' streams share connections as a single request's do.
     */
    public Measurement runPart(Target target, LoadSpec spec, int firstUser, int index, int parts, RequestSource requests,
                               ProgressListener progress) throws InterruptedException {
        FlowWorkload flow = target.workload() instanceof FlowWorkload f ? f : null;
        String refused = flow == null ? null : flow.refusal(spec.connections());
        if (refused != null) {
            return Measurement.nothing(refused);
        }
        LoadEngine.Point point = flow != null
                ? LoadEngine.Point.flow(target.address(), spec, flow.plan().part(firstUser, index, parts))
                : LoadEngine.Point.of(target.address(), spec, requests, target.validators());
        return forConnections(target.http2() == null ? spec.connections() : target.http2().connections(spec.connections()))
                .run(point.overTls(target.tls()).overHttp2(target.http2()), progress);
    }

    /** Stops the running point early, whichever engine runs it. */
    @Override
    public void abort(String why) {
        engines.values().forEach(e -> e.abort(why));
    }

    /** Stops the running point as the user asked (Ctrl-C): its figures over the time it ran, not the time asked. */
    public void stop(String why) {
        engines.values().forEach(e -> e.stop(why));
    }

    @Override
    public boolean local() {
        return true;
    }

    @Override
    public String describe() {
        return "Netty " + forConnections(1).transport() + ", "
                + (threads != null ? threads + " I/O threads" : "one I/O thread per 128 connections of a point, at most one per core");
    }

    @Override
    public void close() {
        engines.values().forEach(LoadEngine::close);
    }
}
