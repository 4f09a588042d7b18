package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every run recorded in the history, the gate against it, and {@code wsbench history}: the direct
 * stack in its own process, real load on 127.0.0.1. The run the gate must fail is made slower by a
 * delay the test sets (the direct stack's {@code delay-10000us}: every answer 10 ms after its request,
 * time and no CPU), so its verdict does not hang on how busy the other test classes keep the machine:
 * 2 users make at most 200 req/s of it, where the plain runs stayed above 700 in the busiest CI run seen
 * (a step in CPU, {@code spin-2000us}, once read 0.20 [0.03, 1.35] there).
 */
class HistoryRunTest {

    private static Path suite(Path dir, String name, String faults) throws Exception {
        return Files.writeString(dir.resolve(name + ".yaml"), """
                name: gate
                warmup: none            # not what this test is about
                repeat: 3
                targets:
                  - { label: SOAP, stack: direct, protocol: soap11 }
                  - { label: JSON, stack: direct, protocol: json }
                load:
                  - { users: 2, requestsPerUser: 150 }
                """ + (faults == null ? "" : "stackOptions:\n  direct: { faults: " + faults + " }\n"));
    }

    @Test
    void eachRunIsRecordedAndTheGateFailsTheRunThatGotSlower(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        Path plain = suite(dir, "plain", null);
        CliRunner first = CliRunner.run("run", plain.toString(), "--monitor", "proc", "--out", results.resolve("r1").toString(),
                "--baseline", "history:5");
        assertEquals(0, first.exit(), first.out() + first.err());
        assertTrue(first.out().contains("history: recorded in " + results.resolve("history.db").toAbsolutePath()), first.out());
        assertTrue(first.out().contains("baseline: no history yet of suite gate on this kind of machine"), first.out());

        CliRunner second = CliRunner.run("run", plain.toString(), "--monitor", "proc", "--out", results.resolve("r2").toString());
        assertEquals(0, second.exit(), second.out() + second.err());

        CliRunner slower = CliRunner.run("run", suite(dir, "slower", "delay-10000us").toString(), "--monitor", "proc",
                "--out", results.resolve("r3").toString(), "--baseline", "history:5", "--max-regression", "10%");
        assertEquals(ExitCode.PROBLEM, slower.exit(), "a run far slower fails the gate: " + slower.out() + slower.err());
        assertTrue(slower.out().contains("baseline: against the last 2 runs of gate on this kind of machine, worse by more than 10% fails:"),
                slower.out());
        assertTrue(slower.out().contains("baseline: SOAP @ 2 users: "), slower.out());
        assertTrue(slower.out().contains("worse by more than 10%, beyond the noise"), slower.out());
        String junit = Files.readString(results.resolve("r3/junit.xml"));
        assertTrue(junit.contains("name=\"baseline history:5 throughput\"") && junit.contains("<failure"), junit);

        CliRunner trend = CliRunner.run("history", "gate", "--history", results.resolve("history.db").toString(), "--json",
                "--out", dir.resolve("trend.html").toString());
        assertEquals(0, trend.exit(), trend.out() + trend.err());
        JsonNode t = RunJson.MAPPER.readTree(trend.out());
        assertEquals(2, t.get("series").size(), trend.out());
        assertEquals(3, t.at("/series/0/runs").size(), "three runs in the series: " + trend.out());
        assertEquals("r3", t.at("/series/0/runs/2/run").asText());
        assertTrue(t.get("changePoints").isArray());
        String page = Files.readString(dir.resolve("trend.html"));
        assertTrue(page.contains("wsbench-trend") && page.contains("echarts"), "trend.html with its data and charts library");

        CliRunner table = CliRunner.run("history", "gate", "--target", "SOAP", "--history", results.resolve("history.db").toString(),
                "--out", dir.resolve("soap.html").toString());
        assertEquals(0, table.exit(), table.out() + table.err());
        assertTrue(table.out().startsWith("SOAP @ 2 users — req/s, on "), table.out());
        assertFalse(table.out().contains("JSON @ 2 users"), table.out());

        CliRunner rebuilt = CliRunner.run("history", "import", results.toString(), "--history", dir.resolve("rebuilt.db").toString());
        assertEquals(0, rebuilt.exit(), rebuilt.out() + rebuilt.err());
        assertTrue(rebuilt.out().contains("recorded 3 runs in " + dir.resolve("rebuilt.db")), rebuilt.out());
        CliRunner again = CliRunner.run("history", "gate", "--history", dir.resolve("rebuilt.db").toString(), "--json",
                "--out", dir.resolve("again.html").toString());
        assertEquals(trend.out(), again.out(), "the history rebuilt from the runs' run.json gives the same series");

        CliRunner nowhere = CliRunner.run("history", "gate", "--history", dir.resolve("nothing-here.db").toString());
        assertEquals(ExitCode.BAD_INPUT, nowhere.exit());
        assertTrue(nowhere.err().contains("no history at " + dir.resolve("nothing-here.db")), nowhere.err());
        assertFalse(Files.exists(dir.resolve("nothing-here.db")), "reading a history makes none");

        CliRunner none = CliRunner.run("history", "nosuch", "--history", results.resolve("history.db").toString());
        assertEquals(ExitCode.BAD_INPUT, none.exit());
        assertTrue(none.err().contains("has no run of suite 'nosuch' (it holds gate)"), none.err());
    }

    @Test
    void loadWithHistoryRecordsItsPointAsARunOfSuiteLoadUrl(@TempDir Path dir) throws Exception {
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext("/", x -> {
            byte[] body = "<str>Hello World</str>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/hello";
            Path db = dir.resolve("h.db");
            for (int i = 0; i < 2; i++) {
                CliRunner r = CliRunner.run("load", url, "-n", "200", "-c", "2", "--history", db.toString());
                assertEquals(0, r.exit(), r.out() + r.err());
                assertTrue(r.out().contains("history       recorded in " + db + " (suite 'load " + url + "')"), r.out());
            }
            CliRunner h = CliRunner.run("history", "load " + url, "--history", db.toString(), "--json", "--out", dir.resolve("t.html").toString());
            assertEquals(0, h.exit(), h.out() + h.err());
            assertEquals(2, RunJson.MAPPER.readTree(h.out()).at("/series/0/runs").size(), h.out());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aHistoryThatCannotBeReachedIsOneLineTheRunIsWrittenAndItsPasswordIsNowhere(@TempDir Path dir) throws Exception {
        String secret = "pw" + Long.toHexString(System.nanoTime()) + "x";
        CliRunner r = CliRunner.run("run", suite(dir, "plain", null).toString(), "--monitor", "proc", "--out", dir.resolve("out").toString(),
                "--history", "jdbc:postgresql://127.0.0.1:1/history?user=ci&password=" + secret);
        assertEquals(0, r.exit(), "a history it cannot reach fails no run: " + r.out() + r.err());
        assertTrue(r.out().contains("wsbench: history jdbc:postgresql://127.0.0.1:1/history?user=ci&password=***: cannot be opened: "),
                r.out());
        assertTrue(Files.exists(dir.resolve("out/run.json")) && Files.exists(dir.resolve("out/report.html")));
        assertFalse((r.out() + r.err()).contains(secret), "the console says no password");
        try (Stream<Path> files = Files.walk(dir.resolve("out"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertFalse(new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1).contains(secret),
                        "no password in " + f);
            }
        }
        assertTrue(Files.readString(dir.resolve("out/run.json")).contains("--history 'jdbc:postgresql://127.0.0.1:1/history?user=ci&password=***'"),
                "the command line in run.json says where, without the password");
    }
}
