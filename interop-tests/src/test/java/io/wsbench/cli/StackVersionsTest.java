package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.Jdks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Another version of a stack's framework, and another JDK, as stack options: resolved through Maven
 * on first use, started in place of the built one, and named in run.json by what the server
 * actually loaded; a line that cannot run here, a version that does not exist and a JDK a stack is
 * known not to run on are refused in one line.
 */
class StackVersionsTest {

    @Test
    void anotherCxfAndAnotherJdkAreMeasuredAndNamedByWhatTheServerLoaded(@TempDir Path dir) throws Exception {
        boolean java25 = Jdks.found().containsKey(25);
        Path suite = Files.writeString(dir.resolve("upgrade.yaml"), """
                name: upgrade
                warmup: none            # not what this test is about
                operation: matchQuakes
                targets:
                  - { label: CXF built, stack: cxf, protocol: soap11, sequence: small }
                  - { label: CXF 4.1, stack: cxf, protocol: soap11, sequence: small, stackOptions: { version: 4.1.5 } }
                %s
                load:
                  - { users: 2, requestsPerUser: 100 }
                """.formatted(java25 ? "  - { label: CXF on 25, stack: cxf, protocol: soap11, sequence: small, stackOptions: { java: \"25\" } }\n"
                + "  - { label: direct on 25, stack: direct, protocol: soap11, sequence: small, stackOptions: { java: \"25\" } }" : ""));
        JsonNode run = completed(suite, dir.resolve("out"));
        JsonNode stacks = run.path("environment").path("stacks");
        // CXF 4.1.5 with the WSS4J it asks for (4.0, as 4.2 does; the javax line's 2.4 is checked below)
        assertTrue(stacks.path("cxf {version=4.1.5}").asText().startsWith("CXF 4.1.5; WSS4J 4.0."), stacks.toString());
        assertTrue(stacks.path("cxf").asText().matches("CXF 4\\.2\\.\\d+; WSS4J 4\\..*; Tomcat 11\\..*; Java 17\\..*"), stacks.toString());
        if (java25) {
            assertTrue(stacks.path("cxf {java=25}").asText().contains("; Java 25."), stacks.toString());
            // a server without a servlet host names what it loaded too, so its JVM is on record
            assertTrue(stacks.path("direct {java=25}").asText().matches("Netty 4\\..*; Java 25\\..*"), stacks.toString());
        }
        for (JsonNode p : run.path("points")) {
            assertEquals(p.path("requests").asLong(), p.path("validated").asLong(), p.toString());
            assertTrue(p.path("validated").asLong() >= 200, p.toString());
        }
        assertEquals(java25 ? 4 : 2, run.path("points").size());
    }

    @Test
    void aLineThatCannotRunHereAndAVersionThatDoesNotExistAreOneLine(@TempDir Path dir) throws Exception {
        CliRunner old = CliRunner.run("run", suite(dir, "old.yaml", "cxf", "{ version: 3.5.0 }").toString(),
                "--out", dir.resolve("old").toString());
        assertEquals(2, old.exit(), old.err());
        assertTrue(old.err().contains("old.yaml:4:") && old.err().contains("version 3.5.0 is not a line known to run here")
                && old.err().contains("4.2.x, 4.1.x and 4.0.x (jakarta, on Tomcat 11 or 10.1); 3.6.x (javax, on Tomcat 9)"), old.err());
        assertEquals(1, old.err().strip().lines().count(), old.err());

        CliRunner javax = CliRunner.run("run", suite(dir, "javax.yaml", "cxf", "{ version: 3.6.10, tomcat: 11.0.27 }").toString(),
                "--out", dir.resolve("javax").toString());
        assertEquals(2, javax.exit(), javax.err());
        assertTrue(javax.err().contains("javax.yaml:4:") && javax.err().contains("stack cxf: tomcat 11.0.27 is not a line known to run here")
                && javax.err().contains("9.0.x (javax servlet"), javax.err());
        assertEquals(1, javax.err().strip().lines().count(), javax.err());

        // a target on the direct stack first: the version is resolved before any stack starts, so nothing is measured
        Path noneSuite = Files.writeString(dir.resolve("none.yaml"), """
                name: versions
                operation: matchQuakes
                targets:
                  - { stack: direct, protocol: soap11 }
                  - { stack: cxf, protocol: soap11, stackOptions: { version: 4.2.999 } }
                load:
                  - { users: 1, requestsPerUser: 10 }
                """);
        CliRunner none = CliRunner.run("run", noneSuite.toString(), "--out", dir.resolve("none").toString());
        assertEquals(ExitCode.PROBLEM, none.exit(), none.err());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("none/run.json").toFile());
        assertEquals("partial", run.path("status").asText());
        assertTrue(run.path("notes").toString().contains("version 4.2.999 cannot be had from Maven Central"), run.toString());
        assertEquals(0, run.path("points").size());
        assertFalse(none.err().contains("\tat "), none.err());
    }

    @Test
    void aJdkAStackIsKnownNotToRunOnIsRefused(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("run", suite(dir, "lucee.yaml", "lucee", "{ java: \"25\" }").toString(),
                "--out", dir.resolve("out").toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("lucee.yaml:4:") && (r.err().contains("Lucee 6.2 on Java 25 answers empty bodies")
                || r.err().contains("no JDK 25 here")), r.err());
        CliRunner missing = CliRunner.run("run", suite(dir, "j99.yaml", "cxf", "{ java: \"99\" }").toString(),
                "--out", dir.resolve("j99").toString());
        assertEquals(2, missing.exit(), missing.err());
        assertTrue(missing.err().contains("no JDK 99 here (found: 17 ("), missing.err());

        CliRunner stacks = CliRunner.run("stacks");
        assertTrue(stacks.out().contains("version lines that run here: 4.2.x, 4.1.x and 4.0.x (jakarta"), stacks.out());
        assertTrue(stacks.out().contains("line CXF 3.6.10 (Tomcat 9.0.98)"), stacks.out());
        assertTrue(stacks.out().contains("line Metro webservices-rt 2.4.10 (Tomcat 9.0.98)"), stacks.out());
        assertTrue(stacks.out().contains("line Axis2 1.8.2 (ADB from wsdl2code 1.8.2; Tomcat 9.0.98)"), stacks.out());
        assertTrue(stacks.out().contains("JDKs found (a Java stack's java option picks one): 17 ("), stacks.out());
    }

    /** The run.json of SUITE run into OUT, which must have ended with exit 0. */
    static JsonNode completed(Path suite, Path out) throws Exception {
        // the versions come from the servers' own start-up lines: /proc's monitor alone, no recording or profiler per point
        CliRunner r = CliRunner.run("run", suite.toString(), "--monitor", "proc", "--out", out.toString());
        assertEquals(0, r.exit(), r.err() + r.out());
        return RunJson.MAPPER.readTree(out.resolve("run.json").toFile());
    }

    private static Path suite(Path dir, String name, String stack, String options) throws Exception {
        return Files.writeString(dir.resolve(name), """
                name: versions
                operation: %s
                targets:
                  - { stack: %s, protocol: %s, stackOptions: %s }
                load:
                  - { users: 1, requestsPerUser: 10 }
                """.formatted("lucee".equals(stack) ? "hello" : "matchQuakes", stack, "lucee".equals(stack) ? "json" : "soap11", options));
    }
}
