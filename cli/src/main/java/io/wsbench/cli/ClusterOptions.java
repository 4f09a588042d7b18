package io.wsbench.cli;

import io.wsbench.agent.Cluster;
import picocli.CommandLine.Option;

import java.util.List;

/**
 * Where a wsbench cluster is, as an agent ({@code wsbench agent}) and a controller ({@code run --agents N})
 * both name it: the members to join, the cluster's name, and the address this process is reached at.
 */
final class ClusterOptions {

    @Option(names = "--join", split = ",", paramLabel = "HOST[:PORT]", description = "the cluster's members to join: one address"
            + " or more, an agent's or the controller's (default port " + Cluster.DEFAULT_PORT + ")")
    List<String> join;

    @Option(names = "--cluster", paramLabel = "NAME", defaultValue = Cluster.DEFAULT_NAME,
            description = "the cluster's name: members join only members of the same name (default: ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--bind", paramLabel = "ADDR", description = "the address this process listens on and is reached at"
            + " (default: Hazelcast's choice)")
    String bind;
}
