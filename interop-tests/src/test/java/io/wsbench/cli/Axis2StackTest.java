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

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The axis2 stack in its own process on 127.0.0.1: its WSDL, and answers equal to the oracle's. */
class Axis2StackTest {

    private static StackDescriptor descriptor;
    private static RunningStack axis2;
    private static LoadEngine engine;

    @BeforeAll
    static void start() throws Exception {
        descriptor = StackCatalog.in(Home.find()).find("axis2").orElseThrow();
        axis2 = new StackLauncher(Files.createTempDirectory("wsbench-test")).start(descriptor, 0, Map.of());
        engine = new LoadEngine(1);
    }

    @AfterAll
    static void stop() {
        engine.close();
        axis2.stop();
    }

    @Test
    void servesTheSharedWsdl() throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(axis2.baseUrl() + descriptor.wsdlPath("matchQuakes"))).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        String wsdl = r.body();
        assertTrue(wsdl.contains("<wsdl:operation name=\"matchQuakes\">"), wsdl);
        assertTrue(wsdl.contains("soapAction=\"urn:matchQuakes\""), wsdl);
        assertTrue(wsdl.contains("targetNamespace=\"http://wsbench.io/seismic\""), wsdl);
        // useOriginalwsdl: the contract's own schema, not one Axis2 derived from the Java classes
        assertTrue(wsdl.contains("name=\"result-set\""), wsdl);
        assertTrue(wsdl.contains(axis2.baseUrl() + "/services/SeismicService"), "the address is rewritten to where it listens");
    }

    @Test
    void answersTheWholeSmallSequenceLikeTheOracle() throws Exception {
        Measurement m = pass("small", 1000);
        assertEquals(1000, m.requests());
        assertEquals(1000, m.ok(), "every answer equals the oracle's: " + m.errors());
        assertEquals(0, m.errors().total());
        assertNull(m.aborted());
    }

    @Test
    void answersTheFirstQueriesOfTheLargeSequenceLikeTheOracle() throws Exception {
        Measurement m = pass("large", 10);
        assertEquals(10, m.ok(), "every answer equals the oracle's: " + m.errors());
        assertEquals(0, m.errors().total());
        // thousands of quakes per answer: the large sequence is about volume
        assertTrue(m.bytesReceived() / m.ok() > 100_000, "bytes per answer " + m.bytesReceived() / m.ok());
    }

    @Test
    void aTakenPortIsOneLineAndNonZero() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            var e = assertThrows(io.wsbench.launch.StackException.class,
                    () -> new StackLauncher(Files.createTempDirectory("wsbench-test")).start(descriptor, taken.getLocalPort(), Map.of()));
            assertTrue(e.getMessage().endsWith("port " + taken.getLocalPort() + " on 127.0.0.1 is already in use"), e.getMessage());
        }
    }

    /** One user sending the first {@code requests} queries of a sequence, in order. */
    private static Measurement pass(String sequence, int requests) throws InterruptedException {
        Workload w = Workload.of("soap11", "matchQuakes", sequence);
        URI endpoint = URI.create(axis2.baseUrl() + descriptor.endpoint("matchQuakes", "soap11", null));
        return engine.run(LoadEngine.Point.of(new InetSocketAddress("127.0.0.1", axis2.port()), LoadSpec.closed(1, requests),
                w.requests(endpoint, true), w::validator), ProgressListener.NONE);
    }
}
