package io.wsbench.protocols;

import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.contract.hello.HelloContract;
import io.wsbench.contract.page.PageContract;
import io.wsbench.contract.seismic.SeismicContract;

import java.net.URI;

/**
 * What a target is asked, over a protocol: one static request (hello) or a sequence of requests
 * (seed 001's seismic queries), with the oracle that checks every answer.
 */
public interface Workload {

    RequestSource requests(URI endpoint, boolean keepAlive);

    /** A fresh validator: each I/O thread gets its own. */
    Validator validator();

    /** Whether its requests go over HTTP/2 only (gRPC's): its target then speaks h2 even when not asked to. */
    /** The kinds of error its answers can have beyond the transport's (a SOAP Fault): every point of it lists them, at 0 too. */
    default java.util.List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return java.util.List.of(); // the transport's alone: connect, timeout, httpStatus, validation, protocol, client
    }

    default boolean http2Only() {
        return false;
    }

    /** Requests in one pass of the sequence: 1 unless the workload is a sequence of requests. */
    default int sequenceLength() {
        return 1;
    }

    /**
     * The workload of {@code operation} over {@code protocol}; {@code sequence} names a request
     * sequence where the operation has several (matchQuakes: small or large).
     */
    static Workload of(String protocol, String operation, String sequence) {
        return of(protocol, operation, sequence, null);
    }

    /**
     * As {@link #of(String, String, String)}, with {@code client} saying how SOAP requests are built:
     * null for pre-encoded, {@code wsdl} from the WSDL on every call, {@code wsdl-cached} from a
     * model parsed from it once (seed 004's client side).
     */
    static Workload of(String protocol, String operation, String sequence, String client) {
        if (client != null) {
            if (!"soap11".equals(protocol) || sequence != null) {
                throw new IllegalArgumentException("client '" + client + "' speaks soap11 without request sequences");
            }
            return switch (client) {
                case "wsdl" -> new WsdlWorkload(operation, false);
                case "wsdl-cached" -> new WsdlWorkload(operation, true);
                default -> throw new IllegalArgumentException("unknown client '" + client
                        + "' (known: wsdl, wsdl-cached; none for pre-encoded requests)");
            };
        }
        return Protocols.byName(protocol).workload(operation, sequence);
    }

    /** Operations wsbench knows. */
    static String known() {
        return HelloContract.OPERATION + ", " + Operation.now().name() + ", " + SeismicContract.OPERATION + ", "
                + PageContract.OPERATION;
    }
}
