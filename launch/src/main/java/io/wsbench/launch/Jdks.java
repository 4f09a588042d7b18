package io.wsbench.launch;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The JDKs installed here, by feature version, from their {@code release} files: those under
 * /usr/lib/jvm (Debian's and Temurin's packages put them there), JAVA_HOME and the one running
 * wsbench. A stack's {@code java} option picks one by version ({@code 25}) or by path.
 */
public final class Jdks {

    private Jdks() {
    }

    /** Feature version to the JDK's home, the running one first among equals. */
    public static Map<Integer, Path> found() {
        Map<Integer, Path> out = new TreeMap<>();
        add(out, Path.of(System.getProperty("java.home")));
        String home = System.getenv("JAVA_HOME");
        if (home != null && !home.isBlank()) {
            add(out, Path.of(home));
        }
        try (Stream<Path> homes = Files.list(Path.of("/usr/lib/jvm"))) {
            homes.sorted().forEach(h -> add(out, h));
        } catch (IOException none) {
            // no /usr/lib/jvm: the running JDK and JAVA_HOME only
        }
        return out;
    }

    /** The java launcher of {@code spec}: a feature version ("25") found here, or a JDK's home or its bin/java. */
    public static Path java(String spec) throws StackException {
        if (spec.matches("\\d+")) {
            Path home = found().get(Integer.parseInt(spec));
            if (home == null) {
                throw new StackException("no JDK " + spec + " here (found: " + describe() + "): install one, or give java: /path/to/jdk");
            }
            return home.resolve("bin/java");
        }
        Path p = Path.of(spec);
        Path java = Files.isDirectory(p) ? p.resolve("bin/java") : p;
        if (!Files.isExecutable(java)) {
            throw new StackException("java: " + spec + " is neither a JDK found here (" + describe() + ") nor a JDK's home or java launcher");
        }
        return java;
    }

    /** The feature version of the JDK whose launcher is {@code java}, or 0 when its release file does not say. */
    public static int version(Path java) {
        Integer v = feature(java.toAbsolutePath().getParent().getParent());
        return v == null ? 0 : v;
    }

    /** "17 (/usr/lib/jvm/java-17-openjdk-amd64), 25 (/usr/lib/jvm/temurin-25-jdk-amd64)" */
    public static String describe() {
        StringBuilder s = new StringBuilder();
        found().forEach((v, h) -> s.append(s.length() == 0 ? "" : ", ").append(v).append(" (").append(h).append(')'));
        return s.toString();
    }

    private static void add(Map<Integer, Path> out, Path home) {
        Integer v = feature(home);
        if (v != null && Files.isExecutable(home.resolve("bin/java"))) {
            out.putIfAbsent(v, home.toAbsolutePath().normalize());
        }
    }

    private static Integer feature(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return null;
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(release)) {
            p.load(r);
        } catch (IOException e) {
            return null;
        }
        String v = p.getProperty("JAVA_VERSION", "").replace("\"", "");
        String first = v.split("[.+-]")[0];
        return first.matches("\\d+") ? Integer.valueOf(first) : null;
    }
}
