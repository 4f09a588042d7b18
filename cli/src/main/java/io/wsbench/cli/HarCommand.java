package io.wsbench.cli;

import io.wsbench.service.har.HarFile;
import io.wsbench.service.har.HarFlow;
import io.wsbench.service.own.OwnServiceException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "har", description = {"Make a flow file from a recorded browser session (HAR).",
        "From a HAR 1.2 file, as Chromium, Firefox, Playwright and mitmproxy write them: the requests to one host in order, the"
        + " browser's own headers pruned, cookies left to the flow's jar, the recorded gaps as think times; every value a later"
        + " request sends that an earlier answer gave is extracted from that answer and used as a variable, and the values the"
        + " user typed become the columns of a CSV beside the flow.",
        "Run it with: wsbench load --flow FLOW.yaml -c 4 -n 100."})
final class HarCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE.har", description = "the recording")
    Path har;

    @Option(names = "--host", paramLabel = "HOST", description = "keep the requests to this host (or host:port); default: the first page's")
    String host;

    @Option(names = "--out", paramLabel = "FLOW.yaml", description = "where the flow is written (default: the HAR's name, .yaml); the CSV goes beside it")
    Path out;

    @Option(names = "--assets", description = "keep images, stylesheets, scripts and fonts too")
    boolean assets;

    @Option(names = "--no-think", negatable = false, description = "leave the recorded gaps out: no think time between steps")
    boolean noThink;

    @Override
    public Integer call() {
        Path flow = out != null ? out : har.resolveSibling(har.getFileName().toString().replaceFirst("\\.har$", "") + ".yaml");
        Path csv = flow.resolveSibling(flow.getFileName().toString().replaceFirst("\\.ya?ml$", "") + ".csv");
        HarFlow.Result r;
        try {
            r = HarFlow.of(HarFile.read(har), new HarFlow.Options(host, assets, !noThink), csv.getFileName().toString());
        } catch (OwnServiceException e) {
            throw new UserError(e.getMessage());
        }
        try {
            Files.writeString(flow, r.yaml(), StandardCharsets.UTF_8);
            if (r.csv() != null) {
                Files.writeString(csv, r.csv(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UserError("cannot write " + flow + ": " + io.wsbench.runner.OneLine.why(e));
        }
        PrintStream o = System.out;
        o.println("wrote " + flow + ": " + HarFlow.counted(r.steps(), "step") + " to " + r.origin() + (r.leftOut() == 0 ? ""
                : " (" + HarFlow.counted(r.leftOut(), "request") + " left out: assets and other hosts" + (assets ? "" : "; --assets keeps assets") + ")"));
        if (r.csv() != null) {
            o.println("wrote " + csv + ": the values typed, as columns " + String.join(", ", r.typed()) + " (the recorded values its first row)");
        }
        o.println(r.correlations().isEmpty() ? "correlated: none" : "correlated:");
        r.correlations().forEach(c -> o.println("  " + c));
        if (!r.unplaced().isEmpty()) {
            o.println("not placed (sent as recorded: a value an answer should give, found in none before it):");
            r.unplaced().forEach(u -> o.println("  " + u));
        }
        return 0;
    }
}
