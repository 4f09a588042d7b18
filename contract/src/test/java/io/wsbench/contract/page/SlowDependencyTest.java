package io.wsbench.contract.page;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SlowDependencyTest {

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void answersTheBodyNoSoonerThanTheDelay() throws Exception {
        try (SlowDependency dependency = new SlowDependency(300)) {
            assertEquals("http://127.0.0.1:" + dependency.port() + "/robots.txt", dependency.url());
            long start = System.nanoTime();
            HttpResponse<String> r = get(dependency.url()).get(30, TimeUnit.SECONDS);
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(200, r.statusCode());
            assertEquals(PageContract.DEPENDENCY_BODY, r.body());
            assertEquals("text/plain; charset=utf-8", r.headers().firstValue("Content-Type").orElse(""));
            assertTrue(tookMillis >= 300, "answered after " + tookMillis + " ms, before the 300 ms delay");
            assertEquals("maxInFlight=1 served=1 delayMillis=300", body(dependency.statsUrl()));
        }
    }

    @Test
    void countsTheCallsItHoldsAtOnceOnOneThread() throws Exception {
        // a long delay so all calls are out together: they arrive within milliseconds of each other
        try (SlowDependency dependency = new SlowDependency(2_000)) {
            int calls = 20;
            List<CompletableFuture<HttpResponse<String>>> out = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                out.add(get(dependency.url()));
            }
            for (CompletableFuture<HttpResponse<String>> f : out) {
                HttpResponse<String> r = f.get(30, TimeUnit.SECONDS);
                assertEquals(200, r.statusCode());
                assertEquals(PageContract.DEPENDENCY_BODY, r.body());
            }
            assertEquals("maxInFlight=" + calls + " served=" + calls + " delayMillis=2000", body(dependency.statsUrl() + "?reset"));
            assertEquals("maxInFlight=0 served=0 delayMillis=2000", dependency.stats(false));
            assertEquals(1, Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("slow-dependency-" + dependency.port())).count(), "one thread held every call");
        }
    }

    private CompletableFuture<HttpResponse<String>> get(String url) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private String body(String url) throws Exception {
        HttpResponse<String> r = get(url).get(30, TimeUnit.SECONDS);
        assertEquals(200, r.statusCode());
        return r.body();
    }
}
