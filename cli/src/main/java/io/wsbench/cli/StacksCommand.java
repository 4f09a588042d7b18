package io.wsbench.cli;

import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.Jdks;
import io.wsbench.launch.StackVersions;
import io.wsbench.protocols.Protocol;
import io.wsbench.protocols.Protocols;
import io.wsbench.runner.Home;
import picocli.CommandLine.Command;

import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "stacks", description = "List the stacks and protocols available here.")
final class StacksCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        StackCatalog catalog = StackCatalog.in(Home.find());
        System.out.println("Stacks (each runs in its own process):");
        if (catalog.all().isEmpty()) {
            System.out.println("  none built: run ./wsbench once, or mvn -B package -DskipTests");
        }
        for (StackDescriptor d : catalog.all()) {
            System.out.printf("  %-13s %s%n  %-13s %s%n", d.name(), d.version(), "", d.description());
            for (String e : d.endpoints()) {
                System.out.printf("  %-13s   %s%n", "", e);
            }
            d.options().forEach((option, value) -> System.out.printf("  %-13s   option %s (default %s)%s%n", "", option, value,
                    d.optionNote(option) == null ? "" : ": " + d.optionNote(option)));
            for (String option : StackVersions.resolvable(d)) {
                System.out.printf("  %-13s     %s lines that run here: %s%n", "", option, StackVersions.lines(d, option));
            }
            for (StackDescriptor line : catalog.lines(d)) {
                System.out.printf("  %-13s   line %s: %s%n", "", line.version(Map.of()), line.description());
                for (String option : StackVersions.resolvable(line)) {
                    System.out.printf("  %-13s     %s lines that run there: %s%n", "", option, StackVersions.lines(line, option));
                }
            }
            if (d.mainClass() != null) {
                System.out.printf("  %-13s   option java (default: wsbench's own JDK): a JDK version found here, or a JDK's path%s%n", "",
                        refusedJava(d));
            }
            d.unavailable().forEach((what, why) -> System.out.printf("  %-13s   %s: unavailable (%s)%n", "", what, why));
        }
        System.out.println("JDKs found (a Java stack's java option picks one): " + Jdks.describe());
        System.out.println("Protocols:");
        for (Protocol p : Protocols.all()) {
            System.out.printf("  %-13s %s%n", p.name(), p.describe());
        }
        return 0;
    }

    private static String refusedJava(StackDescriptor d) {
        StringBuilder s = new StringBuilder();
        for (String k : new java.util.TreeSet<>(d.props().stringPropertyNames())) {
            if (k.startsWith("java.refused.")) {
                s.append("; not Java ").append(k.substring("java.refused.".length())).append(": ").append(d.props().getProperty(k));
            }
        }
        return s.toString();
    }
}
