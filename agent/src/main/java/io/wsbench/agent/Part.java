package io.wsbench.agent;

import io.wsbench.core.load.LoadSpec;

import java.io.Serializable;
import java.time.Duration;

/** An agent's part of a load point ({@link LoadSpec#split}), as it travels to the agent. */
record Part(boolean open, int connections, long requestsPerUser, Long durationNanos, double rate, long thinkNanos,
            boolean keepAlive, long timeoutNanos, long phaseNanos) implements Serializable {

    static Part of(LoadSpec s) {
        return new Part(s.open(), s.connections(), s.requestsPerUser(), s.duration() == null ? null : s.duration().toNanos(),
                s.rate(), s.thinkTime().toNanos(), s.keepAlive(), s.timeout().toNanos(), s.phase().toNanos());
    }

    LoadSpec spec() {
        return new LoadSpec(open, connections, requestsPerUser, durationNanos == null ? null : Duration.ofNanos(durationNanos),
                rate, Duration.ofNanos(thinkNanos), keepAlive, Duration.ofNanos(timeoutNanos), false, Duration.ofNanos(phaseNanos));
    }
}
