package io.wsbench.cli;

import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.core.record.TargetRecord;
import io.wsbench.core.suite.TargetSpec;
import io.wsbench.protocols.Workload;

import java.net.InetSocketAddress;
import java.net.URI;
import java.util.function.Supplier;

/** A suite target made ready to load: its URL, its pre-encoded requests and its validator. */
record Target(TargetSpec spec, URI uri, Workload workload, String version) {

    static Target of(TargetSpec spec, URI uri, String version) {
        return new Target(spec, uri, Workload.of(spec.protocol(), spec.operation(), spec.sequence(), spec.client()),
                version);
    }

    RequestSource requests(boolean keepAlive) {
        return workload.requests(uri, keepAlive);
    }

    Supplier<Validator> validators() {
        return workload::validator;
    }

    InetSocketAddress address() {
        return new InetSocketAddress(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : 80);
    }

    TargetRecord record() {
        return new TargetRecord(spec.label(), spec.stack(), spec.protocol(), spec.variant(), spec.operation(),
                spec.security(), spec.sequence(), uri.toString(), spec.client(), spec.coldStart());
    }
}
