package io.wsbench.protocols;

import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;

import java.net.URI;

/** One request of an operation over a protocol, the same every time (hello, now). */
record SingleRequest(Protocol protocol, Operation operation) implements Workload {

    @Override
    public java.util.List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return protocol.errorKinds();
    }

    @Override
    public RequestSource requests(URI endpoint, boolean keepAlive) {
        return protocol.request(endpoint, operation, keepAlive);
    }

    @Override
    public Validator validator() {
        return protocol.validator(operation);
    }

    @Override
    public boolean http2Only() {
        return protocol.http2Only();
    }
}
