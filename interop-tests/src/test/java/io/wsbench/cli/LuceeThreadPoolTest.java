package io.wsbench.cli;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seed 003's page in CFML on the lucee stack (see {@link PageStackContract}): the direct stack's
 * answer, checked by the same validator, inline and from a cfthread whose pool bound is a
 * semaphore; and what the CFML adds: its own answer's details and a refused pool size.
 */
class LuceeThreadPoolTest extends PageStackContract {

    /** Removed by JUnit after the class: ~55 MB of unpacked engine. */
    @TempDir
    static Path cache;

    @Override
    protected String stack() {
        return "lucee";
    }

    @Override
    protected String dependencyStatsPath() {
        return "/page-dependency.cfm";
    }

    @Override
    protected Map<String, String> options() {
        return Map.of("cacheDir", cache.toString());
    }

    @Test
    void theAnswerNamesItsModeAndTheTablesRows() throws Exception {
        String inline = get(descriptor.endpoint("page", "rest-xml", "inline"));
        assertTrue(inline.contains("<page mode=\"inline\">") && inline.contains("<table name=\"EMPLOYEES\" rows=\"150\""), inline);
        assertTrue(get(descriptor.endpoint("page", "rest-xml", "pool5")).contains("<page mode=\"pool\" pool=\"5\">"));
    }

    @Test
    void theDependencyWaitsTheDelayAsked() throws Exception {
        assertTrue(get(dependencyStatsPath()).contains("delayMillis=100"));
    }

    @Test
    void theValidatorRejectsAWrongAnswerFromLucee() throws Exception {
        String body = get(descriptor.endpoint("page", "rest-xml", "pool2"));
        Validator v = PAGE.validator();
        byte[] right = body.getBytes(StandardCharsets.UTF_8);
        assertEquals(Verdict.OK, v.check(200, "text/xml;charset=UTF-8", right, right.length));
        byte[] wrong = body.replace("rows=\"80\"", "rows=\"79\"").getBytes(StandardCharsets.UTF_8);
        assertEquals(Verdict.VALIDATION, v.check(200, "text/xml;charset=UTF-8", wrong, wrong.length));
    }

    @Test
    void aPoolSizeOutOfRangeIsA400() throws Exception {
        HttpResponse<String> r = send("/page.cfm?pool=abc");
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("pool must be 1 to 200", r.body().trim());
    }
}
