package io.wsbench.cli;

import io.wsbench.model.Redacted;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.model.suite.CapacitySpec;
import io.wsbench.model.suite.LoadPointSpec;
import io.wsbench.model.load.Http2;
import io.wsbench.model.suite.RequestSpec;
import io.wsbench.model.suite.ServiceSpecBuilder;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.model.suite.TargetSpecBuilder;
import io.wsbench.protocols.Protocols;
import io.wsbench.runner.Target;
import io.wsbench.runner.TlsClients;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

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

    @Option(names = "--port", paramLabel = "P", description = "with --wsdl: the port of the operation (default: its SOAP 1.1 port); SERVICE/PORT where services share a port's name")
    String port;

    @Option(names = "--template", paramLabel = "FILE", description = "with a URL: the request body; with --wsdl: the request envelope; with --openapi: the JSON body; $${column} placeholders filled from --data"
            + " (wsbench wsdl --template and wsbench openapi --template write one)")
    Path template;

    @Option(names = {"--data", "--variables-from"}, paramLabel = "CSV", description = {"a CSV with a header row; each request fills its $${column} placeholders from the next row (a URL's in its path and query, its headers and --template; --wsdl's or --openapi's in the request);",
            "with --graphql: each request's variables, a column per variable"})
    Path data;

    @Option(names = "--data-mode", paramLabel = "MODE", description = "cycle (rows in turn, again and again; default) or unique (each row once: the point fails when they run out)")
    String dataMode;

    @Option(names = "--data-max-mb", paramLabel = "MB", description = "refuse a data set whose encoded requests take more (default 256)")
    Long dataMaxMb;

    @Option(names = "--check", paramLabel = "CHECK", description = {"on every answer (repeatable; a failure is a validation error):",
            "  xpath:EXPR  (XPath 1.0, true; e.g. //*[local-name()='AddResult'] = $${sum}; the WSDL's prefixes work)",
            "  jsonpath:PATH [== != < <= > >= VALUE]   status: 201 (or 2xx, or 200,201)   schema (--wsdl, --openapi)",
            "  contains:TEXT   regex:PATTERN (and !contains:, !regex:)   header:NAME [== VALUE] (a URL's)"})
    List<String> checks = List.of();

    @Mixin
    RequestOptions request;

    @Option(names = "--protocol", paramLabel = "P", description = "speak and validate a wsbench protocol for --operation: ${COMPLETION-CANDIDATES}",
            completionCandidates = ProtocolNames.class)
    String protocol;

    @Option(names = "--operation", description = "operation for --protocol (hello or matchQuakes; default hello), or of --wsdl or --openapi")
    String operation;

    @Option(names = "--sequence", paramLabel = "NAME", description = "request sequence of the operation (matchQuakes: small or large)")
    String sequence;

    @Option(names = "--proto", paramLabel = "FILE.proto", description = "a gRPC server at the URL: call --method (package.Service/Method) of this .proto"
            + " (or of a directory of them; 'reflection': as the server's reflection service describes it),"
            + " its message from --template (JSON with $${column} placeholders) or from --data's columns; over HTTP/2 (h2c, or h2 for https://)")
    String proto;

    @Option(names = "--http2", description = "speak HTTP/2: h2 chosen by ALPN for https://, h2c with prior knowledge for http://")
    boolean http2;

    @Option(names = "--streams", paramLabel = "N", description = "with --http2: how many of the -c users (or open-loop connections) share a connection,"
            + " each with one stream open at a time (default 1; -c 100 --streams 10: 100 streams on 10 connections)")
    Integer streams;

    static final class ProtocolNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Protocols.names().iterator();
        }
    }

    /**
     * The target these options name, as a suite's target is written ({@code load URL} and a suite's
     * {@code url:} are one model), each flag first checked against the others; {@code tls}: the TLS
     * options, as the target's {@code tls:}.
     */
    private TargetSpec spec(TlsOptions tls) {
        checkFlags();
        if (UrlStep.asked(this)) {
            return UrlStep.target(this, tls.spec());
        }
        Http2 h2 = http2(proto != null || "grpc".equals(protocol)); // gRPC is HTTP/2 whether asked or not
        boolean own = proto != null || graphql != null || wsdl != null || openapi != null;
        String address = graphql != null ? graphql : url;
        if (address != null) {
            parse(address);
        }
        RequestSpec asked = own ? (openapi != null && !request.headers.isEmpty() ? request.spec(true) : null) : request.spec(false);
        try {
            // by name, as a suite's keys are: the builders the compiler checks, not some 30 arguments by position
            return TargetSpecBuilder.builder().label(Redacted.url(address)).url(address).protocol(own ? null : protocol)
                    .operation(proto != null ? (request.method != null ? request.method : operation)
                            : own || protocol != null ? operation : null)
                    .sequence(own ? null : sequence).tls(tls.spec())
                    .service(ServiceSpecBuilder.builder().wsdl(wsdl).openapi(openapi).graphql(path(query)).proto(proto).port(port)
                            .template(path(template)).data(path(data)).dataMode(dataMode).checks(checks.isEmpty() ? null : checks)
                            .dataMaxMb(dataMaxMb).build())
                    .http2(h2)
                    .request(asked == null || asked.plainGet() ? null : asked).build();
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    /**
     * The HTTP/2 that --http2 and --streams ask for, null for HTTP/1.1 ({@code grpc}: HTTP/2 whether asked or not, --streams
     * then saying how many share a connection); --streams without --http2 refused in one line.
     */
    Http2 http2(boolean grpc) {
        if (streams != null && !http2 && !grpc) {
            throw new UserError("--streams is for HTTP/2: add --http2");
        }
        return http2 || grpc && streams != null ? new Http2(streams == null ? 1 : streams) : null;
    }

    /**
     * The suite {@code command} ({@code load} or {@code capacity}) makes of these options: their one
     * target, as a suite's is written, with its {@code load} or its {@code capacity} search, its files
     * relative to here.
     */
    Suite suite(String command, TlsOptions tls, LoadPointSpec load, CapacitySpec capacity) {
        try {
            return Suite.of(command, spec(tls), load, capacity);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    /**
     * The one target of a command's {@code suite} made ready to load, as a suite's runner makes a target
     * at its own address ({@link Target#at}); TLS options for an http:// address are refused.
     */
    static Target ready(Suite suite, TlsOptions tls, TargetOptions of) {
        Target t;
        try {
            t = Target.at(suite, suite.targets().get(0), WsSecurityKeys.defaultDir());
        } catch (IllegalArgumentException | io.wsbench.runner.TargetException e) {
            boolean urlStep = of != null && UrlStep.asked(of);
            if (e instanceof io.wsbench.runner.TargetException unreachable && !urlStep) {
                throw unreachable;
            }
            // e.g. an operation the protocol does not have; a URL's step in the URL's words
            throw new UserError(urlStep ? UrlStep.told(e.getMessage(), of) : e.getMessage());
        }
        if (t.tls() == null && tls.given()) {
            throw new UserError("--cacert, --insecure, --cert, --key, --pkcs12 and --tls-provider are for https:// URLs, not " + t.uri()); // Main.tell writes a password ***
        }
        return t;
    }

    /**
     * What a command says and records it loaded ({@code ready}'s target): its URL, a password in it written ***; a URL
     * with checks or rows ({@link UrlStep}) as it was given, not the origin its step is sent to. The history's series,
     * --assert's lines and JUnit XML, capacity's first line.
     */
    static String shown(Target ready) {
        return ready.spec() != null && ready.spec().flow() != null ? ready.label() : Redacted.url(ready.uri().toString());
    }

    private static String path(Path p) {
        return p == null ? null : p.toString();
    }

    /** The flags that do not go together, each refused in one line. */
    private void checkFlags() {
        if (proto != null) {
            if (wsdl != null || openapi != null || graphql != null || protocol != null || request.written() || port != null
                    || query != null) {
                throw new UserError("--proto builds the requests from the .proto, --template and --data itself: drop --wsdl,"
                        + " --openapi, --graphql, --protocol, --body, --soap-action, --expect, --port and --query");
            }
            if (url == null) {
                throw new UserError("--proto needs the gRPC server's URL: wsbench load http://127.0.0.1:PORT --proto "
                        + proto + " --method package.Service/Method");
            }
            return;
        }
        if (graphql != null) {
            if (wsdl != null || openapi != null || protocol != null || request.written() || template != null || port != null
                    || url != null) {
                throw new UserError("--graphql URL builds the requests from --query and --variables-from itself: drop the URL"
                        + " before it, --wsdl, --openapi, --protocol, --body, --template, --port, --soap-action and --expect");
            }
            if (query == null) {
                throw new UserError("--graphql needs --query FILE: the query (or mutation) to send");
            }
            return;
        }
        if (query != null) {
            throw new UserError("--query goes with --graphql URL");
        }
        if (wsdl == null && openapi == null) {
            if (protocol != null && UrlStep.asked(this)) {
                throw new UserError("--protocol speaks and checks a wsbench protocol itself: --template, --data, --data-mode and"
                        + " --check go with a URL alone, --wsdl, --openapi or --graphql");
            }
            if (port != null) {
                throw new UserError("--port names a WSDL port: it goes with --wsdl");
            }
            if (url == null && (template != null || data != null || dataMode != null || !checks.isEmpty())) {
                throw new UserError("--template, --data, --data-mode and --check go with a URL, --wsdl, --openapi or --graphql");
            }
            if (url == null) {
                throw new UserError("give the URL to load (or --wsdl FILE --operation NAME, or --openapi SPEC --operation ID)");
            }
            return;
        }
        String flag = wsdl != null ? "--wsdl" : "--openapi";
        if (wsdl != null && openapi != null) {
            throw new UserError("give either --wsdl or --openapi, not both");
        }
        if (protocol != null || request.written()) {
            throw new UserError(flag + " builds the requests and checks the answers itself: drop --protocol, --body, --soap-action and --expect");
        }
        if (openapi != null && port != null) {
            throw new UserError("--port names a WSDL port: it goes with --wsdl, not --openapi");
        }
        if (wsdl != null && !request.headers.isEmpty()) {
            throw new UserError("--header goes with --openapi (whose header parameters it fills) or a URL, not --wsdl");
        }
    }

    String operation() {
        return operation == null ? "hello" : operation;
    }

    /** {@code url} as a URI, or one line saying why it cannot be loaded. */
    static URI parse(String url) {
        URI uri;
        String shown = Redacted.url(url);
        if (!url.contains("://") && url.matches("[\\w.-]+(:\\d+)?(/.*)?")) {
            // as curl takes it, a user may write host:port/path: the scheme is one word more, not a guess wsbench makes
            throw new UserError("not a URL: " + shown + " (it needs its scheme: http://" + shown + ")");
        }
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new UserError("not a URL: " + shown + (url.contains(" ") ? " (a space in a URL is written %20)" : ""));
        }
        if (!("http".equalsIgnoreCase(uri.getScheme()) || TlsClients.https(uri)) || uri.getHost() == null) {
            throw new UserError("only http:// and https:// URLs with a host can be loaded: " + shown);
        }
        if (uri.getPort() > 65535) {
            throw new UserError("the port of " + shown + " is over 65535");
        }
        return uri;
    }
}
