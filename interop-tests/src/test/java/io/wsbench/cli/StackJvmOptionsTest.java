package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stack's process as the suite describes it: a WAR runs in its {@code directory} with its
 * {@code environment}; every stack takes {@code jvmOptions}, recorded in run.json; a key that does
 * not apply to a stack's kind is one line at its place.
 */
class StackJvmOptionsTest {

    /** As the Swagger Petstore's WAR does: its configuration from the working directory; the rest from the JVM. */
    private static final String SERVLET = """
            import jakarta.servlet.http.HttpServlet;
            import jakarta.servlet.http.HttpServletRequest;
            import jakarta.servlet.http.HttpServletResponse;
            import java.io.IOException;
            import java.nio.file.Files;
            import java.nio.file.Path;

            public class ConfigServlet extends HttpServlet {
                @Override
                public void init() {
                    System.out.println("config servlet in " + Path.of("").toAbsolutePath() + ", who=" + System.getProperty("who")
                            + ", ENDING=" + System.getenv("ENDING") + ", heap " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB");
                }

                @Override
                protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
                    String greeting = Files.readString(Path.of("greeting.txt")).trim();
                    resp.setContentType("text/plain");
                    resp.getWriter().write(greeting + " " + System.getProperty("who"));
                }
            }
            """;

    /** A server run from its source by java: it answers with the system property it was given. */
    private static final String COMMAND_SERVER = """
            import com.sun.net.httpserver.HttpServer;
            import java.net.InetAddress;
            import java.net.InetSocketAddress;

            public class Greeter {
                public static void main(String[] args) throws Exception {
                    HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])), 50);
                    byte[] body = ("Hello " + System.getProperty("who")).getBytes();
                    s.createContext("/hello", x -> {
                        x.getResponseHeaders().set("Content-Type", "text/plain");
                        x.sendResponseHeaders(200, body.length);
                        try (var out = x.getResponseBody()) { out.write(body); }
                    });
                    s.start();
                    Thread stop = new Thread(() -> {
                        try { Thread.sleep(120_000); } catch (InterruptedException e) { }
                        System.exit(0);
                    });
                    stop.setDaemon(true);
                    stop.start();
                }
            }
            """;

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @Test
    void aWarRunsInItsDirectoryWithItsEnvironmentAndJvmOptionsAndAJavaCommandTakesThemToo(@TempDir Path dir) throws Exception {
        OwnStackTest.servletWar(dir, "ConfigServlet", SERVLET);
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Files.writeString(conf.resolve("greeting.txt"), "Hello\n");
        Files.writeString(dir.resolve("Greeter.java"), COMMAND_SERVER);
        Path suite = Files.writeString(dir.resolve("options.yaml"), """
                name: options
                warmup: none            # not what this test is about
                stacks:
                  config:
                    war: app.war
                    ready: /hello       # answers 500 until it finds greeting.txt where it runs
                    directory: conf
                    environment: { ENDING: "!" }
                    jvmOptions: [-Dwho=World, -Xmx300m]
                  greeter:
                    command: ["%s", Greeter.java, "${port}"]
                    ready: /hello
                    jvmOptions: [-Dwho=World]
                targets:
                  - { label: WAR, stack: config, path: /hello, protocol: plain }
                  - { label: command, stack: greeter, path: /hello, protocol: plain }
                load:
                  - { users: 2, requestsPerUser: 200 }
                """.formatted(JAVA));
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());

        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        for (int i = 0; i < 2; i++) {
            JsonNode p = run.at("/points/" + i);
            // "Hello World" only from a server that read its directory's file and was given -Dwho=World
            assertEquals(400, p.at("/requests").asLong(), p.toString());
            assertEquals(400, p.at("/validated").asLong(), p.toString());
        }
        JsonNode options = run.at("/environment/jvmOptions");
        assertEquals(List.of("-Dwho=World", "-Xmx300m"), strings(options.at("/config")), run.at("/environment").toString());
        assertEquals(List.of("-Dwho=World"), strings(options.at("/greeter")), run.at("/environment").toString());
        // and the report's environment beside the server's name ('=' escaped by the page)
        assertTrue(Files.readString(dir.resolve("out/report.html")).contains("on Tomcat 11 (Tomcat 11.0.")
                && Files.readString(dir.resolve("out/report.html")).contains("; JVM options -Dwho&#x3D;World -Xmx300m</td>"));

