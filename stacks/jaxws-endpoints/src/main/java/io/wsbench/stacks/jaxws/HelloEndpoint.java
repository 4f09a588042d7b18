package io.wsbench.stacks.jaxws;

import io.wsbench.stacks.jaxws.hello.Hello;
import io.wsbench.contract.hello.HelloContract;
import jakarta.jws.WebService;

/** Seed 000's hello call as a JAX-WS endpoint (soapservice.cfc's counterpart on CXF and Metro). */
@WebService(serviceName = "HelloService", portName = "HelloSoap11Port", targetNamespace = "http://wsbench.io/hello",
        endpointInterface = "io.wsbench.stacks.jaxws.hello.Hello")
public class HelloEndpoint implements Hello {

    @Override
    public String hello() {
        return HelloContract.GREETING;
    }
}
