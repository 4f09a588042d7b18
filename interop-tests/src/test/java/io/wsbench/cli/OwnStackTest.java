package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server of the user's own, declared in a suite's {@code stacks:}: started, watched and stopped
 * by wsbench like a built-in stack. The server is a jar this test builds; nothing of wsbench is in it.
 */
class OwnStackTest {

    /** The user's server: the JDK's HttpServer, a port from its arguments, a hidden exception per call. */
    private static final String SERVER = """
            import com.sun.net.httpserver.HttpExchange;
            import com.sun.net.httpserver.HttpServer;
            import java.io.IOException;
            import java.net.InetAddress;
            import java.net.InetSocketAddress;
            import java.nio.charset.StandardCharsets;
            import java.util.concurrent.Executors;

            public class OwnServer {
                static final class CookieMissing extends RuntimeException {
                    CookieMissing() { super("no cookie"); }
                }
                public static void main(String[] args) throws IOException {
                    int port = Integer.parseInt(args[0]);
                    HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 100);
                    s.createContext("/health", x -> send(x, "ok"));
                    s.createContext("/hello", x -> {
                        try { readCookie(); } catch (CookieMissing e) { /* swallowed, as in seed 002 */ }
                        send(x, "Hello World");
                    });
                    s.setExecutor(Executors.newFixedThreadPool(4));
                    s.start();
                    System.out.println("own server on port " + port);
                    // bounded: gone after two minutes even if nobody stops it
                    Thread stop = new Thread(() -> {
                        try { Thread.sleep(120_000); } catch (InterruptedException e) { }
                        System.exit(0);
                    });
                    stop.setDaemon(true);
                    stop.start();
                }
                static void readCookie() { throw new CookieMissing(); }
                static void send(HttpExchange x, String body) throws IOException {
                    byte[] b = body.getBytes(StandardCharsets.UTF_8);
                    x.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
                    x.sendResponseHeaders(200, b.length);
                    try (var out = x.getResponseBody()) { out.write(b); }
                }
            }
            """;

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @Test
    void aJarOfYourOwnIsStartedWatchedInsideItsJvmAndStopped(@TempDir Path dir) throws Exception {
        Path jar = serverJar(dir);
        Path suite = suite(dir, "mine: { command: [\"" + JAVA + "\", \"-Dsun.net.httpserver.nodelay=true\", \"-jar\", \"" + jar
                        + "\", \"${port}\"], ready: /health, readyTimeout: 30s }",
                "{ label: mine hello, stack: mine, path: /hello, protocol: plain }");
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());

        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        JsonNode p = run.at("/points/0");
        assertTrue(p.at("/validated").asLong() > 0, p.toString());
        assertEquals(p.at("/requests").asLong(), p.at("/validated").asLong(), "every answer right: " + p.at("/errors"));
        JsonNode server = p.at("/server");
        // inside its JVM, through the Attach API, with nothing added to the user's command
        assertTrue(server.at("/heapUsedMaxBytes").asLong() > 0, server.toString());
        assertTrue(server.at("/gcCount").isNumber() && server.at("/gcTimeMillis").isNumber(), server.toString());
        assertTrue(server.at("/executionSamples").asLong() > 0, server.toString());
        JsonNode hidden = server.at("/exceptions/0");
        assertEquals("OwnServer$CookieMissing", hidden.at("/className").asText(), server.toString());
        assertTrue(hidden.at("/thrownAt").asText().startsWith("OwnServer.readCookie"), hidden.toString());
        assertTrue(Files.size(dir.resolve("out").resolve(server.at("/recording").asText())) > 0);
        assertTrue(server.at("/rssMaxBytes").asLong() > 0 && server.at("/cpuPercent").asDouble() > 0, server.toString());
        // named as the user declared it, with the JDK it ran on
        String named = run.at("/environment/stacks/mine").asText();
        assertTrue(named.contains("command: " + JAVA) && named.contains("VM"), named);
        // its own log in the run's logs/
        try (Stream<Path> logs = Files.list(dir.resolve("out/logs"))) {
            Path log = logs.filter(f -> f.getFileName().toString().startsWith("mine-")).findFirst().orElseThrow();
            assertTrue(Files.readString(log).contains("own server on port"), log.toString());
        }
        assertFalse(CliProcess.alive(server.at("/pid").asLong()), "stopped at the end of the run");
        assertTrue(Files.readString(dir.resolve("out/report.html")).contains("OwnServer$CookieMissing"));
    }

    @Test
    void aServerThatIsNotAJvmIsWatchedThroughProcAloneAndTheRunSaysSo(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "python3 is not installed here");
        Files.writeString(dir.resolve("hello.txt"), "Hello World");
        Path suite = suite(dir, "files: { command: [/usr/bin/python3, -m, http.server, \"${port}\", --bind, 127.0.0.1], ready: /hello.txt }",
                "{ label: python, stack: files, path: /hello.txt, protocol: plain }");
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        JsonNode server = run.at("/points/0/server");
        assertTrue(run.at("/points/0/validated").asLong() > 0, run.at("/points/0").toString());
        assertTrue(server.at("/rssMaxBytes").asLong() > 0, server.toString());
        assertTrue(server.at("/gcCount").isMissingNode() || server.at("/gcCount").isNull(), server.toString());
        assertTrue(run.at("/notes").toString().contains("stack files is not a JVM"), run.at("/notes").toString());
        assertFalse(CliProcess.alive(server.at("/pid").asLong()));
    }

    /**
     * The readiness probe is a plain HTTP/1.1 GET: the JDK's client asks a cleartext server to switch to h2c by
     * default, which uvicorn logs a warning for at every start and a stricter server refuses.
     */
    @Test
    void theReadinessProbeAsksNoServerToSwitchProtocols(@TempDir Path dir) throws Exception {
        pythonServer(dir, "strict.py", """
                upgrade = self.headers.get("Upgrade")
                body = b"no upgrade here" if upgrade else b"Hello World"
                self.send_response(400 if upgrade else 200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                """);
        // the second target names no protocol: its path is loaded as `load URL` loads a URL, a GET, any 2xx valid
        Path suite = suite(dir, "strict: { command: [/usr/bin/python3, strict.py, \"${port}\"], ready: /hello, readyTimeout: 10s }",
                "{ label: strict, stack: strict, path: /hello, protocol: plain }\n  - { stack: strict, path: /hello }");
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString(), "--instances", "1");
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        assertEquals(2, run.at("/points").size(), run.at("/points").toString());
        for (JsonNode p : run.at("/points")) {
            assertTrue(p.at("/validated").asLong() > 0, p.toString());
        }
        JsonNode any = RunCommandTest.labelled(run.at("/points"), "strict /hello");
        assertEquals("http", any.at("/target/protocol").asText(), any.toString());
    }

    /** A server that is up but refuses its ready path (a WAR behind a login): the line says what it answered. */
    @Test
    void aReadyPathThatIsRefusedSaysWhatItAnswered(@TempDir Path dir) throws Exception {
        pythonServer(dir, "login.py", """
                self.send_response(401)
                self.send_header("WWW-Authenticate", 'Basic realm="app"')
                self.send_header("Content-Length", "0")
                self.end_headers()
                """);
        Path suite = suite(dir, "login: { command: [/usr/bin/python3, login.py, \"${port}\"], ready: /version, readyTimeout: 2s }",
                "{ label: version, stack: login, path: /version }");
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString(), "--instances", "1");
        assertEquals(ExitCode.PROBLEM, r.exit(), r.out() + r.err());
        String said = r.out() + r.err();
        assertTrue(said.contains("did not answer http://127.0.0.1:") && said.contains("/version with a 200 within 2 s (it answered"
                + " status 401; 'ready:' names the path to ask)"), said);
    }

    @Test
    void aCommandThatExitsAtOnceIsOneLineNamingTheStackAndWhatItLogged(@TempDir Path dir) throws Exception {
        Path suite = suite(dir, "broken: { command: [sh, -c, \"echo reading config.yml; echo config.yml: no such file; exit 3\", sh, \"${port}\"] }",
                "{ label: broken, stack: broken, path: /, protocol: plain }");
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(ExitCode.PROBLEM, r.exit(), r.out() + r.err());
        String said = r.out() + r.err();
        assertTrue(said.contains("wsbench: stack broken failed to start") && said.contains("(exit 3)")
                && said.contains("reading config.yml | config.yml: no such file"), said);
        assertFalse(said.contains("\tat "), "no stack trace: " + said);
    }

    @Test
    void aCommandThatNeverBecomesReadyIsOneLineAndIsStopped(@TempDir Path dir) throws Exception {
        Path pidFile = dir.resolve("pid");
        Path suite = suite(dir, "sleepy: { command: [sh, -c, \"echo $$ > " + pidFile + "; echo warming up forever; exec sleep 60\", sh, \"${port}\"],"
                        + " ready: /health, readyTimeout: 2s }",
                "{ label: sleepy, stack: sleepy, path: /, protocol: plain }");
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(ExitCode.PROBLEM, r.exit(), r.out() + r.err());
        String said = r.out() + r.err();
        assertTrue(said.contains("wsbench: stack sleepy did not answer http://127.0.0.1:") && said.contains("/health with a 200") && said.contains("within 2 s: warming up forever"), said);
        assertFalse(CliProcess.alive(Long.parseLong(Files.readString(pidFile).trim())), "stopped after the timeout");
    }

    @Test
    void serveStartsAStackASuiteDeclaresAndSaysWhereItListens(@TempDir Path dir) throws Exception {
        Path jar = serverJar(dir);
        Path suite = suite(dir, "mine: { command: [\"" + JAVA + "\", \"-jar\", \"" + jar + "\", \"${port}\"], ready: /health }",
                "{ label: mine hello, stack: mine, path: /hello, protocol: plain }");
        int port = io.wsbench.launch.StackLauncher.freePort();
        try (CliProcess serve = CliProcess.start(dir.resolve("serve.out"), "serve", "--suite", suite.toString(), "mine",
                "--port", String.valueOf(port))) {
            serve.awaitTrue(Duration.ofSeconds(60), "serving", () -> {
                try {
                    return serve.output().contains("Ctrl-C stops it.");
                } catch (IOException e) {
                    return false;
                }
            });
            Matcher m = Pattern.compile("stack mine command: .* serving on http://127\\.0\\.0\\.1:" + port + " \\(pid (\\d+)")
                    .matcher(serve.output());
            assertTrue(m.find(), serve.output());
            HttpResponse<String> hello = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/hello")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals("Hello World", hello.body());
            serve.interrupt();
            serve.exitCode(Duration.ofSeconds(30));
            assertFalse(CliProcess.alive(Long.parseLong(m.group(1))), "Ctrl-C stops the user's server too");
        }
        CliRunner unknown = CliRunner.run("serve", "--suite", suite.toString(), "theirs");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("declares no stack 'theirs'") && unknown.err().contains("it declares: mine"), unknown.err());
    }

    @Test
    void aTargetOnYourOwnStackNeedsItsPath(@TempDir Path dir) throws Exception {
        Path suite = suite(dir, "mine: { command: [\"" + JAVA + "\", \"-jar\", server.jar, \"${port}\"] }",
                "{ label: mine hello, stack: mine, protocol: plain }");
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains(suite + ":") && r.err().contains("needs the 'path' it answers on"), r.err());
        CliRunner noPort = CliRunner.run("run", suite(dir, "mine: { command: [java, -jar, server.jar] }",
                "{ label: x, stack: mine, path: /, protocol: plain }").toString());
        assertEquals(2, noPort.exit());
        assertTrue(noPort.err().contains("'${port}'"), noPort.err());
    }

    @Test
    void oneWarOfYourOwnIsDeployedOnTomcat101AndOn11AndAnswersOnBoth(@TempDir Path dir) throws Exception {
        Path war = helloWar(dir);
        Path suite = Files.writeString(dir.resolve("war.yaml"), """
                name: war
                warmup: none            # not what this test is about
                stacks:
                  on10: { war: app.war, tomcat: "10.1", ready: /hello }
                  on11: { war: app.war, ready: /hello }
                targets:
                  - { label: Tomcat 10.1, stack: on10, path: /hello, protocol: plain }
                  - { label: Tomcat 11, stack: on11, path: /hello, protocol: plain }
                load:
                  - { users: 2, requestsPerUser: 200 }
                """);
        assertEquals(dir.resolve("app.war"), war);
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        for (int i = 0; i < 2; i++) {
            JsonNode p = run.at("/points/" + i);
            assertEquals(400, p.at("/validated").asLong(), p.toString());
            assertTrue(p.at("/server/heapUsedMaxBytes").asLong() > 0, p.at("/server").toString());
        }
        assertTrue(run.at("/environment/stacks/on10").asText().contains("on Tomcat 10.1"), run.at("/environment").toString());
        assertTrue(run.at("/environment/stacks/on11").asText().contains("on Tomcat 11"), run.at("/environment").toString());
        // each ran on its own line: the host says which Tomcat it started
        try (Stream<Path> logs = Files.list(dir.resolve("out/logs"))) {
            String all = String.join("\n", logs.map(f -> {
                try {
                    return Files.readString(f);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList());
            assertTrue(all.contains("(Tomcat 10.1.") && all.contains("(Tomcat 11.0."), all);
        }
    }

    /** A jakarta WAR: one servlet at /hello, compiled against the Tomcat 11 the WAR host carries. */
    private static Path helloWar(Path dir) throws IOException {
        return servletWar(dir, "HelloServlet", """
                import jakarta.servlet.http.HttpServlet;
                import jakarta.servlet.http.HttpServletRequest;
                import jakarta.servlet.http.HttpServletResponse;
                import java.io.IOException;

                public class HelloServlet extends HttpServlet {
                    @Override
                    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
                        resp.setContentType("text/plain");
                        resp.getWriter().write("Hello World");
                    }
                }
                """);
    }

    /** {@code dir}/app.war: the jakarta servlet {@code className} of {@code source} at /hello, compiled against the WAR host's Tomcat 11. */
    static Path servletWar(Path dir, String className, String source) throws IOException {
        Path servletApi;
        try (Stream<Path> jars = Files.list(Home.find().resolve("stacks/war-host/target/stack/tomcat-11"))) {
            servletApi = jars.filter(j -> j.getFileName().toString().startsWith("tomcat-embed-core")).findFirst().orElseThrow();
        }
        Path src = Files.createDirectories(dir.resolve("war-src")).resolve(className + ".java");
        Files.writeString(src, source);
        Path classes = Files.createDirectories(dir.resolve("war-classes"));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null,
                "-cp", servletApi.toString(), "-d", classes.toString(), src.toString()));
        Path war = dir.resolve("app.war");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(war))) {
            out.putNextEntry(new JarEntry("WEB-INF/web.xml"));
            out.write("""
                    <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
                      <servlet><servlet-name>hello</servlet-name><servlet-class>%s</servlet-class></servlet>
                      <servlet-mapping><servlet-name>hello</servlet-name><url-pattern>/hello</url-pattern></servlet-mapping>
                    </web-app>
                    """.formatted(className).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeEntry();
            out.putNextEntry(new JarEntry("WEB-INF/classes/" + className + ".class"));
            Files.copy(classes.resolve(className + ".class"), out);
            out.closeEntry();
        }
        return war;
    }

    /**
     * A server someone else wrote: Python's, keep-alive, answering every GET as {@code doGet} (the body of its do_GET,
     * {@code self} the request) on the port its first argument names, logging nothing; the test is skipped without python3.
     */
    private static void pythonServer(Path dir, String file, String doGet) throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "python3 is not installed here");
        Files.writeString(dir.resolve(file), """
                import http.server, sys
                class Handler(http.server.BaseHTTPRequestHandler):
                    protocol_version = "HTTP/1.1"
                    disable_nagle_algorithm = True
                    def do_GET(self):
                %s
                    def log_message(self, *args):
                        pass
                http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
                """.formatted(doGet.indent(8).stripTrailing()));
    }

    private static Path suite(Path dir, String stack, String target) throws IOException {
        return Files.writeString(dir.resolve("own.yaml"), """
                name: own
                warmup: none            # not what this test is about
                stacks:
                  %s
                targets:
                  - %s
                load:
                  - { users: 2, duration: 2s }
                """.formatted(stack, target));
    }

    /** The user's server, compiled and packed by the test: a runnable jar. */
    private static Path serverJar(Path dir) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src")).resolve("OwnServer.java");
        Files.writeString(src, SERVER);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "a JDK runs the tests");
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), src.toString()));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "OwnServer");
        Path jar = dir.resolve("server.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
             Stream<Path> files = Files.list(classes)) {
            for (Path c : files.toList()) {
                out.putNextEntry(new JarEntry(c.getFileName().toString()));
                Files.copy(c, out);
                out.closeEntry();
            }
        }
        return jar;
    }
}
