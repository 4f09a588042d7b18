package io.wsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's exit codes: 2 for bad input and unreachable targets, 3 for wsbench's own failures. */
class ExitCodesTest {

    /** A command that fails as a bug in wsbench would: with an exception no one expected. */
    @Command(name = "crash")
    static final class Crash implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("the point list is gone\nsecond line");
        }
    }

    /** A library that recurses without end (as WSDL4J did over two WSDLs that import each other). */
    @Command(name = "overflow")
    static final class Overflow implements Callable<Integer> {
        @Override
        public Integer call() {
            return depth(0);
        }

        private static int depth(int n) {
            return depth(n + 1) + 1;
        }
    }

    private record Ran(int exit, String err) {
    }

    /** wsbench's own command line and handlers, with two more commands that crash. */
    private static Ran runWithCrash(String... args) {
        CommandLine cl = Main.commandLine().addSubcommand("crash", new Crash()).addSubcommand("overflow", new Overflow());
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        int exit = Main.execute(cl, args);
        return new Ran(exit, err.toString());
    }

    @Test
    void anUnexpectedExceptionIsAnInternalErrorInOneLine() {
        Ran r = runWithCrash("crash");
        assertEquals(ExitCode.INTERNAL_ERROR, r.exit());
        assertEquals(3, ExitCode.INTERNAL_ERROR);
        assertEquals("wsbench: internal error: java.lang.IllegalStateException: the point list is gone",
                r.err().strip(), "one line, no stack trace");
    }

    @Test
    void anErrorPicocliDoesNotCatchIsAnInternalErrorInOneLineToo() {
        Ran r = runWithCrash("overflow");
        assertEquals(ExitCode.INTERNAL_ERROR, r.exit());
        assertEquals("wsbench: internal error: java.lang.StackOverflowError (WSBENCH_DEBUG=1 prints its stack trace)", r.err().strip());
    }

    @Test
    void theStackTraceIsShownOnDemand() {
        System.setProperty("wsbench.debug", "true");
        try {
            Ran r = runWithCrash("crash");
            assertEquals(ExitCode.INTERNAL_ERROR, r.exit());
            assertTrue(r.err().startsWith("wsbench: internal error: java.lang.IllegalStateException: the point list is gone"),
                    r.err());
            assertTrue(r.err().contains("\tat io.wsbench.cli.ExitCodesTest$Crash.call("), r.err());
        } finally {
            System.clearProperty("wsbench.debug");
        }
    }

    @Test
    void picocliParameterErrorsAreBadInput() {
        assertEquals(ExitCode.BAD_INPUT, runWithCrash("load").exit(), "no URL");
        assertEquals(ExitCode.BAD_INPUT, runWithCrash("run", "--repeat", "twice").exit(), "not a number");
        assertEquals(ExitCode.BAD_INPUT, runWithCrash("crash", "--no-such-option").exit());
        CliRunner r = CliRunner.run("load", "http://127.0.0.1:1/", "--no-such-option");
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.err());
        assertTrue(r.err().contains("Unknown option: '--no-such-option'"), r.err());
    }

    @Test
    void aMistypedOptionIsOneLineWithTheClosestKnownAndWhereTheHelpIs() {
        CliRunner r = CliRunner.run("run", "--repat", "3");
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.err());
        assertEquals("wsbench: Unknown option: '--repat'; did you mean --repeat? (see 'wsbench help run')", r.err().strip());
        assertEquals("", r.out(), "no help printed");
        CliRunner bogus = CliRunner.run("run", "--bogus");
        assertEquals(ExitCode.BAD_INPUT, bogus.exit(), bogus.err());
        assertEquals("wsbench: Unknown option: '--bogus' (see 'wsbench help run')", bogus.err().strip(), "nothing close to it");
        CliRunner load = CliRunner.run("load", "http://127.0.0.1:1/", "--concurrency", "2");
        assertEquals(ExitCode.BAD_INPUT, load.exit(), load.err());
        assertEquals(1, load.err().strip().lines().count(), load.err());
        assertTrue(load.err().endsWith(" (see 'wsbench help load')\n") || load.err().strip().endsWith(" (see 'wsbench help load')"),
                load.err());
        CliRunner value = CliRunner.run("run", "--repeat", "twice");
        assertEquals(ExitCode.BAD_INPUT, value.exit(), value.err());
        assertEquals(1, value.err().strip().lines().count(), "a bad value is one line too: " + value.err());
        assertTrue(value.err().contains("'twice'") && value.err().strip().endsWith("(see 'wsbench help run')"), value.err());
        CliRunner command = CliRunner.run("rnu", "--quick");
        assertEquals(ExitCode.BAD_INPUT, command.exit(), command.err());
        assertEquals("wsbench: Unmatched arguments from index 0: 'rnu', '--quick'; did you mean run? (see 'wsbench --help')",
                command.err().strip(), "a mistyped command: the closest names");
        CliRunner far = CliRunner.run("zzz");
        assertEquals("wsbench: Unmatched argument at index 0: 'zzz' (see 'wsbench --help')", far.err().strip(), "none close");
        CliRunner top = CliRunner.run("--bogus");
        assertEquals(ExitCode.BAD_INPUT, top.exit(), top.err());
        assertTrue(top.err().strip().endsWith("(see 'wsbench --help')"), top.err());
    }

    @Test
    void aMonitorThatIsNoneOfTheKnownIsOneLineBeforeAnyLoad() {
        CliRunner run = CliRunner.run("run", "--quick", "--monitor", "proc,perf");
        assertEquals(ExitCode.BAD_INPUT, run.exit(), run.err());
        assertEquals("wsbench: --monitor: unknown monitor 'perf' (known: proc, jvm, jfr, profile, or none)", run.err().strip());
        assertEquals("", run.out(), "nothing started");
        CliRunner load = CliRunner.run("load", "http://127.0.0.1:1/", "--server-pid",
                String.valueOf(ProcessHandle.current().pid()), "--monitor", "jfr");
        assertEquals(ExitCode.BAD_INPUT, load.exit(), load.err());
        assertEquals("wsbench: --monitor jfr keeps files per point beside a run's run.json: it goes with wsbench run",
                load.err().strip());
        CliRunner profile = CliRunner.run("load", "http://127.0.0.1:1/", "--server-pid",
                String.valueOf(ProcessHandle.current().pid()), "--monitor", "proc,profile");
        assertEquals(ExitCode.BAD_INPUT, profile.exit(), profile.err());
        assertEquals("wsbench: --monitor profile keeps files per point beside a run's run.json: it goes with wsbench run",
                profile.err().strip());
        CliRunner port = CliRunner.run("load", "http://127.0.0.1:180911/", "-d", "1s");
        assertEquals(ExitCode.BAD_INPUT, port.exit(), port.err());
        assertEquals("wsbench: the port of http://127.0.0.1:180911/ is over 65535", port.err().strip());
        // as curl is given an address: host:port/path, without its scheme; a space; a password never shown, even here
        CliRunner bare = CliRunner.run("load", "127.0.0.1:18099/hello.xml", "-n", "1");
        assertEquals("wsbench: not a URL: 127.0.0.1:18099/hello.xml (it needs its scheme: http://127.0.0.1:18099/hello.xml)",
                bare.err().strip());
        CliRunner space = CliRunner.run("load", "http://bob:pw@127.0.0.1:18099/a b", "-n", "1");
        assertEquals("wsbench: not a URL: http://bob:***@127.0.0.1:18099/a b (a space in a URL is written %20)", space.err().strip());
        CliRunner interval = CliRunner.run("run", "--quick", "--profile-interval", "10us");
        assertEquals(ExitCode.BAD_INPUT, interval.exit(), interval.err());
        assertEquals("wsbench: --profile-interval 10us: below 0.1 ms", interval.err().strip());
        CliRunner jfr = CliRunner.run("run", "--quick", "--jfr-period", "500us");
        assertEquals(ExitCode.BAD_INPUT, jfr.exit(), jfr.err());
        assertEquals("wsbench: --jfr-period 500us: below 1 ms", jfr.err().strip());
        CliRunner otlp = CliRunner.run("run", "--quick", "--otlp", "ftp://127.0.0.1/");
        assertEquals(ExitCode.BAD_INPUT, otlp.exit(), otlp.err());
        assertEquals("wsbench: --otlp takes an http:// or https:// URL of an OTLP/HTTP receiver, e.g. http://127.0.0.1:4318,"
                + " not ftp://127.0.0.1/", otlp.err().strip());
    }

    @Test
    void morePointConnectionsThanTheProcessMayOpenAreRefusedBeforeAnyLoad(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        long limit = io.wsbench.core.load.FileLimit.max();
        org.junit.jupiter.api.Assumptions.assumeTrue(limit > 0 && limit < 5_000_000, "an open-file limit this JVM can read: " + limit);
        String users = String.valueOf(limit + 1);
        // nothing listens on port 1: had it tried to connect, the error would name the URL instead
        CliRunner r = CliRunner.run("load", "http://127.0.0.1:1/", "-c", users, "-n", users);
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.err());
        assertTrue(r.err().contains("(ulimit -n)") && r.err().contains(String.format(java.util.Locale.ROOT, "%,d", limit)), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        java.nio.file.Path suite = java.nio.file.Files.writeString(dir.resolve("wide.yaml"), """
                name: wide
                targets:
                  - { label: nothing, url: "http://127.0.0.1:1/", protocol: soap11, operation: hello }
                load:
                  - { users: 1, requestsPerUser: 1 }
                  - { users: %s, requestsPerUser: 1 }
                """.formatted(users));
        r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.err());
        assertTrue(r.err().contains("wide.yaml:6:") && r.err().contains("(ulimit -n)"), r.err());

        // every command that measures checks it, through its point session: a flow and a capacity search too
        java.nio.file.Path flow = java.nio.file.Files.writeString(dir.resolve("flow.yaml"), """
                label: wide flow
                url: http://127.0.0.1:1/
                flow:
                  steps:
                    - { name: hello, method: GET, path: "/" }
                """);
        for (String[] args : new String[][]{{"load", "--flow", flow.toString(), "-c", users, "-n", users},
                {"capacity", "http://127.0.0.1:1/", "--slo", "p99<1s", "-c", users}}) {
            r = CliRunner.run(args);
            assertEquals(ExitCode.BAD_INPUT, r.exit(), args[0] + " " + args[1] + ": " + r.err());
            assertTrue(r.err().contains("(ulimit -n)"), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
    }

    @Test
    void anOptionAFlowDoesNotTakeIsRefusedByName(@TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path flow = java.nio.file.Files.writeString(dir.resolve("flow.yaml"), """
                label: paused
                url: http://127.0.0.1:1/
                flow:
                  steps:
                    - { name: hello, method: GET, path: "/" }
                """);
        // a flow pauses where its file says: --think, which load URL takes, is refused by name, not ignored
        CliRunner r = CliRunner.run("load", "--flow", flow.toString(), "-n", "1", "--think", "10ms");
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.err());
        assertEquals("wsbench: --think does not apply to --flow: a flow pauses where its file says, in its steps' think",
                r.err().strip());
    }

    @Test
    void everyCommandsHelpListsTheExitCodes() {
        for (String[] args : new String[][]{{"--help"}, {"help", "run"}, {"help", "load"}}) {
            CliRunner r = CliRunner.run(args);
            assertEquals(0, r.exit(), r.err());
            String help = r.out().replaceAll("\\s+", " "); // picocli wraps long lines
            assertTrue(help.contains("Exit codes: 0 done 1 measured but incomplete"), help);
            assertTrue(help.contains(" 2 bad input (options, suite, assertion) or an unreachable target, before any load is sent"),
                    help);
            assertTrue(help.contains(" 3 internal error: a bug in wsbench; WSBENCH_DEBUG=1 prints its stack trace"), help);
        }
    }

    /** A target whose every warm-up answer is an error stops after the first window, in one line naming the errors: not after --warmup-max. */
    @Test
    void aTargetThatOnlyFailsStopsAtItsFirstWarmupWindow() throws IOException {
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 50);
        java.util.concurrent.atomic.AtomicLong asked = new java.util.concurrent.atomic.AtomicLong();
        server.createContext("/", exchange -> {
            asked.incrementAndGet();
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/missing";
            CliRunner r = CliRunner.run("load", url, "-c", "1", "-n", "10", "--warmup", "auto", "--warmup-window", "300ms",
                    "--warmup-max", "60s");
            assertEquals(2, r.exit(), r.out() + r.err());
            String line = r.err().strip();
            assertTrue(line.matches("wsbench: " + java.util.regex.Pattern.quote(url) + ": every one of the [0-9,]+ requests of the first"
                    + " warm-up window \\(300ms\\) failed \\([0-9,]+ httpStatus\\); nothing was measured"), line);
            assertEquals(1, line.lines().count());
            long sent = Long.parseLong(line.replaceAll(".*every one of the ([0-9,]+) requests.*", "$1").replace(",", ""));
            assertEquals(sent, asked.get(), "the first window's requests, and no more");
        } finally {
            server.stop(0);
        }
    }

    /** {@code CMD --help} and {@code CMD -h} on every command, as {@code help CMD}: exit 0, the command's usage on stdout. */
    @Test
    void everyCommandAnswersHelpAndH() {
        for (String command : Main.commandLine().getSubcommands().keySet()) {
            if (command.equals("help")) {
                continue;
            }
            String usage = CliRunner.run("help", command).out();
            for (String flag : new String[]{"--help", "-h"}) {
                CliRunner r = CliRunner.run(command, flag);
                assertEquals(0, r.exit(), command + " " + flag + ": " + r.err());
                assertTrue(r.out().startsWith("Usage: wsbench " + command), command + " " + flag + ": " + r.out());
                assertEquals(usage, r.out(), command + " " + flag);
                assertEquals("", r.err(), command + " " + flag);
            }
        }
    }

    @Test
    void everyCommandsHelpFormatsWithoutAWarning() {
        // a bare % in a description makes picocli print its raw text after a warning on stderr
        for (String command : new String[]{"run", "load", "wsdl", "openapi", "serve", "stacks", "report", "agent", "compare"}) {
            CliRunner r = CliRunner.run("help", command);
            assertEquals(0, r.exit(), r.err());
            assertEquals("", r.err(), "help " + command);
        }
    }

    @Test
    void runChecksUrlTargetsBeforeAnyStackStarts(@TempDir Path dir) throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + closed + "/hello";
        Path suite = dir.resolve("unreachable.yaml");
        Files.writeString(suite, """
                name: unreachable
                targets:
                  - { label: direct, stack: direct, protocol: plain }
                  - { label: elsewhere, url: "%s", protocol: plain }
                load:
                  - { users: 1, requestsPerUser: 10 }
                """.formatted(url));
        Path out = dir.resolve("out");
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", out.toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("wsbench: cannot connect to " + url + ": "), r.err());
        assertEquals("", r.out(), "no run announced, no stack started");
        assertFalse(Files.exists(out), "no run.json, no points, no stack logs");
    }

    @Test
    void aMalformedUrlTargetIsBadInputNamingItsPlaceInTheSuite(@TempDir Path dir) throws Exception {
        Path suite = Files.writeString(dir.resolve("malformed.yaml"), """
                name: malformed
                targets:
                  - { label: elsewhere, url: "http://127.0.0.1:1/a b", protocol: plain }
                load:
                  - { users: 1, requestsPerUser: 10 }
                """);
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("wsbench: " + suite + ":3:") && r.err().contains("not a URL"), r.err());
    }

    @Test
    void loadGivesTheSameLineForAnUnreachableUrl() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + closed + "/hello";
        CliRunner r = CliRunner.run("load", url, "-n", "10");
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("wsbench: cannot connect to " + url + ": "), r.err());
    }

    @Test
    void aMalformedSuiteIsOneLineNamingFileLineAndColumn(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("bad.yaml");
        Files.writeString(suite, "name: bad\ntargets:\n  - { stack: direct, protocol: soap11\nload: []\n");
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit());
        assertTrue(r.err().matches("wsbench: " + java.util.regex.Pattern.quote(suite.toString()) + ":\\d+:\\d+: .+\\R"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void anUnknownStackOrVariantIsPlacedInTheFile(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("unknown.yaml");
        Files.writeString(suite, """
                name: unknown
                targets:
                  - { stack: direct, protocol: soap11 }
                  - { stack: weblogic, protocol: soap11 }
                load:
                  - { users: 1, requestsPerUser: 10 }
                """);
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(ExitCode.BAD_INPUT, r.exit());
        assertTrue(r.err().startsWith("wsbench: " + suite + ":4:"), r.err());
        assertTrue(r.err().contains("unknown stack 'weblogic' (built here: "), r.err());
        assertTrue(r.err().contains("direct"), r.err());
        Files.writeString(suite, """
                name: unknown
                targets:
                  - { stack: metr, protocol: soap11 }
                load:
                  - { users: 1, requestsPerUser: 10 }
                """);
        r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertTrue(r.err().contains(":3:") && r.err().contains("unknown stack 'metr'; did you mean metro? (built here: "), r.err());
        Files.writeString(dir.resolve("items.yaml"), """
                openapi: 3.0.3
                info: { title: items, version: "1" }
                paths:
                  /items:
                    get: { operationId: list, responses: { "200": { description: ok } } }
                """);
        Files.writeString(suite, """
                name: unknown
                targets:
                  - { stack: metr, openapi: items.yaml, operation: list }
                load:
                  - { users: 1, requestsPerUser: 10 }
                """);
        r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertTrue(r.err().contains(":3:") && r.err().contains("unknown stack 'metr'; did you mean metro? (built here: "), r.err());
        Files.writeString(suite, """
                name: unknown
                targets:
                  - { stack: direct, protocol: rest-xml, variant: turbo }
                load:
                  - { users: 1, requestsPerUser: 10 }
                """);
        r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertTrue(r.err().startsWith("wsbench: " + suite + ":3:"), r.err());
        assertTrue(r.err().contains("variant 'turbo'"), r.err());
        assertFalse(Files.exists(dir.resolve("out/run.json")), "nothing ran");
    }

    @Test
    void anUnknownStackIsOneLineAndExitTwo() {
        CliRunner r = CliRunner.run("serve", "weblogic", "--port", "1");
        assertEquals(ExitCode.BAD_INPUT, r.exit(), r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("wsbench: unknown stack 'weblogic' (built here: "), r.err());
        assertTrue(r.err().contains("direct"), r.err());
        assertEquals("", r.out());
        CliRunner typo = CliRunner.run("serve", "cxff", "--port", "1");
        assertTrue(typo.err().startsWith("wsbench: unknown stack 'cxff'; did you mean cxf? (built here: "), typo.err());
    }

    @Test
    void agentOptionsThatDoNotGoTogetherAreOneLineErrors() {
        CliRunner local = CliRunner.run("run", "--local");
        assertEquals(2, local.exit());
        assertEquals("wsbench: --join and --local go with --agents N", local.err().strip());
        CliRunner neither = CliRunner.run("run", "--agents", "2");
        assertEquals(2, neither.exit());
        assertTrue(neither.err().contains("needs either --join HOST[:PORT],... (agents started with wsbench agent) or --local"));
    }

    /** No secret, no agent and no controller: one line saying how to set one, before anything listens or dials. */
    @Test
    void aClusterWithoutItsSecretIsOneLineSayingHowToSetIt(@TempDir Path dir) throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("WSBENCH_CLUSTER_SECRET") == null, "a secret in this environment");
        String how = "no cluster secret: set WSBENCH_CLUSTER_SECRET or give --secret-file FILE, the same on the controller and every"
                + " agent (make one with: openssl rand -base64 32)";
        CliRunner agent = CliRunner.run("agent");
        assertEquals(2, agent.exit());
        assertEquals("wsbench: " + how, agent.err().strip());
        CliRunner controller = CliRunner.run("run", "--agents", "2", "--join", "127.0.0.1:9");
        assertEquals(2, controller.exit());
        assertEquals("wsbench: " + how, controller.err().strip());
        Path weak = Files.writeString(dir.resolve("weak"), "hunter2\n");
        CliRunner shortOne = CliRunner.run("agent", "--secret-file", weak.toString());
        assertEquals(2, shortOne.exit());
        assertEquals("wsbench: the cluster secret in --secret-file " + weak + " has 7 characters: give at least 16"
                + " (make one with: openssl rand -base64 32)", shortOne.err().strip());
        CliRunner missing = CliRunner.run("agent", "--secret-file", dir.resolve("nope").toString());
        assertEquals("wsbench: --secret-file " + dir.resolve("nope") + ": no such file", missing.err().strip());
    }

    @Test
    void badProfilesAndSlosAreOneLineBeforeAnyLoad() {
        // port 1 on 127.0.0.1: nothing listens, and nothing is sent there, since each is refused first
        String url = "http://127.0.0.1:1/";
        String[][] cases = {
                {"load", url, "--stages", "10s:100/s,:5/s"},
                {"load", url, "--stages", "10s:100/s,5s:7"},
                {"load", url, "--stages", "10s:100/s", "-d", "3s"},
                {"capacity", url, "--slo", "p99<"},
                {"capacity", url, "--slo", "latency<5ms"},
                {"capacity", url, "--slo", "p99<5"},
                {"capacity", url, "--slo", "cpu<100"},
                {"capacity", url, "--slo", "p99<5ms", "--precision", "0"},
                {"capacity", url, "--slo", "p99<5ms", "-d", "0s"},
                {"capacity", url},
        };
        String[] said = {"it has no duration", "all rates (100/s) or all users", "drop -n, -d and --rate",
                "not an assertion", "unknown metric 'latency'", "a latency needs a unit", "needs --server-pid",
                "precision is a percentage above 0 and below 100", "--duration takes a duration", "--slo"};
        for (int i = 0; i < cases.length; i++) {
            CliRunner r = CliRunner.run(cases[i]);
            assertEquals(ExitCode.BAD_INPUT, r.exit(), String.join(" ", cases[i]) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains(said[i]), String.join(" ", cases[i]) + ": " + r.err());
            assertEquals("", r.out(), "nothing measured");
        }
    }
}
