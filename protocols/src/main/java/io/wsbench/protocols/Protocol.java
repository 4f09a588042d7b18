package io.wsbench.protocols;

import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.Validator;

import java.net.URI;

/** A wire format: how to ask an endpoint for an operation and how to tell a right answer. */
public interface Protocol {

    String name();

    /** One line for {@code wsbench stacks}. */
    String describe();

    /** The request for {@code op}; by default a GET of the endpoint, whose query names the method. */
    default HttpRequest request(URI endpoint, Operation op, boolean keepAlive) {
        return HttpRequest.get(endpoint, keepAlive);
    }

    /** A fresh validator; each I/O thread gets its own. */
    Validator validator(Operation op);
}
