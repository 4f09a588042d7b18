package io.wsbench.runner;

import io.wsbench.core.load.ClientTls;
import io.wsbench.model.Redacted;
import io.wsbench.model.load.Http2;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.model.record.TargetRecord;
import io.wsbench.model.suite.RequestSpec;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.protocols.HttpWorkload;
import io.wsbench.protocols.Workload;
import io.wsbench.service.flow.FlowWorkload;
import io.wsbench.service.own.OwnWorkload;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.wssec.SecuredWorkload;
import io.wsbench.model.record.TargetRecordBuilder;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * A target made ready to load: what run.json says it is ({@code record}), its URL, its pre-encoded
 * requests and its validator; for an https:// URL, its TLS client ({@code tls}, else null). A suite's
 * target keeps its {@code spec} and, when it is a user's own service described against a stack,
 * that stack's base URL ({@code base}): with the suite, the URL and the version, all that a load
 * agent needs to make the same target again ({@link #rebuild}). A target of {@code wsbench load}
 * has no spec.
 */
public record Target(TargetRecord record, URI uri, Workload workload, String version, ClientTls tls, String base,
                     TargetSpec spec, Http2 http2) {

    /** The version of a server wsbench did not start. */
    static final String EXTERNAL = "external";

    public Target {
        if (http2 == null && workload != null && workload.http2Only()) {
            http2 = new Http2(1); // gRPC: over HTTP/2 or not at all
        }
    }

    public Target(TargetRecord record, URI uri, Workload workload, String version, ClientTls tls, String base,
                  TargetSpec spec) {
        this(record, uri, workload, version, tls, base, spec, spec == null ? null : spec.http2());
    }

    /** The same target over HTTP/2 as {@code h2} says (null: HTTP/1.1). */
    public Target withHttp2(Http2 h2) {
        return new Target(record, uri, workload, version, tls, base, spec, h2);
    }

    /** The name people read in tables and progress lines. */
    public String label() {
        return record.label();
    }

    /** The one target of {@code wsbench load}: {@code record} says what it is. */
    public static Target of(TargetRecord record, URI uri, Workload workload, ClientTls tls) {
        return new Target(record, uri, workload, null, tls, null, null);
    }

    /**
     * The target {@code index} of {@code suite} as the runner made it, made again elsewhere (in a load
     * agent) from what the runner knew once its server was up: the URL, the stack's base URL for an
     * own-service target, and the version. {@code keys}: where the WS-Security keys are.
     */
    public static Target rebuild(Suite suite, int index, URI uri, String base, String version, Path keys) {
        return made(suite, suite.targets().get(index), uri, base, version, keys);
    }

    /**
     * A target of {@code suite} at its own address (its {@code url}, or the one its description names),
     * not on a stack: as {@code load} and {@code capacity} make theirs from their options, as a
     * suite's runner makes a URL target. {@code keys}: where the WS-Security keys are.
     */
    public static Target at(Suite suite, TargetSpec spec, Path keys) {
        if (spec.stack() != null) {
            throw new IllegalArgumentException("a target on a stack is made once its server is up");
        }
        return made(suite, spec, spec.own() ? null : URI.create(spec.url()), null, EXTERNAL, keys);
    }

    /** {@code spec}'s target at {@code uri} (an own service's: at {@code base}, or where its description says). */
    private static Target made(Suite suite, TargetSpec spec, URI uri, String base, String version, Path keys) {
        if (spec.own()) {
            return own(suite, spec, base, version, keys);
        }
        return of(suite, spec, uri, version, keys, spec.url() != null ? TlsClients.forTarget(suite, spec) : null);
    }

    /**
     * An own-service target: its requests and checks from the user's WSDL or OpenAPI description and
     * data; {@code keys}: the directory of the WS-Security keys, for a flow's secured SOAP steps.
     */
    static Target own(Suite suite, TargetSpec t, String base, String version, Path keys) {
        if (t.flow() != null) {
            FlowTarget flow = FlowTarget.of(t, suite::resolve, base, keys);
            return new Target(record(suite, t, flow.endpoint()), flow.endpoint(), flow.workload(), version,
                    TlsClients.forTarget(suite, t, flow.endpoint()), base, t);
        }
        OwnService own = OwnService.of(OwnService.spec(suite, t, base));
        return new Target(record(suite, t, own.endpoint()), own.endpoint(), own.workload(), version,
                TlsClients.forTarget(suite, t, own.endpoint()), base, t);
    }

    /** {@code keys}: the directory of the WS-Security keys, used when the target is secured. */
    static Target of(Suite suite, TargetSpec spec, URI uri, String version, Path keys, ClientTls tls) {
        Workload w = spec.asIs() ? asIs(suite, spec)
                : !spec.secured()
                ? Workload.of(spec.protocol(), spec.operation(), spec.sequence(), spec.client())
                : SecuredWorkload.of(spec.protocol(), spec.operation(), spec.sequence(), spec.security(), WsSecurityKeys.in(keys));
        return new Target(record(suite, spec, uri), uri, w, version, tls, null, spec);
    }

    /** What a URL without a protocol sends: a GET, any 2xx valid, unless its {@code request:} writes another. */
    private static Workload asIs(Suite suite, TargetSpec spec) {
        RequestSpec r = spec.request();
        if (r == null || r.plainGet()) {
            return HttpWorkload.get();
        }
        byte[] body = null;
        if (r.body() != null) {
            Path file = suite.resolve(r.body());
            try {
                body = Files.readAllBytes(file);
            } catch (NoSuchFileException e) {
                throw new TargetException("no such body file: " + file);
            } catch (IOException e) {
                throw new TargetException("cannot read body file " + file + ": " + OneLine.of(e));
            }
        }
        return HttpWorkload.of(r.methodSent(), r.headers(), body, r.soapAction(), r.expect());
    }

    public RequestSource requests(boolean keepAlive) {
        return workload.requests(uri, keepAlive);
    }

    public Supplier<Validator> validators() {
        return workload::validator;
    }

    /** Whether its requests are the user's own, from their description and data (a load agent shares their rows). */
    public boolean own() {
        return workload instanceof OwnWorkload;
    }

    /** Whether the client signs or encrypts its requests: its WS-Security time is then part of its point. */
    boolean secured() {
        return workload instanceof SecuredWorkload || workload instanceof FlowWorkload f && f.security() != null;
    }

    /** The client's WS-Security time so far (0 for a plain target): read before and after a point. */
    long clientSecurityNanos() {
        return workload instanceof SecuredWorkload s ? s.clientSecurityNanos()
                : workload instanceof OwnWorkload o ? o.securityNanos()
                : workload instanceof FlowWorkload f ? f.securityNanos() : 0;
    }

    public InetSocketAddress address() {
        return Reachable.address(uri);
    }

    /** What run.json says was measured; {@code suite}: the one this target is of, for its server's options. */
    private static TargetRecord record(Suite suite, TargetSpec spec, URI uri) {
        return TargetRecordBuilder.builder().label(spec.label()).stack(spec.stack())
                .protocol(spec.protocol()).variant(spec.variant()).operation(spec.operation())
                .security(spec.security().word()).sequence(spec.sequence()).url(Redacted.url(uri.toString())).client(spec.client())
                .coldStart(spec.coldStart()).stackOptions(suite.optionsFor(spec)).build();
    }
}
