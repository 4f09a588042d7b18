package io.wsbench.cli;

import io.wsbench.core.load.LoadEngine;
import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackLauncher;
import io.wsbench.protocols.Workload;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every stack serves the shared WSDL and answers seed 001's queries exactly as the oracle says:
 * the whole small sequence and part of the large one, each answer checked for count and identity.
 */
class SeismicStacksTest {

    private static LoadEngine engine;

    @BeforeAll
    static void start() {
        engine = new LoadEngine(2);
    }

    @AfterAll
    static void stop() {
        engine.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "cxf", "metro"})
    void answersMatchTheOracle(String name) throws Exception {
        var d = StackCatalog.in(Home.find()).find(name).orElseThrow(() -> new AssertionError(name + " is not built"));
        RunningStack stack = new StackLauncher(Files.createTempDirectory("wsbench-" + name)).start(d, 0, Map.of());
        try {
            String wsdl = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(stack.baseUrl() + d.wsdlPath("matchQuakes"))).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(wsdl.contains("matchQuakes") && wsdl.contains("http://wsbench.io/seismic"), name + " WSDL: " + wsdl);
            URI endpoint = URI.create(stack.baseUrl() + d.endpoint("matchQuakes", "soap11", null));
            InetSocketAddress address = new InetSocketAddress("127.0.0.1", stack.port());

            Workload small = Workload.of("soap11", "matchQuakes", "small");
            Measurement m = engine.run(LoadEngine.Point.of(address, LoadSpec.closed(2, 500), small.requests(endpoint, true),
                    small::validator), ProgressListener.NONE);
            assertEquals(1000, m.requests());
            assertEquals(1000, m.ok(), name + " small sequence: " + m.errors());
            assertNull(m.aborted());

            Workload large = Workload.of("soap11", "matchQuakes", "large");
            m = engine.run(LoadEngine.Point.of(address, LoadSpec.closed(1, 10), large.requests(endpoint, true), large::validator),
                    ProgressListener.NONE);
            assertEquals(10, m.ok(), name + " large sequence: " + m.errors());
            assertTrue(m.bytesReceived() / 10 > 100_000, "large answers are large: " + m.bytesReceived() / 10);
            assertTrue(stack.alive());
        } finally {
            stack.stop();
        }
    }
}
