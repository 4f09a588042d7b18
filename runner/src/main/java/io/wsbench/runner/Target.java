package io.wsbench.runner;

import io.wsbench.core.load.ClientTls;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.core.record.TargetRecord;
import io.wsbench.core.suite.Suite;
import io.wsbench.core.suite.TargetSpec;
import io.wsbench.protocols.Workload;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.wssec.SecuredWorkload;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * A suite target made ready to load: its URL, its pre-encoded requests and its validator; for an
 * https:// URL, its TLS client ({@code tls}, else null). {@code base} is the base URL of the stack an
 * own-service target was described against (else null): with the suite, the URL and the version, all
 * that a load agent needs to make the same target again ({@link #rebuild}).
 */
public record Target(TargetSpec spec, URI uri, Workload workload, String version, ClientTls tls, String base) {

    Target(TargetSpec spec, URI uri, Workload workload, String version) {
        this(spec, uri, workload, version, null, null);
    }

    Target withTls(ClientTls client) {
        return new Target(spec, uri, workload, version, client, base);
    }

    /**
     * The target {@code index} of {@code suite} as the runner made it, made again elsewhere (in a load
     * agent) from what the runner knew once its server was up: the URL, the stack's base URL for an
     * own-service target, and the version. {@code keys}: where the WS-Security keys are.
     */
    public static Target rebuild(Suite suite, int index, URI uri, String base, String version, Path keys) {
        TargetSpec spec = suite.targets().get(index);
        if (spec.own()) {
            return own(suite, spec, base, version);
        }
        Target t = of(spec, uri, version, keys);
        return spec.url() != null ? t.withTls(TlsClients.forTarget(suite, spec)) : t;
    }

    /** An own-service target: its requests and checks from the user's WSDL or OpenAPI description and data. */
    static Target own(Suite suite, TargetSpec t, String base, String version) {
        OwnService own = OwnService.of(SuiteRunner.ownSpec(suite, t, base));
        return new Target(t, own.endpoint(), own.workload(), version, TlsClients.forTarget(suite, t, own.endpoint()), base);
    }

    /** {@code keys}: the directory of the WS-Security keys, used when the target is secured. */
    static Target of(TargetSpec spec, URI uri, String version, Path keys) {
        Workload w = "plain".equals(spec.security())
                ? Workload.of(spec.protocol(), spec.operation(), spec.sequence(), spec.client())
                : SecuredWorkload.of(spec.protocol(), spec.operation(), spec.sequence(), spec.security(), WsSecurityKeys.in(keys));
        return new Target(spec, uri, w, version);
    }

    public RequestSource requests(boolean keepAlive) {
        return workload.requests(uri, keepAlive);
    }

    public Supplier<Validator> validators() {
        return workload::validator;
    }

    /** The client's WS-Security time so far (0 for a plain target): read before and after a point. */
    long clientSecurityNanos() {
        return workload instanceof SecuredWorkload s ? s.clientSecurityNanos()
                : workload instanceof io.wsbench.protocols.own.OwnWorkload o ? o.securityNanos() : 0;
    }

    public InetSocketAddress address() {
        return Reachable.address(uri);
    }

    /** What run.json says was measured; {@code suite}: the one this target is of, for its server's options. */
    TargetRecord record(Suite suite) {
        return new TargetRecord(spec.label(), spec.stack(), spec.protocol(), spec.variant(), spec.operation(),
                spec.security(), spec.sequence(), uri.toString(), spec.client(), spec.coldStart(), suite.optionsFor(spec));
    }
}
