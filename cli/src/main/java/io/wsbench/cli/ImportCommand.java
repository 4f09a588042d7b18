package io.wsbench.cli;

import io.wsbench.service.imports.Imports;
import io.wsbench.service.imports.SuiteDraft;
import io.wsbench.service.own.OwnServiceException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "import", description = {"Make a suite of the tests you already have (SoapUI, Postman, JMeter).",
        "A SoapUI project (SoapUI 5.x or ReadyAPI), a Postman collection (v2.0, v2.1) or a JMeter plan (.jmx), told apart by its content.",
        "Requests, value transfers, checks and loads are converted; every element that is not is named in one line.",
        "Run it with: wsbench run SUITE.yaml (docs/import.md)."})
final class ImportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "the project, collection or plan")
    Path file;

    @Option(names = "--out", paramLabel = "SUITE.yaml", description = "where the suite is written (default: the file's name, .yaml); its data files and WSDLs go beside it")
    Path out;

    @Option(names = {"-e", "--environment"}, paramLabel = "ENV", description = "a Postman environment or globals (JSON) or a .properties file: the values of the file's variables and properties; repeatable, a later file's value winning (Postman's globals lose to the collection's own variables)")
    List<Path> environments = List.of();

    @Option(names = "--var", paramLabel = "NAME=VALUE", description = "a value of the file's variables or properties, as newman's --env-var and JMeter's -J give one; repeatable, winning over --environment's")
    Map<String, String> values = new java.util.LinkedHashMap<>();

    @Option(names = "--data", paramLabel = "DATA", description = "a Postman collection's iteration data, as newman -d reads it (a CSV with a header row, or a JSON list of objects): each iteration the next row")
    Path data;

    @Option(names = "--url", paramLabel = "ORIGIN", description = "send every target to this origin (http://host:port) instead of the file's: a test copy of the service")
    String url;

    @Option(names = "--strict", description = "any element not converted is an error: nothing is written")
    boolean strict;

    @Override
    public Integer call() {
        Path suite = out != null ? out : file.resolveSibling(file.getFileName().toString()
                .replaceFirst("(-soapui-project|-readyapi-project)?\\.(xml|json|jmx)$", "")
                .replaceFirst("\\.postman_collection$", "") + ".yaml");
        // the suite's data and WSDLs in a folder of its own: a file of the user's beside it (a JMeter plan's CSV, another
        // project's WSDL of the same name) is never written over
        String folder = suite.getFileName().toString().replaceFirst("\\.ya?ml$", "") + "-files";
        SuiteDraft.Result r;
        try {
            r = Imports.read(file, new Imports.Options(environments, url, folder, data, values));
        } catch (OwnServiceException e) {
            if (e instanceof SuiteDraft.NothingToLoad nothing) {
                // every element left out, as a written suite's are (its one-line error names one): a big project's 46
                nothing.skipped().forEach(s -> System.out.println("skipped: " + s));
            }
            throw new UserError(e.getMessage());
        }
        PrintStream o = System.out;
        if (strict && !r.skipped().isEmpty()) {
            r.skipped().forEach(s -> System.err.println("skipped: " + s));
            throw new UserError(file + ": " + r.skipped().size() + " element" + (r.skipped().size() == 1 ? "" : "s")
                    + " not converted (--strict): nothing written");
        }
        Path dir = suite.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            for (Map.Entry<String, byte[]> f : r.files().entrySet()) {
                Path written = dir.resolve(f.getKey());
                Files.createDirectories(written.getParent());
                Files.write(written, f.getValue());
            }
            Files.writeString(suite, r.yaml(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError("cannot write " + suite + ": " + io.wsbench.runner.OneLine.why(e));
        }
        o.println("wrote " + suite + ": " + r.format() + ", " + r.targets() + " target" + (r.targets() == 1 ? "" : "s") + " of "
                + r.steps() + " steps" + (r.files().isEmpty() ? "" : "; its data and WSDLs in " + dir.resolve(folder) + "/ ("
                + (r.files().size() <= 3 ? String.join(", ", r.files().keySet().stream().map(f -> f.substring(folder.length() + 1)).toList())
                : r.files().size() + " files") + ")"));
        r.skipped().forEach(s -> o.println("skipped: " + s));
        r.notes().forEach(s -> o.println("note: " + s));
        r.ignored().forEach(s -> o.println("ignored: " + s));
        o.println("run it with: wsbench run " + suite + " (--quick first: " + SuiteDraft.QUICK_ITERATIONS
                + " iterations a user, a check of the conversion)");
        return 0;
    }
}
