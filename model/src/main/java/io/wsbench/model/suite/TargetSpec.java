package io.wsbench.model.suite;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.wsbench.model.Redacted;
import io.wsbench.model.load.Http2;
import io.wsbench.model.record.TargetRecord;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One target of a suite: a reference {@code stack} started by wsbench, or an external {@code url}.
 * A {@code url} without a {@code protocol} is loaded as {@code wsbench load URL} loads it ({@link #asIs}).
 * {@code operation} and {@code security} ({@link Security}) default to the suite's operation and plain;
 * {@code sequence} names the request sequence of operations that have several (matchQuakes).
 * {@code client} says how the client builds its SOAP requests: pre-encoded once (the default),
 * {@code wsdl} (from the WSDL on every call) or {@code wsdl-cached} (from a model parsed once).
 * {@code coldStart: true} gives the target a freshly started server of its own for each repeat,
 * with no warm-up, so its first requests are the first the server ever answered.
 * {@code stackOptions} are this target's own options for its stack, over the suite's
 * {@code stackOptions} for that stack: targets whose options differ get servers of their own, so
 * one suite can compare two versions of one stack ({@code stackOptions: {version: 7.0.2.106-RC}}).
 * {@code path} is where the target answers on its stack's address: needed for a stack of the
 * user's own (the suite's {@code stacks:}), and over the descriptor's endpoint for a built-in one.
 * {@code tls} is how to speak TLS to an https:// {@code url} ({@link TlsSpec}).
 * <p>A target on the user's own service names its description instead of a protocol: {@code wsdl}
 * (a URL, a file relative to the suite, or a path on its {@code stack}'s address such as
 * {@code /calc?wsdl}), {@code openapi}, {@code graphql} or {@code proto}, with its {@code operation}
 * and the keys that fill its requests from rows and check its answers: the suite writes them on the
 * target, and they are kept together as its {@link #service()} ({@link ServiceSpec}). Its address is
 * the {@code url} when given, else {@code path} on its {@code stack}, else the one the description names.
 * {@code http: 2} (with its {@code streams}) is kept as its {@link #http2()}, null for HTTP/1.1.
 * <p>{@code request} ({@link RequestSpec}) is what a {@code url} without a {@code protocol} sends
 * (its method, body, headers, SOAPAction and the text every answer must hold), as {@code wsbench
 * load URL}'s options write it; an {@code openapi} target takes its {@code headers} alone.
 */
@RecordBuilder
public record TargetSpec(String label, String stack, String protocol, String variant, String operation,
                         Security security, String sequence, String url, String client, Boolean coldStart,
                         Map<String, String> stackOptions, String path, TlsSpec tls, ServiceSpec service,
                         FlowSpec flow, Http2 http2, RequestSpec request) {

    /**
     * A target as a suite writes it, every key on the target itself (and as {@code load URL}'s and
     * {@code capacity URL}'s options give it): the keys of its own service become its {@link ServiceSpec},
     * {@code http: 2} and its {@code streams} its {@link Http2}.
     */
    @JsonCreator
    public static TargetSpec fromKeys(@JsonProperty("label") String label,
                                      @JsonProperty("stack") String stack,
                                      @JsonProperty("protocol") String protocol,
                                      @JsonProperty("variant") String variant,
                                      @JsonProperty("operation") String operation,
                                      @JsonProperty("security") Security security,
                                      @JsonProperty("sequence") String sequence,
                                      @JsonProperty("url") String url,
                                      @JsonProperty("client") String client,
                                      @JsonProperty("coldStart") Boolean coldStart,
                                      @JsonProperty("stackOptions") @JsonDeserialize(using = StackOptionsReader.class)
                                      Map<String, String> stackOptions,
                                      @JsonProperty("path") String path,
                                      @JsonProperty("tls") TlsSpec tls,
                                      @JsonProperty("wsdl") String wsdl,
                                      @JsonProperty("openapi") String openapi,
                                      @JsonProperty("port") String port,
                                      @JsonProperty("template") String template,
                                      @JsonProperty("data") String data,
                                      @JsonProperty("dataMode") String dataMode,
                                      @JsonProperty("checks") List<String> checks,
                                      @JsonProperty("dataMaxMb") Long dataMaxMb,
                                      @JsonProperty("flow") FlowSpec flow,
                                      @JsonProperty("graphql") String graphql,
                                      @JsonProperty("http") Integer http,
                                      @JsonProperty("streams") Integer streams,
                                      @JsonProperty("proto") String proto,
                                      @JsonProperty("request") RequestSpec request) {
        if (http != null && http != 1 && http != 2) {
            throw new IllegalArgumentException("'http' is 1 or 2, got " + http);
        }
        if (streams != null && (http == null || http != 2)) {
            throw new IllegalArgumentException("'streams' is for HTTP/2: add 'http: 2'");
        }
        if (proto != null && http != null && http == 1) {
            throw new IllegalArgumentException("gRPC goes over HTTP/2 only: leave 'http: 1' out of a 'proto' target");
        }
        return TargetSpecBuilder.builder().label(label).stack(stack).protocol(protocol).variant(variant).operation(operation)
                .security(security).sequence(sequence).url(url).client(client).coldStart(coldStart).stackOptions(stackOptions)
                .path(path).tls(tls).service(ServiceSpecBuilder.builder().wsdl(wsdl).openapi(openapi)
                        .graphql(graphql).proto(proto).port(port).template(template).data(data).dataMode(dataMode).checks(checks)
                        .dataMaxMb(dataMaxMb).build()).flow(flow).http2(http != null && http == 2 ? new Http2(streams == null ? 1 : streams) : null)
                .request(request).build();
    }

    /** Whether the target is loaded over HTTP/2: asked ({@code http: 2}), or gRPC, which is HTTP/2 whether asked or not. */
    public boolean overHttp2() {
        return http2 != null || service.proto() != null || "grpc".equals(protocol);
    }

    public TargetSpec {
        service = service == null ? ServiceSpec.NONE : service;
        if (http2 != null && flow != null && java.util.stream.Stream.of(flow.setup(), flow.steps(), flow.teardown())
                .flatMap(List::stream).anyMatch(StepSpec::socket)) {
            throw new IllegalArgumentException("a flow with a WebSocket step runs over HTTP/1.1 (its upgrade is HTTP/1.1's):"
                    + " leave 'http: 2' out of its target");
        }
        if (flow == null && stack == null && url != null && (protocol == null || TargetRecord.HTTP.equals(protocol)) && !service.described()
                && service.port() == null && service.dataMaxMb() == null && (service.fillsRequests() || url.contains("${"))) {
            // rows, checks or ${variables} on a plain url: its request as a flow of one step, as load URL makes it
            if (service.template() != null || request != null && (request.body() != null || request.soapAction() != null)) {
                throw new IllegalArgumentException("a 'url' with 'data', 'checks' or ${variables} writes its body in a flow's step:"
                        + " flow: {steps: [{method: POST, path: /, body: '...', data: rows.csv, checks: [...]}]}, not 'template' or 'request: {body}'");
            }
            List<String> all = new java.util.ArrayList<>(service.checks() == null ? List.of() : service.checks());
            if (request != null && request.expect() != null) {
                all.add("contains:" + request.expect());
            }
            FlowSpec.OneStep one = FlowSpec.ofUrl(url, request == null ? null : request.method(),
                    request == null ? Map.of() : request.headers(), null, service.data(), service.dataMode(), all);
            label = label == null ? Redacted.url(url) : label;
            url = one.origin();
            flow = one.flow();
            service = ServiceSpec.NONE;
            request = null;
            protocol = null;
        }
        if (flow != null && (operation != null || service.fillsRequests() || protocol != null || sequence != null
                || client != null || variant != null)) {
            throw new IllegalArgumentException("a target with a 'flow' takes its requests from its steps: no 'operation',"
                    + " 'template', 'data', 'dataMode', 'checks', 'protocol', 'variant', 'sequence' or 'client' beside it");
        }
        if (flow != null && service.wsdl() == null && service.openapi() == null && (stack == null) == (url == null)) {
            throw new IllegalArgumentException("a flow's target needs a 'url' or a 'stack' (or a 'wsdl' or an 'openapi' that names its address)");
        }
        boolean own = service.described() || flow != null;
        if (service.proto() != null && (flow != null || service.port() != null || operation == null)) {
            throw new IllegalArgumentException("a 'proto' target calls its 'operation' (package.Service/Method) with each row's message:"
                    + " name the operation; no 'flow' or 'port'");
        }
        if (service.graphql() != null && (flow != null || service.template() != null || service.port() != null)) {
            throw new IllegalArgumentException("a 'graphql' target sends its query with each row's variables: no 'flow',"
                    + " 'template' or 'port' beside it");
        }
        if (service.graphql() != null && (stack == null) == (url == null)) {
            throw new IllegalArgumentException("a 'graphql' target needs the server's 'url', or a 'stack' (with the 'path' it answers on)");
        }
        if (!own && service.any()) {
            throw new IllegalArgumentException("'template', 'port' and 'dataMaxMb' go with a 'wsdl', an 'openapi', a 'graphql' query or a 'proto',"
                    + " and 'data', 'dataMode' and 'checks' with them or a plain 'url'");
        }
        if (own) {
            if (protocol != null && !protocol.equals(flow != null ? "flow" : service.protocol())
                    || sequence != null || client != null || variant != null) {
                throw new IllegalArgumentException("a target with a '" + service.key()
                        + "' takes its requests from it: no 'protocol', 'variant', 'sequence' or 'client'");
            }
            if (stack != null && url != null) {
                throw new IllegalArgumentException("a target is on a 'stack' or at a 'url', not both");
            }
            protocol = flow != null ? "flow" : service.protocol();
        } else if ((stack == null) == (url == null)) {
            throw new IllegalArgumentException("a target needs either 'stack' or 'url' (or a 'wsdl' or an 'openapi' that names its address)");
        } else if ((url != null || path != null) && protocol == null) {
            protocol = TargetRecord.HTTP; // loaded as `wsbench load URL` loads it (a stack's: at its path)
        }
        if (protocol == null) {
            throw new IllegalArgumentException("a target on a 'stack' needs a 'protocol', or the 'path' to load as"
                    + " 'wsbench load URL' loads a URL (a GET, any 2xx valid)");
        }
        boolean asIs = !own && (url != null || path != null) && TargetRecord.HTTP.equals(protocol);
        if (asIs && (variant != null || sequence != null || client != null
                || operation != null || security != null && security.secured())) {
            throw new IllegalArgumentException("a 'url' (or a stack's 'path') without a 'protocol' is loaded as 'wsbench load URL'"
                    + " loads it (a GET, any 2xx valid): its 'operation', 'variant', 'sequence', 'client' and 'security' need a 'protocol'");
        }
        if (request != null && !asIs && !(service.openapi() != null && request.headersOnly())) {
            throw new IllegalArgumentException("a 'request' (method, body, headers, soapAction, expect) is for a 'url' (or a stack's"
                    + " 'path') without a 'protocol'; an 'openapi' target takes its 'headers' alone (they fill its header parameters)");
        }
        security = security == null ? Security.PLAIN : security;
        coldStart = Boolean.TRUE.equals(coldStart) ? Boolean.TRUE : null;
        if (coldStart != null && stack == null) {
            throw new IllegalArgumentException("'coldStart' needs a 'stack' that wsbench starts, not a 'url'");
        }
        stackOptions = stackOptions == null || stackOptions.isEmpty() ? null : Map.copyOf(new TreeMap<>(stackOptions));
        if (stackOptions != null && stack == null) {
            throw new IllegalArgumentException("'stackOptions' needs a 'stack' that wsbench starts, not a 'url'");
        }
        if (path != null && (stack == null || !path.startsWith("/"))) {
            throw new IllegalArgumentException("'path' is a path on a 'stack''s address, starting with '/': " + path);
        }
        if (tls != null && !own && (url == null || !url.startsWith("https:"))) {
            throw new IllegalArgumentException("'tls' is for a 'url' that starts with https://");
        }
        if (label == null && own) {
            label = (stack != null ? stack + " " : "") + protocol + (flow != null ? h2Label(http2)
                    : " " + (service.graphql() != null && operation == null ? service.graphql() : operation));
        }
        if (label == null && asIs) {
            label = url != null ? Redacted.url(url) : stack + " " + path; // as `wsbench load URL` names it, no secret shown
        }
        if (label == null) {
            label = (stack != null ? stack : "url") + " " + protocol + (variant == null ? "" : " " + variant)
                    + (sequence == null ? "" : " " + sequence) + (client == null ? "" : " " + client)
                    + (security.secured() ? " " + security : "")
                    + (stackOptions == null ? "" : " " + new TreeMap<>(stackOptions))
                    + h2Label(http2);
        }
    }

    /** What a label says of HTTP/2: " h2", " h2 10 streams", or nothing over HTTP/1.1 (a flow's two targets, one over each, differ). */
    private static String h2Label(Http2 http2) {
        return http2 == null ? "" : " h2" + (http2.streams() == 1 ? "" : " " + http2.streams() + " streams");
    }

    /** Whether its requests are signed, encrypted or carry a token: a security other than {@link Security#PLAIN}. */
    public boolean secured() {
        return security.secured();
    }

    /** The same target under another label, with {@code options} as its own stack options (a side of {@code wsbench ab}). */
    public TargetSpec as(String newLabel, Map<String, String> options) {
        return written().label(newLabel).stackOptions(options.isEmpty() ? null : Map.copyOf(options)).build();
    }

    /**
     * The same target with {@code newTls} as its TLS settings (a flow file's target, given load's TLS options):
     * made again from what it was written with, a flow's protocol being its steps'.
     */
    public TargetSpec withTls(TlsSpec newTls) {
        return written().tls(newTls).build();
    }

    /** The same target over HTTP/2 as {@code h2} says ({@code load --flow F --http2}); a label of its default says so too. */
    public TargetSpec withHttp2(io.wsbench.model.load.Http2 h2) {
        boolean given = !label.equals(written().label(null).build().label());
        return written().label(given ? label : null).http2(h2).build();
    }

    TargetSpec withOperation(String suiteOperation) {
        return operation != null || own() || asIs() ? this : written().operation(suiteOperation).build();
    }

    /** This target as it was written, to be made again changed: a flow's protocol is its steps', filled in by the record. */
    private TargetSpecBuilder written() {
        return TargetSpecBuilder.builder(this).protocol(flow != null ? null : protocol);
    }

    /**
     * Whether it is a URL loaded as {@code wsbench load URL} loads it: a GET, any 2xx valid. A
     * {@code url} without a {@code protocol} is one, and so is a stack's {@code path} without one; run.json names
     * its protocol {@link TargetRecord#HTTP}, as {@code load}'s.
     */
    public boolean asIs() {
        return (url != null || path != null) && TargetRecord.HTTP.equals(protocol) && !own();
    }

    /** Whether this target is the user's own service, described by a WSDL or an OpenAPI spec. */
    public boolean own() {
        return service.described() || flow != null;
    }

    /** This target's own stack options (none: an empty map). */
    public Map<String, String> ownOptions() {
        return stackOptions == null ? Map.of() : stackOptions;
    }

    public boolean cold() {
        return coldStart != null;
    }
}
