package io.wsbench.core.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The reference stacks built in this checkout: {@code stacks/<name>/target/stack/stack.properties}. */
public final class StackCatalog {

    private final Path home;
    private final List<StackDescriptor> stacks;

    private StackCatalog(Path home, List<StackDescriptor> stacks) {
        this.home = home;
        this.stacks = stacks;
    }

    public static StackCatalog in(Path home) {
        List<StackDescriptor> found = new ArrayList<>();
        Path dir = home.resolve("stacks");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path module : s.sorted().toList()) {
                    Path props = module.resolve("target/stack/stack.properties");
                    if (Files.isRegularFile(props)) {
                        found.add(StackDescriptor.load(props));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        found.sort(Comparator.comparing(StackDescriptor::name));
        return new StackCatalog(home, List.copyOf(found));
    }

    public Optional<StackDescriptor> find(String name) {
        return stacks.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    public List<StackDescriptor> all() {
        return stacks;
    }

    public Path home() {
        return home;
    }
}
