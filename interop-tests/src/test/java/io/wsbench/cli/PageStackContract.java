package io.wsbench.cli;

import io.wsbench.core.load.LoadEngine;
import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.StackLauncher;
import io.wsbench.protocols.Workload;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seed 003's page, as every stack that serves it must behave: the right answer (checked by the
 * shared validator) inline and pooled, and a pool of N never holding more than N calls out to the
 * slow dependency, while the inline page has one out per user. A subclass names the stack, where
 * it reports the dependency's counts, and any options of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PageStackContract {

    static final Workload PAGE = Workload.of("rest-xml", "page", null);

    LoadEngine engine;
    RunningStack stack;
    StackDescriptor descriptor;

    /** The stack's name. */
    protected abstract String stack();

    /** The path answering "maxInFlight=N served=M" about the dependency, with "?reset" to start again. */
    protected abstract String dependencyStatsPath();

    /** Stack options beyond the dependency's delay. */
    protected Map<String, String> options() {
        return Map.of();
    }

    @BeforeAll
    void start() throws Exception {
        engine = new LoadEngine(2);
        descriptor = StackCatalog.in(Home.find()).find(stack())
                .orElseThrow(() -> new AssertionError(stack() + " is not built"));
        Map<String, String> options = new HashMap<>(options());
        // a longer delay than the default makes the overlap of 10 users certain even on a busy machine
        options.put("dependencyDelayMillis", "100");
        stack = new StackLauncher(Files.createTempDirectory("wsbench-page-" + stack())).start(descriptor, 0, options);
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.stop();
        }
        if (engine != null) {
            engine.close();
        }
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
    void aPoolOfNThreadsHoldsAtMostNCallsOut() throws Exception {
        for (int size : new int[]{2, 5}) {
            dependencyStats(true);
            Measurement m = load("pool" + size, 10, 3);
            assertEquals(30, m.ok(), "pool" + size + ": " + m.errors());
            int[] after = dependencyStats(false);
            assertEquals(30, after[1], "one dependency call per page");
            assertTrue(after[0] <= size, "pool of " + size + " had " + after[0] + " calls out at once");
            if (size == 2) {
                // 10 users waiting on 2 threads: both are always busy
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

    Measurement load(String variant, int users, int perUser) throws InterruptedException {
        URI endpoint = URI.create(stack.baseUrl() + descriptor.endpoint("page", "rest-xml", variant));
        Measurement m = engine.run(LoadEngine.Point.of(new InetSocketAddress("127.0.0.1", stack.port()), LoadSpec.closed(users, perUser),
                PAGE.requests(endpoint, true), PAGE::validator), ProgressListener.NONE);
        assertNull(m.aborted());
        return m;
    }

    /** The dependency's {maxInFlight, served} since the last reset. */
    private int[] dependencyStats(boolean reset) throws Exception {
        String s = get(dependencyStatsPath() + (reset ? "?reset" : ""));
        Matcher m = Pattern.compile("maxInFlight=(\\d+) served=(\\d+)").matcher(s);
        assertTrue(m.find(), s);
        return new int[]{Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
    }

    /** The body of a GET of {@code path} on the stack, which must answer 200. */
    String get(String path) throws Exception {
        HttpResponse<String> r = send(path);
        assertEquals(200, r.statusCode(), r.body());
        return r.body();
    }

    HttpResponse<String> send(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(stack.baseUrl() + path))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
