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
import io.wsbench.protocols.Amf;
import io.wsbench.protocols.Workload;
import io.wsbench.contract.hello.HelloContract;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.AfterAll;
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
import java.util.HashMap;
import java.util.Set;
import java.util.TreeSet;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The blazeds stack in its own process on 127.0.0.1, called over AMF by wsbench's client. */
class BlazedsStackTest {

    private static StackDescriptor descriptor;
    private static RunningStack blazeds;
    private static LoadEngine engine;
    private static URI endpoint;

    @BeforeAll
    static void start() throws Exception {
        descriptor = StackCatalog.in(Home.find()).find("blazeds").orElseThrow(() -> new AssertionError("blazeds is not built"));
        blazeds = new StackLauncher(Files.createTempDirectory("wsbench-test")).start(descriptor, 0, Map.of());
        engine = new LoadEngine(1);
        endpoint = URI.create(blazeds.baseUrl() + descriptor.endpoint(HelloContract.OPERATION, "amf", null));
    }

    @AfterAll
    static void stop() {
        engine.close();
        blazeds.stop();
    }

    @Test
    void aHundredCallsAreAllAnsweredWithTheGreeting() throws Exception {
        Workload w = Workload.of("amf", HelloContract.OPERATION, null);
        var requests = w.requests(endpoint, true);
        Measurement m = engine.run(LoadEngine.Point.of(new InetSocketAddress("127.0.0.1", blazeds.port()), LoadSpec.closed(2, 50),
                requests, w::validator), ProgressListener.NONE);
        assertEquals(100, m.requests());
        assertEquals(100, m.ok(), "every answer is an AcknowledgeMessage with the greeting: " + m.errors());
        assertEquals(0, m.errors().total());
        assertNull(m.aborted());
        // every request is the same pre-encoded packet; answers carry ids, so their size varies a little
        assertEquals(100L * requests.fixedSize(), m.bytesSent());
        long received = m.bytesReceived() / 100;
        assertTrue(received > 200 && received < 2000, "bytes received per request " + received);
        assertTrue(blazeds.alive());
    }

    @Test
    void theAnswerIsBlazedsOwnAcknowledgeMessage() throws Exception {
        byte[] packet = Amf.packet(HelloContract.OPERATION, HelloContract.OPERATION);
        HttpResponse<byte[]> r = post(packet);
        assertEquals(200, r.statusCode());
        assertEquals(Amf.CONTENT_TYPE, r.headers().firstValue("Content-Type").orElse(""));
        var answer = Amf.decode(r.body(), r.body().length);
        assertEquals("/1/onResult", answer.getBody(0).getTargetURI());
        var ack = assertInstanceOf(flex.messaging.messages.AcknowledgeMessage.class, answer.getBody(0).getData());
        assertEquals(HelloContract.GREETING, ack.getBody());
    }

    @Test
    void anUnknownDestinationIsAnErrorMessageTheOracleRejects() throws Exception {
        HttpResponse<byte[]> r = post(Amf.packet("nosuchdestination", HelloContract.OPERATION));
        assertEquals(200, r.statusCode(), "BlazeDS answers a fault with 200");
        var answer = Amf.decode(r.body(), r.body().length);
        assertEquals("/1/onStatus", answer.getBody(0).getTargetURI());
        assertInstanceOf(flex.messaging.messages.ErrorMessage.class, answer.getBody(0).getData());
        var verdict = Workload.of("amf", HelloContract.OPERATION, null).validator()
                .check(200, Amf.CONTENT_TYPE, r.body(), r.body().length);
        assertEquals(io.wsbench.core.load.Verdict.VALIDATION, verdict);
    }

    @Test
    void quickAmfSuiteRunsEndToEnd(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("run", Home.find().resolve("suites/amf.yaml").toString(), "--quick",
                "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("run.json").toFile());
        assertEquals("complete", run.at("/status").asText());
        assertTrue(run.at("/environment/stacks/blazeds").asText().contains("BlazeDS"), run.at("/environment").toString());
        JsonNode points = run.at("/points");
        assertEquals(15, points.size(), "3 targets x 5 loads x 1 repeat");
        Map<String, Double> bytesAt1 = new HashMap<>();
        Set<Long> users = new TreeSet<>();
        for (JsonNode p : points) {
            String label = p.at("/target/label").asText();
            assertEquals(p.at("/load/users").asLong() * 200, p.at("/requests").asLong(), p.toString());
            assertEquals(p.at("/requests").asLong(), p.at("/validated").asLong(), label + ": every answer was right");
            assertFalse(p.at("/server/residualCpuPercent").isMissingNode(), "residual CPU is recorded: " + p);
            users.add(p.at("/load/users").asLong());
            if (p.at("/load/users").asLong() == 1) {
                bytesAt1.put(label, p.at("/bytesSentPerRequest").asDouble());
            }
        }
        assertEquals(Set.of(1L, 2L, 3L, 4L, 5L), users);
        // the seed's order of request sizes: SOAP > AMF > REST (463 / 376 / 62 bytes there)
        assertTrue(bytesAt1.get("SOAP") > bytesAt1.get("REST") && bytesAt1.get("AMF") > bytesAt1.get("REST"), bytesAt1.toString());
        assertTrue(r.out().contains("AMF"), r.out());
        assertTrue(Files.readString(dir.resolve("report.html")).contains("blazeds"));
    }

    private static HttpResponse<byte[]> post(byte[] packet) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10))
                .header("Content-Type", Amf.CONTENT_TYPE).POST(HttpRequest.BodyPublishers.ofByteArray(packet)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }
}
