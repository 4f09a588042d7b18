package io.wsbench.runner;

import io.wsbench.model.load.LoadSpec;

/**
 * Where a placed run's points send from: the generator's cores ({@code generator}), or, for a point of one user when
 * {@code together} (a suite's {@code cpus: { oneUser: together }}), the servers' cores ({@code servers}), where one
 * user's requests and answers take turns on one core instead of waking another for each.
 */
record OneUserCores(String generator, String servers, boolean together) {

    /** Whether a point at {@code spec} sends from the servers' cores: one user (a closed loop on one connection), together. */
    boolean shares(LoadSpec spec) {
        return together && !spec.open() && spec.connections() == 1;
    }

    /** The cores the generator's I/O threads run on for a point at {@code spec}. */
    String forPoint(LoadSpec spec) {
        return shares(spec) ? servers : generator;
    }
}
