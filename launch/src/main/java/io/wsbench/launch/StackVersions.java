package io.wsbench.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Another version of what a stack is built on: an option its descriptor lets resolve
 * ({@code resolve.OPTION=group:artifact,...}, e.g. {@code version} for CXF's artifacts, {@code tomcat}
 * for Tomcat's), given a value other than its default. The artifacts of that version, with their
 * dependencies, are resolved through Maven on first use into the user's cache
 * (~/.cache/wsbench/stacks/STACK/OPTION-VALUE/lib) and reused after; the stack then starts on them in
 * place of the jars of the same names it was built with. {@code resolve.OPTION.accepted} is a
 * pattern of the values known to run here, {@code resolve.OPTION.lines} says which,
 * {@code resolve.OPTION.exclusions} lists group:artifact left out of the resolution, and
 * {@code resolve.OPTION.transitive=false} takes the named artifacts alone, their dependencies as built.
 */
public final class StackVersions {

    private static final Pattern ARTIFACT = Pattern.compile("^(.+?)-\\d.*\\.jar$");

    private StackVersions() {
    }

    /** The options of {@code stack} that resolve another version when given one. */
    public static List<String> resolvable(StackDescriptor stack) {
        return stack.props().stringPropertyNames().stream()
                .filter(k -> k.startsWith("resolve.") && k.indexOf('.', "resolve.".length()) < 0)
                .map(k -> k.substring("resolve.".length())).sorted().toList();
    }

    /** What values {@code option} takes on {@code stack}, as its descriptor says; null when it does not resolve versions. */
    public static String lines(StackDescriptor stack, String option) {
        return stack.props().getProperty("resolve." + option + ".lines");
    }

    /** Refuses a value outside the lines known to run here, in one line, before anything is downloaded. */
    public static void check(StackDescriptor stack, Map<String, String> options) throws StackException {
        for (String option : resolvable(stack)) {
            String value = options.get(option);
            String accepted = stack.props().getProperty("resolve." + option + ".accepted");
            if (value != null && !value.equals(stack.options().get(option)) && accepted != null && !value.matches(accepted)) {
                throw new StackException("stack " + stack.name() + ": " + option + " " + value + " is not a line known to run here ("
                        + lines(stack, option) + ")");
            }
        }
    }

    /**
     * The class path of {@code stack} started with {@code options}: its own when every resolvable
     * option has its default, else the resolved jars first and the built ones not of the same names.
     */
    public static String classpath(StackDescriptor stack, Map<String, String> options, Path home) throws StackException {
        check(stack, options);
        List<Path> resolved = new ArrayList<>();
        for (String option : resolvable(stack)) {
            String value = options.get(option);
            if (value != null && !value.equals(stack.options().get(option))) {
                resolved.addAll(jars(resolve(stack, option, value, home)));
            }
        }
        if (resolved.isEmpty()) {
            return stack.classpath(options);
        }
        Set<String> replaced = new HashSet<>();
        resolved.forEach(j -> replaced.add(artifact(j)));
        List<String> entries = new ArrayList<>();
        resolved.forEach(j -> entries.add(j.toString()));
        for (Path built : jars(stack.libDir())) {
            if (!replaced.contains(artifact(built))) {
                entries.add(built.toString());
            }
        }
        return String.join(":", entries);
    }

    /** The directory of {@code option}'s {@code value} for {@code stack}, resolved now when it is not in the cache. */
    static Path resolve(StackDescriptor stack, String option, String value, Path home) throws StackException {
        Path dir = cache().resolve(stack.name()).resolve(option + "-" + value);
        Path lib = dir.resolve("lib");
        if (Files.isRegularFile(dir.resolve("resolved"))) {
            return lib;
        }
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("pom.xml"), pom(stack, option, value));
            Path log = dir.resolve("mvn.log");
            // resolve.OPTION.transitive=false: only the named artifacts change, everything else stays as built
            boolean transitive = !"false".equals(stack.props().getProperty("resolve." + option + ".transitive", "").trim());
            Process mvn = new ProcessBuilder(maven(), "-B", "-q", "-f", dir.resolve("pom.xml").toString(),
                    "dependency:copy-dependencies", "-DoutputDirectory=" + lib, "-DincludeScope=runtime",
                    "-DexcludeTransitive=" + !transitive)
                    .directory(home == null ? dir.toFile() : home.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!mvn.waitFor(10, TimeUnit.MINUTES)) {
                mvn.destroyForcibly();
                throw new StackException("stack " + stack.name() + ": resolving " + option + " " + value + " took more than 10 minutes");
            }
            if (mvn.exitValue() != 0) {
                String said = Files.readAllLines(log).stream().filter(l -> l.contains("ERROR")).findFirst().orElse("");
                throw new StackException("stack " + stack.name() + ": " + option + " " + value + " cannot be had from Maven Central"
                        + (said.contains("not find") || said.contains("Could not resolve") ? " (no such version)" : "")
                        + "; lines known to run here: " + lines(stack, option) + " (details: " + log + ")");
            }
            Files.writeString(dir.resolve("resolved"), value + "\n");
            return lib;
        } catch (IOException e) {
            throw new StackException("stack " + stack.name() + ": cannot resolve " + option + " " + value + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("interrupted while resolving " + option + " " + value + " of stack " + stack.name());
        }
    }

    private static String pom(StackDescriptor stack, String option, String value) {
        String exclusions = stack.props().getProperty("resolve." + option + ".exclusions", "").trim();
        StringBuilder ex = new StringBuilder();
        for (String e : exclusions.isEmpty() ? new String[0] : exclusions.split("\\s*,\\s*")) {
            String[] ga = e.split(":");
            ex.append("<exclusion><groupId>").append(ga[0]).append("</groupId><artifactId>").append(ga[1])
                    .append("</artifactId></exclusion>");
        }
        StringBuilder deps = new StringBuilder();
        for (String ga : stack.props().getProperty("resolve." + option).trim().split("\\s*,\\s*")) {
            String[] p = ga.split(":");
            deps.append("<dependency><groupId>").append(p[0]).append("</groupId><artifactId>").append(p[1])
                    .append("</artifactId><version>").append(value).append("</version>")
                    .append(ex.length() == 0 ? "" : "<exclusions>" + ex + "</exclusions>").append("</dependency>\n");
        }
        return """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <!-- written by wsbench: %s %s %s, resolved once into lib/ -->
                  <groupId>io.wsbench.resolved</groupId><artifactId>%s-%s</artifactId><version>%s</version>
                  <dependencies>
                %s  </dependencies>
                  <build><plugins><plugin><groupId>org.apache.maven.plugins</groupId>
                    <artifactId>maven-dependency-plugin</artifactId><version>3.8.1</version></plugin></plugins></build>
                </project>
                """.formatted(stack.name(), option, value, stack.name(), option, value, deps);
    }

    private static String maven() {
        String home = System.getenv("MAVEN_HOME");
        if (home != null && Files.isExecutable(Path.of(home, "bin", "mvn"))) {
            return Path.of(home, "bin", "mvn").toString();
        }
        return "mvn";
    }

    static Path cache() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("wsbench").resolve("stacks");
    }

    private static List<Path> jars(Path dir) throws StackException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new StackException("cannot list " + dir + ": " + e.getMessage());
        }
    }

    /** A jar's artifact name: its file name up to the version ("cxf-core-4.2.3.jar" is cxf-core). */
    static String artifact(Path jar) {
        Matcher m = ARTIFACT.matcher(jar.getFileName().toString());
        return m.matches() ? m.group(1) : jar.getFileName().toString();
    }
}
