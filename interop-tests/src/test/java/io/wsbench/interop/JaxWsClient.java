package io.wsbench.interop;

import io.wsbench.contract.hello.HelloContract;
import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.stacks.jaxws.hello.HelloService;
import io.wsbench.stacks.jaxws.seismic.Seismic;
import io.wsbench.stacks.jaxws.seismic.SeismicService;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.spi.Provider;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The contract is real SOAP, not just what wsbench's own client accepts: a JAX-WS client generated
 * from the shared WSDL (by CXF's wsdl2java, run on Metro's runtime) calls a stack and gets, through
 * JAXB, the quakes the oracle expects, IDREFs resolved to their regions, and hello's greeting.
 */
public final class JaxWsClient {

    private JaxWsClient() {
    }

    /** The JAX-WS runtime the generated client runs on: CXF is on the tests' classpath too, and must not take over. */
    public static String runtime() {
        return Provider.provider().getClass().getName();
    }

    /** The generated client's calls to {@code stack}, started from {@code d}, give the oracle's answers. */
    public static void assertOraclesAnswers(RunningStack stack, StackDescriptor d) throws Exception {
        Seismic port = new SeismicService().getSeismicPort();
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                stack.baseUrl() + d.endpoint("matchQuakes", "soap11", null));
        OracleCheck.assertOraclesAnswers(port, 5, d.name());
        if (d.endpoint("hello", "soap11", null) != null) {
            var hello = new HelloService().getHelloSoap11Port();
            ((BindingProvider) hello).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                    stack.baseUrl() + d.endpoint("hello", "soap11", null));
            assertEquals(HelloContract.GREETING, hello.hello(), d.name() + " hello");
        }
    }
}
