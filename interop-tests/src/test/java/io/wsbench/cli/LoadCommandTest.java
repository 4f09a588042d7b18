package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackLauncher;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code wsbench load} against the direct stack, started in its own process on 127.0.0.1. */
class LoadCommandTest {

    private static RunningStack direct;

    @BeforeAll
    static void start() throws Exception {
        var d = StackCatalog.in(Home.find()).find("direct").orElseThrow();
        direct = new StackLauncher(Files.createTempDirectory("wsbench-test")).start(d, 0, Map.of());
    }

    @AfterAll
    static void stop() {
        direct.stop();
    }

    @Test
    void jsonPrintsThePointRecord() throws Exception {
        CliRunner r = CliRunner.run("load", direct.baseUrl() + "/hello/xmlservice?method=hello", "-c", "3", "-n", "600",
                "--expect", "<str>Hello World</str>", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode p = RunJson.MAPPER.readTree(r.out());
        assertEquals(600, p.at("/requests").asLong());
        assertEquals(600, p.at("/validated").asLong());
        assertEquals(200, p.at("/load/requestsPerUser").asLong());
        assertEquals("closed", p.at("/load/model").asText());
        assertTrue(p.at("/latencyMicros/p99").asLong() >= p.at("/latencyMicros/p50").asLong());
        // GET line, Host, and nothing else: 64 bytes or so; the answer is ~138 with headers
        assertTrue(p.at("/bytesReceivedPerRequest").asDouble() > 100, p.toString());
    }

    @Test
    void soapPostWithBodyAndSoapAction(@TempDir Path dir) throws Exception {
        Path body = dir.resolve("hello.xml");
        Files.writeString(body, "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<h:hello xmlns:h=\"http://wsbench.io/hello\"/></soap:Body></soap:Envelope>");
        CliRunner r = CliRunner.run("load", direct.baseUrl() + "/hello/soap", "-c", "2", "-n", "200", "--body", body.toString(),
                "--soap-action", "urn:hello", "--expect", "<return>Hello World</return>", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode p = RunJson.MAPPER.readTree(r.out());
        assertEquals(200, p.at("/validated").asLong());
        assertEquals(0, p.at("/errors/httpStatus").asLong());
    }

    /**
     * {@code load URL}'s options and a suite's URL target are one model: the same request written as
     * options and as a suite's {@code request:} is sent and checked alike, and recorded as the same target.
     */
    @Test
    void aSuiteUrlTargetSendsTheRequestLoadsOptionsWrite(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("hello.xml"), "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soap:Body><h:hello xmlns:h=\"http://wsbench.io/hello\"/></soap:Body></soap:Envelope>");
        String url = direct.baseUrl() + "/hello/soap";
        Path suite = Files.writeString(dir.resolve("posted.yaml"), """
                name: posted
                warmup: none
                targets:
                  - label: hello
                    url: "%s"
                    request: { body: hello.xml, soapAction: "urn:hello", headers: { X-Run: suite },
                               expect: "<return>Hello World</return>" }
                  - label: goodbye
                    url: "%s"
                    request: { body: hello.xml, soapAction: "urn:hello", expect: "<return>Goodbye</return>" }
                load:
                  - { users: 2, requestsPerUser: 100 }
                """.formatted(url, url.replace("127.0.0.1", "localhost")));
        CliRunner run = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        JsonNode points = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).at("/points");
        JsonNode hello = RunCommandTest.labelled(points, "hello");
        assertEquals(200, hello.at("/validated").asLong(), run.out() + run.err());
        JsonNode goodbye = RunCommandTest.labelled(points, "goodbye");
        assertEquals(200, goodbye.at("/errors/validation").asLong(), "the text every answer must hold: " + goodbye);
        CliRunner load = CliRunner.run("load", url, "-c", "2", "-n", "200", "--body", dir.resolve("hello.xml").toString(),
                "--soap-action", "urn:hello", "-H", "X-Run: load", "--expect", "<return>Hello World</return>", "--json");
        assertEquals(0, load.exit(), load.err());
        JsonNode p = RunJson.MAPPER.readTree(load.out());
        assertEquals(200, p.at("/validated").asLong());
        for (String key : new String[] {"/protocol", "/url", "/security"}) {
            assertEquals(hello.at("/target" + key), p.at("/target" + key), key);
        }
        assertEquals(url, p.at("/target/label").asText(), "load names its target by its URL, as a suite's unlabelled url: target");

        // a request on a target that speaks a protocol of its own is refused, naming its place
        Path wrong = Files.writeString(dir.resolve("wrong.yaml"), """
                name: wrong
                targets:
                  - { url: "%s", protocol: soap11, request: { method: PUT } }
                load:
                  - { users: 1, requestsPerUser: 1 }
                """.formatted(url));
        CliRunner refused = CliRunner.run("run", wrong.toString());
        assertEquals(ExitCode.BAD_INPUT, refused.exit());
        assertTrue(refused.err().contains("wrong.yaml:3:") && refused.err().contains("a 'request' (method, body, headers,"
                + " soapAction, expect) is for a 'url' (or a stack's 'path') without a 'protocol'"), refused.err());
    }

