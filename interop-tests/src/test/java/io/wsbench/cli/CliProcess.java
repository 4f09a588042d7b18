package io.wsbench.cli;

import io.wsbench.runner.Home;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs the CLI in a JVM of its own, on this test's class path, for what only a real process shows:
 * a signal, and the exit code after it. Everything it prints goes to {@code output}. Closing it
 * kills whatever is left of it and of the processes it started.
 */
final class CliProcess implements AutoCloseable {

    private final Process process;
    private final Path output;

    private CliProcess(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    static CliProcess start(Path output, String... args) throws IOException {
        // surefire runs the tests from a manifest-only jar; its property holds the class path itself
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports=jdk.internal.jvmstat/sun.jvmstat.monitor=ALL-UNNAMED",
                "--add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED",
                "-Dwsbench.home=" + Home.find(), "-cp", classPath, Main.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        return new CliProcess(p, output);
    }

    /**
     * {@code wsbench serve STACK --port PORT ARGS}, its output in {@code output}, once it says it serves
     * ("Ctrl-C stops it."); fails the test if it ends or says nothing within {@code limit}.
     */
    static CliProcess serving(Path output, Duration limit, String stack, int port, String... args)
            throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of("serve", stack, "--port", String.valueOf(port)));
        all.addAll(List.of(args));
        CliProcess serve = start(output, all.toArray(new String[0]));
        try {
            serve.awaitTrue(limit, "\"Ctrl-C stops it.\"", () -> {
                try {
                    return serve.output().contains("Ctrl-C stops it.");
                } catch (IOException e) {
                    return false;
                }
            });
        } catch (AssertionError | IOException | InterruptedException e) {
            serve.close();
            throw e;
        }
        return serve;
    }

    long pid() {
        return process.pid();
    }

    /**
     * What it printed so far, stdout and stderr together; without the JVM's own line on the options the
     * tests give every JVM (interop-tests/pom.xml: JAVA_TOOL_OPTIONS), which is not wsbench's to print.
     */
    String output() throws IOException {
        return Files.readString(output).replaceAll("(?m)^Picked up JAVA_TOOL_OPTIONS: .*\\R", "");
    }

    /**
     * Ctrl-C: SIGINT, as a terminal sends it. A process that inherited SIGINT ignored (the build started as a
     * shell's background job without job control, or under nohup) gets no handler for it from the JVM: then
     * this fails at once and says so, instead of the process running on until the test's limit.
     */
    void interrupt() throws IOException, InterruptedException {
        if (ignoresSigint(process.pid())) {
            fail("the wsbench process ignores SIGINT, inherited from the build that started it (a background job"
                    + " or nohup): Ctrl-C cannot reach it; run the build in the foreground");
        }
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).inheritIO().start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            fail("kill -INT " + process.pid() + " failed");
        }
    }

    /** Whether process {@code pid} ignores SIGINT (signal 2), from its SigIgn mask in /proc; false where there is no /proc. */
    private static boolean ignoresSigint(long pid) throws IOException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (!Files.isReadable(status)) {
            return false;
        }
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:"))
                .anyMatch(l -> (Long.parseUnsignedLong(l.substring("SigIgn:".length()).trim(), 16) & (1L << 1)) != 0);
    }

    /** Its exit code; fails the test if it is still running after {@code limit}. */
    int exitCode(Duration limit) throws IOException, InterruptedException {
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            fail("still running after " + limit + ":\n" + output());
        }
        return process.exitValue();
    }

    /** Polls {@code condition} every 100 ms; fails the test, showing the output, if it is not true within {@code limit}. */
    void awaitTrue(Duration limit, String what, BooleanSupplier condition) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (!process.isAlive()) {
                fail("exited with code " + process.exitValue() + " before " + what + ":\n" + output());
            }
            if (System.nanoTime() - deadline > 0) {
                fail("no " + what + " within " + limit + ":\n" + output());
            }
            Thread.sleep(100);
        }
    }

    /** SIGTERM, as a service manager or {@code kill PID} sends it; {@code forcibly}: SIGKILL, which no process can catch. */
    void signal(boolean forcibly) {
        if (forcibly) {
            process.destroyForcibly();
        } else {
            process.destroy();
        }
    }

    /** The processes it has started and that still run. */
    java.util.List<ProcessHandle> children() {
        return process.descendants().filter(ProcessHandle::isAlive).toList();
    }

    static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
