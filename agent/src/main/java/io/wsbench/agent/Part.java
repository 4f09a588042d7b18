package io.wsbench.agent;

import io.wsbench.model.load.LoadSpec;
import io.wsbench.model.load.Profile;
import io.wsbench.model.load.LoadSpecBuilder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An agent's part of a load point ({@link LoadSpec#split}), as it travels to the agent; a profiled
 * point's stages travel as their lengths and targets (both null for a constant load).
 */
record Part(boolean open, int connections, long requestsPerUser, Long durationNanos, double rate, long thinkNanos,
            boolean keepAlive, long timeoutNanos, long phaseNanos, long[] stageNanos, double[] stageTargets) {

    static Part of(LoadSpec s) {
        long[] nanos = null;
        double[] targets = null;
        if (s.profile() != null) {
            List<Profile.Stage> stages = s.profile().stages();
            nanos = stages.stream().mapToLong(st -> st.duration().toNanos()).toArray();
            targets = stages.stream().mapToDouble(Profile.Stage::target).toArray();
        }
        return new Part(s.open(), s.connections(), s.requestsPerUser(), s.duration() == null ? null : s.duration().toNanos(),
                s.rate(), s.thinkTime().toNanos(), s.keepAlive(), s.timeout().toNanos(), s.phase().toNanos(), nanos, targets);
    }

    LoadSpec spec() {
        Profile profile = null;
        if (stageNanos != null) {
            List<Profile.Stage> stages = new ArrayList<>();
            for (int i = 0; i < stageNanos.length; i++) {
                stages.add(new Profile.Stage(Duration.ofNanos(stageNanos[i]), stageTargets[i]));
            }
            profile = new Profile(stages);
        }
        return LoadSpecBuilder.builder().open(open).connections(connections)
                .requestsPerUser(requestsPerUser)
                .duration(durationNanos == null ? null : Duration.ofNanos(durationNanos)).rate(rate)
                .thinkTime(Duration.ofNanos(thinkNanos)).keepAlive(keepAlive).timeout(Duration.ofNanos(timeoutNanos))
                .eachRequest(false).phase(Duration.ofNanos(phaseNanos)).profile(profile).build();
    }
}
