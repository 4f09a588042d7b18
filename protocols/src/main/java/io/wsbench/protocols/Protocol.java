package io.wsbench.protocols;

import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.Validator;

import io.wsbench.contract.page.PageContract;
import io.wsbench.contract.seismic.SeismicContract;

import java.net.URI;
import java.util.List;

/**
 * A wire format: how to ask an endpoint for an operation and how to tell a right answer. Each is
 * found through {@link io.wsbench.model.Plugins} (META-INF/services/io.wsbench.protocols.Protocol in a wsbench jar):
 * a new protocol is one class with a public constructor and that file's one line.
 */
public interface Protocol {

    String name();

    /** One line for {@code wsbench stacks}. */
    String describe();

    /** The request for {@code op}; by default a GET of the endpoint, whose query names the method. */
    default HttpRequest request(URI endpoint, Operation op, boolean keepAlive) {
        return HttpRequest.get(endpoint, keepAlive);
    }

    /** The kinds of error its answers can have beyond the transport's (a SOAP Fault). */
    default List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return List.of();
    }

    /** Whether it speaks over HTTP/2 only (gRPC): its targets then speak h2 even when not asked to. */
    default boolean http2Only() {
        return false;
    }

    /** A fresh validator; each I/O thread gets its own. */
    Validator validator(Operation op);

    /** Seed 001's matchQuakes over this protocol, its request {@code sequence} and their oracle; null where it is not served. */
    default Workload seismic(String sequence) {
        return null;
    }

    /**
     * What {@code operation} asks over this protocol, {@code sequence} naming one of its request
     * sequences; an operation it does not serve is an IllegalArgumentException saying where it is served.
     */
    default Workload workload(String operation, String sequence) {
        if (SeismicContract.OPERATION.equals(operation)) {
            Workload seismic = seismic(sequence == null ? "small" : sequence);
            if (seismic == null) {
                List<String> over = Protocols.all().stream().filter(p -> p.seismic("small") != null).map(Protocol::name).toList();
                throw new IllegalArgumentException("matchQuakes is served over " + (over.size() == 1 ? over.get(0) + " only"
                        : String.join(", ", over.subList(0, over.size() - 1)) + " and " + over.get(over.size() - 1)) + ", not " + name());
            }
            return seismic;
        }
        if (PageContract.OPERATION.equals(operation)) {
            throw new IllegalArgumentException("page is served over rest-xml only, with no request sequence");
        }
        if (sequence != null) {
            throw new IllegalArgumentException("operation " + operation + " has no request sequences");
        }
        return new SingleRequest(this, Operation.named(operation));
    }
}
