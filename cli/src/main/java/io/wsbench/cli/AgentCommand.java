package io.wsbench.cli;

import io.wsbench.agent.Agent;
import io.wsbench.agent.Cluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

@Command(name = "agent", description = "Start a load agent: it listens for a wsbench controller (run --agents N) that holds the"
        + " cluster's secret, or dials it (--join), and runs its part of every point of that run, until stopped (Ctrl-C).")
final class AgentCommand implements Callable<Integer> {

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "" + Cluster.DEFAULT_PORT,
            description = "the first port to listen on; the next ones are tried when it is taken (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--parent", paramLabel = "PID", hidden = true,
            description = "leave when process PID is gone: the run that started this agent (run --agents N --local)")
    Long parent;

    @Mixin
    GeneratorOptions generatorOptions;

    @Override
    public Integer call() throws Exception {
        Cluster c;
        try {
            c = new Cluster(cluster.name, cluster.join, cluster.bind, port, cluster.secret());
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        // Ctrl-C: the agent leaves its cluster (a part under way is stopped and told to the controller as aborted),
        // through the session's one Ctrl-C path as every measuring command's
        try (io.wsbench.runner.PointSession session = generatorOptions.session().open();
             Agent agent = Agent.start(c, session.generator(), session.awake(), AgentCommand::say)) {
            session.onInterrupt(agent::close);
            session.notes().forEach(AgentCommand::say);
            ScheduledExecutorService watch = watchingParent(agent);
            System.out.println("wsbench agent " + agent.address() + " (pid " + ProcessHandle.current().pid() + ") in cluster '"
                    + cluster.name + "'" + (c.join().isEmpty() ? "" : ", dialing " + String.join(", ", c.join()))
                    + ": waiting for points (Ctrl-C stops)");
            System.out.flush();
            agent.awaitClose();
            if (watch != null) {
                watch.shutdownNow();
            }
        }
        return 0;
    }

    /** With --parent: closes the agent once the run that started it is gone, however it went (SIGKILL too). */
    private ScheduledExecutorService watchingParent(Agent agent) {
        if (parent == null) {
            return null;
        }
        ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "wsbench-agent-parent");
            t.setDaemon(true);
            return t;
        });
        watch.scheduleWithFixedDelay(() -> {
            if (ProcessHandle.of(parent).map(ProcessHandle::isAlive).orElse(false)) {
                return;
            }
            say("the run that started this agent (pid " + parent + ") is gone: leaving");
            agent.close();
        }, 500, 500, TimeUnit.MILLISECONDS);
        return watch;
    }

    /** A line of what the agent does, with the time: an agent's log says when each part came, started and ended. */
    private static void say(String line) {
        System.out.println(java.time.LocalTime.now() + " " + line);
        System.out.flush();
    }
}
