package io.wsbench.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A stack's server process, started by {@link StackLauncher}, listening on {@code port} of 127.0.0.1. */
public record RunningStack(StackDescriptor descriptor, Process process, int port, Path log) {

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** Why the process is gone, for the report: its exit code and the last thing it logged. */
    public String deathNotice() {
        return "server of stack " + descriptor.name() + " exited with code " + process.exitValue()
                + (lastLogLine().isEmpty() ? "" : ": " + lastLogLine());
    }

    /** The line prefix a Java stack's host logs what it actually loaded with (ServletHost.LOADED). */
    public static final String LOADED = "wsbench loaded: ";

    /**
     * What the server says it actually loaded ("CXF 4.1.5; Tomcat 11.0.27; Java 17.0.15"), read
     * from its log; null when it did not say (a command, the direct stack).
     */
    public String loaded() {
        try (var lines = Files.lines(log)) {
            return lines.filter(l -> l.startsWith(LOADED)).map(l -> l.substring(LOADED.length()).trim())
                    .findFirst().orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    public String lastLogLine() {
        return lastLogLines(1);
    }

    /** The last {@code n} lines of the server's log that say something, joined by " | " to stay one line. */
    public String lastLogLines(int n) {
        List<String> said = new ArrayList<>();
        try {
            List<String> lines = Files.readAllLines(log);
            for (int i = lines.size() - 1; i >= 0 && said.size() < n; i--) {
                if (!lines.get(i).isBlank()) {
                    said.add(0, lines.get(i).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // no log: nothing to add
        }
        return String.join(" | ", said);
    }

    /** Asks the server to stop (SIGTERM), then insists (SIGKILL after 5 s); processes it started go too. */
    public void stop() {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        children.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
            for (ProcessHandle child : children) {
                if (child.isAlive()) {
                    child.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
