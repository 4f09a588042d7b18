package io.wsbench.launch;

import org.eclipse.aether.RepositoryException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Another version of what a stack is built on: an option its descriptor lets resolve
 * ({@code resolve.OPTION=group:artifact,...}, e.g. {@code version} for CXF's artifacts, {@code tomcat}
 * for Tomcat's), given a value other than its default. The artifacts of that version, with their
 * dependencies, are resolved from Maven Central by Maven's own resolver, in this process
 * ({@link MavenCentral}), on first use into the user's cache (~/.cache/wsbench/stacks/STACK/OPTION-VALUE/lib,
 * marked complete by a file {@code resolved} beside it) and reused after; the stack then starts on them in
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

    /**
     * The releases of {@code stack}'s {@code option} from {@code from} to {@code to}, both included and
     * oldest first, as Maven Central's metadata lists them for the option's first artifact, in process;
     * snapshots, milestones and release candidates (any version with a letter) left out unless
     * {@code previews}. The ends must be among them.
     */
    public static List<String> releases(StackDescriptor stack, String option, String from, String to, boolean previews)
            throws StackException {
        String artifacts = stack.props().getProperty("resolve." + option);
        if (artifacts == null) {
            throw new StackException("stack " + stack.name() + ": " + option + " is not an option whose releases wsbench resolves"
                    + (resolvable(stack).isEmpty() ? "" : " (those are: " + String.join(", ", resolvable(stack)) + ")"));
        }
        String first = list(artifacts).get(0);
        List<String> all;
        try {
            all = MavenCentral.ofUser().versions(first, "[" + from + "," + to + "]");
        } catch (IOException | RepositoryException | RuntimeException e) {
            throw new StackException("stack " + stack.name() + ": the releases of " + first + " from " + from + " to " + to
                    + " could not be listed: " + e.getMessage());
        }
        List<String> kept = all.stream().filter(v -> previews ? !v.endsWith("-SNAPSHOT") : v.matches("[0-9.]+")).toList();
        for (String end : List.of(from, to)) {
            if (!kept.contains(end)) {
                throw new StackException("stack " + stack.name() + ": " + option + " " + end + " is not a release of " + first
                        + " on Maven Central" + (kept.isEmpty() ? "" : " (from " + kept.get(0) + " to " + kept.get(kept.size() - 1) + " it has "
                        + kept.size() + ")"));
            }
        }
        return kept;
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
    public static String classpath(StackDescriptor stack, Map<String, String> options) throws StackException {
        check(stack, options);
        List<Path> resolved = new ArrayList<>();
        for (String option : resolvable(stack)) {
            String value = options.get(option);
            if (value != null && !value.equals(stack.options().get(option))) {
                resolved.addAll(jars(resolve(stack, option, value, cache(), MavenCentral::ofUser)));
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

    /**
     * The directory of {@code option}'s {@code value} for {@code stack}, resolved now from
     * {@code central} into {@code cache} when it is not there yet.
     */
    static Path resolve(StackDescriptor stack, String option, String value, Path cache, MavenCentral.Source central)
            throws StackException {
        Path dir = cache.resolve(stack.name()).resolve(option + "-" + value);
        Path lib = dir.resolve("lib");
        if (Files.isRegularFile(dir.resolve("resolved"))) {
            return lib;
        }
        Path log = dir.resolve("resolution.log");
        List<String> said = new ArrayList<>();
        MavenCentral from = null;
        try {
            from = central.get();
            Files.createDirectories(dir);
            // resolved beside lib/ and renamed when complete: an interrupted resolution leaves no half lib/
            Path partial = dir.resolve("lib.partial");
            deleteTree(partial);
            from.copy(list(stack.props().getProperty("resolve." + option)), value,
                    list(stack.props().getProperty("resolve." + option + ".exclusions", "")),
                    // resolve.OPTION.transitive=false: only the named artifacts change, everything else stays as built
                    !"false".equals(stack.props().getProperty("resolve." + option + ".transitive", "").trim()), partial, said);
            deleteTree(lib);
            Files.move(partial, lib, StandardCopyOption.ATOMIC_MOVE);
            Files.write(log, said);
            Files.writeString(dir.resolve("resolved"), value + "\n");
            return lib;
        } catch (RepositoryException e) {
            said.add(e.toString());
            writeQuietly(log, said);
            org.eclipse.aether.artifact.Artifact missing = MavenCentral.missing(e);
            // a version that exists can still fail: a dependency of it (or its parent POM) may be missing from Central
            String why = from.offline() ? " (Maven is offline)" : missing == null ? ""
                    : missing.getVersion().equals(value) ? " (no such version)"
                    : " (its dependency " + missing.getGroupId() + ":" + missing.getArtifactId() + ":" + missing.getVersion()
                    + " was not found there)";
            throw new StackException("stack " + stack.name() + ": " + option + " " + value + " cannot be had from Maven Central" + why
                    + "; lines known to run here: " + lines(stack, option) + " (details: " + log + ")");
        } catch (IOException | UncheckedIOException e) {
            throw new StackException("stack " + stack.name() + ": cannot resolve " + option + " " + value + ": " + e.getMessage());
        }
    }

    private static List<String> list(String commaSeparated) {
        return commaSeparated.isBlank() ? List.of() : List.of(commaSeparated.trim().split("\\s*,\\s*"));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /** The log of a failed resolution: the refusal names it, and says why without it when it cannot be written. */
    private static void writeQuietly(Path log, List<String> lines) {
        try {
            Files.createDirectories(log.getParent());
            Files.write(log, lines);
        } catch (IOException ignored) {
            // the refusal is the message that matters
        }
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
