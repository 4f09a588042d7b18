package io.wsbench.agent;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;

import java.io.Serializable;
import java.util.concurrent.Callable;

/**
 * A load point's part, sent by the controller to one agent: which target of which suite (made again on
 * the agent, {@link io.wsbench.runner.Target#rebuild}), its part of the load, and the instant at
 * which every agent starts. The agent answers with what it measured.
 *
 * @param suiteText   the suite file's text
 * @param suitePath   where the controller read it: data files and descriptions are found beside it
 * @param target      the target's index in the suite
 * @param keys        the directory of the WS-Security keys the servers trust
 * @param startMillis when to start, in milliseconds since the epoch, on every agent's clock
 */
final class PointTask implements Callable<AgentResult>, Serializable, HazelcastInstanceAware {

    final String suiteText;
    final String suitePath;
    final int target;
    final String uri;
    final String base;
    final String version;
    final String keys;
    final Part part;
    /** This agent's part of the point, and how many parts it has: a user's data rows are split the same way. */
    final int partIndex;
    final int parts;
    /** The number of this part's first user in the whole point (the users of the parts before it): a flow's {@code ${vu}} and {@code perUser} row. */
    final int firstUser;
    final long startMillis;
    /** The member this task runs on, set by Hazelcast before {@link #call}. */
    private transient HazelcastInstance instance;

    PointTask(String suiteText, String suitePath, int target, String uri, String base, String version, String keys,
              Part part, int partIndex, int parts, int firstUser, long startMillis) {
        this.suiteText = suiteText;
        this.suitePath = suitePath;
        this.target = target;
        this.uri = uri;
        this.base = base;
        this.version = version;
        this.keys = keys;
        this.part = part;
        this.partIndex = partIndex;
        this.parts = parts;
        this.firstUser = firstUser;
        this.startMillis = startMillis;
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance instance) {
        this.instance = instance;
    }

    @Override
    public AgentResult call() throws Exception {
        return Agent.on(instance).run(this, instance);
    }
}
