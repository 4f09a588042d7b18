package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.core.load.LoadEngine;
import io.wsbench.core.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.core.record.RunJson;
import io.wsbench.core.stack.RunningStack;
import io.wsbench.core.stack.StackCatalog;
import io.wsbench.core.stack.StackDescriptor;
import io.wsbench.core.stack.StackLauncher;
import io.wsbench.protocols.Workload;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seed 003's page on the direct stack: right answers inline and pooled, and a pool of N threads
 * never has more than N calls out to the slow dependency, while the inline page has one per user.
 */
class ThreadPoolTest {

    private static LoadEngine engine;
    private static RunningStack stack;
    private static StackDescriptor direct;
    private static final Workload PAGE = Workload.of("rest-xml", "page", null);

    @BeforeAll
    static void start() throws Exception {
        engine = new LoadEngine(2);
        direct = StackCatalog.in(Home.find()).find("direct").orElseThrow(() -> new AssertionError("direct is not built"));
        // a longer delay than the default makes the overlap of 10 users certain even on a busy machine
        stack = new StackLauncher(Files.createTempDirectory("wsbench-page"))
                .start(direct, 0, Map.of("dependencyDelayMillis", "100"));
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.stop();
        }
        engine.close();
    }

    @Test
    void bothVariantsAnswerWhatTheDatabaseHolds() throws Exception {
        for (String variant : new String[]{"inline", "pool2", "pool5", "pool10"}) {
            Measurement m = load(variant, 4, 5);
            assertEquals(20, m.requests(), variant);
            assertEquals(20, m.ok(), variant + ": " + m.errors());
        }
    }

    @Test
    void theValidatorRejectsAWrongRowCount() throws Exception {
        String body = get(stack.baseUrl() + "/page?pool=5");
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
    void aPoolOfNThreadsHoldsAtMostNCallsOut() throws Exception {
        for (int size : new int[]{2, 5}) {
            dependencyStats(true);
            Measurement m = load("pool" + size, 10, 3);
            assertEquals(30, m.ok(), "pool" + size + ": " + m.errors());
            int max = dependencyStats(false)[0];
            assertTrue(max <= size, "pool of " + size + " had " + max + " calls out at once");
            if (size == 2) {
                // 10 users waiting on 2 threads: both are always busy
                assertEquals(2, max);
            }
        }
        dependencyStats(true);
        Measurement m = load("inline", 10, 3);
        assertEquals(30, m.ok(), m.errors().toString());
        int[] after = dependencyStats(false);
        assertEquals(30, after[1], "one dependency call per page");
        assertTrue(after[0] > 2, "inline, every user's call is out at once, but only " + after[0] + " were");
    }

    @Test
    void quickSuiteRunsEndToEnd(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("run", Home.find().resolve("suites/thread-pool.yaml").toString(), "--quick",
                "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode points = RunJson.MAPPER.readTree(dir.resolve("run.json").toFile()).at("/points");
        assertEquals(24, points.size(), "4 targets on direct and 4 on lucee x 3 loads");
        for (JsonNode p : points) {
            assertEquals(p.at("/requests").asLong(), p.at("/validated").asLong(), p.toString());
            // every page waits at least the dependency's 50 ms
            assertTrue(p.at("/latencyMicros/mean").asDouble() >= 50_000, p.at("/latencyMicros").toString());
        }
    }

    private Measurement load(String variant, int users, int perUser) throws InterruptedException {
        URI endpoint = URI.create(stack.baseUrl() + direct.endpoint("page", "rest-xml", variant));
        Measurement m = engine.run(new InetSocketAddress("127.0.0.1", stack.port()), LoadSpec.closed(users, perUser),
                PAGE.requests(endpoint, true), PAGE::validator, ProgressListener.NONE);
        assertNull(m.aborted());
        return m;
    }

    /** The dependency's {maxInFlight, served} since the last reset. */
    private static int[] dependencyStats(boolean reset) throws Exception {
        String s = get(stack.baseUrl() + "/page/dependency" + (reset ? "?reset" : ""));
        Matcher m = Pattern.compile("maxInFlight=(\\d+) served=(\\d+)").matcher(s);
        assertTrue(m.find(), s);
        return new int[]{Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return r.body();
    }
}
