package io.wsbench.agent;

import java.util.List;

/**
 * Where a wsbench process stands in its cluster: the cluster's name and secret, the members it dials,
 * and the address it listens on. The controller and the agents are linked point to point ({@link Link}):
 * an agent's {@code --join} dials the controller, a controller's dials the agents, and either way every
 * message between them is sealed with the secret.
 *
 * @param name   the cluster's name: a member of another name is refused
 * @param join   host[:port] of members to dial (the controller's, or the agents': a DNS name stands for all its addresses)
 * @param bind   the address to listen on; null for the loopback address, 127.0.0.1
 * @param port   the first port to try; the next ones are tried when it is taken
 * @param secret the cluster's shared secret
 */
public record Cluster(String name, List<String> join, String bind, int port, Secret secret) {

    public static final String DEFAULT_NAME = "wsbench";
    public static final int DEFAULT_PORT = 5701;
    public static final String LOOPBACK = "127.0.0.1";
    static final String AGENT = "agent";
    static final String CONTROLLER = "controller";

    public Cluster {
        join = join == null ? List.of() : List.copyOf(join);
        bind = bind == null ? LOOPBACK : bind;
        if (secret == null) {
            throw new IllegalArgumentException("no cluster secret: " + Secret.HOW);
        }
        for (String member : join) {
            if (host(member).isEmpty() || port(member) < 1 || port(member) > 65535) {
                throw new IllegalArgumentException("--join " + member + ": not HOST[:PORT]");
            }
        }
    }

    /** The host of a member's host[:port] ([v6]:port too). */
    static String host(String member) {
        if (member.startsWith("[")) {
            int end = member.indexOf(']');
            return end < 0 ? "" : member.substring(1, end);
        }
        int colon = member.lastIndexOf(':');
        return colon < 0 || member.indexOf(':') != colon ? member : member.substring(0, colon);
    }

    /** The port of a member's host[:port], {@link #DEFAULT_PORT} when it has none; -1 when it is not a number. */
    static int port(String member) {
        int colon = member.lastIndexOf(':');
        boolean v6 = member.startsWith("[");
        if (colon < 0 || (v6 && colon < member.indexOf(']')) || (!v6 && member.indexOf(':') != colon)) {
            return DEFAULT_PORT;
        }
        try {
            return Integer.parseInt(member.substring(colon + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
