package io.wsbench.service.flow;

import io.wsbench.core.load.FlowPlan;
import io.wsbench.core.load.FlowStep;
import io.wsbench.core.load.StepAnswer;
import io.wsbench.core.load.WsStep;
import io.wsbench.model.suite.SuiteException;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.service.own.OwnServiceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** WebSocket steps as a flow file writes them: built with their variables, their expectations read as checks, mistakes refused in one line. */
class WsStepsTest {

    private static FlowPlan plan(Path dir, String steps) throws OwnServiceException {
        return OwnFlow.of(flow(dir, steps).flow(), null, null, URI.create("http://127.0.0.1:8080"), dir::resolve).plan();
    }

    private static TargetSpec flow(Path dir, String steps) {
        try {
            Path file = Files.writeString(dir.resolve("ws.yaml"), "label: ws\nurl: http://127.0.0.1:8080\nflow:\n" + steps);
            return SuiteReader.readFlow(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void openSendExpectAndCloseAreBuiltWithTheirVariablesAndChecks(@TempDir Path dir) throws Exception {
        FlowPlan plan = plan(dir, """
                  setup:
                    - { ws: "/chat?room=${vu}", headers: { Authorization: "Bearer t${vu}" } }
                  steps:
                    - { send: '{"text": "${greeting}", "n": ${iteration}}', expect: "jsonpath:$.n == ${iteration}",
                        extract: { id: "jsonpath:$.id" }, data: rows.csv }
                    - { send: "ack ${id}" }
                    - { name: push, expect: any, timeout: 250ms }
                  teardown:
                    - { close: true }
                """.replace("rows.csv", Files.writeString(dir.resolve("rows.csv"), "greeting\na \"b\" é\n").toString()));
        WsStep open = plan.setup().get(0).ws();
        assertEquals(WsStep.Kind.OPEN, open.kind());
        assertEquals("ws /chat?room=${vu}", plan.setup().get(0).name());
        String[] vars = new String[plan.variables().size()];
        vars[FlowPlan.USER] = "a b";
        vars[FlowPlan.ITERATION] = "7";
        vars[plan.variables().indexOf("greeting")] = "a \"b\" é";
        assertEquals("/chat?room=a%20b", open.path().fill(vars), "a path's value is percent-encoded");
        assertEquals("Bearer ta b", open.headers().get("Authorization").fill(vars));

        FlowStep send = plan.steps().get(0);
        assertTrue(send.ws().expects());
        assertEquals("{\"text\": \"a \\\"b\\\" é\", \"n\": 7}", send.ws().message().fill(vars), "a JSON message's values are JSON-escaped");
        StepAnswer answer = send.answers().get();
        byte[] echo = "{\"n\": 7, \"id\": \"x1\"}".getBytes(StandardCharsets.UTF_8);
        assertNull(answer.read(200, "application/json", echo, echo.length, Map.of(), vars));
        assertEquals("x1", vars[plan.variables().indexOf("id")], "extracted from the message");
        byte[] wrong = "{\"n\": 8, \"id\": \"x1\"}".getBytes(StandardCharsets.UTF_8);
        assertTrue(answer.read(200, "application/json", wrong, wrong.length, Map.of(), vars).why().contains("jsonpath:$.n == ${iteration}"));

        assertEquals("ack x1", plan.steps().get(1).ws().message().fill(vars));
        assertTrue(!plan.steps().get(1).ws().expects() && plan.steps().get(1).answers() == null);
        WsStep push = plan.steps().get(2).ws();
        assertEquals(WsStep.Kind.EXPECT, push.kind());
        assertEquals(250_000_000L, push.timeoutNanos());
        assertEquals(WsStep.Kind.CLOSE, plan.teardown().get(0).ws().kind());
    }

    @Test
    void mistakesAreOneLineNamingTheStep(@TempDir Path dir) throws Exception {
        assertEquals("steps step send x: no WebSocket is open here: a 'ws: /path' step before it opens one",
                assertThrows(OwnServiceException.class, () -> plan(dir, "  steps:\n    - { send: x }\n")).getMessage());
        assertTrue(assertThrows(OwnServiceException.class, () -> plan(dir, "  steps:\n    - { ws: \"ws://elsewhere/chat\" }\n"))
                .getMessage().contains("is a path on the flow's target, from '/'"));
        assertTrue(assertThrows(OwnServiceException.class, () -> plan(dir, """
                  steps:
                    - { ws: /chat }
                    - { send: "${nobody}" }
                """)).getMessage().contains("send uses ${nobody}, which no earlier step or row gives"));
        assertTrue(assertThrows(OwnServiceException.class, () -> plan(dir, """
                  steps:
                    - { ws: /chat }
                    - { send: hi, extract: { x: "jsonpath:$.x" } }
                """)).getMessage().contains("extract reads the message a step expects"));
        // the file's own mistakes name its line and column
        SuiteException both = assertThrows(SuiteException.class, () -> flow(dir, "  steps:\n    - { ws: /chat, send: hi }\n"));
        assertTrue(both.getMessage().contains("ws.yaml:5:") && both.getMessage().contains("a WebSocket step is one of 'ws: /path'"),
                both.getMessage());
        SuiteException checks = assertThrows(SuiteException.class, () -> flow(dir,
                "  steps:\n    - { ws: /chat }\n    - { send: hi, checks: [\"contains:x\"] }\n"));
        assertTrue(checks.getMessage().contains("its checks are its 'expect'"), checks.getMessage());
        SuiteException request = assertThrows(SuiteException.class, () -> flow(dir, "  steps:\n    - { path: /x, send: hi }\n"));
        assertTrue(request.getMessage().contains("is not also a request or a think"), request.getMessage());
        SuiteException timeout = assertThrows(SuiteException.class, () -> flow(dir, "  steps:\n    - { path: /x, timeout: 1s }\n"));
        assertTrue(timeout.getMessage().contains("'timeout' goes on a WebSocket step"), timeout.getMessage());
        Path h2 = Files.writeString(dir.resolve("h2.yaml"), "url: http://127.0.0.1:8080\nhttp: 2\nflow:\n  teardown:\n    - { close: true }\n"
                + "  steps:\n    - { path: /x }\n");
        SuiteException overH2 = assertThrows(SuiteException.class, () -> SuiteReader.readFlow(h2));
        assertTrue(overH2.getMessage().contains("a flow with a WebSocket step runs over HTTP/1.1"), overH2.getMessage());
        Files.writeString(h2, "url: http://127.0.0.1:8080\nhttp: 2\nflow:\n  steps:\n    - { path: /x }\n");
        assertEquals("flow h2", SuiteReader.readFlow(h2).label(), "a flow of requests alone runs over HTTP/2, and its label says so");
        Files.writeString(h2, "url: http://127.0.0.1:8080\nflow:\n  steps:\n    - { path: /x }\n");
        assertEquals("flow h2 4 streams", SuiteReader.readFlow(h2).withHttp2(new io.wsbench.model.load.Http2(4)).label(),
                "load --flow F --http2 --streams 4: the default label says it");
        Files.writeString(h2, "label: mine\nurl: http://127.0.0.1:8080\nflow:\n  steps:\n    - { path: /x }\n");
        assertEquals("mine", SuiteReader.readFlow(h2).withHttp2(new io.wsbench.model.load.Http2(4)).label(), "a label given is kept");
    }
}
