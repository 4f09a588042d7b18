package io.wsbench.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A password in a WSDL's or spec's URL never reaches the console: every one-line error is written with it masked. */
class SecretInUrlLineTest {

    @Test
    void theErrorLineMasksTheUrlsPassword() {
        for (String command : new String[] {"wsdl", "openapi"}) {
            CliRunner r = CliRunner.run(command, "http://ann:s3cret@127.0.0.1:1/service?wsdl");
            assertEquals(ExitCode.BAD_INPUT, r.exit(), r.err());
            assertTrue(r.err().contains("http://ann:***@127.0.0.1:1/service?wsdl") && r.err().contains("nothing listens there"), r.err());
            assertFalse((r.out() + r.err()).contains("s3cret"), r.err());
        }
    }
}
