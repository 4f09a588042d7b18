package io.wsbench.cli;

import io.wsbench.agent.Cluster;
import io.wsbench.agent.Controller;
import io.wsbench.agent.LocalAgents;
import io.wsbench.agent.Secret;
import io.wsbench.model.suite.Durations;
import io.wsbench.runner.LoadDriver;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** {@code run}'s options for load from agents: how many, where the cluster is, or agents of this machine. */
final class AgentOptions {

    @Option(names = "--agents", paramLabel = "N", description = "send every point's load from N agents at once, each a"
            + " part of it (wsbench agent; with --join, or --local)")
    Integer count;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--local", description = "start the N agents on this machine, as processes, and stop them at the end")
    boolean local;

    @Option(names = "--agents-wait", paramLabel = "DURATION", defaultValue = "60s",
            description = "how long to wait for the agents to join (default: ${DEFAULT-VALUE})")
    String agentsWait;

    @Option(names = "--agents-lead", paramLabel = "DURATION", defaultValue = "500ms",
            description = "how far ahead each point's start instant is announced to the agents (default: ${DEFAULT-VALUE})")
    String agentsLead;

    /**
     * The run's load driver: this process's own generator, or a controller whose agents have all
     * joined (started here first with --local).
     */
    LoadDriver driver(GeneratorOptions generator, Path suite, Path keys, Path logs, PrintStream out) throws IOException, InterruptedException {
        if (count == null) {
            if (cluster.join != null || local) {
                throw new UserError("--join and --local go with --agents N");
            }
            return generator.settings().generator();
        }
        if (count < 1) {
            throw new UserError("--agents must be at least 1, got " + count);
        }
        if (local == (cluster.join != null)) {
            throw new UserError("--agents " + count + " needs either --join HOST[:PORT],... (agents started with"
                    + " wsbench agent) or --local (agents started here)");
        }
        Duration wait = duration("--agents-wait", agentsWait);
        Duration lead = duration("--agents-lead", agentsLead);
        // local agents: a cluster of this run alone, with a secret of its own (a leftover agent of an earlier run, even
        // of this same process, holds another and is never heard), on the loopback, at a port that is free
        String name = local ? cluster.name + "-" + ProcessHandle.current().pid() + "-" + java.util.UUID.randomUUID().toString().substring(0, 8)
                : cluster.name;
        Secret secret = local ? Secret.generate() : cluster.secret();
        int port = local ? freePort() : Cluster.DEFAULT_PORT;
        Cluster c;
        try {
            c = new Cluster(name, local ? List.of() : cluster.join, local ? Cluster.LOOPBACK : cluster.bind, port, secret);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        Controller controller = Controller.join(c, Files.readString(suite), suite.toAbsolutePath(), keys);
        controller.lead(lead);
        try {
            if (local) {
                controller.closing(LocalAgents.start(count, Main.class.getName(), name, secret, controller.address(), freePort(),
                        generator.asArguments(), logs));
            }
            out.println("waiting for " + count + " agents in cluster '" + name + "' at " + controller.address() + " ...");
            controller.await(count, wait);
            out.println("agents: " + String.join(", ", controller.agents()));
            return controller;
        } catch (Controller.AgentsMissing | Controller.AgentRefused e) {
            controller.close();
            throw new UserError(e.getMessage());
        } catch (IOException | InterruptedException | RuntimeException e) {
            controller.close();
            throw e;
        }
    }

    private static Duration duration(String option, String value) {
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw new UserError(option + ": " + e.getMessage());
        }
    }

    /** As a stack's port: below the ephemeral ports, so no client connection of a load takes it first. */
    private static int freePort() throws IOException {
        try {
            return io.wsbench.launch.StackLauncher.freePort();
        } catch (io.wsbench.launch.StackException e) {
            throw new IOException(e.getMessage());
        }
    }
}
