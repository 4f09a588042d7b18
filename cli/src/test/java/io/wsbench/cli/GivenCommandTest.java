package io.wsbench.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class GivenCommandTest {

    @Test
    void theCommandAsGivenEveryOptionInOrder() {
        String[] args = {"run", "suites/hello.yaml", "--cpus", "0:1", "--quick", "--assert", "p99 < 20ms", "--seed", "7"};
        CommandLine cl = Main.commandLine(args);
        cl.parseArgs(args);
        RunCommand run = cl.getSubcommands().get("run").getCommand();
        assertEquals("./wsbench run suites/hello.yaml --cpus 0:1 --quick --assert 'p99 < 20ms' --seed 7", GivenCommand.of(run.spec));
    }

    @Test
    void aWordIsQuotedAsAShellReadsItBackAndAPasswordLeftOut() {
        assertEquals("./wsbench run x.yaml --assert 'it'\\''s' --history 'jdbc:postgresql://h/db?user=me&password=***'",
                GivenCommand.of(List.of("run", "x.yaml", "--assert", "it's", "--history", "jdbc:postgresql://h/db?user=me&password=s3cret")));
    }

    @Test
    void aCredentialHeadersValueIsLeftOutOtherHeadersKept() {
        assertEquals("./wsbench load 'http://bob:***@h/' -H 'Authorization: ***' --header 'X-Tenant: a' '--header=Cookie: ***'"
                        + " '-HX-Api-Key: ***' -H 'Accept: text/xml'",
                GivenCommand.of(List.of("load", "http://bob:pw@h/", "-H", "Authorization: Bearer sekrit", "--header", "X-Tenant: a",
                        "--header=Cookie: sid=1", "-HX-Api-Key: k", "-H", "Accept: text/xml")));
    }

    @Test
    void aTokenInAnExportersUrlIsLeftOut() {
        assertEquals("./wsbench run x.yaml --otlp 'http://collector:4318/v1/metrics?api-key=***&tenant=a' --history 'jdbc:postgresql://ci:***@h/db'",
                GivenCommand.of(List.of("run", "x.yaml", "--otlp", "http://collector:4318/v1/metrics?api-key=k3y&tenant=a",
                        "--history", "jdbc:postgresql://ci:s3cret@h/db")));
    }
}
