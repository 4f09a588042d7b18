package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.StackLauncher;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's own service for the tests: a PHP script under PHP's built-in web server on 127.0.0.1
 * (installed by {@link Php#available()}, the test skipped where it cannot be), and the one-line
 * checks the own-service tests share. Not a stack wsbench ships: the service of a user.
 */
final class PhpService implements AutoCloseable {

    private final Process php;
    private final String base;

    private PhpService(Process php, String base) {
        this.php = php;
        this.base = base;
    }

    /** Starts {@code script} with PHP's {@code -d} settings {@code settings}; returns once it accepts connections. */
    static PhpService start(Path script, String... settings) throws Exception {
        return start(script, java.util.Map.of(), settings);
    }

    /** As {@link #start(Path, String...)}, with {@code environment} added to the server's environment. */
    static PhpService start(Path script, java.util.Map<String, String> environment, String... settings) throws Exception {
        String why = Php.available();
        Assumptions.assumeTrue(why == null, why);
        int port = StackLauncher.freePort();
        List<String> command = new ArrayList<>(List.of("php"));
        for (String s : settings) {
            command.add("-d");
            command.add(s);
        }
        command.addAll(List.of("-S", "127.0.0.1:" + port, script.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(environment);
        Process php = pb.start();
        String base = "http://127.0.0.1:" + port;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return new PhpService(php, base);
            } catch (IOException notYet) {
                assertTrue(System.nanoTime() < deadline && php.isAlive(), "PHP's server did not start on " + base);
                Thread.sleep(50);
            }
        }
    }

    /** http://127.0.0.1:PORT, without a trailing slash. */
    String base() {
        return base;
    }

    @Override
    public void close() {
        php.destroyForcibly();
    }

    /** {@code wsbench load ARGS --json}: the point, when it was measured (complete or not). */
    static JsonNode load(String... args) throws IOException {
        return RunJson.MAPPER.readTree(loaded(args).out());
    }

    /** The same, for a test that also reads what load said on stderr. */
    static CliRunner loaded(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "load";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--json";
        CliRunner r = CliRunner.run(all);
        assertTrue(r.exit() == 0 || r.exit() == ExitCode.PROBLEM, r.err());
        return r;
    }

    /**
     * A suite in {@code dir} whose one target names its service by {@code spec} ("wsdl: FILE" or
     * "openapi: FILE") and no operation: exit code 2, the file's line and column, no stack trace.
     */
    static void assertTargetNeedsAnOperation(Path dir, String spec) throws IOException {
        Path bad = java.nio.file.Files.writeString(dir.resolve("bad.yaml"), """
                name: bad
                targets:
                  - { label: nothing to load, %s }
                load:
                  - { users: 1, requestsPerUser: 3 }
                """.formatted(spec));
        CliRunner noOperation = CliRunner.run("run", bad.toString(), "--out", dir.resolve("bad").toString());
        assertEquals(2, noOperation.exit());
        assertTrue(noOperation.err().contains("bad.yaml:3:") && noOperation.err().contains("needs the 'operation'"), noOperation.err());
        assertFalse(noOperation.err().contains("\tat "), noOperation.err());
    }

    /** Bad input: exit code 2 and one line holding {@code expected}. */
    static void assertBadInput(CliRunner r, String expected) {
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains(expected), "expected '" + expected + "' in: " + r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
    }
}
