package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.StackLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WebSocket steps. Against the direct stack's echo: a user opens its WebSocket once, sends JSON and
 * text messages with variables (escaped for JSON, non-ASCII kept) and checks each echo, an extraction
 * from one message used in the next, then closes; every count exact, and a check that fails, a
 * message that never comes and an upgrade refused each counted as their kind. Against a server no one
 * here wrote (Python's websockets, chat_ws.py): the session cookie of an HTTP login and a header go
 * with the upgrade (the server refuses it without the cookie and answers with both), a server that
 * drops the connection every fifth message is counted against the step that waited, and the user's
 * next iteration opens it again; in an open loop, a message step's latency counts from when it was due.
 * suites/websocket.yaml runs on the direct stack. Bounded: counts and a 2 s point; the delays are the server's own.
 */
class FlowWebSocketTest {

    private static final Path RESOURCES = Path.of("src/test/resources/flow").toAbsolutePath();

    private static JsonNode load(Path dir, String base, String flow, String... options) throws Exception {
        Path file = Files.writeString(dir.resolve("ws.yaml"), "label: ws\nurl: " + base + "\nflow:\n" + flow, StandardCharsets.UTF_8);
        String[] args = new String[options.length + 2];
        args[0] = "--flow";
        args[1] = file.toString();
        System.arraycopy(options, 0, args, 2, options.length);
        CliRunner r = PhpService.loaded(args); // with --json
        return RunJson.MAPPER.readTree(r.out());
    }

    @Test
    void theDirectStacksEchoAnswersEveryMessageAndEachFailureIsCountedAsItsKind(@TempDir Path dir) throws Exception {
        int port = StackLauncher.freePort();
        String base = "http://127.0.0.1:" + port;
        try (CliProcess serve = CliProcess.serving(dir.resolve("serve.out"), Duration.ofSeconds(60), "direct", port)) {
            JsonNode p = load(dir, base, """
                      setup:
                        - { name: open, ws: "/ws/echo?user=${vu}" }
                      steps:
                        - { name: json, send: '{"user": ${vu}, "n": ${iteration}, "text": "${note}"}',
                            expect: ["jsonpath:$.n == ${iteration}", "jsonpath:$.user == ${vu}", "jsonpath:$.text == ${note}"],
                            extract: { n: "jsonpath:$.n" }, data: notes.csv }
                        - { name: text, send: "plain ${n} ${uuid}", expect: "contains:plain ${n} " }
                      teardown:
                        - { name: bye, close: true }
                    """.replace("notes.csv", csv(dir)), "-c", "2", "-n", "40");
            assertEquals(40, p.path("iterations").asLong(), p.toString());
            assertEquals(0, p.path("errors").path("total").asLong(), p.path("steps").toString());
            for (JsonNode s : p.path("steps")) {
                assertEquals(40, s.path("validated").asLong(), s.toString());
                assertEquals(40, s.path("requests").asLong(), "one message sent per iteration: " + s);
            }
            assertEquals(2, p.path("setup").get(0).path("validated").asLong(), "one WebSocket per user: " + p.path("setup"));
            assertEquals(2, p.path("teardown").get(0).path("validated").asLong(), "closed by each user: " + p.path("teardown"));

            p = load(dir, base, """
                      steps:
                        - { ws: /ws/echo }
                        - { name: wrong, send: "ping ${iteration}", expect: "contains:pong" }
                    """, "-c", "1", "-n", "3");
            JsonNode wrong = p.path("steps").get(1);
            assertEquals(3, wrong.path("errors").path("validation").asLong(), wrong.toString());
            assertTrue(wrong.path("firstFailure").asText().contains("check 'contains:pong'"), wrong.toString());
            assertEquals(3, p.path("steps").get(0).path("validated").asLong(), "a ws step in the iteration opens it each time");

            p = load(dir, base, """
                      steps:
                        - { ws: /ws/echo }
                        - { name: silence, expect: any, timeout: 300ms }
                    """, "-c", "1", "-n", "2");
            JsonNode silence = p.path("steps").get(1);
            assertEquals(2, silence.path("errors").path("timeout").asLong(), silence.toString());
            assertEquals("no message within 300 ms", silence.path("firstFailure").asText(), silence.toString());

            p = load(dir, base, """
                      steps:
                        - { name: notASocket, ws: /hello/rest }
                    """, "-c", "1", "-n", "2");
            JsonNode refused = p.path("steps").get(0);
            assertEquals(2, refused.path("errors").path("httpStatus").asLong(), refused.toString());
            assertTrue(refused.path("firstFailure").asText().contains("the upgrade to a WebSocket was refused"), refused.toString());

            Path early = Files.writeString(dir.resolve("early.yaml"), "label: early\nurl: " + base + "\nflow:\n  steps:\n    - { send: x }\n");
            CliRunner r = CliRunner.run("load", "--flow", early.toString(), "-n", "1");
            assertEquals(ExitCode.BAD_INPUT, r.exit(), r.err());
            assertTrue(r.err().contains("step send x: no WebSocket is open here: a 'ws: /path' step before it opens one"), r.err());
        }
    }

    @Test
    void theWebSocketSuiteRunsOnTheDirectStacksEcho(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("run", Path.of("../suites/websocket.yaml").toAbsolutePath().normalize().toString(), "--quick",
                "--monitor", "proc", "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode points = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).at("/points");
        assertEquals(2, points.size(), points.toString());
        for (JsonNode p : points) {
            assertEquals(0, p.path("errors").path("total").asLong(), p.toString());
            assertTrue(p.path("iterations").asLong() > 0, p.toString());
            for (JsonNode s : p.path("steps")) {
                // an iteration the point's end cut short may have passed its first step
                long validated = s.path("validated").asLong();
                long iterations = p.path("iterations").asLong();
                assertTrue(validated >= iterations && validated <= iterations + 5, "every echo checked: " + s);
                assertEquals(0, s.path("errors").path("total").asLong(), s.toString());
            }
        }
    }

    /** Values that JSON must escape, and a letter outside ASCII. */
    private static String csv(Path dir) throws java.io.IOException {
        return Files.writeString(dir.resolve("notes.csv"), "note\n\"a&b \"\"q\"\" \\ é\"\nplain\n", StandardCharsets.UTF_8).toString();
    }

    /** A user of chat_ws.py: logs in over HTTP, opens its WebSocket with its header, says its iteration's number and checks the answer. */
    private static final String CHAT = """
              setup:
                - { name: login, path: "/login?user=u${vu}" }
                - { name: open, ws: /chat, headers: { X-User: "u${vu}" } }
              steps:
                - { name: say, send: '{"n": ${iteration}}',
                    expect: ["jsonpath:$.n == ${iteration}", "jsonpath:$.user == u${vu}", "jsonpath:$.session == s-u${vu}"] }
            """;

    /** What a test does with the chat, on its port. */
    private interface OnChat {
        void test(int port) throws Exception;
    }

    /**
     * Runs {@code test} against chat_ws.py with its {@code args} (DROP DELAY [CERT KEY]) on a port of its own,
     * installed with pip if need be (the test skipped, saying why, where it cannot be), stopped after.
     */
    private static void onChat(Path dir, OnChat test, String... args) throws Exception {
        PythonProcess.need("websockets", "websockets==17.4");
        int port = StackLauncher.freePort();
        String[] all = new String[args.length + 2];
        all[0] = RESOURCES.resolve("chat_ws.py").toString();
        all[1] = String.valueOf(port);
        System.arraycopy(args, 0, all, 2, args.length);
        Process server = PythonProcess.started(dir, "listening", all);
        try {
            test.test(port);
        } finally {
            server.destroyForcibly();
        }
    }

    @Test
    void anOutsideServerGetsTheSessionWithTheUpgradeAndADroppedConnectionIsCountedThenOpenedAgain(@TempDir Path dir)
            throws Exception {
        onChat(dir, port -> {
            JsonNode p = load(dir, "http://127.0.0.1:" + port, CHAT, "-c", "1", "-n", "20");
            JsonNode say = p.path("steps").get(0);
            // messages 5, 10, 15 and 20 of the user are dropped: each the 5th of a connection
            assertEquals(16, say.path("validated").asLong(), say.toString());
            assertEquals(4, say.path("errors").path("connect").asLong(), say.toString());
            assertTrue(say.path("firstFailure").asText().contains("closed by the server before the message the step expects"), say.toString());
            JsonNode open = p.path("setup").get(1);
            assertEquals(4, open.path("validated").asLong(), "opened once, then again after each of the first three drops: " + open);
            assertEquals(20, p.path("iterations").asLong(), p.toString());

            JsonNode refused = load(dir, "http://127.0.0.1:" + port, """
                      steps:
                        - { name: open, ws: /chat }
                    """, "-c", "1", "-n", "2").path("steps").get(0);
            assertEquals(2, refused.path("errors").path("httpStatus").asLong(), "no session cookie, no upgrade: " + refused);
        }, "5", "0");
    }

    /**
     * A session on the chat as Chromium's HAR export records it (the upgrade an entry of its own, its messages in
     * {@code _webSocketMessages}), made a flow by {@code wsbench har} and replayed: the login's cookie goes with each
     * upgrade, every message sent is answered, no error.
     */
    @Test
    void aRecordedChatSessionIsReplayedAsAFlow(@TempDir Path dir) throws Exception {
        onChat(dir, port -> {
            String origin = "127.0.0.1:" + port;
            double at = 1_800_000_000.0;
            com.fasterxml.jackson.databind.node.ObjectNode har = RunJson.MAPPER.createObjectNode();
            com.fasterxml.jackson.databind.node.ArrayNode entries = har.putObject("log").put("version", "1.2").putArray("entries");
            com.fasterxml.jackson.databind.node.ObjectNode login = entries.addObject().put("startedDateTime", "2027-01-15T08:00:00.000Z")
                    .put("time", 5).put("_resourceType", "document");
            login.putObject("request").put("method", "GET").put("url", "http://" + origin + "/login?user=u0").putArray("headers");
            com.fasterxml.jackson.databind.node.ObjectNode answer = login.putObject("response").put("status", 200);
            answer.putArray("headers").addObject().put("name", "Set-Cookie").put("value", "session=s-u0; Path=/");
            answer.putObject("content").put("mimeType", "text/plain").put("text", "logged in as u0\n");
            com.fasterxml.jackson.databind.node.ObjectNode ws = entries.addObject().put("startedDateTime", "2027-01-15T08:00:00.100Z")
                    .put("time", 900).put("_resourceType", "websocket");
            com.fasterxml.jackson.databind.node.ArrayNode headers = ws.putObject("request").put("method", "GET")
                    .put("url", "ws://" + origin + "/chat").putArray("headers");
            headers.addObject().put("name", "Upgrade").put("value", "websocket");
            headers.addObject().put("name", "Cookie").put("value", "session=s-u0");
            headers.addObject().put("name", "X-User").put("value", "u0");
            ws.putObject("response").put("status", 101).putArray("headers");
            com.fasterxml.jackson.databind.node.ArrayNode messages = ws.putArray("_webSocketMessages");
            for (int n = 1; n <= 3; n++) {
                messages.addObject().put("type", "send").put("time", at + n * 0.1).put("opcode", 1).put("data", "{\"n\": " + n + "}");
                messages.addObject().put("type", "receive").put("time", at + n * 0.1 + 0.01).put("opcode", 1)
                        .put("data", "{\"n\": " + n + ", \"user\": \"u0\", \"session\": \"s-u0\", \"count\": " + n + "}");
            }
            Path file = dir.resolve("chat.har");
            RunJson.MAPPER.writeValue(file.toFile(), har);
            Path flow = dir.resolve("chat.yaml");
            CliRunner made = CliRunner.run("har", file.toString(), "--out", flow.toString(), "--no-think");
            assertEquals(0, made.exit(), made.out() + made.err());
            String yaml = Files.readString(flow);
            assertTrue(yaml.contains("\"ws\":\"/chat\"") && yaml.contains("\"close\":true"), yaml);
            JsonNode p = RunJson.MAPPER.readTree(PhpService.loaded("--flow", flow.toString(), "-c", "2", "-n", "10").out());
            assertEquals(10, p.path("iterations").asLong(), p.toString());
            assertEquals(0, p.path("errors").path("total").asLong(), p.path("steps").toString());
            long messagesAnswered = 0;
            for (JsonNode s : p.path("steps")) {
                if (s.path("name").asText().startsWith("send ")) {
                    messagesAnswered += s.path("validated").asLong();
                }
            }
            assertEquals(30, messagesAnswered, "three messages an iteration, each answered: " + p.path("steps"));
        }, "0", "0");
    }

    @Test
    void overTlsTheUpgradeIsWssAndTrustsTheCaGiven(@TempDir Path dir) throws Exception {
        try (TlsFixture tls = new TlsFixture(dir)) {
            Path[] pem = tls.serverPem(dir);
            onChat(dir, port -> {
                JsonNode p = load(dir, "https://127.0.0.1:" + port, CHAT, "-c", "2", "-n", "20", "--cacert", tls.ca.toString());
                assertEquals(20, p.path("steps").get(0).path("validated").asLong(), p.path("steps").toString());
                assertEquals(2, p.path("setup").get(1).path("validated").asLong(), p.path("setup").toString());
                assertEquals(0, p.path("errors").path("total").asLong(), p.toString());
                assertTrue(p.path("tls").path("handshakes").asLong() >= 4, "the login's and the WebSocket's connections: " + p.path("tls"));
            }, "0", "0", pem[0].toString(), pem[1].toString());
        }
    }

    @Test
    void inAnOpenLoopAMessageStepsLatencyCountsFromWhenItWasDue(@TempDir Path dir) throws Exception {
        // every answer 150 ms late: one user can keep up with about 6 a second, and 20 a second are due
        onChat(dir, port -> {
            JsonNode open = load(dir, "http://127.0.0.1:" + port, CHAT, "-c", "1", "--rate", "20", "-d", "2s").path("steps").get(0);
            JsonNode closed = load(dir, "http://127.0.0.1:" + port, CHAT, "-c", "1", "-n", "5").path("steps").get(0);
            double late = open.path("latencyMicros").path("p50").asDouble();
            double onTime = closed.path("latencyMicros").path("p50").asDouble();
            assertTrue(onTime >= 150_000, closed.toString());
            assertTrue(late > 2 * 150_000, "each message due 50 ms after the last, answered 150 ms after it was sent: the wait"
                    + " behind the schedule is in its latency: p50 " + late + " µs against " + onTime + " in a closed loop");
        }, "0", "0.15");
    }
}
