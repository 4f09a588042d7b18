package io.wsbench.cli;

import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.StackException;
import io.wsbench.launch.StackLauncher;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.runner.Home;
import io.wsbench.runner.Nearest;
import io.wsbench.runner.SuiteCheck;
import io.wsbench.runner.SuiteRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "serve", description = "Run one stack by hand, on 127.0.0.1, until Ctrl-C: a built-in one, or"
        + " one a suite declares under 'stacks:' (--suite).")
final class ServeCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "STACK", description = "stack name (see 'wsbench stacks')")
    String stack;

    @Option(names = "--port", paramLabel = "P", description = "port (default: ${DEFAULT-VALUE})")
    int port = 8080;

    @Option(names = "--suite", paramLabel = "SUITE", description = "the suite that declares STACK under 'stacks:' (your own server)")
    Path suite;

    @Option(names = {"-o", "--option"}, paramLabel = "KEY=VALUE",
            description = "a stack option, as a suite's stackOptions give it (e.g. version=7.0.2.106-RC for lucee)")
    Map<String, String> options = new LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
        Path home = Home.find();
        StackCatalog catalog = StackCatalog.in(home);
        StackDescriptor d;
        if (suite != null) {
            Suite s = SuiteReader.read(suite);
            if (!s.stacks().containsKey(stack)) {
                throw new UserError(suite + ": declares no stack '" + stack + "' under 'stacks:'"
                        + (s.stacks().isEmpty() ? "" : " (it declares: " + String.join(", ", s.stacks().keySet()) + ")"));
            }
            SuiteCheck.check(catalog, s);
            d = SuiteRunner.descriptor(catalog, s, stack, options);
            if (d.usersOwn()) {
                d.options().forEach(options::putIfAbsent);
            }
        } else {
            d = catalog.serving(catalog.find(stack).orElseThrow(() -> new UserError("unknown stack '" + stack + "'"
                    + Nearest.didYouMean(stack, catalog.names()) + " (built here: " + String.join(", ", catalog.names()) + ")")),
                    options);
        }
        RunningStack s;
        try {
            Map<String, String> all = new LinkedHashMap<>(options);
            all.putIfAbsent("keys", home.resolve("target/keys").toString());
            s = new StackLauncher(Files.createTempDirectory("wsbench-serve")).start(d, port, all);
        } catch (StackException e) {
            throw new UserError(e.getMessage());
        }
        Runtime.getRuntime().addShutdownHook(new Thread(s::stop));
        System.out.println("stack " + d.name() + " " + (d.usersOwn() ? d.description() : d.version(options))
                + " serving on " + s.baseUrl() + " (pid " + s.pid()
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
        return code == 0 ? 0 : ExitCode.PROBLEM;
    }
}
