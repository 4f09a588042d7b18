package io.wsbench.agent;

import com.hazelcast.core.HazelcastInstance;
import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.load.RequestSource;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteReader;
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
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A load agent: a member of the wsbench cluster that runs the parts of load points the controller
 * sends it, with the same engines a local run uses, and answers with what it measured. It keeps the
 * targets it has made (their requests are encoded once) and its engines from point to point.
 */
public final class Agent implements AutoCloseable {

    private final Generator generator;
    private final Map<String, Target> targets = new ConcurrentHashMap<>();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final HazelcastInstance member;
    private final String host;
    /** Where the agent says what it does with each part (the agent command's output, its log with --local). */
    private final Consumer<String> says;
    /** Whether a part runs now, and why it was stopped early: an abort that comes before its start still stops it. */
    private volatile boolean running;
    private volatile String aborted;

    private Agent(Cluster cluster, Generator generator, Consumer<String> says) {
        this.says = says;
        this.generator = generator;
        this.host = hostName();
        // last: once its member has joined, a part may come before this constructor returns
        this.member = cluster.start(Cluster.AGENT, Map.of(Cluster.SELF, this));
    }

    /** Starts an agent and joins it to {@code cluster}; {@code threads}: its generator's I/O threads, or null for the default. */
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
        return new Agent(cluster, generator, says);
    }

    static Agent on(HazelcastInstance instance) {
        return (Agent) instance.getUserContext().get(Cluster.SELF);
    }

    /** host:port at which the cluster reaches this agent. */
    public String address() {
        return Cluster.address(member.getCluster().getLocalMember());
    }

    /** Blocks until the agent is closed (or its JVM stops). */
    public void awaitClose() throws InterruptedException {
        stopped.await();
    }

    /**
     * Runs {@code task}'s part on {@code instance}, the member it came to: a part may come before this
     * agent's constructor has returned (and set {@link #member}), so it publishes through its own.
     */
    AgentResult run(PointTask task, HazelcastInstance instance) throws InterruptedException {
        aborted = null;
        running = true;
        try {
            return runPart(task, instance);
        } finally {
            running = false;
        }
    }

    private AgentResult runPart(PointTask task, HazelcastInstance instance) throws InterruptedException {
        Target target = targets.computeIfAbsent(task.suitePath + "#" + task.target + "@" + task.uri + "|" + task.suiteText.hashCode(),
                k -> rebuild(task));
        LoadSpec spec = task.part.spec();
        String part = "part " + (task.partIndex + 1) + "/" + task.parts + " of a point";
        long waitMillis = task.startMillis - System.currentTimeMillis();
        says.accept(part + " received: " + spec.connections() + " users (numbers " + task.firstUser + " to "
                + (task.firstUser + spec.connections() - 1) + " of the point), starting at " + Instant.ofEpochMilli(task.startMillis)
                + " (in " + waitMillis + " ms)");
        if (waitMillis > 0) {
            TimeUnit.MILLISECONDS.sleep(waitMillis);
        }
        Instant now = Instant.now();
        if (aborted != null) { // stopped before it began: another agent left while this one waited
            return new AgentResult(host, 0, Measurement.nothing(aborted).toBytes());
        }
        long skewMicros = ChronoUnit.MICROS.between(Instant.ofEpochMilli(task.startMillis), now);
        says.accept(part + " started");
        // through the generator as this process's own points go: its refusals (a flow over HTTP/2) hold here too
        Measurement m = generator.runPart(target, spec, task.firstUser, task.partIndex, task.parts, requests(target, spec, task),
                publishing(task, instance));
        says.accept(part + " done: " + (m.flow() == null ? m.requests() + " requests"
                : m.flow().iterations() + " iterations, " + m.flow().requests() + " requests") + (m.aborted() == null ? "" : ", aborted: " + m.aborted())
                + "; sending the result");
        return new AgentResult(host, skewMicros, m.toBytes());
    }

    /**
     * Publishes each second of the part as it closes ({@link SecondNews}), for the controller to show
     * the point while it runs. A second that cannot be published costs the live view only, never the part.
     */
    private ProgressListener publishing(PointTask task, HazelcastInstance instance) {
        com.hazelcast.topic.ITopic<SecondNews> topic = instance.getTopic(SecondNews.TOPIC);
        return new ProgressListener() {
            @Override
            public void progress(long done, long expected, double elapsed, double total, double currentRate) {
            }

            @Override
            public void second(io.wsbench.model.record.SecondSample s, org.HdrHistogram.Histogram latencies) {
                try {
                    topic.publish(new SecondNews(task.startMillis, task.partIndex, s.second(), s.requests(), s.errors(),
                            latencies == null || latencies.getTotalCount() == 0 ? "" : Measurement.encode(latencies)));
                } catch (RuntimeException e) {
                    // the controller is going away: its result, not this second, is what counts
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
    private static RequestSource requests(Target target, LoadSpec spec, PointTask task) {
        if (target.workload() instanceof FlowWorkload) {
            return null;
        }
        RequestSource all = target.requests(spec.keepAlive());
        return target.spec().own() && task.parts > 1 && all.size() >= task.parts ? all.share(task.partIndex, task.parts) : all;
    }

    private static Target rebuild(PointTask task) {
        Path path = Path.of(task.suitePath);
        Suite suite = SuiteReader.parse(task.suiteText, path);
        return Target.rebuild(suite, task.target, URI.create(task.uri), task.base, task.version, Path.of(task.keys));
    }

    void abort(String why) {
        if (running) {
            aborted = why;
            generator.abort(why);
        }
    }

    @Override
    public void close() {
        try {
            member.shutdown();
        } finally {
            generator.close();
            stopped.countDown();
        }
    }

    /** Leaves the cluster as a crash would: no goodbye, for tests of an agent that dies mid-point. */
    void crash() {
        member.getLifecycleService().terminate();
        generator.abort("this agent was stopped");
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
