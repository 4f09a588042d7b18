package io.wsbench.cli;

import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import io.wsbench.report.ReportWriter;
import io.wsbench.runner.OneLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "report", description = "Rebuild the report of a finished run from its run.json.")
final class ReportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "a results/<time>-<suite> directory")
    Path dir;

    @Override
    public Integer call() {
        Path json = dir.resolve("run.json");
        if (!Files.isRegularFile(json)) {
            throw new UserError("no run.json in " + dir);
        }
        RunRecord run;
        try {
            run = RunJson.read(json);
        } catch (IOException e) {
            throw new UserError(json + ": not a readable run: " + OneLine.of(e));
        }
        System.out.print(ConsoleSummary.render(run));
        for (Path p : ReportWriter.write(run, dir)) {
            System.out.println("wrote " + p);
        }
        return 0;
    }
}
