package io.wsbench.cli;

import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.Validator;
import io.wsbench.core.record.TargetRecord;
import io.wsbench.core.suite.TargetSpec;
import io.wsbench.protocols.Operation;
import io.wsbench.protocols.Protocol;
import io.wsbench.protocols.Protocols;

import java.net.InetSocketAddress;
import java.net.URI;
import java.util.function.Supplier;

/** A suite target made ready to load: its URL, its pre-encoded request and its validator. */
record Target(TargetSpec spec, URI uri, Protocol protocol, Operation operation, String version) {

    static Target of(TargetSpec spec, URI uri, String version) {
        return new Target(spec, uri, Protocols.byName(spec.protocol()), Operation.named(spec.operation()), version);
    }

    HttpRequest request(boolean keepAlive) {
        return protocol.request(uri, operation, keepAlive);
    }

    Supplier<Validator> validators() {
        return () -> protocol.validator(operation);
    }

    InetSocketAddress address() {
        return new InetSocketAddress(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : 80);
    }

    TargetRecord record() {
        return new TargetRecord(spec.label(), spec.stack(), spec.protocol(), spec.variant(), spec.operation(),
                spec.security(), uri.toString());
    }
}
