package io.wsbench.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The reference stacks built in this checkout: {@code stacks/<module>/target/stack/stack.properties}.
 * A module whose descriptor names {@code lineOf} is not a stack of its own but another line of one
 * (e.g. the cxf stack on javax, CXF 3.6): it serves that stack when a target's options ask for it.
 */
public final class StackCatalog {

    private final Path home;
    private final List<StackDescriptor> stacks;
    private final List<StackDescriptor> lines;

    private StackCatalog(Path home, List<StackDescriptor> stacks, List<StackDescriptor> lines) {
        this.home = home;
        this.stacks = stacks;
        this.lines = lines;
    }

    public static StackCatalog in(Path home) {
        List<StackDescriptor> found = new ArrayList<>();
        List<StackDescriptor> lines = new ArrayList<>();
        Path dir = home.resolve("stacks");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path module : s.sorted().toList()) {
                    Path props = module.resolve("target/stack/stack.properties");
                    if (Files.isRegularFile(props)) {
                        StackDescriptor d = StackDescriptor.load(props);
                        (d.lineOf() == null ? found : lines).add(d);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        found.sort(Comparator.comparing(StackDescriptor::name));
        List<StackDescriptor> merged = new ArrayList<>();
        for (StackDescriptor line : lines) {
            found.stream().filter(s -> s.name().equals(line.lineOf())).findFirst().ifPresent(s -> merged.add(line.over(s)));
        }
        return new StackCatalog(home, List.copyOf(found), List.copyOf(merged));
    }

    /** The build of {@code stack} that serves {@code options}: the line they ask for, or the stack itself. */
    public StackDescriptor serving(StackDescriptor stack, Map<String, String> options) {
        return lines.stream().filter(l -> l.lineOf().equals(stack.name()) && l.serves(options)).findFirst().orElse(stack);
    }

    /** The other lines of {@code stack} built here (e.g. its javax line), for listings. */
    public List<StackDescriptor> lines(StackDescriptor stack) {
        return lines.stream().filter(l -> l.lineOf().equals(stack.name())).toList();
    }

    public Optional<StackDescriptor> find(String name) {
        return stacks.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    public List<StackDescriptor> all() {
        return stacks;
    }

    /** The names of the stacks built here, as a listing or a "did you mean" gives them. */
    public List<String> names() {
        return stacks.stream().map(StackDescriptor::name).toList();
    }

    public Path home() {
        return home;
    }
}
