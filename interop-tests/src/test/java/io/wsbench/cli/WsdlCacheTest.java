package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.core.load.LoadEngine;
import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.StackException;
import io.wsbench.launch.StackLauncher;
import io.wsbench.protocols.Workload;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seed 004 with PHP's real ext/soap: the php-soap stack starts by its command, answers wsbench's
 * SOAP hello (pre-encoded and built from the WSDL), and writes its WSDL cache only when caching is
 * on. Skipped, saying why, where PHP can't be installed.
 */
class WsdlCacheTest {

    private static LoadEngine engine;
    private static RunningStack php;
    private static StackDescriptor descriptor;
    private static Path cache;

    @BeforeAll
    static void start() throws Exception {
        engine = new LoadEngine(2);
        descriptor = StackCatalog.in(Home.find()).find("php-soap")
                .orElseThrow(() -> new AssertionError("php-soap is not built"));
        cache = Files.createTempDirectory("wsbench-wsdl-cache");
        try {
            php = new StackLauncher(Files.createTempDirectory("wsbench-php"))
                    .start(descriptor, 0, Map.of("wsdlCacheDir", cache.toString()));
        } catch (StackException e) {
            Assumptions.assumeFalse(e.unavailable(), e.getMessage());
            throw e;
        }
    }

    @AfterAll
    static void stop() {
        if (php != null) {
            php.stop();
        }
        engine.close();
    }

    @Test
    void theCacheFileAppearsOnlyWhenCachingIsOn() throws Exception {
        Measurement off = load("cache-off", null, 20);
        assertEquals(20, off.ok(), off.errors().toString());
        assertEquals(List.of(), cacheFiles(), "with soap.wsdl_cache_enabled=0 nothing is cached");

        Measurement on = load("cache-on", null, 20);
        assertEquals(20, on.ok(), on.errors().toString());
        List<String> files = cacheFiles();
        assertEquals(1, files.size(), "one WSDL, one cache file: " + files);
        assertTrue(files.get(0).startsWith("wsdl-"), files.toString());
        assertTrue(Files.size(cache.resolve(files.get(0))) > 200, "the parsed model, serialized");
    }

    @Test
    void answersTheClientThatWorksFromTheWsdl() throws Exception {
        for (String client : new String[]{"wsdl", "wsdl-cached"}) {
            Measurement m = load("cache-on", client, 15);
            assertEquals(15, m.ok(), client + ": " + m.errors());
            assertTrue(m.bytesSent() / 15 > 200, "a whole SOAP request each time: " + m.bytesSent() / 15);
        }
        String wsdl = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(php.baseUrl() + descriptor.wsdlPath("hello"))).build(), HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(wsdl.contains("location=\"" + php.baseUrl() + "/hello/soap\""), wsdl);
    }

    @Test
    void quickSuiteRecordsEachOfTheFirstTenRequests(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("run", Home.find().resolve("suites/wsdl-cache.yaml").toString(), "--quick",
                "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode points = RunJson.MAPPER.readTree(dir.resolve("run.json").toFile()).at("/points");
        assertEquals(12, points.size(), "6 targets x 2 loads");
        for (JsonNode p : points) {
            assertEquals(p.at("/requests").asLong(), p.at("/validated").asLong(), p.toString());
            JsonNode each = p.at("/eachRequestMicros");
            if (p.at("/load/eachRequest").asBoolean()) {
                assertEquals(10, each.size(), p.toString());
                each.forEach(v -> assertTrue(v.asLong() > 0, each.toString()));
                assertTrue(p.at("/load/requestsPerUser").asLong() == 10, "--quick keeps the 10 first requests");
            } else {
                assertTrue(each.isMissingNode(), p.toString());
                assertEquals(50, p.at("/requests").asLong());
            }
        }
        assertEquals(true, points.get(0).at("/target/coldStart").asBoolean());
        assertEquals("wsdl", points.get(4).at("/target/client").asText());
    }

    private Measurement load(String variant, String client, int n) throws InterruptedException {
        URI endpoint = URI.create(php.baseUrl() + descriptor.endpoint("hello", "soap11", variant));
        Workload w = Workload.of("soap11", "hello", null, client);
        Measurement m = engine.run(LoadEngine.Point.of(new InetSocketAddress("127.0.0.1", php.port()), LoadSpec.closed(1, n),
                w.requests(endpoint, true), w::validator), ProgressListener.NONE);
        assertNull(m.aborted());
        return m;
    }

    private static List<String> cacheFiles() throws Exception {
        try (Stream<Path> s = Files.list(cache)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
