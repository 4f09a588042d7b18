package io.wsbench.agent;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.cluster.Member;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * How a wsbench process joins its cluster: Hazelcast, embedded, members found by a TCP/IP list (or by
 * Kubernetes DNS, {@code kubernetesService}), never by multicast. The controller is a lite member
 * (it holds no data), the agents full members; each says which it is in a member attribute.
 *
 * @param name              the cluster's name: only members of the same name join one another
 * @param join              host[:port] of members to join (the controller's, or any agent's)
 * @param bind              the address to listen on and be reached at, or null for Hazelcast's choice
 * @param port              the first port to try; the next ones are tried when it is taken
 * @param kubernetesService the DNS name of the agents' headless Service, to find members by DNS
 *                          instead of {@code join}; null off Kubernetes
 */
public record Cluster(String name, List<String> join, String bind, int port, String kubernetesService) {

    public static final String DEFAULT_NAME = "wsbench";
    public static final int DEFAULT_PORT = 5701;
    static final String ROLE = "wsbench.role";
    static final String AGENT = "agent";
    static final String CONTROLLER = "controller";
    /** The JDK internals Hazelcast asks for (the launcher gives them to run and agent too). */
    static final List<String> JVM_ACCESS = List.of("--add-modules", "java.se",
            "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.management/sun.management=ALL-UNNAMED",
            "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED");
    /** Where an agent keeps itself in its member's user context, for the tasks the controller sends it. */
    static final String SELF = "wsbench.agent";

    public Cluster {
        join = join == null ? List.of() : List.copyOf(join);
        if (join.isEmpty() && kubernetesService == null) {
            throw new IllegalArgumentException("a cluster member needs --join HOST[:PORT],... (or Kubernetes discovery)");
        }
    }

    /**
     * Hazelcast logs its life at INFO and a lost connection at WARNING: wsbench says itself which agent left and who
     * never came, in one line; Hazelcast's own account is left for its errors. Held here because the JDK's log manager
     * keeps loggers only weakly: a level set on a logger nobody holds is lost at the next collection before Hazelcast
     * asks for its child loggers (seen in a test JVM, where Hazelcast's start-up lines reached stderr).
     */
    private static final Logger HAZELCAST_LOG = Logger.getLogger("com.hazelcast");

    /** Starts this process's member of the cluster, as an agent or as the controller. */
    HazelcastInstance start(String role, Map<String, Object> context) {
        HAZELCAST_LOG.setLevel(Level.SEVERE);
        Config config = new Config();
        config.setClusterName(name);
        config.setLiteMember(CONTROLLER.equals(role));
        config.getMemberAttributeConfig().setAttribute(ROLE, role);
        config.setUserContext(new ConcurrentHashMap<>(context));
        config.setProperty("hazelcast.logging.type", "jdk");
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.shutdownhook.enabled", "false");
        // an agent that dies mid-point is noticed within seconds, not the minute Hazelcast allows by default
        config.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        config.setProperty("hazelcast.max.no.heartbeat.seconds", "5");
        NetworkConfig network = config.getNetworkConfig();
        network.setPort(port).setPortAutoIncrement(true).setPortCount(100);
        if (bind != null) {
            config.setProperty("hazelcast.socket.bind.any", "false");
            config.setProperty("hazelcast.local.localAddress", bind);
            network.getInterfaces().setEnabled(true).addInterface(bind);
        }
        JoinConfig joining = network.getJoin();
        joining.getMulticastConfig().setEnabled(false);
        joining.getAutoDetectionConfig().setEnabled(false);
        if (kubernetesService != null) {
            joining.getKubernetesConfig().setEnabled(true).setProperty("service-dns", kubernetesService);
        } else {
            joining.getTcpIpConfig().setEnabled(true).setMembers(join);
        }
        return Hazelcast.newHazelcastInstance(config);
    }

    static boolean isAgent(Member m) {
        return AGENT.equals(m.getAttribute(ROLE));
    }

    /** host:port of a member, as its peers reach it. */
    static String address(Member m) {
        return m.getAddress().getHost() + ":" + m.getAddress().getPort();
    }
}
