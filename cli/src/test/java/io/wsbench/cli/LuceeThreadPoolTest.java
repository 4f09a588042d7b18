package io.wsbench.cli;

import io.wsbench.core.load.LoadEngine;
import io.wsbench.core.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
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
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seed 003's page in CFML on the lucee stack: the direct stack's answer (checked by the same
 * validator) inline and from a cfthread, and a pool of N never holds more than N calls out to the
 * slow dependency (the semaphore is the bound), while the inline page has one out per user.
 */
class LuceeThreadPoolTest {

    private static final Workload PAGE = Workload.of("rest-xml", "page", null);

    private static LoadEngine engine;
    private static RunningStack stack;
    private static StackDescriptor lucee;
    /** Removed by JUnit after the class: ~55 MB of unpacked engine. */
    @TempDir
    static Path cache;

    @BeforeAll
    static void start() throws Exception {
        engine = new LoadEngine(2);
        lucee = StackCatalog.in(Home.find()).find("lucee").orElseThrow(() -> new AssertionError("lucee is not built"));
        // a longer delay than the default makes the overlap of 10 users certain even on a busy machine
        stack = new StackLauncher(Files.createTempDirectory("wsbench-lucee-page"))
                .start(lucee, 0, Map.of("dependencyDelayMillis", "100",
                        "cacheDir", cache.toString()));
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
        String inline = get(lucee.endpoint("page", "rest-xml", "inline"));
        assertTrue(inline.contains("<page mode=\"inline\">") && inline.contains("<table name=\"EMPLOYEES\" rows=\"150\""), inline);
        assertTrue(get(lucee.endpoint("page", "rest-xml", "pool5")).contains("<page mode=\"pool\" pool=\"5\">"));
    }

    @Test
    void theValidatorRejectsAWrongAnswerFromLucee() throws Exception {
        String body = get(lucee.endpoint("page", "rest-xml", "pool2"));
        Validator v = PAGE.validator();
        byte[] right = body.getBytes(StandardCharsets.UTF_8);
        assertEquals(Verdict.OK, v.check(200, "text/xml;charset=UTF-8", right, right.length));
        byte[] wrong = body.replace("rows=\"80\"", "rows=\"79\"").getBytes(StandardCharsets.UTF_8);
        assertEquals(Verdict.VALIDATION, v.check(200, "text/xml;charset=UTF-8", wrong, wrong.length));
    }

    @Test
    void aPoolOfNThreadsHoldsAtMostNCallsOut() throws Exception {
        for (int size : new int[]{2, 5}) {
            dependencyStats(true);
            Measurement m = load("pool" + size, 10, 3);
            assertEquals(30, m.ok(), "pool" + size + ": " + m.errors());
            int[] after = dependencyStats(false);
            assertEquals(30, after[1], "one dependency call per page");
            assertTrue(after[0] <= size, "pool of " + size + " had " + after[0] + " calls out at once");
            if (size == 2) {
                // 10 users waiting on 2 permits: both are always taken
                assertEquals(2, after[0]);
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
    void aPoolSizeOutOfRangeIsA400() throws Exception {
        HttpResponse<String> r = send("/page.cfm?pool=abc");
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("pool must be 1 to 200", r.body().trim());
    }

    private Measurement load(String variant, int users, int perUser) throws InterruptedException {
        URI endpoint = URI.create(stack.baseUrl() + lucee.endpoint("page", "rest-xml", variant));
        Measurement m = engine.run(new InetSocketAddress("127.0.0.1", stack.port()), LoadSpec.closed(users, perUser),
                PAGE.requests(endpoint, true), PAGE::validator, ProgressListener.NONE);
        assertNull(m.aborted());
        return m;
    }

    /** The dependency's {maxInFlight, served} since the last reset. */
    private static int[] dependencyStats(boolean reset) throws Exception {
        String s = get("/page-dependency.cfm" + (reset ? "?reset" : ""));
        Matcher m = Pattern.compile("maxInFlight=(\\d+) served=(\\d+) delayMillis=100").matcher(s);
        assertTrue(m.find(), s);
        return new int[]{Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
    }

    private static String get(String path) throws Exception {
        HttpResponse<String> r = send(path);
        assertEquals(200, r.statusCode(), r.body());
        return r.body();
    }

    private static HttpResponse<String> send(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(stack.baseUrl() + path))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
