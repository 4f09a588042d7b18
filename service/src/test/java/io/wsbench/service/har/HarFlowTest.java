package io.wsbench.service.har;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.core.load.FlowPlan;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.service.flow.OwnFlow;
import io.wsbench.service.own.OwnServiceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A hand-made recording: a login page with a hidden CSRF token and a stylesheet, the login form
 * (a 302 that the browser followed to the next request: one step that follows it), a JSON list whose first order's id, reference and a bearer token the later requests send
 * (one of them in a response header), a JSON body, a search for what the user typed, and a header
 * value no answer gave.
 */
class HarFlowTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ORIGIN = "http://shop.test:8080";
    private static final String TOKEN = "eyJhbGciOi.abc123.sig456";

    private static double at = 1_700_000_000_000.0;

    private static ObjectNode entry(String method, String path, List<String[]> headers, String bodyType, String body,
                                    int status, List<String[]> answerHeaders, String answerType, String answer, String resourceType,
                                    double gapMillis) {
        at += gapMillis;
        ObjectNode e = JSON.createObjectNode();
        e.put("startedDateTime", java.time.Instant.ofEpochMilli((long) at).toString());
        e.put("time", 20);
        at += 20;
        if (resourceType != null) {
            e.put("_resourceType", resourceType);
        }
        ObjectNode req = e.putObject("request");
        req.put("method", method).put("url", ORIGIN + path).put("httpVersion", "HTTP/1.1");
        ArrayNode h = req.putArray("headers");
        h.addObject().put("name", "User-Agent").put("value", "Mozilla/5.0");
        h.addObject().put("name", "Cookie").put("value", "sid=abc");
        headers.forEach(p -> h.addObject().put("name", p[0]).put("value", p[1]));
        if (body != null) {
            req.putObject("postData").put("mimeType", bodyType).put("text", body);
        }
        ObjectNode res = e.putObject("response");
        res.put("status", status);
        ArrayNode rh = res.putArray("headers");
        rh.addObject().put("name", "Set-Cookie").put("value", "sid=abc; Path=/");
        answerHeaders.forEach(p -> rh.addObject().put("name", p[0]).put("value", p[1]));
        res.putObject("content").put("mimeType", answerType).put("text", answer);
        return e;
    }

    static Path recording(Path dir) throws Exception {
        ArrayNode entries = JSON.createArrayNode();
        entries.add(entry("GET", "/login", List.of(), null, null, 200, List.of(), "text/html",
                "<html><body><form method=post><input type=\"hidden\" name=\"csrf\" value=\"tok-3f9a8b7c6d5e\">"
                        + "<input name=user><input name=password type=password></form></body></html>", "document", 0));
        entries.add(entry("GET", "/static/app.css", List.of(), null, null, 200, List.of(), "text/css", "body{}", "stylesheet", 5));
        entries.add(entry("POST", "/login", List.<String[]>of(new String[]{"Content-Type", "application/x-www-form-urlencoded"}),
                "application/x-www-form-urlencoded", "csrf=tok-3f9a8b7c6d5e&user=ann&password=p%26ss", 302,
                List.<String[]>of(new String[]{"Location", "/orders"}), "text/html", "", "document", 1500));
        entries.add(entry("GET", "/orders", List.of(), null, null, 200, List.<String[]>of(new String[]{"X-Request-Token", "rt-9f8e7d6c5b4a"}),
                "application/json", "{\"orders\": [{\"id\": 4711, \"ref\": \"ORD-77aa88\"}], \"token\": \"" + TOKEN + "\"}", "fetch", 5));
        entries.add(entry("GET", "/orders/4711?ref=ORD-77aa88", List.of(new String[]{"Authorization", "Bearer " + TOKEN},
                new String[]{"X-Request-Token", "rt-9f8e7d6c5b4a"}), null, null, 200, List.of(), "application/json", "{\"id\": 4711}", "fetch", 5));
        entries.add(entry("POST", "/orders/4711/notes", List.of(new String[]{"Content-Type", "application/json"},
                new String[]{"Authorization", "Bearer " + TOKEN}), "application/json", "{\"text\": \"hello there\", \"order\": 4711}",
                201, List.of(), "application/json", "{\"ok\": true}", "fetch", 5));
        entries.add(entry("GET", "/search?q=ann", List.of(), null, null, 200, List.of(), "text/html", "<p>ann</p>", "document", 5));
        entries.add(entry("GET", "/api/x", List.<String[]>of(new String[]{"X-Magic", "0a1b2c3d4e5f6a7b8c9d"}), null, null, 200, List.of(),
                "application/json", "{}", "fetch", 5));
        ObjectNode har = JSON.createObjectNode();
        ObjectNode log = har.putObject("log");
        log.put("version", "1.2");
        log.putObject("creator").put("name", "test").put("version", "1");
        log.set("entries", entries);
        Path file = dir.resolve("shop.har");
        JSON.writeValue(file.toFile(), har);
        return file;
    }

    @Test
    void eachValueAnAnswerGaveIsExtractedThereAndWhatTheUserTypedGoesToTheCsv(@TempDir Path dir) throws Exception {
        HarFlow.Result r = HarFlow.of(HarFile.read(recording(dir)), new HarFlow.Options(null, false, true), "shop.csv");
        assertEquals(6, r.steps(), "the login and the list its 302 led to are one step: " + r.yaml());
        assertEquals(1, r.leftOut(), "the stylesheet");
        assertEquals(ORIGIN, r.origin());
        String y = r.yaml();
        assertTrue(y.contains("\"extract\":{\"csrf\":\"css:input[name=csrf]@value\"}"), y);
        assertTrue(y.contains("\"form\":{\"csrf\":\"${csrf}\",\"user\":\"${user}\",\"password\":\"${password}\"}"), y);
        assertTrue(y.contains("\"follow\":true") && !y.contains("status: 302"), y);
        assertTrue(y.contains("#   follows its redirect (302) to GET /orders"), y);
        assertTrue(y.contains("7 requests to shop.test:8080, as 6 steps that follow their redirects"), y);
        assertEquals("1 request", HarFlow.counted(1, "request"), "Firebug's one POST read '1 requests'");
        assertTrue(y.contains("- { think: { constant: 1525ms } }"), "the gap after the login page, the stylesheet's request: " + y);
        assertTrue(y.contains("\"data\":\"shop.csv\""), y);
        assertEquals("user,password,text\nann,p&ss,hello there\n", r.csv(), "typed values (a form's, decoded, and a JSON body's), as recorded");
        assertTrue(y.contains("\"extract\":{\"order_id\":\"jsonpath:$.orders[0].id\",\"ref\":\"jsonpath:$.orders[0].ref\","
                + "\"token\":\"jsonpath:$.token\",\"x_request_token\":\"header:X-Request-Token\"}"), y);
        assertTrue(y.contains("\"path\":\"/orders/${order_id}?ref=${ref}\""), y);
        assertTrue(y.contains("\"Authorization\":\"Bearer ${token}\",\"X-Request-Token\":\"${x_request_token}\""), y);
        assertTrue(y.contains("\"body\":\"{\\\"text\\\":\\\"${text}\\\",\\\"order\\\":${order_id}}\""), y);
        assertTrue(y.contains("\"path\":\"/search?q=${user}\""), "a typed value used again is the same column: " + y);
        assertTrue(!y.contains("User-Agent") && !y.contains("Cookie"), "the browser's headers and cookies are left out: " + y);
        assertEquals(1, r.unplaced().size(), r.unplaced().toString());
        assertTrue(r.unplaced().get(0).contains("header X-Magic: \"0a1b2c3d4e5f6a7b8c9d\" is in no earlier answer"), r.unplaced().toString());
        assertTrue(y.contains("#   gives ${csrf} (css:input[name=csrf]@value) to step 2's form field csrf"), "each correlation named: " + y);
        assertEquals(5, r.correlations().size(), r.correlations().toString());

        // the flow it wrote is one wsbench reads and plans, its variables all known where used
        Path flow = Files.writeString(dir.resolve("shop.yaml"), y);
        Files.writeString(dir.resolve("shop.csv"), r.csv());
        TargetSpec target = SuiteReader.readFlow(flow);
        FlowPlan plan = OwnFlow.of(target.flow(), null, null, URI.create(target.url()), dir::resolve).plan();
        assertEquals(7, plan.steps().size(), "6 requests and a think");
        assertTrue(plan.steps().get(2).follow(), "the login step follows its redirect: " + plan.steps().get(2).name());
        assertTrue(plan.variables().containsAll(List.of("csrf", "user", "password", "order_id", "ref", "token", "x_request_token", "text")),
                plan.variables().toString());
    }

    /**
     * A chat as Chromium exports it (since 76): the WebSocket's upgrade as an entry of its own, ws://, answered
     * 101, its messages in {@code _webSocketMessages}. The token the login's answer gave is correlated into a
     * message sent; each message sent and the one received after it are a send with its expect; a push alone is an
     * expect; a binary message sent is left out and said so; the gaps are think times; then a close.
     */
    @Test
    void aRecordedWebSocketIsItsOpeningItsMessagesAndItsClose(@TempDir Path dir) throws Exception {
        ArrayNode entries = JSON.createArrayNode();
        entries.add(entry("POST", "/login", List.<String[]>of(new String[]{"Content-Type", "application/json"}), "application/json",
                "{\"user\": \"ann\"}", 200, List.of(), "application/json", "{\"token\": \"" + TOKEN + "\"}", "fetch", 0));
        ObjectNode ws = entry("GET", "/chat?room=7", List.of(new String[]{"Upgrade", "websocket"}, new String[]{"Connection", "Upgrade"},
                new String[]{"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}, new String[]{"X-Room", "7"}), null, null, 101, List.of(),
                "x-unknown", "", "websocket", 5);
        ((ObjectNode) ws.path("request")).put("url", ORIGIN.replace("http:", "ws:") + "/chat?room=7");
        double t = at / 1000;
        ArrayNode messages = ws.putArray("_webSocketMessages");
        messages.addObject().put("type", "send").put("time", t + 0.01).put("opcode", 1).put("data", "{\"auth\": \"" + TOKEN + "\", \"n\": 1}");
        messages.addObject().put("type", "receive").put("time", t + 0.02).put("opcode", 1).put("data", "{\"ok\": true}");
        messages.addObject().put("type", "receive").put("time", t + 0.5).put("opcode", 1).put("data", "tick");
        messages.addObject().put("type", "send").put("time", t + 0.6).put("opcode", 2).put("data", "AAEC");
        messages.addObject().put("type", "send").put("time", t + 1.2).put("opcode", 1).put("data", "bye");
        entries.add(ws);
        ObjectNode har = JSON.createObjectNode();
        har.putObject("log").put("version", "1.2").set("entries", entries);
        Path file = dir.resolve("chat.har");
        JSON.writeValue(file.toFile(), har);

        HarFlow.Result r = HarFlow.of(HarFile.read(file), new HarFlow.Options(null, false, true), "chat.csv");
        String y = r.yaml();
        assertEquals(ORIGIN, r.origin(), "a flow's address is HTTP's, its WebSocket's path on it");
        assertTrue(y.contains("{\"name\":\"ws /chat\",\"ws\":\"/chat?room=${room}\",\"headers\":{\"X-Room\":\"${room}\"}}"),
                "the room, in no answer, is typed: " + y);
        assertTrue(y.contains("{\"send\":\"{\\\"auth\\\":\\\"${auth}\\\",\\\"n\\\":1}\",\"expect\":\"any\"}"), y);
        assertTrue(y.contains("gives ${auth} (jsonpath:$.token) to step 2's JSON field auth"), "the login's token, correlated: " + y);
        assertEquals("user,room\nann,7\n", r.csv());
        assertTrue(y.contains("- {\"think\":{\"constant\":\"480ms\"}}\n    - {\"expect\":\"any\"}"), "the push, after its gap: " + y);
        assertTrue(y.contains("{\"send\":\"bye\"}\n    - {\"close\":true}"), y);
        assertTrue(!y.contains("AAEC") && y.contains("a binary message it sent at"), y);
        assertTrue(y.contains("its 2 messages sent and 2 received follow it, then its close"), y);

        Path flow = Files.writeString(dir.resolve("chat.yaml"), y);
        Files.writeString(dir.resolve("chat.csv"), r.csv());
        TargetSpec target = SuiteReader.readFlow(flow);
        FlowPlan plan = OwnFlow.of(target.flow(), null, null, URI.create(target.url()), dir::resolve).plan();
        assertEquals(List.of("POST /login", "ws /chat", "send {\"auth\":\"${auth}\",\"n\":1}", "think", "expect", "think", "send bye",
                "close"), plan.steps().stream().map(io.wsbench.core.load.FlowStep::name).map(n -> n.replaceAll(" #\\d+$", "")).toList());
    }

    @Test
    void aRecordingSavedWithAByteOrderMarkReadsTheSame(@TempDir Path dir) throws Exception {
        // as Fiddler and other Windows tools save a HAR: a UTF-8 byte order mark before the JSON
        Path plain = recording(dir);
        Path marked = dir.resolve("marked.har");
        java.nio.file.Files.write(marked, concat(new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, java.nio.file.Files.readAllBytes(plain)));
        assertEquals(HarFlow.of(HarFile.read(plain), new HarFlow.Options(null, false, true), "shop.csv").yaml(),
                HarFlow.of(HarFile.read(marked), new HarFlow.Options(null, false, true), "shop.csv").yaml());
    }

    /** A session the browser held over HTTP/2 (Chromium writes "http/2.0") runs over it; one over HTTP/1.1 does not. */
    @Test
    void aSessionRecordedOverHttp2RunsOverIt(@TempDir Path dir) throws Exception {
        String h1 = java.nio.file.Files.readString(recording(dir));
        assertFalse(HarFlow.of(HarFile.read(recording(dir)), new HarFlow.Options(null, false, true), "shop.csv").yaml().contains("http: 2"));
        Path h2 = java.nio.file.Files.writeString(dir.resolve("h2.har"),
                h1.replace("\"HTTP/1.1\"", "\"http/2.0\"").replace(ORIGIN, "https://shop.test"));
        String yaml = HarFlow.of(HarFile.read(h2), new HarFlow.Options(null, false, true), "shop.csv").yaml();
        assertTrue(yaml.contains("\nhttp: 2\n"), yaml);
        java.nio.file.Files.writeString(dir.resolve("shop.csv"), "user,password\nann,p&ss\n");
        assertTrue(io.wsbench.model.suite.SuiteReader.readFlow(java.nio.file.Files.writeString(dir.resolve("h2.yaml"), yaml)).overHttp2(),
                "the flow file reads back over HTTP/2");
        Path plain = java.nio.file.Files.writeString(dir.resolve("h2c.har"), h1.replace("\"HTTP/1.1\"", "\"h2\""));
        assertFalse(HarFlow.of(HarFile.read(plain), new HarFlow.Options(null, false, true), "shop.csv").yaml().contains("http: 2"),
                "a browser speaks HTTP/2 over TLS alone: an http:// recording that says h2 is not taken at its word");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void anotherHostTheAssetsAndNoThinkAreTheUsersToChoose(@TempDir Path dir) throws Exception {
        HarFile har = HarFile.read(recording(dir));
        HarFlow.Result all = HarFlow.of(har, new HarFlow.Options("shop.test:8080", true, false), "x.csv");
        assertEquals(7, all.steps(), "the stylesheet kept");
        assertTrue(!all.yaml().contains("think"), all.yaml());
        String none = assertThrows(OwnServiceException.class, () -> HarFlow.of(har, new HarFlow.Options("elsewhere.test", false, true), "x.csv"))
                .getMessage();
        assertEquals("no request of the HAR file went to elsewhere.test (its hosts: shop.test:8080)", none);
        Path bad = Files.writeString(dir.resolve("bad.har"), "{\"log\": {\"entries\": [}");
        String notJson = assertThrows(OwnServiceException.class, () -> HarFile.read(bad)).getMessage();
        assertTrue(notJson.startsWith(bad + ":1:"), notJson);
        assertEquals(1, notJson.lines().count());
    }

    @Test
    void aFileThatIsNotUtf8IsSaidToBeSo(@TempDir Path dir) throws Exception {
        Path file = java.nio.file.Files.write(dir.resolve("rec.har"), new byte[] {'{', (byte) 0xff, (byte) 0xfe, '}'});
        assertEquals(file + ": not UTF-8 text (a HAR file is JSON)",
                assertThrows(OwnServiceException.class, () -> HarFile.read(file)).getMessage());
    }
}
