package io.wsbench.cli;

import io.wsbench.core.load.Http2;
import io.wsbench.core.load.ClientTls;
import io.wsbench.core.record.TargetRecord;
import io.wsbench.protocols.HttpWorkload;
import io.wsbench.protocols.Protocols;
import io.wsbench.protocols.Workload;
import io.wsbench.runner.OneLine;
import io.wsbench.runner.OwnService;
import io.wsbench.runner.Target;
import io.wsbench.runner.TlsClients;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What is loaded, as {@code load} and {@code capacity} both take it: a URL with the request the
 * options write (or a wsbench protocol's), or the user's own service from its WSDL or OpenAPI spec,
 * its rows and its checks.
 */
final class TargetOptions {

    @Parameters(index = "0", arity = "0..1", paramLabel = "URL",
            description = "http:// or https:// URL to load (with --wsdl or --openapi: the address they name, unless given)")
    String url;

    @Option(names = "--wsdl", paramLabel = "WSDL", description = "your own SOAP service: load --operation of this WSDL (URL or file)")
    String wsdl;

    @Option(names = "--openapi", paramLabel = "SPEC", description = "your own REST service: load --operation (an operationId) of this OpenAPI spec (URL or file)")
    String openapi;

    @Option(names = "--graphql", paramLabel = "URL", description = "a GraphQL server: POST --query to it, its variables from --variables-from")
    String graphql;

    @Option(names = "--query", paramLabel = "FILE", description = "with --graphql: the query (or mutation); --operation picks one of several")
    Path query;

    @Option(names = "--port", paramLabel = "P", description = "with --wsdl: the port of the operation (default: its SOAP 1.1 port)")
    String port;

    @Option(names = "--template", paramLabel = "FILE", description = {"with --wsdl: the request envelope; with --openapi: the JSON body; $${column} placeholders filled from --data",
            "(wsbench wsdl --template and wsbench openapi --template write one)"})
    Path template;

    @Option(names = {"--data", "--variables-from"}, paramLabel = "CSV", description = {"with --wsdl or --openapi: a CSV with a header row; each request fills its $${column} placeholders from the next row",
            "with --graphql: each request's variables, a column per variable"})
    Path data;

    @Option(names = "--data-mode", paramLabel = "MODE", description = "cycle (rows in turn, again and again; default) or unique (each row once: the point fails when they run out)")
    String dataMode;

    @Option(names = "--data-max-mb", paramLabel = "MB", description = "refuse a data set whose encoded requests take more (default 256)")
    Long dataMaxMb;

    @Option(names = "--check", paramLabel = "CHECK", description = {"with --wsdl or --openapi, on every answer (repeatable; a failure is a validation error):",
            "  xpath:EXPR  (XPath 1.0, true; e.g. //*[local-name()='AddResult'] = $${sum}; the WSDL's prefixes work)",
            "  jsonpath:PATH [== != < <= > >= VALUE]   status: 201 (or 2xx, or 200,201)   schema"})
    List<String> checks = List.of();

    @Option(names = "--body", paramLabel = "FILE", description = "request body (makes the request a POST)")
    Path body;

    @Option(names = {"-H", "--header"}, paramLabel = "'K: V'", description = "extra request header (repeatable)")
    List<String> headers = List.of();

    @Option(names = "--soap-action", paramLabel = "A", description = "SOAPAction header; sets Content-Type text/xml")
    String soapAction;

    @Option(names = "--method", description = "HTTP method (default GET, or POST with --body); with --proto, the gRPC method (package.Service/Method)")
    String method;

    @Option(names = "--protocol", paramLabel = "P", description = "speak and validate a wsbench protocol for --operation: ${COMPLETION-CANDIDATES}",
            completionCandidates = ProtocolNames.class)
    String protocol;

    @Option(names = "--operation", description = "operation for --protocol (hello or matchQuakes; default hello), or of --wsdl or --openapi")
    String operation;

    @Option(names = "--sequence", paramLabel = "NAME", description = "request sequence of the operation (matchQuakes: small or large)")
    String sequence;

    @Option(names = "--expect", paramLabel = "TEXT", description = "a response counts only if its body contains TEXT")
    String expect;

    @Option(names = "--proto", paramLabel = "FILE.proto", description = {"a gRPC server at the URL: call --method (package.Service/Method) of this .proto",
            "(or of a directory of them; 'reflection': as the server's reflection service describes it),",
            "its message from --template (JSON with $${column} placeholders) or from --data's columns; over HTTP/2 (h2c, or h2 for https://)"})
    String proto;

    @Option(names = "--http2", description = "speak HTTP/2: h2 chosen by ALPN for https://, h2c with prior knowledge for http://")
    boolean http2;

    @Option(names = "--streams", paramLabel = "N", description = {"with --http2: how many of the -c users (or open-loop connections) share a connection,",
            "each with one stream open at a time (default 1; -c 100 --streams 10: 100 streams on 10 connections)"})
    Integer streams;

    /** How the options ask for HTTP/2; null for HTTP/1.1. */
    Http2 http2() {
        boolean grpc = proto != null || "grpc".equals(protocol); // gRPC is HTTP/2 whether asked or not
        if (streams != null && !http2 && !grpc) {
            throw new Main.UserError("--streams is for HTTP/2: add --http2");
        }
        if (!http2 && !grpc) {
            return null;
        }
        try {
            return new Http2(streams == null ? 1 : streams);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError("--streams: " + e.getMessage());
        }
    }

    static final class ProtocolNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Protocols.names().iterator();
        }
    }

    /** The target these options name, over {@code tls} when not null. */
    Target target(URI uri, OwnService own, ClientTls tls) {
        return Target.of(targetRecord(uri), uri, own != null ? own.workload() : workload(), tls).withHttp2(http2());
    }

    /** Where the load goes: the own service's endpoint, or the URL given. */
    URI uri(OwnService own) {
        return own != null ? own.endpoint() : parseUrl();
    }

    /** The user's own service these options name (null: none), its reflection over {@code tls}'s settings for https. */
    OwnService ownService(TlsOptions tls) {
        if (proto != null) {
            if (wsdl != null || openapi != null || graphql != null || protocol != null || body != null || soapAction != null
                    || expect != null || port != null || query != null) {
                throw new Main.UserError("--proto builds the requests from the .proto, --template and --data itself: drop --wsdl,"
                        + " --openapi, --graphql, --protocol, --body, --soap-action, --expect, --port and --query");
            }
            if (url == null) {
                throw new Main.UserError("--proto needs the gRPC server's URL: wsbench load http://127.0.0.1:PORT --proto "
                        + proto + " --method package.Service/Method");
            }
            ClientTls reflectionTls = io.wsbench.protocols.grpc.GrpcReflection.asks(proto)
                    ? tls.client(OwnService.reflectionServerOf(proto, url)) : null;
            return OwnService.of(new OwnService.Spec(null, null, method != null ? method : operation, null, template, data,
                    dataMode, checks, url, dataMaxMb, null, proto, reflectionTls));
        }
        if (graphql != null) {
            if (wsdl != null || openapi != null || protocol != null || body != null || soapAction != null || expect != null
                    || template != null || port != null || url != null) {
                throw new Main.UserError("--graphql URL builds the requests from --query and --variables-from itself: drop the URL"
                        + " before it, --wsdl, --openapi, --protocol, --body, --template, --port, --soap-action and --expect");
            }
            if (query == null) {
                throw new Main.UserError("--graphql needs --query FILE: the query (or mutation) to send");
            }
            return OwnService.of(new OwnService.Spec(null, null, operation, null, null, data, dataMode, checks, graphql,
                    dataMaxMb, query));
        }
        if (query != null) {
            throw new Main.UserError("--query goes with --graphql URL");
        }
        if (wsdl == null && openapi == null) {
            if (template != null || data != null || dataMode != null || !checks.isEmpty() || port != null) {
                throw new Main.UserError("--template, --data, --data-mode, --check and --port go with --wsdl, --openapi or --graphql");
            }
            return null;
        }
        String flag = wsdl != null ? "--wsdl" : "--openapi";
        if (wsdl != null && openapi != null) {
            throw new Main.UserError("give either --wsdl or --openapi, not both");
        }
        if (protocol != null || body != null || soapAction != null || expect != null) {
            throw new Main.UserError(flag + " builds the requests and checks the answers itself: drop --protocol, --body, --soap-action and --expect");
        }
        if (openapi != null && port != null) {
            throw new Main.UserError("--port names a WSDL port: it goes with --wsdl, not --openapi");
        }
        if (wsdl != null && !headers.isEmpty()) {
            throw new Main.UserError("--header goes with --openapi (whose header parameters it fills) or a URL, not --wsdl");
        }
        return OwnService.of(new OwnService.Spec(wsdl, openapi, operation, port, template, data, dataMode, checks, url, dataMaxMb)
                .withHeaders(headerMap()));
    }

    TargetRecord targetRecord(URI uri) {
        if (proto != null) {
            return new TargetRecord(uri.toString(), null, "grpc", null, method != null ? method : operation, null, null, uri.toString());
        }
        if (graphql != null) {
            return new TargetRecord(uri.toString(), null, "graphql", null, operation, null, null, uri.toString());
        }
        if (wsdl != null || openapi != null) {
            return new TargetRecord(uri.toString(), null, wsdl != null ? "wsdl" : "openapi", null, operation, null, null, uri.toString());
        }
        return new TargetRecord(uri.toString(), null, protocol == null ? TargetRecord.HTTP : protocol, null,
                protocol == null ? null : operation(), null, sequence, uri.toString());
    }

    String operation() {
        return operation == null ? "hello" : operation;
    }

    URI parseUrl() {
        if (url == null) {
            throw new Main.UserError("give the URL to load (or --wsdl FILE --operation NAME, or --openapi SPEC --operation ID)");
        }
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError("not a URL: " + url);
        }
        if (!("http".equalsIgnoreCase(uri.getScheme()) || TlsClients.https(uri)) || uri.getHost() == null) {
            throw new Main.UserError("only http:// and https:// URLs with a host can be loaded: " + url);
        }
        if (uri.getPort() > 65535) {
            throw new Main.UserError("the port of " + url + " is over 65535");
        }
        return uri;
    }

    /** The {@code --header}s, name to value, in their order. */
    private Map<String, String> headerMap() {
        Map<String, String> h = new LinkedHashMap<>();
        for (String header : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new Main.UserError("a header is written 'Name: value', not '" + header + "'");
            }
            h.put(header.substring(0, colon).trim(), header.substring(colon + 1).trim());
        }
        return h;
    }

    /** The requests and checks of a URL: a wsbench protocol's, or the request the options write. */
    Workload workload() {
        if (protocol != null) {
            try {
                return Workload.of(protocol, operation(), sequence);
            } catch (IllegalArgumentException e) {
                throw new Main.UserError(e.getMessage());
            }
        }
        if (method == null && body == null && soapAction == null && headers.isEmpty() && expect == null) {
            return HttpWorkload.get(); // the one a suite's URL without a protocol sends too
        }
        Map<String, String> h = new LinkedHashMap<>();
        byte[] bytes = null;
        if (body != null) {
            try {
                bytes = Files.readAllBytes(body);
            } catch (NoSuchFileException e) {
                throw new Main.UserError("no such body file: " + body);
            } catch (IOException e) {
                throw new Main.UserError("cannot read body file " + body + ": " + OneLine.of(e));
            }
        }
        if (soapAction != null) {
            h.put("Content-Type", "text/xml; charset=UTF-8");
            h.put("SOAPAction", soapAction.startsWith("\"") ? soapAction : "\"" + soapAction + "\"");
        } else if (bytes != null) {
            h.put("Content-Type", "application/octet-stream");
        }
        h.putAll(headerMap());
        if (h.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("Content-Type") && !k.equals("Content-Type"))) {
            h.remove("Content-Type"); // the user's own spelling wins
        }
        String m = method != null ? method.toUpperCase(Locale.ROOT) : (bytes != null ? "POST" : "GET");
        return new HttpWorkload(m, h, bytes, expect);
    }
}
