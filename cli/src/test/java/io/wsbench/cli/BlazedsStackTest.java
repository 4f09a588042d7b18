package io.wsbench.cli;

import io.wsbench.core.load.LoadEngine;
import io.wsbench.core.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.stack.RunningStack;
import io.wsbench.core.stack.StackCatalog;
import io.wsbench.core.stack.StackDescriptor;
import io.wsbench.core.stack.StackLauncher;
import io.wsbench.protocols.Amf;
import io.wsbench.protocols.Workload;
import io.wsbench.service.hello.HelloContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        Measurement m = engine.run(new InetSocketAddress("127.0.0.1", blazeds.port()), LoadSpec.closed(2, 50),
                requests, w::validator, ProgressListener.NONE);
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

    private static HttpResponse<byte[]> post(byte[] packet) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10))
                .header("Content-Type", Amf.CONTENT_TYPE).POST(HttpRequest.BodyPublishers.ofByteArray(packet)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }
}
