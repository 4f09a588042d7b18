package io.wsbench.agent;

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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The controller of a distributed run: a member of the cluster that splits every point among the
 * agents ({@link LoadSpec#split}), announces one start instant to all of them, and merges what they
 * measured into the point ({@link Measurement#merge}: histograms added, never percentiles averaged). An
 * agent that leaves mid-point aborts the point, and the others are stopped with it. It hears only agents
 * that hold the cluster's secret; one that refuses it, or that it refuses, before the run begins, ends
 * the wait in one line ({@link AgentRefused}).
 */
public final class Controller implements LoadDriver {

    /** How far ahead the start instant is announced: time for the parts to reach the agents and their targets to be made. */
    static final Duration LEAD = Duration.ofMillis(500);

    private final Cluster cluster;
    private final Node node;
    /** Every agent that is linked, by its identity (an agent linked twice, dialed and dialing, counts once). */
    private final Map<String, Link> joined = new ConcurrentHashMap<>();
    /** Every agent link that is up, the second link of an agent linked twice included: it stands in if the first goes. */
    private final Set<Link> upAgents = ConcurrentHashMap.newKeySet();
    /** Where the agents' seconds are merged and told, off the cluster's one thread: a slow listener never stalls the links. */
    private final java.util.concurrent.ExecutorService seconds = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "wsbench-controller-seconds");
        t.setDaemon(true);
        return t;
    });
    /** The agents of the run, fixed once they have joined ({@link #await}). */
    private final List<Link> agents = new CopyOnWriteArrayList<>();
    private final List<String> labels;
    private final String suiteText;
    private final Path suitePath;
    private final Path keys;
    private final AtomicLong tasks = new AtomicLong();
    /** The parts under way, by task number, with the agent each went to. */
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    /** The agents of the point running now, and when it started: an agent leaving among them aborts it. */
    private final Set<Link> running = ConcurrentHashMap.newKeySet();
    private volatile long pointStartMillis;
    /** How far ahead this run announces each point's start instant. */
    private volatile Duration lead = LEAD;
    /** What the controller stops when it closes: the agents it started here (--local). */
    private volatile AutoCloseable started;
    private volatile String lost;
    /** The first refusal between this controller and a member, while it waits for its agents. */
    private volatile String refused;
    /** The running point's seconds as the agents send them; null between points. */
    private volatile SecondsMerge merging;
    /** What each agent measured in the last point, before the merge: for tests, which check the merge against them. */
    volatile List<Measurement> lastParts = List.of();

    private record Pending(Link agent, CompletableFuture<Wire.Result> result) {
    }

    private Controller(Cluster cluster, String suiteText, Path suitePath, Path keys) {
        this.cluster = cluster;
        // the suite as the agents read it: the runner's copy may be changed (--quick, --repeat), its targets not
        this.labels = SuiteReader.parse(suiteText, suitePath).targets().stream().map(TargetSpec::label).toList();
        this.suiteText = suiteText;
        this.suitePath = suitePath;
        this.keys = keys;
        this.node = Node.start(cluster, Cluster.CONTROLLER, new Peers(), line -> { });
        node.dial(cluster.join());
    }

    /**
     * Joins {@code cluster} as its controller. The suite's text and path go to the agents with every
     * point, so that they make its targets as the runner does; {@code keys}: the WS-Security keys.
     */
    public static Controller join(Cluster cluster, String suiteText, Path suitePath, Path keys) {
        return new Controller(cluster, suiteText, suitePath, keys);
    }

    /** host:port at which agents reach the controller. */
    public String address() {
        return node.address();
    }

    /** What the controller does with its links' news, on the cluster's thread. */
    private final class Peers implements Link.Peers {
        @Override
        public void up(Link link) {
            if (Cluster.AGENT.equals(link.role())) {
                upAgents.add(link);
                joined.putIfAbsent(link.peerId(), link);
            } else {
                link.refuse("a controller takes agents only, and " + link.peerAddress() + " is a " + link.role());
            }
        }

        @Override
        public void message(Link link, Wire.Message m) {
            if (m instanceof Wire.Result r) {
                Pending p = pending.get(r.task());
                if (p != null && p.agent() == link && pending.remove(r.task(), p)) { // another agent's task number changes nothing
                    p.result().complete(r);
                }
            } else if (m instanceof SecondNews second) {
                SecondsMerge now = merging;
                if (now != null) {
                    seconds.execute(() -> now.add(second));
                }
            } else {
                link.refuse("not a wsbench message: a " + Wire.typeOf(m) + " is not for a controller");
            }
        }

        @Override
        public void down(Link link) {
            String why = link.refusal();
            // the wait ends at once on a refusal that says something of this cluster: on a link this controller
            // dialed (an agent of its --join), or on one it accepted whose hello did not open with the secret
            // (an agent dialing it with another); a port scanner or a clear-text line on an accepted link is no reason
            boolean tells = why != null && !link.toItself()
                    && (link.dialed() || (!link.refusedByPeer() && (why.equals(Link.WRONG_SECRET) || link.role() != null)));
            if (tells && refused == null && agents.isEmpty()) {
                // another secret is refused by whichever side reads the other's hello first: said alike either way
                refused = link.refusedByPeer() || why.equals(Link.WRONG_SECRET)
                        ? "agent " + link.peerAddress() + " refused the point: " + peerWords(why)
                        : "a member at " + link.peerAddress() + " was refused: " + why;
            }
            upAgents.remove(link);
            if (link.peerId() != null && joined.remove(link.peerId(), link)) {
                // an agent linked twice is still linked by the other
                upAgents.stream().filter(l -> link.peerId().equals(l.peerId())).findFirst().ifPresent(l -> joined.putIfAbsent(l.peerId(), l));
            }
            if (agents.contains(link)) {
                left(link); // first: the parts that fail below name the agent as having left
            }
            pending.values().removeIf(p -> {
                if (p.agent() == link) {
                    p.result().completeExceptionally(new AgentGone(link.peerAddress(), why));
                    return true;
                }
                return false;
            });
        }
    }

    /** What a peer's refusal ("refused by host:port: why") says, without who said it. */
    private static String peerWords(String refusal) {
        int colon = refusal.startsWith("refused by ") ? refusal.indexOf(": ") : -1;
        return Link.clean(colon < 0 ? refusal : refusal.substring(colon + 2));
    }

    /**
     * Waits up to {@code wait} for {@code count} agents; the run uses the first {@code count} to join.
     *
     * @throws AgentsMissing when fewer joined in time: the message says how many came, and which
     * @throws AgentRefused  as soon as a member refuses this controller, or is refused by it: another secret or cluster
     */
    public void await(int count, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (joined.size() < count && System.nanoTime() < deadline && refused == null) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        if (refused != null && joined.size() < count) {
            node.stopDialing();
            throw new AgentRefused(refused);
        }
        List<Link> came = new ArrayList<>(joined.values());
        if (came.size() < count) {
            node.stopDialing();
            List<String> names = came.stream().map(Link::peerAddress).toList();
            throw new AgentsMissing("waited " + wait.toSeconds() + " s for " + count + " agents in cluster '" + cluster.name()
                    + "': " + (names.isEmpty() ? "none joined" : names.size() + " joined (" + String.join(", ", names) + ")")
                    + ", " + (count - names.size()) + " missing; the controller is at " + address()
                    + " (start an agent with: wsbench agent --cluster " + cluster.name() + " --join " + address()
                    + ", with the same cluster secret)");
        }
        node.stopDialing();
        agents.addAll(came.subList(0, count));
    }

    /** host:port of each agent of the run, in the order their parts are numbered. */
    public List<String> agents() {
        return agents.stream().map(Link::peerAddress).toList();
    }

    @Override
    public Measurement run(Target target, LoadSpec spec, ProgressListener progress) throws InterruptedException {
        if (lost != null) {
            return Measurement.nothing(lost);
        }
        // a point of fewer users (connections) than agents runs on as many agents as it has users
        List<Link> agents = this.agents.subList(0, Math.min(this.agents.size(), spec.connections()));
        if (target.workload() instanceof FlowWorkload flow && flow.refusal(spec.connections()) != null) {
            return Measurement.nothing(flow.refusal(spec.connections())); // the whole point's users against its rows, as one generator's
        }
        List<LoadSpec> parts = spec.split(agents.size());
        int index = indexOf(target);
        long start = System.currentTimeMillis() + lead.toMillis();
        Map<Link, CompletableFuture<Wire.Result>> futures = new LinkedHashMap<>();
        pointStartMillis = start;
        merging = new SecondsMerge(start, agents.size(), spec, progress);
        running.addAll(agents);
        try {
            int firstUser = 0;
            for (int i = 0; i < agents.size(); i++) {
                Wire.Start task = new Wire.Start(tasks.incrementAndGet(), suiteText, suitePath.toString(), index, target.uri().toString(),
                        target.base(), target.version(), keys.toString(), Part.of(parts.get(i)), i, parts.size(), firstUser, start);
                futures.put(agents.get(i), submit(task, agents.get(i)));
                firstUser += parts.get(i).connections();
            }
            List<Measurement> measured = new ArrayList<>();
            List<AgentRecord> shares = new ArrayList<>();
            String failure = null;
            for (Map.Entry<Link, CompletableFuture<Wire.Result>> f : futures.entrySet()) {
                String agent = f.getKey().peerAddress();
                try {
                    Wire.Result r = f.getValue().get();
                    if (r.refused() != null) {
                        throw new AgentGone(agent, "refused the point: " + Link.clean(r.refused()));
                    }
                    Measurement m = Measurement.fromBytes(r.measurement());
                    measured.add(m);
                    // a flow's share counts its steps' requests, as the point's requests do; its errors are its iterations', as the point's
                    long requests = m.flow() == null ? m.requests() : m.flow().requests();
                    shares.add(new AgentRecord(agent, Link.clean(r.host()), requests, m.errors().total(), m.unfinished(),
                            Math.round(r.skewMicros() / 100.0) / 10.0, m.generator()));
                } catch (ExecutionException | RuntimeException e) {
                    // whatever way an agent's part failed (its link gone, its part refused), the point ends
                    // aborted in one line naming the agent: never the run
                    String why = lost != null ? lost : e.getCause() instanceof AgentGone g ? g.getMessage()
                            : e instanceof AgentGone g ? g.getMessage() : "agent " + agent + " failed its part: " + oneLine(e);
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

    /** The part's future; an agent whose link is gone gives a future that failed, as one that goes later does. */
    private CompletableFuture<Wire.Result> submit(Wire.Start task, Link agent) {
        CompletableFuture<Wire.Result> result = new CompletableFuture<>();
        pending.put(task.task(), new Pending(agent, result));
        if (!agent.isUp()) {
            pending.remove(task.task());
            result.completeExceptionally(new AgentGone(agent.peerAddress(), agent.refusal()));
        } else {
            agent.send(task);
        }
        return result;
    }

    /** An agent left the cluster: if it had a part of the running point, the point is aborted and the others stopped. */
    private synchronized void left(Link agent) {
        // the first agent lost is the reason; a second one's news (or the same one's, twice) changes nothing
        if (lost != null) {
            return;
        }
        double second = (System.currentTimeMillis() - pointStartMillis) / 1000.0;
        String at = !running.contains(agent) ? " between points" : second < 0 ? " before the start of a point"
                : String.format(Locale.ROOT, " at second %.1f of a point", second);
        String why = agent.refusal() == null ? "" : " (" + Link.clean(agent.refusal()) + ")";
        lost = "agent " + agent.peerAddress() + " left the cluster" + at + why + ": the run cannot go on with "
                + (agents.size() - 1) + " of its " + agents.size() + " agents";
        if (running.contains(agent)) {
            abortAll(lost);
        }
    }

    private void abortAll(String why) {
        for (Link a : agents) {
            if (a.isUp()) {
                a.send(new Wire.Abort(why));
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
        return agents.size() + " agents (" + String.join(", ", agents()) + "), linked to the controller with every message sealed"
                + " by the cluster secret, each point split among them and their histograms merged";
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
            seconds.shutdownNow();
            node.close();
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

    /** An agent's part that cannot end: its link closed (the agent gone, or refused) before its result came. */
    static final class AgentGone extends RuntimeException {
        AgentGone(String agent, String why) {
            super("agent " + agent + (why == null ? " left" : why.startsWith("refused the point") ? " " + why : " left: " + why));
        }
    }

    /** A member refused this controller, or was refused by it, before the run began: another secret, or another cluster. */
    public static final class AgentRefused extends IllegalStateException {
        AgentRefused(String message) {
            super(message);
        }
    }

    /** Fewer agents joined than the run asked for. */
    public static final class AgentsMissing extends IllegalStateException {
        AgentsMissing(String message) {
            super(message);
        }
    }
}
