package io.wsbench.cli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code load URL} with {@code --check}, {@code --data} and {@code --template}, as ab and wrk users come to it: rows fill
 * the URL's path and query, its headers and body; every answer is checked (its status, headers and body), against a
 * server wsbench did not write (the JDK's), which says back what it was sent.
 */
class UrlChecksTest {

    private static HttpServer server;
    private static final List<String> SEEN = new CopyOnWriteArrayList<>();

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String seen = exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath() + "?"
                    + exchange.getRequestURI().getRawQuery() + " id=" + exchange.getRequestHeaders().getFirst("X-Id")
                    + " type=" + exchange.getRequestHeaders().getFirst("Content-Type") + " body=" + body;
            SEEN.add(seen);
            byte[] answer = ("{\"path\": \"" + exchange.getRequestURI().getPath() + "\", \"body\": \""
                    + body.replace("\"", "'") + "\"}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.getResponseHeaders().add("X-Served", "jdk");
            exchange.sendResponseHeaders(exchange.getRequestURI().getPath().endsWith("/3") ? 404 : 200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    private static String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private static Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    /** {@code load URL/items/${id} --data FILE -c 1 args}, the rows {@code csv} written to {@code name}. */
    private static CliRunner withRows(String name, String csv, String... args) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of("load", url("/items/${id}"), "--data", file(name, csv).toString(), "-c", "1"));
        command.addAll(List.of(args));
        return CliRunner.run(command.toArray(String[]::new));
    }

    @Test
    void rowsFillThePathTheQueryTheHeadersAndTheBodyAndEveryAnswerIsChecked() throws Exception {
        Path rows = file("rows.csv", "id,name\n1,ann\n2,bob smith\n");
        Path template = file("body.json", "{\"id\": ${id}, \"kept\": \"$${as is}\"}");
        SEEN.clear();
        CliRunner r = CliRunner.run("load", url("/items/${id}?name=${name}"), "--data", rows.toString(), "--template",
                template.toString(), "-H", "X-Id: ${id}", "-H", "Content-Type: application/json", "-c", "1", "-n", "4",
                "--check", "jsonpath:$.path == /items/${id}", "--check", "header:X-Served == jdk", "--check", "status: 200");
        String said = r.out() + r.err();
        assertEquals(0, r.exit(), said);
        assertTrue(said.contains("requests      4 in ") && said.contains("validation 0"), said);
        assertTrue(said.startsWith(url("/items/${id}?name=${name}") + "  closed loop, 1 user"), "named as given: " + said);
        assertEquals(List.of(
                "POST /items/1?name=ann id=1 type=application/json body={\"id\": 1, \"kept\": \"${as is}\"}",
                "POST /items/2?name=bob%20smith id=2 type=application/json body={\"id\": 2, \"kept\": \"${as is}\"}"),
                SEEN.subList(SEEN.size() - 2, SEEN.size()), "the last two of 4 requests, rows in turn: " + SEEN);
    }

    @Test
    void aFailedCheckIsAValidationErrorAndTheFirstIsSaidWithItsRow() throws Exception {
        String said = withRows("ids.csv", "id\n1\n3\n", "-n", "4", "--check", "status: 200,404", "--check", "jsonpath:$.path == /items/1")
                .said();
        assertTrue(said.contains("validation 2"), said);
        assertTrue(said.contains("http status 0"), "a 404 the user's status check allows is not an HTTP status error: " + said);
        assertTrue(said.contains(": answers refused; the first: row 2, user 0, iteration 1: check 'jsonpath:$.path == /items/1': $['path'] is /items/3,"
                + " not == /items/1"), said);
    }

    @Test
    void aBodySentAsItIsKeepsItsDollarsAndExpectIsStillChecked() throws Exception {
        Path body = file("as-is.txt", "cost: ${price}");
        SEEN.clear();
        CliRunner r = CliRunner.run("load", url("/pay"), "--body", body.toString(), "--expect", "cost", "--check", "contains:$${price}",
                "-c", "1", "-n", "2");
        String said = r.out() + r.err();
        assertTrue(said.contains("validation 0") && said.contains("requests      2 in "), said);
        assertEquals("POST /pay?null id=null type=application/octet-stream body=cost: ${price}", SEEN.get(0), "as load URL --body sends it");

        r = CliRunner.run("load", url("/pay"), "--body", body.toString(), "--expect", "not in the answer", "--check", "status: 200",
                "-c", "1", "-n", "2");
        assertTrue(r.out().contains("validation 2"), "--expect is a check beside --check's: " + r.out() + r.err());
    }

    /** Rows taken each once run out: the point ends there, and the reason is said once as a note (and once as the end). */
    @Test
    void uniqueRowsThatRunOutAreSaidOnce() throws Exception {
        CliRunner r = withRows("three.csv", "id\n1\n2\n4\n", "--data-mode", "unique", "-n", "10", "--check", "status: 200");
        String said = r.said();
        assertEquals(ExitCode.PROBLEM, r.exit(), said);
        assertEquals(1, said.lines().filter(l -> l.startsWith("  note") && l.contains("the 3 data rows ran out")).count(), said);
    }

    @Test
    void aUrlsBuiltInVariablesNeedNoRowsAndOneNothingGivesIsSaidInTheUrlsWords() throws Exception {
        SEEN.clear();
        CliRunner r = CliRunner.run("load", url("/items/${random:5-5}"), "-H", "X-Id: ${vu}", "-c", "1", "-n", "1");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals("GET /items/5?null id=0 type=null body=", SEEN.get(0), "a URL with a variable is filled, without --check or --data");

        // the iteration's time, as JMeter's ${__time()} and Postman's {{$timestamp}} give it, and random text
        SEEN.clear();
        long before = System.currentTimeMillis();
        r = CliRunner.run("load", url("/t?ms=${time}&s=${time:unix}&iso=${time:iso}&day=${time:yyyy-MM-dd}&txt=${text:6}&ab=${text:4:ab}"),
                "-c", "1", "-n", "1");
        long after = System.currentTimeMillis();
        assertEquals(0, r.exit(), r.out() + r.err());
        Map<String, String> q = new java.util.HashMap<>();
        for (String kv : SEEN.get(0).split(" ")[1].split("\\?", 2)[1].split("&")) {
            q.put(kv.split("=")[0], java.net.URLDecoder.decode(kv.split("=")[1], StandardCharsets.UTF_8));
        }
        long ms = Long.parseLong(q.get("ms"));
        assertTrue(before <= ms && ms <= after, ms + " in [" + before + ", " + after + "]");
        assertEquals(ms / 1000, Long.parseLong(q.get("s")));
        assertEquals(ms, java.time.Instant.parse(q.get("iso")).toEpochMilli());
        assertEquals(java.time.Instant.ofEpochMilli(ms).atZone(java.time.ZoneId.systemDefault()).toLocalDate().toString(), q.get("day"));
        assertTrue(q.get("txt").matches("[A-Za-z0-9]{6}"), q.get("txt"));
        assertTrue(q.get("ab").matches("[ab]{4}"), q.get("ab"));
        r = CliRunner.run("load", url("/t?d=${time:bb}"), "-n", "1");
        assertEquals(ExitCode.BAD_INPUT, r.exit());
        assertTrue(r.err().contains("${time:bb}: not a date pattern"), r.err());

        r = CliRunner.run("load", url("/items/${id}"), "-n", "1");
        assertEquals(ExitCode.BAD_INPUT, r.exit());
        assertEquals("wsbench: the URL uses ${id}, which rows would give: add --data CSV with that column (known without rows: vu,"
                + " iteration, uuid)", r.err().strip());
        Path rows = file("names.csv", "name\nann\n");
        r = CliRunner.run("load", url("/items/${id}"), "-n", "1", "--data", rows.toString());
        assertEquals("wsbench: the URL uses ${id}, which is not a column of " + rows + " (known: vu, iteration, uuid, name)",
                r.err().strip());
    }

    @Test
    void whatDoesNotGoWithAUrlIsRefusedInOneLine() throws Exception {
        Path rows = file("r.csv", "id\n1\n");
        Path body = file("b.txt", "x");
        String[][] refused = {
                {url("/a"), "--check", "status: 200", "--port", "P"},
                {"http://${host}:8080/a", "--data", rows.toString()},
                {url("/a"), "--template", body.toString(), "--body", body.toString()},
                {url("/a"), "--check", "status: 200", "--streams", "4"},
                {url("/a"), "--check", "status: 200", "--protocol", "json"},
                {url("/a"), "--data-mode", "unique"},
                {url("/a"), "--template", dir.resolve("none.txt").toString()},
                {url("/a"), "--check", "schema"},
                {url("/a"), "--http2", "--no-keepalive"},
        };
        String[] says = {"it goes with --wsdl", "go in the URL's path and query, not its host",
                "give the body once", "--streams is for HTTP/2: add --http2", "--protocol speaks and checks a wsbench protocol itself",
                "--data-mode goes with --data", "no such file", "schema", "opens a connection a request, which is HTTP/1.1's"};
        for (int i = 0; i < refused.length; i++) {
            String[] args = new String[refused[i].length + 1];
            args[0] = "load";
            System.arraycopy(refused[i], 0, args, 1, refused[i].length);
            CliRunner r = CliRunner.run(args);
            assertEquals(ExitCode.BAD_INPUT, r.exit(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().contains(says[i]), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
    }
}
