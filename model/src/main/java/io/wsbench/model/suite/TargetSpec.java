package io.wsbench.model.suite;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
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
 * {@code /calc?wsdl}) or {@code openapi}, with its {@code operation}, the WSDL {@code port} when
 * several have it, the request {@code template} and {@code data} rows (files relative to the
 * suite), {@code dataMode} ({@code cycle} or {@code unique}), the {@code checks} of every answer
 * and {@code dataMaxMb}, the most its encoded requests may take. Its address is the {@code url}
 * when given, else {@code path} on its {@code stack}, else the one the description names.
 * <p>{@code request} ({@link RequestSpec}) is what a {@code url} without a {@code protocol} sends
 * (its method, body, headers, SOAPAction and the text every answer must hold), as {@code wsbench
 * load URL}'s options write it; an {@code openapi} target takes its {@code headers} alone.
 */
public record TargetSpec(@JsonProperty("label") String label,
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

    /** How the target asks for HTTP/2 ({@code http: 2}, with its {@code streams}, 1 by default); null for HTTP/1.1. */
    public io.wsbench.model.load.Http2 http2() {
        return http != null && http == 2 ? new io.wsbench.model.load.Http2(streams == null ? 1 : streams) : null;
    }

    /** Whether the target is loaded over HTTP/2: asked ({@code http: 2}), or gRPC, which is HTTP/2 whether asked or not. */
    public boolean overHttp2() {
        return http2() != null || proto() != null || "grpc".equals(protocol());
    }

    public TargetSpec {
        if (http != null && http != 1 && http != 2) {
            throw new IllegalArgumentException("'http' is 1 or 2, got " + http);
        }
        if (streams != null && (http == null || http != 2)) {
            throw new IllegalArgumentException("'streams' is for HTTP/2: add 'http: 2'");
        }
        if (http != null && http == 2 && flow != null) {
            throw new IllegalArgumentException("a flow does not run over HTTP/2 yet: leave 'http: 2' out of a flow target");
        }
        if (flow != null && (operation != null || template != null || data != null || dataMode != null || checks != null
                || protocol != null || sequence != null || client != null || variant != null)) {
            throw new IllegalArgumentException("a target with a 'flow' takes its requests from its steps: no 'operation',"
                    + " 'template', 'data', 'dataMode', 'checks', 'protocol', 'variant', 'sequence' or 'client' beside it");
        }
        if (flow != null && wsdl == null && openapi == null && (stack == null) == (url == null)) {
            throw new IllegalArgumentException("a flow's target needs a 'url' or a 'stack' (or a 'wsdl' or an 'openapi' that names its address)");
        }
        boolean own = wsdl != null || openapi != null || flow != null || graphql != null || proto != null;
        if ((wsdl != null ? 1 : 0) + (openapi != null ? 1 : 0) + (graphql != null ? 1 : 0) + (proto != null ? 1 : 0) > 1) {
            throw new IllegalArgumentException("a target names one of a 'wsdl', an 'openapi', a 'graphql' query or a 'proto', not several");
        }
        if (proto != null && (flow != null || port != null || operation == null)) {
            throw new IllegalArgumentException("a 'proto' target calls its 'operation' (package.Service/Method) with each row's message:"
                    + " name the operation; no 'flow' or 'port'");
        }
        if (proto != null && http != null && http == 1) {
            throw new IllegalArgumentException("gRPC goes over HTTP/2 only: leave 'http: 1' out of a 'proto' target");
        }
        if (graphql != null && (flow != null || template != null || port != null)) {
            throw new IllegalArgumentException("a 'graphql' target sends its query with each row's variables: no 'flow',"
                    + " 'template' or 'port' beside it");
        }
        if (graphql != null && (stack == null) == (url == null)) {
            throw new IllegalArgumentException("a 'graphql' target needs the server's 'url', or a 'stack' (with the 'path' it answers on)");
        }
        if (!own && (template != null || data != null || dataMode != null || checks != null || port != null || dataMaxMb != null)) {
            throw new IllegalArgumentException("'template', 'data', 'dataMode', 'checks', 'port' and 'dataMaxMb' go with a 'wsdl', an 'openapi', a 'graphql' query or a 'proto'");
        }
        if (own) {
            if (protocol != null || sequence != null || client != null || variant != null) {
                throw new IllegalArgumentException("a target with a '" + (wsdl != null ? "wsdl" : openapi != null ? "openapi" : proto != null ? "proto" : "graphql")
                        + "' takes its requests from it: no 'protocol', 'variant', 'sequence' or 'client'");
            }
            if (stack != null && url != null) {
                throw new IllegalArgumentException("a target is on a 'stack' or at a 'url', not both");
            }
            protocol = flow != null ? "flow" : wsdl != null ? "wsdl" : openapi != null ? "openapi" : proto != null ? "grpc" : "graphql";
            checks = checks == null ? null : List.copyOf(checks);
        } else if ((stack == null) == (url == null)) {
            throw new IllegalArgumentException("a target needs either 'stack' or 'url' (or a 'wsdl' or an 'openapi' that names its address)");
        } else if (url != null && protocol == null) {
            protocol = TargetRecord.HTTP; // loaded as `wsbench load URL` loads it
        }
        if (protocol == null) {
            throw new IllegalArgumentException("a target on a 'stack' needs a 'protocol'");
        }
        if (!own && url != null && TargetRecord.HTTP.equals(protocol) && (variant != null || sequence != null || client != null
                || operation != null || security != null && security.secured())) {
            throw new IllegalArgumentException("a 'url' without a 'protocol' is loaded as 'wsbench load URL' loads it (a GET, any"
                    + " 2xx valid): its 'operation', 'variant', 'sequence', 'client' and 'security' need a 'protocol'");
        }
        if (request != null && !(url != null && TargetRecord.HTTP.equals(protocol) && !own)
                && !(openapi != null && request.headersOnly())) {
            throw new IllegalArgumentException("a 'request' (method, body, headers, soapAction, expect) is for a 'url' without a"
                    + " 'protocol'; an 'openapi' target takes its 'headers' alone (they fill its header parameters)");
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
            label = (stack != null ? stack + " " : "") + protocol + (flow != null ? ""
                    : " " + (graphql != null && operation == null ? graphql : operation));
        }
        if (label == null && url != null && TargetRecord.HTTP.equals(protocol)) {
            label = url; // as `wsbench load URL` names it
        }
        if (label == null) {
            label = (stack != null ? stack : "url") + " " + protocol + (variant == null ? "" : " " + variant)
                    + (sequence == null ? "" : " " + sequence) + (client == null ? "" : " " + client)
                    + (security.secured() ? " " + security : "")
                    + (stackOptions == null ? "" : " " + new TreeMap<>(stackOptions))
                    + (http != null && http == 2 ? " h2" + (streams != null ? " " + streams + " streams" : "") : "");
        }
    }

    /** Whether its requests are signed, encrypted or carry a token: a security other than {@link Security#PLAIN}. */
    public boolean secured() {
        return security.secured();
    }

    /** The same target under another label, with {@code options} as its own stack options (a side of {@code wsbench ab}). */
    public TargetSpec as(String newLabel, Map<String, String> options) {
        return new TargetSpec(newLabel, stack, protocol, variant, operation, security, sequence, url, client, coldStart,
                options.isEmpty() ? null : Map.copyOf(options), path, tls, wsdl, openapi, port, template, data, dataMode, checks,
                dataMaxMb, flow, graphql, http, streams, proto, request);
    }

    TargetSpec withOperation(String suiteOperation) {
        return operation != null || own() || asIs() ? this
                : new TargetSpec(label, stack, protocol, variant, suiteOperation, security, sequence, url, client, coldStart,
                        stackOptions, path, tls, wsdl, openapi, port, template, data, dataMode, checks, dataMaxMb, flow, graphql,
                        http, streams, proto, request);
    }

    /**
     * Whether it is a URL loaded as {@code wsbench load URL} loads it: a GET, any 2xx valid. A
     * {@code url} without a {@code protocol} is one; run.json names its protocol {@link TargetRecord#HTTP}, as {@code load}'s.
     */
    public boolean asIs() {
        return url != null && TargetRecord.HTTP.equals(protocol) && !own();
    }

    /** Whether this target is the user's own service, described by a WSDL or an OpenAPI spec. */
    public boolean own() {
        return wsdl != null || openapi != null || flow != null || graphql != null || proto != null;
    }

    /** This target's own stack options (none: an empty map). */
    public Map<String, String> ownOptions() {
        return stackOptions == null ? Map.of() : stackOptions;
    }

    public boolean cold() {
        return coldStart != null;
    }
}
