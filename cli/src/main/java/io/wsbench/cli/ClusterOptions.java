package io.wsbench.cli;

import io.wsbench.agent.Cluster;
import io.wsbench.agent.Secret;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;

/**
 * Where a wsbench cluster is, as an agent ({@code wsbench agent}) and a controller ({@code run --agents N})
 * both name it: the members to dial, the cluster's name and secret, and the address this process listens on.
 */
final class ClusterOptions {

    @Option(names = "--join", split = ",", paramLabel = "HOST[:PORT]", description = "the cluster's members to dial: one address"
            + " or more, an agent's or the controller's, a DNS name standing for all its addresses (default port " + Cluster.DEFAULT_PORT + ")")
    List<String> join;

    @Option(names = "--cluster", paramLabel = "NAME", defaultValue = Cluster.DEFAULT_NAME,
            description = "the cluster's name: a member of another name is refused (default: ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--bind", paramLabel = "ADDR", description = "the address this process listens on and is reached at"
            + " (default: " + Cluster.LOOPBACK + ", this machine only; an agent or controller on another host needs this host's address)")
    String bind;

    @Option(names = "--secret-file", paramLabel = "FILE", description = "the file that holds the cluster's shared secret, the same"
            + " on the controller and every agent (default: the environment's " + Secret.ENVIRONMENT + "; make one with"
            + " openssl rand -base64 32); every message between them is sealed with it")
    Path secretFile;

    /** The cluster's secret, from --secret-file or the environment; a one-line error without one. */
    Secret secret() {
        try {
            return Secret.of(secretFile);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }
}
