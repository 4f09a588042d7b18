package io.wsbench.protocols;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.contract.Xml;
import io.wsbench.contract.hello.HelloContract;

import javax.wsdl.WSDLException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Seed 004's client side: SOAP 1.1 requests built by a {@link WsdlClient} from the contract's WSDL,
 * either parsed again for every call (a new WSClient per call, as the seed's loop did) or parsed on
 * the first call and kept. The work happens when the request is taken, so it counts in the latency.
 */
final class WsdlWorkload implements Workload {

    /** Its answers are SOAP envelopes: a SOAP Fault is its own kind. */
    @Override
    public java.util.List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return java.util.List.of(Soap.FAULT_KIND);
    }

    private static final byte[] HELLO_WSDL = Xml.resource(HelloContract.WSDL_RESOURCE).getBytes(StandardCharsets.UTF_8);

    private final Operation operation;
    private final boolean cached;

    WsdlWorkload(String operation, boolean cached) {
        this.operation = Operation.named(operation);
        this.cached = cached;
    }

    @Override
    public RequestSource requests(URI endpoint, boolean keepAlive) {
        WsdlClient client = new WsdlClient(HELLO_WSDL);
        return new RequestSource() {
            private volatile WsdlClient.Call model;

            @Override
            public ByteBuf next(ByteBufAllocator alloc) {
                WsdlClient.Call call = cached ? model : null;
                try {
                    if (call == null) {
                        call = client.resolve(operation.name());
                        model = call;
                    }
                } catch (WSDLException e) {
                    throw new IllegalStateException("the WSDL does not describe " + operation.name() + ": " + e, e);
                }
                Map<String, String> headers = new LinkedHashMap<>();
                headers.put("Content-Type", "text/xml; charset=UTF-8");
                headers.put("SOAPAction", "\"" + call.soapAction() + "\"");
                byte[] wire = HttpRequest.wire("POST", endpoint, headers,
                        call.envelope().getBytes(StandardCharsets.UTF_8), keepAlive);
                return alloc.buffer(wire.length).writeBytes(wire);
            }
        };
    }

    @Override
    public Validator validator() {
        return Soap.V11.validator(operation);
    }
}