        Matcher said = Pattern.compile("config servlet in (.+), who=World, ENDING=!, heap (\\d+) MiB").matcher(logOf(dir, "config-"));
        assertTrue(said.find(), logOf(dir, "config-"));
        assertEquals(conf.toRealPath().toString(), Path.of(said.group(1)).toRealPath().toString());
        // the WAR host's own -Xmx1g comes first: the JVM takes the last
        int heap = Integer.parseInt(said.group(2));
        assertTrue(heap > 200 && heap <= 300, "heap " + heap + " MiB");
    }

    @Test
    void aBuiltInStackTakesJvmOptionsAsAStackOptionOfTheSuiteOrOfATarget(@TempDir Path dir) throws Exception {
        Path suite = Files.writeString(dir.resolve("builtin.yaml"), """
                name: builtin
                warmup: none            # not what this test is about
                stackOptions:
                  direct: { jvmOptions: [-Xmx384m] }
                targets:
                  - { label: right, stack: direct, protocol: plain }
                  - { label: wrong, stack: direct, protocol: plain, stackOptions: { jvmOptions: [-Xmx384m, -Dwsbench.faults=wrong-answer] } }
                load:
                  - { users: 1, requestsPerUser: 100 }
                """);
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        assertEquals("complete", run.at("/status").asText(), r.out() + r.err());
        JsonNode right = point(run, "right");
        JsonNode wrong = point(run, "wrong");
        assertEquals(100, right.at("/validated").asLong(), right.toString());
        // the target's own options replace the suite's, on a server of their own that took the -D
        assertEquals(0, wrong.at("/validated").asLong(), wrong.toString());
        assertEquals(100, wrong.at("/errors/validation").asLong(), wrong.toString());
        assertEquals("-Xmx384m -Dwsbench.faults=wrong-answer", wrong.at("/target/stackOptions/jvmOptions").asText(), wrong.toString());
        JsonNode options = run.at("/environment/jvmOptions");
        assertEquals(List.of("-Xmx384m"), strings(options.at("/direct")), options.toString());
        assertEquals(List.of("-Xmx384m", "-Dwsbench.faults=wrong-answer"),
                strings(options.at("/direct {jvmOptions=-Xmx384m -Dwsbench.faults=wrong-answer}")), options.toString());
    }

    @Test
    void aKeyThatDoesNotApplyToTheStacksKindIsOneLineAtItsPlace(@TempDir Path dir) throws Exception {
        // python is not a JVM: wsbench cannot tell what a command starts, so it does not pass them blindly
        refused(dir, "  py:\n    command: [python3, -m, http.server, \"${port}\"]\n    jvmOptions: [-Xmx1g]\n",
                ":9:17: 'jvmOptions' go to a JVM wsbench starts: a 'war', or a 'command' whose first word is java, not python3");
        refused(dir, "  mine:\n    command: [java, -jar, my.jar, \"${port}\"]\n    tomcat: \"9\"\n",
                ":9:13: 'tomcat' names the container of a 'war': a 'command' starts its own server");
        refused(dir, "  mine:\n    command: [java, -jar, my.jar, \"${port}\"]\n    jvmOptions: [-Xmx1g, Xss1m]\n",
                ":9:26: a JVM option starts with '-' (-Xmx2g, -Dname=value, -XX:+UseZGC): 'Xss1m'");
        refused(dir, "  mine:\n    command: [java, -jar, my.jar, \"${port}\"]\n    jvmOptions: [-jar, other.jar]\n",
                ":9:18: '-jar' would change what is launched: wsbench gives the class path and the main class");
        refused(dir, "  mine:\n    command: [java, -jar, my.jar, \"${port}\"]\n    directory: nowhere\n",
                ":9:16: no such directory: " + dir.resolve("nowhere"));
        // a built-in stack started by a command (PHP) is no JVM either
        Path php = Files.writeString(dir.resolve("php.yaml"), """
                name: php
                stackOptions:
                  php-soap: { jvmOptions: [-Xmx1g] }
                targets:
                  - { stack: php-soap, protocol: soap11 }
                load:
                  - { users: 1, requestsPerUser: 1 }
                """);
        CliRunner r = CliRunner.run("run", php.toString(), "--out", dir.resolve("out").toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.out() + r.err());
        assertEquals("wsbench: " + php + ":5:5: stack php-soap is started by a command, not a JVM wsbench launches: no jvmOptions",
                r.err().strip());
        Path list = Files.writeString(dir.resolve("list.yaml"), """
                name: list
                stackOptions:
                  direct: { threads: [2, 4], jvmOptions: ["-Dname=a b"] }
                targets:
                  - { stack: direct, protocol: soap11 }
                load:
                  - { users: 1, requestsPerUser: 1 }
                """);
        r = CliRunner.run("run", list.toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.out() + r.err());
        assertEquals("wsbench: " + list + ":3:22: only jvmOptions takes a list: give 'threads' one value", r.err().strip());
        Files.writeString(list, Files.readString(list).replace("threads: [2, 4], ", ""));
        r = CliRunner.run("run", list.toString());
        assertEquals("wsbench: " + list + ":3:26: a JVM option is one word, without spaces: '-Dname=a b'",
                r.err().strip());
        assertFalse(Files.exists(dir.resolve("out/run.json")), "refused before anything ran");
    }

    /** Runs a suite declaring {@code stack} and expects one line that starts with its place and {@code expected}. */
    private static void refused(Path dir, String stack, String expected) throws IOException {
        Path suite = Files.writeString(dir.resolve("refused.yaml"), """
                name: refused
                targets:
                  - { stack: mine, path: /, protocol: plain }
                load:
                  - { users: 1, requestsPerUser: 1 }
                stacks:
                """ + stack);
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("wsbench: " + suite + expected), r.err());
    }

    private static JsonNode point(JsonNode run, String label) {
        for (JsonNode p : run.at("/points")) {
            if (label.equals(p.at("/target/label").asText())) {
                return p;
            }
        }
        throw new AssertionError("no point of " + label + " in " + run.at("/points"));
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static String logOf(Path dir, String prefix) throws IOException {
        try (Stream<Path> logs = Files.list(dir.resolve("out/logs"))) {
            return Files.readString(logs.filter(f -> f.getFileName().toString().startsWith(prefix)).findFirst().orElseThrow());
        }
    }
}
