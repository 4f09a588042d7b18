package io.wsbench.cli;

import io.wsbench.agent.Agent;
import io.wsbench.agent.Cluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "agent", description = "Start a load agent: it joins a wsbench cluster and runs its part of every point of"
        + " the runs a controller (run --agents N) starts, until stopped (Ctrl-C).")
final class AgentCommand implements Callable<Integer> {

    @Option(names = "--join", split = ",", paramLabel = "HOST[:PORT]", description = "members to join: the controller's"
            + " address, or any agent's (default port " + Cluster.DEFAULT_PORT + ")")
    List<String> join;

    @Option(names = "--kubernetes-service", paramLabel = "DNS", description = "find the other members through the DNS name"
            + " of the agents' headless Service instead of --join (see deploy/kubernetes)")
    String kubernetesService;

    @Option(names = "--bind", paramLabel = "ADDR", description = "the address to listen on and be reached at (default: Hazelcast's choice)")
    String bind;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "" + Cluster.DEFAULT_PORT,
            description = "the first port to listen on; the next ones are tried when it is taken (default: $${DEFAULT-VALUE})")
    int port;

    @Option(names = "--cluster", paramLabel = "NAME", defaultValue = Cluster.DEFAULT_NAME,
            description = "the cluster's name: members join only members of the same name (default: $${DEFAULT-VALUE})")
    String cluster;

    @Mixin
    GeneratorOptions generatorOptions;

    @Override
    public Integer call() throws Exception {
        Cluster c;
        try {
            c = new Cluster(cluster, join, bind, port, kubernetesService);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(e.getMessage());
        }
        try (io.wsbench.runner.PointSession session = generatorOptions.session().open();
             Agent agent = Agent.start(c, session.generator(), AgentCommand::say)) {
            session.notes().forEach(AgentCommand::say);
            // Ctrl-C: the agent leaves its cluster (a part under way is stopped and told to the controller as aborted)
            Runtime.getRuntime().addShutdownHook(new Thread(agent::close, "wsbench-agent-stop"));
            System.out.println("wsbench agent " + agent.address() + " (pid " + ProcessHandle.current().pid() + ") in cluster '"
                    + cluster + "': waiting for points (Ctrl-C stops)");
            System.out.flush();
            agent.awaitClose();
        }
        return 0;
    }

    /** A line of what the agent does, with the time: an agent's log says when each part came, started and ended. */
    private static void say(String line) {
        System.out.println(java.time.LocalTime.now() + " " + line);
        System.out.flush();
    }
}
