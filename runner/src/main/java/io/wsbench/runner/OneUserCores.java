package io.wsbench.runner;

import io.wsbench.model.load.LoadSpec;
import io.wsbench.model.suite.Placement;

/**
 * Where the points of a run placed with {@code cpus: { oneUser: together }} send from: a point of one user from the
 * servers' cores ({@code servers}), where its requests and answers take turns on one core instead of waking another
 * for each; every other point from the generator's ({@code generator}).
 */
record OneUserCores(String generator, String servers) {

    /** The cores of {@code placement} when it sends one user from the servers' cores; null when every point is sent apart. */
    static OneUserCores of(Placement placement) {
        return placement.oneUserTogether() ? new OneUserCores(placement.generator(), placement.servers()) : null;
    }

    /** Whether a point at {@code spec} sends from the servers' cores: one user (a closed loop on one connection). */
    boolean shares(LoadSpec spec) {
        return !spec.open() && spec.connections() == 1;
    }

    /** The cores the generator's I/O threads run on for a point at {@code spec}. */
    String forPoint(LoadSpec spec) {
        return shares(spec) ? servers : generator;
    }
}
