package io.wsbench.cli;

import io.wsbench.core.stack.RunningStack;
import io.wsbench.core.stack.StackCatalog;
import io.wsbench.core.stack.StackDescriptor;
import io.wsbench.core.stack.StackException;
import io.wsbench.core.stack.StackLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "serve", description = "Run one reference stack by hand, on 127.0.0.1, until Ctrl-C.")
final class ServeCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "STACK", description = "stack name (see 'wsbench stacks')")
    String stack;

    @Option(names = "--port", paramLabel = "P", description = "port (default: ${DEFAULT-VALUE})")
    int port = 8080;

    @Option(names = {"-o", "--option"}, paramLabel = "KEY=VALUE",
            description = "a stack option, as a suite's stackOptions give it (e.g. version=7.0.2.106-RC for lucee)")
    Map<String, String> options = new LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
        Path home = Home.find();
        StackCatalog catalog = StackCatalog.in(home);
        StackDescriptor d = catalog.find(stack).orElseThrow(() -> new Main.UserError("unknown stack '" + stack
                + "' (built here: " + String.join(", ", catalog.all().stream().map(StackDescriptor::name).toList()) + ")"));
        RunningStack s;
        try {
            Map<String, String> all = new LinkedHashMap<>(options);
            all.putIfAbsent("keys", home.resolve("target/keys").toString());
            s = new StackLauncher(Files.createTempDirectory("wsbench-serve")).start(d, port, all);
        } catch (StackException e) {
            throw new Main.UserError(e.getMessage());
        }
        Runtime.getRuntime().addShutdownHook(new Thread(s::stop));
        System.out.println("stack " + d.name() + " " + d.version(options) + " serving on " + s.baseUrl() + " (pid " + s.pid()
                + ", log " + s.log() + ")");
        for (String e : d.endpoints()) {
            String[] parts = e.split(" ");
            String path = d.endpoint(parts[0], parts[1], parts.length > 2 ? parts[2] : null);
            System.out.printf("  %-28s %s%s%n", e, s.baseUrl(), path);
        }
        if (d.wsdlPath("hello") != null) {
            System.out.printf("  %-28s %s%s%n", "WSDL", s.baseUrl(), d.wsdlPath("hello"));
        }
        System.out.println("Ctrl-C stops it.");
        int code = s.process().waitFor();
        System.out.println("stack " + d.name() + " exited with code " + code);
        return code == 0 ? 0 : Main.PROBLEM;
    }
}
