package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Secured targets in a suite: run end to end on cxf, no password in anything written, unsupported ones refused. */
class WsSecuritySuiteTest {

    @Test
    void securedPointsRunAndNoPasswordReachesTheRecords(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("secured.yaml");
        Files.writeString(suite, """
                name: secured
                warmup: none            # not what this test is about
                operation: matchQuakes
                targets:
                  - { label: username, stack: cxf, protocol: soap11, sequence: small, security: username }
                  - { label: sign, stack: cxf, protocol: soap11, sequence: small, security: sign }
                load:
                  - { users: 1, requestsPerUser: 100 }
                """);
        Path out = dir.resolve("out");
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(out.resolve("run.json").toFile());
        assertEquals("complete", run.at("/status").asText());
        for (JsonNode p : run.at("/points")) {
            assertEquals(100, p.at("/validated").asLong(), "every answer verified and right: " + p);
            assertTrue(List.of("username", "sign").contains(p.at("/target/security").asText()));
            assertTrue(p.at("/target/url").asText().contains("/seismic/" + p.at("/target/security").asText()));
            assertTrue(p.at("/generator/securitySeconds").asDouble() > 0, "the client's WS-Security time: " + p);
            assertTrue(p.at("/generator/heapUsedMaxBytes").asLong() > 1_000_000, "the client's heap: " + p);
            long live = p.at("/generator/heapLiveBytes").asLong();
            assertTrue(live > 1_000_000 && live <= p.at("/generator/heapUsedMaxBytes").asLong() * 2,
                    "the client's heap after a full collection: " + p);
            assertTrue(p.at("/generator/allocatedBytesPerRequest").asLong() > 1_000, "a DOM per request at least: " + p);
        }

        WsSecurityKeys keys = WsSecurityKeys.in(Home.find().resolve("target/keys"));
        List<Path> written;
        try (Stream<Path> s = Files.walk(out)) {
            written = s.filter(Files::isRegularFile).toList();
        }
        assertTrue(written.contains(out.resolve("report.html")));
        assertTrue(written.stream().anyMatch(p -> p.getParent().getFileName().toString().equals("logs")), "the stack's log");
        String printed = r.out() + r.err();
        for (String secret : List.of(keys.storePassword(), keys.userPassword())) {
            assertFalse(printed.contains(secret), "a password was printed");
            for (Path f : written) {
                assertFalse(new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1).contains(secret),
                        "a password is in " + out.relativize(f));
            }
        }
    }

    @Test
    void anUnsupportedConfigurationIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("unsupported.yaml");
        Files.writeString(suite, """
                name: unsupported
                operation: matchQuakes
                targets:
                  - { stack: direct, protocol: soap11, sequence: small, security: sign }
                load:
                  - { users: 1, requestsPerUser: 10 }
                """);
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, r.exit(), r.out() + r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("wsbench: "), err);
        assertTrue(err.contains("security 'sign' is unsupported on stack direct"), err);
        assertFalse(Files.exists(dir.resolve("out/run.json")), "nothing ran as plain");
    }
}
