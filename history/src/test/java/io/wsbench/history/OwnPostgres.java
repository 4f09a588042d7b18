package io.wsbench.history;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of the test's own, for a machine where PostgreSQL is installed but no server was
 * named ({@code WSBENCH_TEST_POSTGRES}, which {@code .ci/run} sets): a cluster made by {@code initdb} in a
 * temporary folder, on 127.0.0.1 at a free port, its socket in that folder, trusting local connections,
 * and removed when closed. As root it runs as the {@code postgres} user the package made (PostgreSQL
 * refuses root).
 */
final class OwnPostgres implements AutoCloseable {

    private final Path dir;
    private final Path bin;
    private final boolean asPostgres;
    final String url;

    private OwnPostgres(Path dir, Path bin, boolean asPostgres, int port) {
        this.dir = dir;
        this.bin = bin;
        this.asPostgres = asPostgres;
        this.url = "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=wsbench";
    }

    /** A server started here, or null when PostgreSQL is not installed (why: printed). */
    static OwnPostgres startIfInstalled() throws IOException, InterruptedException {
        Path bin = installed();
        if (bin == null) {
            return null;
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory("wsbench-pg-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx")); // the postgres user's too
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        OwnPostgres pg = new OwnPostgres(dir, bin, root, port);
        try {
            pg.run("initdb", "-D", dir.resolve("data").toString(), "-A", "trust", "-U", "wsbench", "--no-sync", "-E", "UTF8");
            pg.run("pg_ctl", "-D", dir.resolve("data").toString(), "-w", "-t", "60", "-l", dir.resolve("log").toString(), "-o",
                    "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off", "start");
            return pg;
        } catch (IOException e) {
            pg.close();
            throw e;
        }
    }

    /** The bin folder of the newest PostgreSQL installed (Debian's /usr/lib/postgresql/N/bin), or null. */
    private static Path installed() throws IOException {
        Path lib = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(lib)) {
            return null;
        }
        try (Stream<Path> versions = Files.list(lib)) {
            return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.comparing(b -> b.getParent().getFileName().toString())).orElse(null);
        }
    }

    private void run(String tool, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (asPostgres) {
            command.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        command.add(bin.resolve(tool).toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(90, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException(tool + " failed: " + out.strip().lines().reduce((a, b) -> b).orElse(""));
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            if (Files.exists(dir.resolve("data/postmaster.pid"))) {
                run("pg_ctl", "-D", dir.resolve("data").toString(), "-m", "immediate", "-w", "stop");
            }
        } finally {
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
