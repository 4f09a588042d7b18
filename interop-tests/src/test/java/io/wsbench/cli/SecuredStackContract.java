package io.wsbench.cli;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.LoadEngine;
import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.model.suite.Security;
import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.StackLauncher;
import io.wsbench.protocols.Soap;
import io.wsbench.protocols.Workload;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.contract.seismic.SeismicContract;
import io.wsbench.contract.seismic.SeismicXml;
import io.wsbench.runner.Home;
import io.wsbench.wssec.Attack;
import io.wsbench.wssec.SecuredWorkload;
import io.wsbench.wssec.WsSecurity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every stack with WS-Security endpoints must do, for each configuration its descriptor
 * declares ({@code endpoint.matchQuakes.soap11.<configuration>}): answer the small sequence with
 * every answer verified by wsbench's client and equal to the oracle's; refuse with a SOAP Fault
 * each {@link Attack} that applies, and a request carrying no WS-Security at all; and (sign,
 * signencr) sign its responses so that a tampered one is a validation error on wsbench's side.
 * A subclass names the stack; the stack is started once for all its tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SecuredStackContract {

    /** Requests per attack: few, each secured (and spoiled) afresh. */
    private static final int ATTACKS = 5;

    protected StackDescriptor descriptor;
    protected RunningStack running;
    protected WsSecurityKeys keys;
    private LoadEngine engine;

    /** The stack's name, as in its stack.properties. */
    protected abstract String stack();

    @BeforeAll
    void startStack() throws Exception {
        Path home = Home.find();
        keys = WsSecurityKeys.in(home.resolve("target/keys"));
        descriptor = StackCatalog.in(home).find(stack()).orElseThrow(() -> new AssertionError(stack() + " is not built"));
        assertFalse(configurations().isEmpty(), stack() + " declares no secured endpoint: " + descriptor.securityNote());
        running = new StackLauncher(Files.createTempDirectory("wsbench-wss-" + stack())).start(descriptor, 0,
                Map.of("keys", keys.dir().toString()));
        engine = new LoadEngine(2);
    }

    @AfterAll
    void stopStack() {
        if (engine != null) {
            engine.close();
        }
        if (running != null) {
            running.stop();
        }
    }

    /** The secured configurations the stack declares an endpoint for, in the seed's order. */
    protected List<Security> configurations() {
        return Arrays.stream(Security.values()).filter(c -> c.secured() && path(c) != null).toList();
    }

    @TestFactory
    Stream<DynamicTest> answersTheSmallSequenceVerified() {
        return configurations().stream().map(c -> DynamicTest.dynamicTest(
                c + ": 2 users x 50 requests, every answer verified and equal to the oracle's", () -> {
                    Workload w = SecuredWorkload.of("soap11", SeismicContract.OPERATION, "small", c, keys);
                    Measurement m = run(LoadSpec.closed(2, 50), w.requests(endpoint(c), true), w::validator);
                    assertEquals(100, m.requests());
                    assertEquals(100, m.ok(), c + ": " + m.errors());
                    assertNull(m.aborted());
                    assertTrue(((SecuredWorkload) w).clientSecurityNanos() > 0);
                }));
    }

    @TestFactory
    Stream<DynamicTest> refusesEveryAttackWithASoapFault() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Security c : configurations()) {
            for (Attack attack : Attack.against(c)) {
                tests.add(DynamicTest.dynamicTest(c + ": " + ATTACKS + " requests with " + attack + " are SOAP faults", () -> {
                    Workload plain = Workload.of("soap11", SeismicContract.OPERATION, "small");
                    Measurement m = run(LoadSpec.closed(1, ATTACKS), attacked(c, attack), plain::validator);
                    assertEquals(ATTACKS, m.requests());
                    assertEquals(0, m.ok(), c + " accepted " + attack + ": " + m.errors());
                    assertEquals(ATTACKS, m.errors().count(io.wsbench.protocols.Soap.FAULT_KIND), c + ", " + attack + ": " + m.errors());
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> refusesARequestWithoutSecurity() {
        return configurations().stream().map(c -> DynamicTest.dynamicTest(
                c + ": " + ATTACKS + " plain requests are SOAP faults", () -> {
                    Workload plain = Workload.of("soap11", SeismicContract.OPERATION, "small");
                    Measurement m = run(LoadSpec.closed(1, ATTACKS), plain.requests(endpoint(c), true), plain::validator);
                    assertEquals(0, m.ok(), c + " accepted a request without WS-Security");
                    assertEquals(ATTACKS, m.errors().count(io.wsbench.protocols.Soap.FAULT_KIND), c + ": " + m.errors());
                }));
    }

    @TestFactory
    Stream<DynamicTest> aTamperedResponseIsAValidationError() {
        return configurations().stream().filter(c -> c != Security.USERNAME).map(c -> DynamicTest.dynamicTest(
                c + ": a response changed inside its signed body is refused by wsbench's client", () -> {
                    Workload w = SecuredWorkload.of("soap11", SeismicContract.OPERATION, "large", c, keys);
                    byte[] request = new WsSecurity(c, keys).secure(envelope("large", 0));
                    HttpResponse<byte[]> r = HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(endpoint(c))
                            .header("Content-Type", "text/xml; charset=UTF-8")
                            .header("SOAPAction", "\"" + SeismicContract.SOAP_ACTION + "\"")
                            .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(request)).build(),
                            HttpResponse.BodyHandlers.ofByteArray());
                    assertEquals(200, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
                    byte[] body = r.body();
                    String contentType = r.headers().firstValue("Content-Type").orElse("");
                    Validator v = w.validator();
                    assertEquals(Verdict.OK, v.check(0, 200, contentType, body.clone(), body.length));

                    byte[] tampered = body.clone();
                    int at = tamperingPoint(c, new String(body, StandardCharsets.ISO_8859_1));
                    tampered[at] = (byte) (tampered[at] == '1' ? '2' : '1');
                    assertEquals(Verdict.VALIDATION, v.check(0, 200, contentType, tampered, tampered.length));
                }));
    }

    /** A digit of the first quake's millis (sign), or a character of the Body's cipher text (signencr). */
    private static int tamperingPoint(Security configuration, String response) {
        if (configuration == Security.SIGN) {
            int at = response.indexOf("millis=\"");
            assertTrue(at > 0, "no quake in the response: " + response);
            return at + 9;
        }
        // the last CipherValue is the Body's (the first may be the wrapped key in the header)
        Matcher m = Pattern.compile("<(\\w+:)?CipherValue>").matcher(response);
        int at = -1;
        while (m.find()) {
            at = m.end();
        }
        assertTrue(at > 0, "no CipherValue in the response: " + response);
        return at + 40;
    }

    /** The first requests of the small sequence, each secured afresh and spoiled by {@code attack}. */
    private RequestSource attacked(Security configuration, Attack attack) {
        WsSecurity security = new WsSecurity(configuration, keys);
        Map<String, String> headers = Map.of("Content-Type", "text/xml; charset=UTF-8",
                "SOAPAction", "\"" + SeismicContract.SOAP_ACTION + "\"");
        HttpRequest[] requests = new HttpRequest[ATTACKS];
        for (int i = 0; i < ATTACKS; i++) {
            requests[i] = new HttpRequest("POST", endpoint(configuration), headers,
                    security.secure(envelope("small", i), attack), true);
        }
        return new RequestSource() {
            @Override
            public ByteBuf next(ByteBufAllocator alloc) {
                return requests[0].next(alloc);
            }

            @Override
            public int size() {
                return requests.length;
            }

            @Override
            public ByteBuf next(int index, ByteBufAllocator alloc) {
                return requests[index].next(alloc);
            }
        };
    }

    private Measurement run(LoadSpec spec, RequestSource source, Supplier<Validator> validators)
            throws Exception {
        return engine.run(LoadEngine.Point.of(new InetSocketAddress("127.0.0.1", running.port()), spec, source, validators), ProgressListener.NONE);
    }

    private String path(Security configuration) {
        return descriptor.endpoint(SeismicContract.OPERATION, "soap11", null, configuration.word());
    }

    protected URI endpoint(Security configuration) {
        String path = path(configuration);
        assertNotNull(path, stack() + " has no " + configuration + " endpoint");
        return URI.create(running.baseUrl() + path);
    }

    /** The sequences by name, each drawn once (drawing one against the catalog takes most of a second). */
    private static final Map<String, QuerySequence> SEQUENCES = new java.util.concurrent.ConcurrentHashMap<>();

    private static byte[] envelope(String sequence, int index) {
        var q = SEQUENCES.computeIfAbsent(sequence, n -> QuerySequence.named(n, Catalog.standard())).queries().get(index);
        return Soap.V11.envelope(SeismicXml.query(q)).getBytes(StandardCharsets.UTF_8);
    }
}
