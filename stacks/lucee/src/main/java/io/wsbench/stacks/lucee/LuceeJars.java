package io.wsbench.stacks.lucee;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The jars of one Lucee version: the bundled one from {@code target/stack/lucee/VERSION}, any other
 * from {@code CACHE/lib}, copied there by Maven (maven-dependency-plugin) on first use and reused
 * after. Lucee's own Tomcat dependencies are left out (the stack's Tomcat 11 serves); 7.x also
 * needs the jakarta JSP 4.0 and EL 6.0 APIs, which Tomcat's embedded core does not carry, and
 * names jakarta.platform artifacts it does not need.
 */
final class LuceeJars {

    static final String DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1";
    private static final long RESOLVE_MINUTES = 10;

    private LuceeJars() {
    }

    static List<Path> of(Path stack, Path cache, String version) throws IOException, InterruptedException {
        Path bundled = stack.resolve("lucee").resolve(version);
        if (Files.isDirectory(bundled)) {
            return jars(bundled);
        }
        Path lib = cache.resolve("lib");
        if (!Files.isDirectory(lib)) {
            resolve(cache, version, lib);
        }
        return jars(lib);
    }

    /** Maven copies the version and its libraries into a scratch directory, renamed to lib/ only when complete. */
    private static void resolve(Path cache, String version, Path lib) throws IOException, InterruptedException {
        Files.createDirectories(cache);
        try (FileChannel channel = FileChannel.open(cache.resolve(".resolve-lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock ignored = channel.lock()) {
            if (Files.isDirectory(lib)) {
                return; // another start resolved it while this one waited
            }
            Path scratch = cache.resolve("resolve");
            delete(scratch);
            Files.createDirectories(scratch);
            Files.writeString(scratch.resolve("pom.xml"), pom(version), StandardCharsets.UTF_8);
            Path out = scratch.resolve("lib");
            List<String> cmd = List.of(maven(), "-B", "-q", "-f", scratch.resolve("pom.xml").toString(),
                    DEPENDENCY_PLUGIN + ":copy-dependencies", "-DoutputDirectory=" + out, "-DincludeScope=runtime");
            System.out.println("resolving Lucee " + version + " through Maven into " + lib);
            Path log = scratch.resolve("maven.log");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(RESOLVE_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("Maven did not resolve Lucee " + version + " within " + RESOLVE_MINUTES + " minutes");
            }
            if (p.exitValue() != 0 || !Files.isDirectory(out)) {
                throw new IOException("Maven cannot resolve org.lucee:lucee:" + version + ": " + firstError(log));
            }
            Files.move(out, lib, StandardCopyOption.ATOMIC_MOVE);
            delete(scratch);
        }
    }

    static String pom(String version) {
        boolean seven = major(version) >= 7;
        String jakartaApis = seven ? """
                    <dependency><groupId>jakarta.servlet.jsp</groupId><artifactId>jakarta.servlet.jsp-api</artifactId><version>4.0.0</version></dependency>
                    <dependency><groupId>jakarta.el</groupId><artifactId>jakarta.el-api</artifactId><version>6.0.1</version></dependency>
                """ : "";
        String platform = seven ? "<exclusion><groupId>jakarta.platform</groupId><artifactId>*</artifactId></exclusion>" : "";
        return """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>io.wsbench.lucee</groupId><artifactId>lucee-%1$s</artifactId><version>1</version>
                  <dependencies>
                    <dependency>
                      <groupId>org.lucee</groupId><artifactId>lucee</artifactId><version>%1$s</version>
                      <exclusions>
                        <exclusion><groupId>org.apache.tomcat</groupId><artifactId>*</artifactId></exclusion>
                        <exclusion><groupId>org.apache.tomcat.embed</groupId><artifactId>*</artifactId></exclusion>
                        %2$s
                      </exclusions>
                    </dependency>
                %3$s  </dependencies>
                </project>
                """.formatted(version, platform, jakartaApis);
    }

    /** The major version; a version is digits and dots, with a suffix (-RC, -SNAPSHOT), since it names a directory and goes into a pom. */
    static int major(String version) {
        if (!version.matches("\\d+(\\.\\d+)+(-[A-Za-z0-9.]+)?")) {
            throw new IllegalArgumentException("not a Lucee version: '" + version + "' (e.g. 6.2.0.321 or 7.0.2.106-RC)");
        }
        return Integer.parseInt(version.substring(0, version.indexOf('.')));
    }

    /** mvn from MAVEN_HOME, M2_HOME or the PATH. */
    private static String maven() {
        for (String env : new String[]{"MAVEN_HOME", "M2_HOME"}) {
            String home = System.getenv(env);
            if (home != null && Files.isExecutable(Path.of(home, "bin", "mvn"))) {
                return Path.of(home, "bin", "mvn").toString();
            }
        }
        return "mvn";
    }

    /** Maven's first error line (its later ones point to help pages), without colours or the help pointer. */
    private static String firstError(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        for (String line : lines) {
            String plain = line.replaceAll("\u001B\\[[;\\d]*m", "");
            if (plain.startsWith("[ERROR]")) {
                return plain.replaceFirst("^\\[ERROR]\\s*", "").replaceFirst("\\s*-> \\[Help \\d+]$", "").trim();
            }
        }
        return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
    }

    private static List<Path> jars(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> out = new ArrayList<>(files.filter(f -> f.toString().endsWith(".jar")).sorted().toList());
            if (out.stream().noneMatch(f -> f.getFileName().toString().startsWith("lucee-"))) {
                throw new IOException("no Lucee jar in " + dir);
            }
            return out;
        }
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
