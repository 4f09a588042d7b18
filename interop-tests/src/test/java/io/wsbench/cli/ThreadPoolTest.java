package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.model.record.RunJson;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seed 003's page on the direct stack (see {@link PageStackContract}), the validator's refusal of
 * a wrong answer, and the thread-pool suite end to end on direct and lucee.
 */
class ThreadPoolTest extends PageStackContract {

    @Override
    protected String stack() {
        return "direct";
    }

    @Override
    protected String dependencyStatsPath() {
        return "/page/dependency";
    }

    @Test
    void theValidatorRejectsAWrongRowCount() throws Exception {
        String body = get("/page?pool=5");
        Validator v = PAGE.validator();
        byte[] right = body.getBytes(StandardCharsets.UTF_8);
        assertEquals(Verdict.OK, v.check(200, "text/xml; charset=utf-8", right, right.length));
        byte[] wrong = body.replace("rows=\"150\"", "rows=\"149\"").getBytes(StandardCharsets.UTF_8);
        assertEquals(Verdict.VALIDATION, v.check(200, "text/xml; charset=utf-8", wrong, wrong.length));
        byte[] noCall = body.replaceAll("(?s)<dependency>.*</dependency>", "<dependency></dependency>")
                .getBytes(StandardCharsets.UTF_8);
        assertEquals(Verdict.VALIDATION, v.check(200, "text/xml; charset=utf-8", noCall, noCall.length));
    }

    @Test
    void quickSuiteRunsEndToEnd(@TempDir Path dir) throws Exception {
        // what it asserts needs no monitor of the JVMs: /proc's alone, sparing 24 recordings and profiler attaches
        CliRunner r = CliRunner.run("run", Home.find().resolve("suites/thread-pool.yaml").toString(), "--quick",
                "--monitor", "proc", "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode points = RunJson.MAPPER.readTree(dir.resolve("run.json").toFile()).at("/points");
        assertEquals(24, points.size(), "4 targets on direct and 4 on lucee x 3 loads");
        for (JsonNode p : points) {
            assertEquals(p.at("/requests").asLong(), p.at("/validated").asLong(), p.toString());
            // every page waits at least the dependency's 50 ms
            assertTrue(p.at("/latencyMicros/mean").asDouble() >= 50_000, p.at("/latencyMicros").toString());
        }
    }
}
