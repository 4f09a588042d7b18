package io.wsbench.cli;

import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Python programs the tests run beside wsbench: their packages installed with pip when missing (the test skipped when pip cannot), servers started and awaited. */
final class PythonProcess {

    private PythonProcess() {
    }

    /** Skips the test, saying why, unless {@code module} imports, after installing {@code packages} with pip if it did not. */
    static void need(String module, String... packages) throws Exception {
        if (run(List.of("python3", "-c", "import " + module)) != 0) {
            List<String> pip = new ArrayList<>(List.of("python3", "-m", "pip", "install", "-q"));
            pip.addAll(List.of(packages));
            Assumptions.assumeTrue(run(pip) == 0, String.join(", ", packages) + " could not be installed with pip");
        }
    }

    /** Runs {@code command}, its output discarded, for 5 minutes at most; its exit code (-1 when it took longer). */
    static int run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }

    /** {@code python3 ARGS} started, its output in {@code dir}/server.out, once that output holds {@code ready} (60 s at most). */
    static Process started(Path dir, String ready, String... args) throws Exception {
        Path out = dir.resolve("server.out");
        Files.deleteIfExists(out);
        List<String> command = new ArrayList<>(List.of("python3"));
        command.addAll(List.of(args));
        Process server = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(out) || !Files.readString(out).contains(ready)) {
            assertTrue(server.isAlive(), Files.exists(out) ? Files.readString(out) : "the python server ended");
            if (System.nanoTime() >= deadline) {
                server.destroyForcibly();
                throw new AssertionError("the python server did not start in 60 s");
            }
            Thread.sleep(100);
        }
        return server;
    }
}
