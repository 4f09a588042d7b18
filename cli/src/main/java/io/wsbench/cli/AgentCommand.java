package io.wsbench.cli;

import io.wsbench.agent.Agent;
import io.wsbench.agent.Cluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

@Command(name = "agent", description = "Start a load agent: it joins a wsbench cluster and runs its part of every point of"
        + " the runs a controller (run --agents N) starts, until stopped (Ctrl-C).")
final class AgentCommand implements Callable<Integer> {

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--kubernetes-service", paramLabel = "DNS", description = "find the other members through the DNS name"
            + " of the agents' headless Service instead of --join (see deploy/kubernetes)")
    String kubernetesService;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "" + Cluster.DEFAULT_PORT,
            description = "the first port to listen on; the next ones are tried when it is taken (default: ${DEFAULT-VALUE})")
    int port;

    @Mixin
    GeneratorOptions generatorOptions;

    @Override
    public Integer call() throws Exception {
        Cluster c;
        try {
            c = new Cluster(cluster.name, cluster.join, cluster.bind, port, kubernetesService);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(e.getMessage());
        }
        try (io.wsbench.runner.PointSession session = generatorOptions.session().open();
             Agent agent = Agent.start(c, session.generator(), AgentCommand::say)) {
            session.notes().forEach(AgentCommand::say);
            // Ctrl-C: the agent leaves its cluster (a part under way is stopped and told to the controller as aborted)
            Runtime.getRuntime().addShutdownHook(new Thread(agent::close, "wsbench-agent-stop"));
            System.out.println("wsbench agent " + agent.address() + " (pid " + ProcessHandle.current().pid() + ") in cluster '"
                    + cluster.name + "': waiting for points (Ctrl-C stops)");
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
