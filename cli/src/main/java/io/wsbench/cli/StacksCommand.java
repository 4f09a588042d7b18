package io.wsbench.cli;

import io.wsbench.core.stack.StackCatalog;
import io.wsbench.core.stack.StackDescriptor;
import io.wsbench.protocols.Protocol;
import io.wsbench.protocols.Protocols;
import picocli.CommandLine.Command;

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
            d.unavailable().forEach((what, why) -> System.out.printf("  %-13s   %s: unavailable (%s)%n", "", what, why));
        }
        System.out.println("Protocols:");
        for (Protocol p : Protocols.all()) {
            System.out.printf("  %-13s %s%n", p.name(), p.describe());
        }
        return 0;
    }
}
