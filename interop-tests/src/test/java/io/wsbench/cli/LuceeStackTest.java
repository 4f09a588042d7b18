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
import io.wsbench.launch.StackLauncher;
import io.wsbench.protocols.Workload;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lucee stack in its own process on 127.0.0.1, offline: seed 000's CFML answers, exactly and
 * through wsbench's validators; SOAP reported unavailable; the work directory, under the cache
 * directory and named by the version, reused by a restart. One cache directory for the whole class,
 * so Lucee unpacks itself once.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LuceeStackTest {

    private static final String XML = "<?xml version=\"1.0\" encoding=\"utf-8\"?><str>Hello World</str>";

    /** Removed by JUnit after the class: ~55 MB of unpacked engine. */
    @TempDir
    static Path cache;
    private static Path work;
    private static StackDescriptor descriptor;
    private static RunningStack lucee;
    private static LoadEngine engine;

    @BeforeAll
    static void start() throws Exception {
        work = cache.resolve("6.2.0.321/work");
        descriptor = StackCatalog.in(Home.find()).find("lucee").orElseThrow();
        lucee = launch();
        engine = new LoadEngine(1);
    }

    @AfterAll
    static void stop() {
        engine.close();
        if (lucee != null) {
            lucee.stop();
        }
    }

    private static RunningStack launch() throws Exception {
        return new StackLauncher(Files.createTempDirectory("wsbench-test"))
                .start(descriptor, 0, Map.of("cacheDir", cache.toString()));
    }

    @Test
    @Order(1)
    void answersSeed000sBodiesExactly() throws Exception {
        assertBody("rest-xml", "inline", "text/xml", XML);
        assertBody("rest-xml", "component", "text/xml", XML);
        assertBody("rest-xml", "cached", "text/xml", XML);
        assertBody("json", null, "application/json", "\"Hello World\"");
        assertBody("plain", null, "text/plain", "Hello World");
        assertBody("wddx", null, "text/xml",
                "<wddxPacket version='1.0'><header/><data><string>Hello World</string></data></wddxPacket>");
        HttpResponse<String> page = get(descriptor.endpoint("now", "html", null));
        assertTrue(page.body().matches("<h1>CFML</h1> \\{ts '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d'}"), page.body());
    }

    @Test
    @Order(2)
    void everyVariantPassesWsbenchsValidators() throws Exception {
        String[][] targets = {{"hello", "rest-xml", "inline"}, {"hello", "rest-xml", "component"},
                {"hello", "rest-xml", "cached"}, {"hello", "json", null}, {"hello", "plain", null},
                {"hello", "wddx", null}, {"now", "html", null}};
        for (String[] t : targets) {
            Workload w = Workload.of(t[1], t[0], null);
            URI endpoint = URI.create(lucee.baseUrl() + descriptor.endpoint(t[0], t[1], t[2]));
            Measurement m = engine.run(LoadEngine.Point.of(new InetSocketAddress("127.0.0.1", lucee.port()), LoadSpec.closed(2, 200),
                    w.requests(endpoint, true), w::validator), ProgressListener.NONE);
            String what = String.join(" ", t[0], t[1], String.valueOf(t[2]));
            assertEquals(400, m.ok(), what + ": " + m.errors());
            assertEquals(0, m.errors().total(), what);
            assertNull(m.aborted(), what);
        }
    }

    @Test
    @Order(3)
    void soapIsReportedUnavailableWithItsReason() {
        assertNull(descriptor.endpoint("hello", "soap11", null), "never faked");
        String why = descriptor.unavailable("hello", "soap11");
        assertTrue(why != null && why.contains("Axis") && why.contains("extension"), why);
        assertEquals(Map.of("hello soap11", why), descriptor.unavailable());
        CliRunner r = CliRunner.run("stacks");
        assertTrue(r.out().contains("hello soap11: unavailable (" + why + ")"), r.out());
    }

    @Test
    @Order(4)
    void aSecondStartReusesTheWorkDirectory() throws Exception {
        lucee.stop();
        lucee = null;
        Path bundles = work.resolve("server/lucee-server/bundles");
        Map<Path, FileTime> unpacked = times(bundles);
        long before = bytes(work);
        long filesBefore = files(work);
        assertTrue(unpacked.size() > 10, "Lucee unpacked its bundles into " + bundles);
        assertTrue(before > 20_000_000, "the first start unpacked the engine: " + before + " bytes");
        lucee = launch();
        assertEquals(XML, get(descriptor.endpoint("hello", "rest-xml", "inline")).body());
        assertEquals(unpacked, times(bundles), "the bundles of the first start, untouched");
        long after = bytes(work);
        // logs, the page's database and Tomcat's per-start directory (the last start's replaced)
        // grow a little; a second unpacking would add ~50 MB and thousands of files
        assertTrue(after - before < 5_000_000, before + " bytes, then " + after);
        assertTrue(files(work) - filesBefore < 50, filesBefore + " files, then " + files(work));
        try (Stream<Path> tmp = Files.list(work.resolve("tmp"))) {
            assertEquals(1, tmp.filter(p -> p.getFileName().toString().startsWith("wsbench-tomcat")).count(),
                    "only this start's Tomcat directory");
        }
        assertTrue(Files.list(work.getParent()).noneMatch(p -> p.getFileName().toString().startsWith(work.getFileName() + "-")),
                "no per-port directory: the shared one was free");
    }

    @Test
    @Order(5)
    void aSuiteRunsTheLuceeRowsAndNotesTheUnavailableOne() throws Exception {
        lucee.stop();
        lucee = null;
        Path dir = Files.createTempDirectory("wsbench-lucee-suite");
        Path suite = dir.resolve("lucee.yaml");
        Files.writeString(suite, """
                name: lucee
                operation: hello
                warmupRequests: 200
                targets:
                  - { label: SOAP Lucee, stack: lucee, protocol: soap11 }
                  - { label: WDDX Lucee, stack: lucee, protocol: wddx }
                  - { label: REST cached Lucee, stack: lucee, protocol: rest-xml, variant: cached }
                load:
                  - { users: 2, requestsPerUser: 100 }
                stackOptions:
                  lucee: { cacheDir: "%s" }
                """.formatted(cache));
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        assertEquals("complete", run.at("/status").asText());
        assertEquals(2, run.at("/points").size(), "the SOAP row is not measured");
        for (JsonNode p : run.at("/points")) {
            assertEquals(200, p.at("/validated").asLong(), p.toString());
            assertEquals(0, p.at("/errors/validation").asLong());
        }
        assertTrue(run.at("/environment/stacks/lucee").asText().startsWith("Lucee 6.2.0.321;"), run.at("/environment").toString());
        assertTrue(run.at("/notes").toString().contains("target 'SOAP Lucee' unavailable on lucee: " + descriptor.unavailable("hello", "soap11")),
                run.at("/notes").toString());
        // the warm-up of each measured target is kept with its per-second series, and the report shows it
        JsonNode warmups = run.at("/warmups");
        assertEquals(2, warmups.size(), warmups.toString());
        for (JsonNode w : warmups) {
            assertEquals(200, w.at("/validated").asLong(), w.toString());
            assertEquals(0, w.at("/repeat").asInt());
            assertTrue(w.at("/series").size() >= 1, w.toString());
        }
        String report = Files.readString(dir.resolve("out/report.html"));
        assertTrue(report.contains("<h2>Warm-up second by second</h2>"), "warm-up section in the report");
        assertTrue(report.contains("Requests per second over time at warm-up, 2 users"), "warm-up series chart");
    }

    private static void assertBody(String protocol, String variant, String type, String body) throws Exception {
        HttpResponse<String> r = get(descriptor.endpoint("hello", protocol, variant));
        assertEquals(200, r.statusCode(), protocol);
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith(type), protocol + ": " + r.headers());
        assertEquals(body, r.body(), protocol + " " + variant);
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(lucee.baseUrl() + path))
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<Path, FileTime> times(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.collect(java.util.stream.Collectors.toMap(p -> p, p -> {
                try {
                    return Files.getLastModifiedTime(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }));
        }
    }

    private static long files(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).count();
        }
    }

    private static long bytes(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
