package io.wsbench.agent;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Agents as processes of this machine ({@code run --agents N --local}): for a client machine with
 * more cores than one JVM's generator uses well, and for tests. Each is this JVM's own java and
 * class path running {@code wsbench agent} on the loopback address, with the run's generator options
 * and a secret of the run's own (in its environment, never on its command line), its output in a log
 * file. They are stopped when the run ends, when its process is stopped (Ctrl-C, SIGTERM), and, should
 * it be killed outright, by themselves: each watches the run's process and leaves when it is gone.
 */
public final class LocalAgents implements AutoCloseable {

    private final List<Process> processes;
    private final Thread onExit;

    private LocalAgents(List<Process> processes) {
        this.processes = processes;
        this.onExit = new Thread(this::stop, "wsbench-local-agents-stop");
        Runtime.getRuntime().addShutdownHook(onExit);
    }

    /**
     * Starts {@code count} agents that dial the controller at {@code controller} in cluster {@code name} with
     * {@code secret}, listening from {@code port} on (each takes the next free one). {@code main}: the class whose
     * {@code agent} command starts an agent (the CLI's); {@code options}: the run's generator options, as the agent
     * command takes them ({@code --threads N}, {@code --busy-poll}, {@code --no-cores-awake}).
     */
    public static LocalAgents start(int count, String main, String name, Secret secret, String controller, int port,
                                    List<String> options, Path logs) throws IOException {
        Files.createDirectories(logs);
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(jvmOptions());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main, "agent", "--cluster", name,
                "--join", controller, "--bind", Cluster.LOOPBACK, "--port", String.valueOf(port),
                "--parent", String.valueOf(ProcessHandle.current().pid())));
        command.addAll(options);
        List<Process> started = new ArrayList<>();
        try {
            for (int i = 1; i <= count; i++) {
                ProcessBuilder agent = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(logs.resolve("agent-" + i + ".log").toFile());
                agent.environment().put(Secret.ENVIRONMENT, secret.forEnvironment());
                started.add(agent.start());
            }
        } catch (IOException e) {
            started.forEach(Process::destroyForcibly);
            throw e;
        }
        return new LocalAgents(List.copyOf(started));
    }

    /**
     * This JVM's own options (the launcher's collector, heap, JIT and Netty settings: without them an
     * agent's generator spent twice the CPU per request), less what belongs to this process alone (its
     * class-data archive, a debugger's or an agent's port).
     */
    static List<String> jvmOptions() {
        List<String> options = new ArrayList<>();
        for (String o : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!o.startsWith("-agentlib") && !o.startsWith("-javaagent") && !o.startsWith("-XX:SharedArchiveFile")
                    && !o.startsWith("-XX:ArchiveClassesAtExit") && !o.startsWith("-Xshare")) {
                options.add(o);
            }
        }
        return options;
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException e) {
            // the JVM is stopping: the hook runs stop() itself
        }
        stop();
    }

    private void stop() {
        processes.forEach(Process::destroy);
        for (Process p : processes) {
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
    }
}
