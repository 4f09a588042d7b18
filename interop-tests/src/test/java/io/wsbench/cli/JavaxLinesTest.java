package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The javax version lines of CXF, Metro and Axis2 in one run. A class of its own, apart from
 * {@link StackVersionsTest}: four Tomcat 9 servers started, the longest of the versions' tests.
 */
class JavaxLinesTest {

    /**
     * The javax lines, built here from the same source renamed to javax: each starts on Tomcat 9 when
     * the version option asks for it, serves the oracle's answers, and is named by what it loaded;
     * WS-Security on CXF 3.6 runs with the WSS4J that CXF ships (2.4).
     */
    @Test
    void theJavaxLinesServeTheSameContractOnTheirOwnStacks(@TempDir Path dir) throws Exception {
        Path suite = Files.writeString(dir.resolve("javax.yaml"), """
                name: javax-lines
                warmup: none
                operation: matchQuakes
                targets:
                  - { label: CXF 3.6, stack: cxf, protocol: soap11, sequence: small, stackOptions: { version: 3.6.10 } }
                  - { label: CXF 3.6 signencr, stack: cxf, protocol: soap11, sequence: small, security: signencr, stackOptions: { version: 3.6.10 } }
                  - { label: Metro 2.4, stack: metro, protocol: soap11, sequence: small, stackOptions: { version: 2.4.10 } }
                  - { label: Axis2 1.8, stack: axis2, protocol: soap11, sequence: small, stackOptions: { version: 1.8.2 } }
                load:
                  - { users: 2, requestsPerUser: 50 }
                """);
        JsonNode run = StackVersionsTest.completed(suite, dir.resolve("out"));
        JsonNode stacks = run.path("environment").path("stacks");
        assertTrue(stacks.path("cxf {version=3.6.10}").asText().startsWith("CXF 3.6.10; WSS4J 2.4.3; Tomcat 9.0."), stacks.toString());
        assertTrue(stacks.path("metro {version=2.4.10}").asText().startsWith("Metro 2.4.10; Tomcat 9.0."), stacks.toString());
        assertTrue(stacks.path("axis2 {version=1.8.2}").asText().startsWith("Axis2 1.8.2; Tomcat 9.0."), stacks.toString());
        assertEquals(4, run.path("points").size(), run.toString());
        for (JsonNode p : run.path("points")) {
            assertEquals(100, p.path("validated").asLong(), p.toString());
            assertEquals(100, p.path("requests").asLong(), p.toString());
        }
        JsonNode signencr = RunCommandTest.labelled(run.path("points"), "CXF 3.6 signencr");
        assertTrue(signencr.path("target").path("stackOptions").path("version").asText().equals("3.6.10"), signencr.toString());
    }
}
