package io.wsbench.agent;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;

import java.io.Serializable;

/** Stops an agent's running part early, with the reason the point gives: another agent left, a server died, Ctrl-C. */
final class AbortTask implements Runnable, Serializable, HazelcastInstanceAware {

    private final String why;
    private transient HazelcastInstance instance;

    AbortTask(String why) {
        this.why = why;
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance instance) {
        this.instance = instance;
    }

    @Override
    public void run() {
        Agent.on(instance).abort(why);
    }
}
