package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.StackException;
import io.wsbench.launch.StackLauncher;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Lucee version as an option of the lucee stack: 6.2.0.321 bundled, 7.0.2.106-RC resolved
 * through Maven into the user's cache on first use (Maven Central must be reachable the first
 * time), two versions as two servers of one suite, each named with the version it ran.
 */
class LuceeVersionTest {

    private static final String SEVEN = "7.0.2.106-RC";

    @Test
    void aSuiteComparesTwoVersionsOfLuceeAndNamesEach(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("versions.yaml");
        Files.writeString(suite, """
                name: lucee-versions
                operation: hello
                warmupRequests: 100
                targets:
                  - { label: Lucee 6.2, stack: lucee, protocol: rest-xml, variant: cached }
                  - { label: Lucee 7.0, stack: lucee, protocol: rest-xml, variant: cached, stackOptions: { version: %s } }
                  - { label: Lucee 7.0 WDDX, stack: lucee, protocol: wddx, stackOptions: { version: %s } }
                load:
                  - { users: 2, requestsPerUser: 50 }
                """.formatted(SEVEN, SEVEN));
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        assertEquals("complete", run.at("/status").asText());
        assertEquals(3, run.at("/points").size());
        for (JsonNode p : run.at("/points")) {
            assertEquals(100, p.at("/validated").asLong(), p.toString());
        }
        JsonNode stacks = run.at("/environment/stacks");
        assertTrue(stacks.path("lucee").asText().startsWith("Lucee 6.2.0.321;"), stacks.toString());
        assertTrue(stacks.path("lucee {version=" + SEVEN + "}").asText().startsWith("Lucee " + SEVEN + ";"), stacks.toString());
        assertEquals(2, stacks.size(), "two servers, both 7.0 targets on one: " + stacks);
        // the server said so itself: its log names the version its jars hold
        try (var logs = Files.list(dir.resolve("out/logs"))) {
            assertEquals(2, logs.filter(l -> {
                try {
                    String log = Files.readString(l);
                    return log.contains("lucee stack (Lucee 6.2.0.321,") || log.contains("lucee stack (Lucee " + SEVEN + ",");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).count());
        }
        assertTrue(Files.isDirectory(luceeCache().resolve(SEVEN).resolve("lib")), "resolved into the user's cache");
    }

    @Test
    void stacksListsTheVersionOption() {
        CliRunner r = CliRunner.run("stacks");
        assertTrue(r.out().contains("Lucee 6.2.0.321 (Tomcat "), r.out());
        assertTrue(r.out().contains("option version (default 6.2.0.321)"), r.out());
    }

    @Test
    void aVersionMavenCannotFindIsUnavailableInOneLine(@TempDir Path dir) throws Exception {
        StackDescriptor d = StackCatalog.in(Home.find()).find("lucee").orElseThrow();
        StackException e = assertThrows(StackException.class, () -> new StackLauncher(dir.resolve("logs"))
                .start(d, 0, Map.of("version", "6.0.0.999-NOSUCH", "cacheDir", dir.resolve("cache").toString())));
        assertTrue(e.getMessage().startsWith("stack lucee is unavailable here: Lucee 6.0.0.999-NOSUCH cannot be had here: "
                + "Maven cannot resolve org.lucee:lucee:6.0.0.999-NOSUCH"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        assertTrue(Files.notExists(dir.resolve("cache/6.0.0.999-NOSUCH/lib")), "nothing half-resolved is kept");
    }

    @Test
    void aVersionThatIsNotOneIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        StackDescriptor d = StackCatalog.in(Home.find()).find("lucee").orElseThrow();
        StackException e = assertThrows(StackException.class, () -> new StackLauncher(dir.resolve("logs"))
                .start(d, 0, Map.of("version", "../../etc", "cacheDir", dir.resolve("cache").toString())));
        assertTrue(e.getMessage().endsWith("not a Lucee version: '../../etc' (e.g. 6.2.0.321 or 7.0.2.106-RC)"), e.getMessage());
    }

    private static Path luceeCache() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        return (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache"))
                .resolve("wsbench/lucee");
    }
}