    @Test
    void openLoopRunsAtTheRateAskedFor() throws Exception {
        CliRunner r = CliRunner.run("load", direct.baseUrl() + "/hello/soap", "--protocol", "soap11", "-c", "4",
                "--rate", "400", "-d", "2s", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode p = RunJson.MAPPER.readTree(r.out());
        assertEquals("open", p.at("/load/model").asText());
        assertEquals(800, p.at("/validated").asDouble(), 20, "400 req/s for 2 s");
    }

    @Test
    void wrongAnswersAreCountedAsValidationErrors() throws Exception {
        CliRunner r = CliRunner.run("load", direct.baseUrl() + "/hello/xmlservice?method=nothing", "-c", "2", "-n", "100",
                "--protocol", "rest-xml", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode p = RunJson.MAPPER.readTree(r.out());
        assertEquals(100, p.at("/errors/validation").asLong(), "'Unknown Method' is not the greeting");
        assertEquals(0, p.at("/validated").asLong());
    }

    @Test
    void aFailedAssertionExitsOneAfterWritingJUnitXml(@TempDir Path dir) throws Exception {
        Path junit = dir.resolve("ci/junit.xml");
        CliRunner r = CliRunner.run("load", direct.baseUrl() + "/hello/xmlservice?method=hello", "-c", "2", "-n", "400",
                "--protocol", "rest-xml", "--assert", "errors==0", "--assert", "throughput>=100000000",
                "--junit", junit.toString());

        assertEquals(ExitCode.PROBLEM, r.exit(), r.out() + r.err());
        String subject = direct.baseUrl() + "/hello/xmlservice?method=hello @ 2 users";
        assertTrue(r.out().contains("PASS  " + subject + "  errors==0  (errors = 0, wanted == 0)\n"), r.out());
        assertTrue(r.out().matches("(?s).*FAIL  " + java.util.regex.Pattern.quote(subject)
                + "  throughput>=100000000  \\(throughput = [\\d.]+, wanted >= 100000000\\)\n.*"), r.out());
        assertTrue(r.out().contains("1 of 2 assertions failed"), r.out());
        String xml = Files.readString(junit);
        assertTrue(xml.contains("<testsuite name=\"wsbench load " + direct.baseUrl()
                + "/hello/xmlservice?method=hello\" tests=\"2\" failures=\"1\""), xml);
        assertTrue(xml.contains("<testcase classname=\"" + subject + "\" name=\"errors==0\"></testcase>"), xml);
        assertTrue(xml.matches("(?s).*<testcase classname=\"[^\"]+\" name=\"throughput&gt;=100000000\">"
                + "<failure message=\"throughput = [\\d.]+, wanted &gt;= 100000000\" type=\"assertion\">.*"), xml);
        // the measured throughput in the failure is the one the run printed
        String printed = r.out().replaceAll("(?s).*= ([\\d,.]+) valid req/s.*", "$1").replace(",", "");
        String inXml = xml.replaceAll("(?s).*failure message=\"throughput = ([\\d.]+),.*", "$1");
        assertEquals(Double.parseDouble(printed), Double.parseDouble(inXml), 0.06);
    }

    @Test
    void aMalformedAssertionIsOneLineBeforeAnyLoad() throws Exception {
        CliRunner r = CliRunner.run("load", direct.baseUrl() + "/hello/soap", "-n", "10", "--assert", "p99<50");
        assertEquals(ExitCode.BAD_INPUT, r.exit());
        assertEquals("wsbench: assertion 'p99<50': a latency needs a unit, us, ms or s" + System.lineSeparator(), r.err());
        assertEquals("", r.out(), "nothing was measured");
        r = CliRunner.run("load", direct.baseUrl() + "/hello/soap", "-n", "10", "--assert", "cpu<150");
        assertEquals(ExitCode.BAD_INPUT, r.exit());
        assertTrue(r.err().contains("needs --server-pid"), r.err());
    }

    @Test
    void anUnreachableUrlIsOneLineAndNonZero() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/hello";
        CliRunner r = CliRunner.run("load", url, "-n", "10");
        assertEquals(ExitCode.BAD_INPUT, r.exit());
        assertTrue(r.err().startsWith("wsbench: cannot connect to " + url + ": "), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }
}
