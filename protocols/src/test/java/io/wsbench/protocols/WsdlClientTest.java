package io.wsbench.protocols;

import io.wsbench.contract.hello.HelloContract;
import org.junit.jupiter.api.Test;

import javax.wsdl.WSDLException;
import java.io.InputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The WSDL-driven client resolves the hello contract as a JAX-WS client would. */
class WsdlClientTest {

    @Test
    void resolvesTheOperationFromTheSoap11Binding() throws Exception {
        byte[] wsdl;
        try (InputStream in = HelloContract.class.getResourceAsStream(HelloContract.WSDL_RESOURCE)) {
            wsdl = in.readAllBytes();
        }
        WsdlClient.Call call = new WsdlClient(wsdl).resolve("hello");
        assertEquals(HelloContract.SOAP_ACTION, call.soapAction());
        assertEquals(HelloContract.NAMESPACE, call.namespace());
        assertEquals("hello", call.element());
        assertTrue(call.envelope().contains("<m:hello xmlns:m=\"http://wsbench.io/hello\"/>"), call.envelope());
        assertThrows(WSDLException.class, () -> new WsdlClient(wsdl).resolve("goodbye"));
    }
}
