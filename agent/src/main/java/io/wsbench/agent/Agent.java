package io.wsbench.agent;

import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.FileLimit;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.load.RequestSource;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.runner.AwakeCores;
import io.wsbench.runner.Generator;
import io.wsbench.runner.Target;
import io.wsbench.service.flow.FlowWorkload;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A load agent: a member of the wsbench cluster that runs the parts of load points a controller sends
 * it, with the same engines a local run uses, and answers with what it measured. It listens on its
 * cluster port (the loopback address unless {@code --bind} says otherwise) and dials the members of its
 * {@code --join}; only a controller that holds the cluster's secret is heard ({@link Link}). It keeps the
 * targets it has made (their requests are encoded once) and its engines from point to point.
 */
public final class Agent implements AutoCloseable {

    private final Generator generator;
    /** The hold of this machine's idle cores, taken for the parts that leave them idle and let go between parts; null for none. */
    private final AwakeCores cores;
    private final Map<String, Target> targets = new ConcurrentHashMap<>();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final ExecutorService parts = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "wsbench-agent-part");
        t.setDaemon(true);
        return t;
    });
    private final Node node;
    private final String host;
    /** Where the agent says what it does with each part (the agent command's output, its log with --local). */
    private final Consumer<String> says;
    /** The link of the controller whose part runs now, and why it was stopped early: an abort that comes before its start still stops it. */
    private final AtomicReference<Link> running = new AtomicReference<>();
    private volatile String aborted;

    private Agent(Cluster cluster, Generator generator, AwakeCores cores, Consumer<String> says) {
        this.says = says;
        this.generator = generator;
        this.cores = cores;
        this.host = hostName();
        this.node = Node.start(cluster, Cluster.AGENT, new Peers(), says);
        node.dial(cluster.join());
    }

    /** Starts an agent in {@code cluster}; {@code threads}: its generator's I/O threads, or null for the default. */
    public static Agent start(Cluster cluster, Integer threads) {
        return start(cluster, threads, line -> { });
    }

    /** As {@link #start(Cluster, Integer)}, telling {@code says} when each part arrives, starts and is done. */
    public static Agent start(Cluster cluster, Integer threads, Consumer<String> says) {
        return start(cluster, new Generator(threads), says);
    }

    /**
     * As {@link #start(Cluster, Integer, Consumer)}, its parts sent by {@code generator} (the agent
     * command's, with its threads and busy-poll), which the agent closes when it leaves.
     */
    public static Agent start(Cluster cluster, Generator generator, Consumer<String> says) {
        return new Agent(cluster, generator, null, says);
    }

    /** As {@link #start(Cluster, Generator, Consumer)}, holding the idle cores through {@code cores} while a part that idles runs. */
    public static Agent start(Cluster cluster, Generator generator, AwakeCores cores, Consumer<String> says) {
        return new Agent(cluster, generator, cores, says);
    }

    /** host:port at which this agent listens for its controller. */
    public String address() {
        return node.address();
    }

    /** Blocks until the agent is closed (or its JVM stops). */
    public void awaitClose() throws InterruptedException {
        stopped.await();
    }

    /** What the agent does with its links' news: parts and aborts from a controller, one line for every refusal. */
    private final class Peers implements Link.Peers {
        @Override
        public void up(Link link) {
            if (!Cluster.CONTROLLER.equals(link.role())) {
                link.close(); // another agent: agents take points from a controller only
                return;
            }
            node.sayOnce(link.peerAddress(), "controller " + link.peerAddress() + " linked");
        }

        @Override
        public void message(Link link, Wire.Message m) {
            if (m instanceof Wire.Start start) {
                if (!running.compareAndSet(null, link)) {
                    link.send(Wire.Result.refusing(start.task(), host, "this agent is busy with a part of another point"));
                    return;
                }
                aborted = null;
                parts.execute(() -> {
                    Wire.Result result;
                    try {
                        result = runPart(start, link);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    } catch (RuntimeException | Error e) {
                        // whatever ends the part, the controller hears of it: it waits for this result
                        result = Wire.Result.refusing(start.task(), host, "its part failed: " + Controller.oneLine(e));
                    } finally {
                        running.set(null); // free before the result goes: the controller's next part may follow it at once
                    }
                    if (link.isUp()) {
                        link.send(result);
                    }
                });
            } else if (m instanceof Wire.Abort abort && running.get() == link) {
                abort(abort.why());
            } else if (!(m instanceof Wire.Abort)) {
                link.refuse("not a wsbench message: a " + Wire.typeOf(m) + " is not for an agent");
            }
        }

        @Override
        public void down(Link link) {
            String refusal = link.refusal();
            if (refusal != null && !link.toItself()) {
                node.sayOnce(link.peerAddress(), link.refusedByPeer() ? Link.clean(refusal)
                        : "refused a member at " + link.peerAddress() + ": " + refusal);
            } else if (Cluster.CONTROLLER.equals(link.role())) {
                node.sayOnce(link.peerAddress(), "controller " + link.peerAddress() + " left");
            }
            if (running.get() == link) {
                abort("the controller " + link.peerAddress() + " left");
            }
        }
    }

    private Wire.Result runPart(Wire.Start task, Link link) throws InterruptedException {
        Target target;
        try {
            target = targets.computeIfAbsent(task.suitePath() + "#" + task.target() + "@" + task.uri() + "|" + task.keys() + "|"
                    + task.suiteText().hashCode(), k -> rebuild(task));
        } catch (RuntimeException e) {
            String why = "cannot make target " + task.target() + " of " + task.suitePath() + " here: " + Controller.oneLine(e);
            says.accept("part " + (task.partIndex() + 1) + "/" + task.parts() + " of a point refused: " + why);
            return Wire.Result.refusing(task.task(), host, why);
        }
        LoadSpec spec = task.part().spec();
        String part = "part " + (task.partIndex() + 1) + "/" + task.parts() + " of a point";
        String tooMany = FileLimit.tooMany(spec.connections(), FileLimit.max()); // as this process's own points are checked
        if (tooMany != null) {
            says.accept(part + " refused: " + tooMany);
            return Wire.Result.refusing(task.task(), host, tooMany);
        }
        long waitMillis = task.startMillis() - System.currentTimeMillis();
        int users = spec.connections();
        String which = users == 1 ? "1 user (number " + task.firstUser()
                : users + " users (numbers " + task.firstUser() + " to " + (task.firstUser() + users - 1);
        says.accept(part + " received: " + which + " of the point), starting at " + Instant.ofEpochMilli(task.startMillis())
                + " (in " + waitMillis + " ms)");
        if (waitMillis > 0) {
            TimeUnit.MILLISECONDS.sleep(waitMillis);
        }
        Instant now = Instant.now();
        if (aborted != null) { // stopped before it began: another agent left while this one waited
            return new Wire.Result(task.task(), host, 0, Measurement.nothing(aborted).toBytes(), null);
        }
        long skewMicros = ChronoUnit.MICROS.between(Instant.ofEpochMilli(task.startMillis()), now);
        says.accept(part + " started");
        // through the generator as this process's own points go: its refusals (a flow over HTTP/2) hold here too
        String row = task.suitePath() + "#" + task.target() + " | " + (spec.open() ? "open " + spec.rate() : "closed") + " | " + spec.connections();
        if (cores != null) {
            cores.forPoint(row, spec);
        }
        Measurement m;
        try {
            m = generator.runPart(target, spec, task.firstUser(), task.partIndex(), task.parts(), requests(target, spec, task),
                    sending(task, link));
        } finally {
            if (cores != null) {
                cores.letGo(); // held while it measures, not for the agent's whole life
            }
        }
        says.accept(part + " done: " + (m.flow() == null ? m.requests() + " requests"
                : m.flow().iterations() + " iterations, " + m.flow().requests() + " requests") + (m.aborted() == null ? "" : ", aborted: " + m.aborted())
                + "; sending the result");
        return new Wire.Result(task.task(), host, skewMicros, m.toBytes(), null);
    }

    /**
     * Sends each second of the part as it closes ({@link SecondNews}), for the controller to show
     * the point while it runs. A second that cannot be sent costs the live view only, never the part.
     */
    private static ProgressListener sending(Wire.Start task, Link link) {
        return new ProgressListener() {
            @Override
            public void progress(long done, long expected, double elapsed, double total, double currentRate) {
            }

            @Override
            public void second(io.wsbench.model.record.SecondSample s, org.HdrHistogram.Histogram latencies) {
                if (link.isUp()) {
                    link.send(new SecondNews(task.startMillis(), task.partIndex(), s.second(), s.requests(), s.errors(),
                            latencies == null || latencies.getTotalCount() == 0 ? "" : Measurement.encode(latencies)));
                }
            }
        };
    }

    /**
     * The requests of this agent's part: a user's data rows split among the agents as the users are
     * (agent i takes every N-th row from row i), so that in unique mode each row is still sent once;
     * a sequence (the seismic queries) stays whole on every agent, since its order is its meaning.
     * A flow's rows are shared out by {@link io.wsbench.core.load.FlowPlan#part}.
     */
    private static RequestSource requests(Target target, LoadSpec spec, Wire.Start task) {
        if (target.workload() instanceof FlowWorkload) {
            return null;
        }
        RequestSource all = target.requests(spec.keepAlive());
        return target.spec().own() && task.parts() > 1 && all.size() >= task.parts() ? all.share(task.partIndex(), task.parts()) : all;
    }

    private static Target rebuild(Wire.Start task) {
        Path path = Path.of(task.suitePath());
        Suite suite = SuiteReader.parse(task.suiteText(), path);
        if (task.target() < 0 || task.target() >= suite.targets().size()) {
            throw new IllegalArgumentException("the suite has " + suite.targets().size() + " targets");
        }
        return Target.rebuild(suite, task.target(), URI.create(task.uri()), task.base(), task.version(), Path.of(task.keys()));
    }

    void abort(String why) {
        if (running.get() != null) {
            aborted = why;
            generator.abort(why);
        }
    }

    @Override
    public void close() {
        try {
            node.close();
        } finally {
            parts.shutdownNow();
            generator.close();
            stopped.countDown();
        }
    }

    /** Leaves the cluster as a crash would: no goodbye, for tests of an agent that dies mid-point. */
    void crash() {
        node.crash();
        generator.abort("this agent was stopped");
        parts.shutdownNow();
        generator.close();
        stopped.countDown();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
