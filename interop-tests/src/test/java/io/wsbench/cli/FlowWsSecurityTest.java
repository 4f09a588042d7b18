package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.Quake;
import io.wsbench.contract.seismic.Query;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.contract.seismic.SeismicContract;
import io.wsbench.model.record.RunJson;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WS-Security on a flow's SOAP steps, verified by a real server: the cxf stack's matchQuakes at
 * /seismic/signencr, whose policy (served in its WSDL) wants a signed and encrypted request and
 * answers signed and encrypted. The first step's answer is opened before its xpath extraction reads
 * the first quake's time; the second step's signed body carries that time as its min-date, and its
 * answer must start with that quake and count what the oracle counts from it.
 */
class FlowWsSecurityTest {

    private static final int ITERATIONS = 20;

    /** The query with its min-date from {@code minDate}: a row's, or the first step's extraction. */
    private static String query(String minDate) {
        return ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<s:query xmlns:s=\"%s\"><s:min-date>${%s}</s:min-date><s:max-date>${maxDate}</s:max-date>"
                + "<s:min-long>${minLong}</s:min-long><s:max-long>${maxLong}</s:max-long>"
                + "<s:min-lat>${minLat}</s:min-lat><s:max-lat>${maxLat}</s:max-lat></s:query></soap:Body></soap:Envelope>")
                .formatted(SeismicContract.NAMESPACE, minDate);
    }

    private static String flow(String label, String security) {
        return """
                  - label: %s
                    stack: cxf
                    wsdl: /seismic/signencr?wsdl
                    path: /seismic/signencr
                    security: %s
                    flow:
                      steps:
                        - name: first
                          operation: matchQuakes
                          data: rows.csv
                          body: '%s'
                          extract: { from: "xpath:string((//*[local-name()='quake'])[1]/@time)" }
                          checks: ["xpath://*[local-name()='results']/@count = ${count}"]
                        - name: since
                          operation: matchQuakes
                          body: '%s'
                          checks: ["xpath://*[local-name()='results']/@count = ${since}",
                                   "xpath:string((//*[local-name()='quake'])[1]/@time) = '${from}'"]
                """.formatted(label, security, query("minDate"), query("from"));
    }

    /**
     * Seed 001's small queries that match two quakes or more, each with the oracle's count and, from
     * its first quake's time on, the count the second step must see.
     */
    private static String rows() {
        Catalog catalog = Catalog.standard();
        StringBuilder csv = new StringBuilder("minDate,maxDate,minLong,maxLong,minLat,maxLat,count,since\n");
        int n = 0;
        for (Query q : QuerySequence.named(QuerySequence.SMALL, catalog).queries()) {
            Query asked = new Query(q.minDate(), q.maxDate(), q.minLong(), q.maxLong(), q.minLat(), q.maxLat(), null, null, null, null);
            if (catalog.count(asked) < 2 || n == 10) {
                continue;
            }
            Quake first = catalog.match(asked).get(0).quakes().get(0);
            Query since = new Query(first.millis(), q.maxDate(), q.minLong(), q.maxLong(), q.minLat(), q.maxLat(), null, null, null, null);
            csv.append(Instant.ofEpochMilli(q.minDate())).append(',').append(Instant.ofEpochMilli(q.maxDate())).append(',')
                    .append(q.minLong()).append(',').append(q.maxLong()).append(',').append(q.minLat()).append(',')
                    .append(q.maxLat()).append(',').append(catalog.count(asked)).append(',').append(catalog.count(since)).append('\n');
            n++;
        }
        return csv.toString();
    }

    private static JsonNode step(JsonNode point, String name) {
        for (JsonNode s : point.path("steps")) {
            if (s.path("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no step " + name + " in " + point);
    }

    @Test
    void aSecuredFlowIsVerifiedByTheServerItsOpenedAnswerFeedsTheNextStepAndAPlainOneIsRefused(@TempDir Path dir) throws Exception {
        String rows = rows();
        assertTrue(rows.lines().skip(1).anyMatch(r -> {
            String[] f = r.split(",");
            return !f[6].equals(f[7]);
        }), "some row's second count differs from its first, so the extraction's value shows: " + rows);
        Files.writeString(dir.resolve("rows.csv"), rows);
        Path suite = Files.writeString(dir.resolve("secured-flow.yaml"), """
                name: secured-flow
                warmup: none
                order: grouped          # the points in the suite's order, which this test reads
                targets:
                %s%s
                load:
                  - { users: 2, iterationsPerUser: %d }
                """.formatted(flow("secured", "signencr"), flow("plain", "plain"), ITERATIONS / 2));
        Path out = dir.resolve("out");
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err() + r.out());
        JsonNode points = RunJson.MAPPER.readTree(out.resolve("run.json").toFile()).path("points");
        assertEquals(2, points.size(), points.toString());

        JsonNode secured = points.get(0);
        assertEquals("signencr", secured.at("/target/security").asText(), secured.toString());
        assertEquals(ITERATIONS, secured.path("iterations").asLong(), secured.toString());
        assertEquals(ITERATIONS, secured.path("validated").asLong(), "every iteration verified, opened and checked: " + secured);
        assertEquals(2 * ITERATIONS, secured.path("requests").asLong(), secured.toString());
        assertEquals(ITERATIONS, step(secured, "first").path("validated").asLong(), secured.toString());
        assertEquals(ITERATIONS, step(secured, "since").path("validated").asLong(), "the extracted time carried and checked: " + secured);
        assertTrue(secured.at("/generator/securitySeconds").asDouble() > 0, "the client's WS-Security time: " + secured);
        // a signed and encrypted body is far larger than the plain query
        assertTrue(step(secured, "since").path("bytesSentPerRequest").asDouble()
                > 3 * step(points.get(1), "first").path("bytesSentPerRequest").asDouble(), secured.toString());

        JsonNode plain = points.get(1);
        assertEquals(ITERATIONS, plain.path("iterations").asLong(), plain.toString());
        assertEquals(0, plain.path("validated").asLong(), plain.toString());
        assertEquals(ITERATIONS, plain.at("/errors/soapFault").asLong(), "an unsecured request is refused: " + plain);
        assertEquals(ITERATIONS, step(plain, "first").at("/errors/soapFault").asLong(), plain.toString());
        assertEquals(0, step(plain, "since").path("requests").asLong(), "the fault ended each iteration at its first step");
        assertTrue(plain.path("generator").path("securitySeconds").isMissingNode() || plain.at("/generator/securitySeconds").isNull(),
                plain.path("generator").toString());

        WsSecurityKeys keys = WsSecurityKeys.in(Home.find().resolve("target/keys"));
        List<Path> written;
        try (Stream<Path> s = Files.walk(out)) {
            written = s.filter(Files::isRegularFile).toList();
        }
        assertTrue(written.contains(out.resolve("run.json")), written.toString());
        for (String secret : List.of(keys.storePassword(), keys.userPassword())) {
            assertFalse((r.out() + r.err()).contains(secret), "a password was printed");
            for (Path f : written) {
                assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(secret),
                        "a password is in " + out.relativize(f));
            }
        }
    }

    @Test
    void anUnknownSecurityOnAFlowOrItsStepIsRefusedBeforeAnyStackStarts(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("rows.csv"), rows());
        for (String[] typo : new String[][]{{"signencrypt", "plain"}, {"signencr", "sing"}}) {
            Path suite = Files.writeString(dir.resolve("typo.yaml"), """
                    name: typo
                    targets:
                    %s
                    load:
                      - { users: 1, iterationsPerUser: 1 }
                    """.formatted(flow("typo", typo[0]).replace("name: since", "name: since\n          security: " + typo[1])));
            CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
            String unknown = typo[1].equals("sing") ? "sing" : typo[0];
            PhpService.assertBadInput(r, "unknown security configuration '" + unknown + "' (known: plain, username, sign, signencr)");
            assertTrue(r.err().contains("typo.yaml:"), r.err());
        }
    }
}
