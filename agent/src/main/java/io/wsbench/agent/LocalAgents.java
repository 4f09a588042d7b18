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
 * class path running {@code wsbench agent}, on the loopback address, its output in a log file; all
 * are stopped when the run ends.
 */
public final class LocalAgents implements AutoCloseable {

    private final List<Process> processes;

    private LocalAgents(List<Process> processes) {
        this.processes = processes;
    }

    /**
     * Starts {@code count} agents that join the controller at {@code controller} in cluster {@code name}, listening
     * from {@code port} on (each takes the next free one): a port found free, not Hazelcast's 5701, where agents of
     * other runs or a user's own cluster may still sit. {@code main}: the class whose {@code agent} command starts an
     * agent (the CLI's).
     */
    public static LocalAgents start(int count, String main, String name, String controller, int port, Path logs) throws IOException {
        Files.createDirectories(logs);
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(jvmOptions());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main, "agent", "--cluster", name,
                "--join", controller, "--bind", "127.0.0.1", "--port", String.valueOf(port)));
        List<Process> started = new ArrayList<>();
        try {
            for (int i = 1; i <= count; i++) {
                Path log = logs.resolve("agent-" + i + ".log");
                started.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start());
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
     * class-data archive, a debugger's or an agent's port), and with the access Hazelcast asks for.
     */
    static List<String> jvmOptions() {
        List<String> options = new ArrayList<>();
        for (String o : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!o.startsWith("-agentlib") && !o.startsWith("-javaagent") && !o.startsWith("-XX:SharedArchiveFile")
                    && !o.startsWith("-XX:ArchiveClassesAtExit") && !o.startsWith("-Xshare")) {
                options.add(o);
            }
        }
        if (options.stream().noneMatch(o -> o.contains("java.base/sun.nio.ch"))) {
            options.addAll(Cluster.JVM_ACCESS);
        }
        return options;
    }

    @Override
    public void close() {
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
