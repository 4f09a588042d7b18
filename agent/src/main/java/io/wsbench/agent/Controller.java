package io.wsbench.agent;

import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.IExecutorService;
import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.AgentRecord;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.runner.LoadDriver;
import io.wsbench.runner.Target;
import io.wsbench.service.flow.FlowWorkload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The controller of a distributed run: a lite member of the cluster that splits every point among
 * the agents ({@link LoadSpec#split}), announces one start instant to all of them, and merges what
 * they measured into the point ({@link Measurement#merge}: histograms added, never percentiles
 * averaged). An agent that leaves mid-point aborts the point, and the others are stopped with it.
 */
public final class Controller implements LoadDriver {

    /** How far ahead the start instant is announced: time for the parts to reach the agents and their targets to be made. */
    static final Duration LEAD = Duration.ofMillis(500);
    private static final String EXECUTOR = "wsbench-points";

    private final Cluster cluster;
    private final HazelcastInstance member;
    /** The agents of the run, fixed once they have joined ({@link #await}). */
    private final List<Member> agents = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<String> labels;
    private final IExecutorService executor;
    private final String suiteText;
    private final Path suitePath;
    private final Path keys;
    /** The agents of the point running now, and when it started: an agent leaving among them aborts it. */
    private final Set<UUID> running = ConcurrentHashMap.newKeySet();
    private volatile long pointStartMillis;
    /** How far ahead this run announces each point's start instant. */
    private volatile Duration lead = LEAD;
    /** What the controller stops when it closes: the agents it started here (--local). */
    private volatile AutoCloseable started;
    private volatile String lost;
    /** The running point's seconds as the agents send them; null between points. */
    private volatile SecondsMerge merging;
    /** What each agent measured in the last point, before the merge: for tests, which check the merge against them. */
    volatile List<Measurement> lastParts = List.of();

    private Controller(Cluster cluster, HazelcastInstance member, String suiteText, Path suitePath, Path keys) {
        this.cluster = cluster;
        this.member = member;
        // the suite as the agents read it: the runner's copy may be changed (--quick, --repeat), its targets not
        this.labels = SuiteReader.parse(suiteText, suitePath).targets().stream().map(TargetSpec::label).toList();
        this.executor = member.getExecutorService(EXECUTOR);
        this.suiteText = suiteText;
        this.suitePath = suitePath;
        this.keys = keys;
        member.<SecondNews>getTopic(SecondNews.TOPIC).addMessageListener(m -> {
            SecondsMerge now = merging;
            if (now != null) {
                now.add(m.getMessageObject());
            }
        });
        member.getCluster().addMembershipListener(new MembershipListener() {
            @Override
            public void memberAdded(MembershipEvent e) {
            }

            @Override
            public void memberRemoved(MembershipEvent e) {
                left(e.getMember());
            }
        });
    }

    /**
     * Joins {@code cluster} as its controller. The suite's text and path go to the agents with every
     * point, so that they make its targets as the runner does; {@code keys}: the WS-Security keys.
     */
    public static Controller join(Cluster cluster, String suiteText, Path suitePath, Path keys) {
        return new Controller(cluster, cluster.start(Cluster.CONTROLLER, Map.of()), suiteText, suitePath, keys);
    }

    /** host:port at which agents reach the controller. */
    public String address() {
        return Cluster.address(member.getCluster().getLocalMember());
    }

    /**
     * Waits up to {@code wait} for {@code count} agents; the run uses the first {@code count} to join.
     *
     * @throws AgentsMissing when fewer joined in time: the message says how many came, and which
     */
    public void await(int count, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        List<Member> joined = agents(member);
        while (joined.size() < count && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(100);
            joined = agents(member);
        }
        if (joined.size() < count) {
            List<String> came = joined.stream().map(Cluster::address).toList();
            throw new AgentsMissing("waited " + wait.toSeconds() + " s for " + count + " agents in cluster '" + cluster.name()
                    + "': " + (came.isEmpty() ? "none joined" : came.size() + " joined (" + String.join(", ", came) + ")")
                    + ", " + (count - came.size()) + " missing; the controller is at " + address()
                    + " (start an agent with: wsbench agent --cluster " + cluster.name() + " --join " + address() + ")");
        }
        agents.addAll(joined.subList(0, count));
    }

    private static List<Member> agents(HazelcastInstance member) {
        return member.getCluster().getMembers().stream().filter(Cluster::isAgent).toList();
    }

    /** host:port of each agent of the run, in the order their parts are numbered. */
    public List<String> agents() {
        return agents.stream().map(Cluster::address).toList();
    }

    @Override
    public Measurement run(Target target, LoadSpec spec, ProgressListener progress) throws InterruptedException {
        if (lost != null) {
            return Measurement.nothing(lost);
        }
        // a point of fewer users (connections) than agents runs on as many agents as it has users
        List<Member> agents = this.agents.subList(0, Math.min(this.agents.size(), spec.connections()));
        if (target.workload() instanceof FlowWorkload flow && flow.refusal(spec.connections()) != null) {
            return Measurement.nothing(flow.refusal(spec.connections())); // the whole point's users against its rows, as one generator's
        }
        List<LoadSpec> parts = spec.split(agents.size());
        int index = indexOf(target);
        long start = System.currentTimeMillis() + lead.toMillis();
        Map<Member, Future<AgentResult>> futures = new LinkedHashMap<>();
        pointStartMillis = start;
        merging = new SecondsMerge(start, agents.size(), spec, progress);
        agents.forEach(a -> running.add(a.getUuid()));
        try {
            int firstUser = 0;
            for (int i = 0; i < agents.size(); i++) {
                PointTask task = new PointTask(suiteText, suitePath.toString(), index, target.uri().toString(), target.base(),
                        target.version(), keys.toString(), Part.of(parts.get(i)), i, parts.size(), firstUser, start);
                futures.put(agents.get(i), submit(task, agents.get(i)));
                firstUser += parts.get(i).connections();
            }
            List<Measurement> measured = new ArrayList<>();
            List<AgentRecord> shares = new ArrayList<>();
            String failure = null;
            for (Map.Entry<Member, Future<AgentResult>> f : futures.entrySet()) {
                try {
                    AgentResult r = f.getValue().get();
                    Measurement m = Measurement.fromBytes(r.measurement());
                    measured.add(m);
                    // a flow's share counts its steps' requests, as the point's requests do; its errors are its iterations', as the point's
                    long requests = m.flow() == null ? m.requests() : m.flow().requests();
                    shares.add(new AgentRecord(Cluster.address(f.getKey()), r.host(), requests, m.errors().total(), m.unfinished(),
                            Math.round(r.skewMicros() / 100.0) / 10.0, m.generator()));
                } catch (ExecutionException | RuntimeException e) {
                    // whatever way an agent's part failed (its member gone, its task thrown, the future cancelled),
                    // the point ends aborted in one line naming the agent: never the run
                    String why = failed(f.getKey(), e);
                    failure = failure == null ? why : failure;
                    abortAll(why);
                }
            }
            if (measured.isEmpty()) {
                return Measurement.nothing(failure);
            }
            lastParts = List.copyOf(measured);
            Measurement merged = Measurement.merge(measured).withAgents(shares);
            return failure != null && merged.aborted() == null ? merged.withAborted(failure) : merged;
        } finally {
            running.clear();
            merging = null;
        }
    }

    private int indexOf(Target target) {
        int i = labels.indexOf(target.spec().label());
        if (i < 0) {
            throw new IllegalStateException("target '" + target.spec().label() + "' is not in " + suitePath);
        }
        return i;
    }

    /** The part's future; a member that is already gone gives a future that failed, as one that dies later does. */
    private Future<AgentResult> submit(PointTask task, Member agent) {
        try {
            return executor.submitToMember(task, agent);
        } catch (RuntimeException e) {
            return java.util.concurrent.CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Why an agent's part failed, in one line. An agent whose member is gone (killed, or its connection lost) is
     * named as having left, whether Hazelcast's news of it came first as the failed part or as the member's removal.
     */
    private String failed(Member agent, Throwable e) {
        if (memberGone(e) || !member.getCluster().getMembers().contains(agent)) {
            left(agent);
        }
        String reason = lost;
        return reason != null ? reason : "agent " + Cluster.address(agent) + " failed its part: " + oneLine(e);
    }

    /** Hazelcast's ways of saying that the member a task ran on is no longer there. */
    private static boolean memberGone(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof com.hazelcast.core.MemberLeftException || t instanceof com.hazelcast.spi.exception.TargetNotMemberException
                    || t instanceof com.hazelcast.spi.exception.TargetDisconnectedException) {
                return true;
            }
        }
        return false;
    }

    /** An agent left the cluster: if it had a part of the running point, the point is aborted and the others stopped. */
    private synchronized void left(Member m) {
        // the first agent lost is the reason; a second one's news (or the same one's, twice) changes nothing
        if (!Cluster.isAgent(m) || !agents.contains(m) || lost != null) {
            return;
        }
        double second = (System.currentTimeMillis() - pointStartMillis) / 1000.0;
        String at = !running.contains(m.getUuid()) ? " between points" : second < 0 ? " before the start of a point"
                : String.format(Locale.ROOT, " at second %.1f of a point", second);
        lost = "agent " + Cluster.address(m) + " left the cluster" + at + ": the run cannot go on with "
                + (agents.size() - 1) + " of its " + agents.size() + " agents";
        if (running.contains(m.getUuid())) {
            abortAll(lost);
        }
    }

    private void abortAll(String why) {
        for (Member a : agents) {
            if (member.getCluster().getMembers().contains(a)) {
                try {
                    executor.executeOnMember(new AbortTask(why), a);
                } catch (RuntimeException e) {
                    // it left between the check and the send: its own part has failed already, nothing to stop there
                }
            }
        }
    }

    @Override
    public void abort(String why) {
        if (!running.isEmpty()) {
            abortAll(why);
        }
    }

    @Override
    public String describe() {
        return agents.size() + " agents on a Hazelcast cluster (" + String.join(", ", agents()) + "), each point split"
                + " among them and their histograms merged";
    }

    /**
     * Announces each point's start {@code lead} ahead instead of {@link #LEAD}: for agents far away, or whose
     * targets take long to make on their first point, so that they all still start at the instant.
     */
    public void lead(Duration lead) {
        this.lead = lead;
    }

    /** Closes {@code agents} (the local agents' processes) when the controller closes. */
    public void closing(AutoCloseable agents) {
        this.started = agents;
    }

    @Override
    public void close() {
        try {
            member.shutdown();
        } finally {
            if (started != null) {
                try {
                    started.close();
                } catch (Exception e) {
                    // the agents' processes are being destroyed: nothing more to do for them
                }
            }
        }
    }

    /** The innermost cause that says something (a future's wrapper may carry no cause, or no message). */
    static String oneLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        if (t.getMessage() == null) {
            t = e; // the innermost one is silent: say what the outer one was
        }
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null ? "" : ": " + m.lines().findFirst().orElse(""));
    }

    /** Fewer agents joined than the run asked for. */
    public static final class AgentsMissing extends IllegalStateException {
        AgentsMissing(String message) {
            super(message);
        }
    }
}
