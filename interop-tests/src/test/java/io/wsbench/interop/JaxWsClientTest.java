package io.wsbench.interop;

import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackLauncher;
import io.wsbench.stacks.jaxws.hello.HelloService;
import io.wsbench.stacks.jaxws.seismic.Seismic;
import io.wsbench.stacks.jaxws.seismic.SeismicService;
import io.wsbench.contract.hello.HelloContract;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.spi.Provider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The contract is real SOAP, not just what wsbench's own client accepts: a JAX-WS client
 * generated from the shared WSDL (by CXF's wsdl2java, run on Metro's runtime) calls each stack and
 * gets, through JAXB, the quakes the oracle expects, IDREFs resolved to their regions.
 */
class JaxWsClientTest {

    private static final Path HOME = Path.of(System.getProperty("wsbench.home", ".."));

    @Test
    void theClientRuntimeIsMetros() {
        // CXF is on this classpath too (CxfPolicyClientTest): this test must stay on Metro's JAX-WS runtime
        assertEquals("com.sun.xml.ws.spi.ProviderImpl", Provider.provider().getClass().getName());
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "cxf", "metro", "axis2", "axis2-rampart"})
    void aGeneratedClientGetsTheOraclesAnswers(String name) throws Exception {
        var d = StackCatalog.in(HOME).find(name).orElseThrow(() -> new AssertionError(name + " is not built"));
        RunningStack stack = new StackLauncher(Files.createTempDirectory("wsbench-" + name)).start(d, 0, Map.of());
        try {
            Seismic port = new SeismicService().getSeismicPort();
            ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                    stack.baseUrl() + d.endpoint("matchQuakes", "soap11", null));
            OracleCheck.assertOraclesAnswers(port, 5, name);
            if (d.endpoint("hello", "soap11", null) != null) {
                var hello = new HelloService().getHelloSoap11Port();
                ((BindingProvider) hello).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                        stack.baseUrl() + d.endpoint("hello", "soap11", null));
                assertEquals(HelloContract.GREETING, hello.hello());
            }
        } finally {
            stack.stop();
        }
    }
}
