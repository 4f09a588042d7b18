package io.wsbench.runner;

import io.wsbench.service.graphql.GraphQlRequest;
import io.wsbench.service.grpc.GrpcRequest;
import io.wsbench.protocols.grpc.GrpcReflection;
import io.wsbench.protocols.grpc.ProtoSchema;
import io.wsbench.service.openapi.ApiDescription;
import io.wsbench.service.openapi.RestRequest;
import io.wsbench.service.own.DataRows;
import io.wsbench.service.own.OwnRequest;
import io.wsbench.service.own.OwnServiceException;
import io.wsbench.service.own.OwnWorkload;
import io.wsbench.service.wsdl.ServiceDescription;
import io.wsbench.service.wsdl.SoapOperation;
import io.wsbench.service.wsdl.SoapRequest;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.wsbench.core.load.ClientTls;
import io.wsbench.model.suite.ServiceSpec;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.TargetSpec;

/**
 * A user's own service made ready to load, from the command line or a suite target: its
 * description read, its requests encoded from the template and the data, its checks parsed, all
 * before any load, each mistake a {@link TargetException}: one line naming the file.
 */
public record OwnService(OwnWorkload workload, URI endpoint) {

    /** What the user gave: a WSDL or an OpenAPI spec, the operation, and where the requests come from. */
    public record Spec(String wsdl, String openapi, String operation, String port, Path template, Path data, String dataMode,
                       List<String> checks, String url, Long dataMaxMb, Path graphqlQuery, String proto, ClientTls protoTls,
                       Map<String, String> headers, String stack) {

        public Spec(String wsdl, String openapi, String operation, String port, Path template, Path data, String dataMode,
                    List<String> checks, String url, Long dataMaxMb, Path graphqlQuery, String proto, ClientTls protoTls) {
            this(wsdl, openapi, operation, port, template, data, dataMode, checks, url, dataMaxMb, graphqlQuery, proto, protoTls, Map.of(), null);
        }

        /** {@code proto}: a .proto file or directory, or {@code reflection} (or a server's URL) to ask the server's reflection service. */
        public Spec(String wsdl, String openapi, String operation, String port, Path template, Path data, String dataMode,
                    List<String> checks, String url, Long dataMaxMb, Path graphqlQuery, String proto) {
            this(wsdl, openapi, operation, port, template, data, dataMode, checks, url, dataMaxMb, graphqlQuery, proto, null);
        }

        public Spec(String wsdl, String openapi, String operation, String port, Path template, Path data, String dataMode,
                    List<String> checks, String url, Long dataMaxMb, Path graphqlQuery) {
            this(wsdl, openapi, operation, port, template, data, dataMode, checks, url, dataMaxMb, graphqlQuery, (String) null);
        }

        public Spec(String wsdl, String openapi, String operation, String port, Path template, Path data, String dataMode,
                    List<String> checks, String url, Long dataMaxMb) {
            this(wsdl, openapi, operation, port, template, data, dataMode, checks, url, dataMaxMb, null);
        }

        /**
         * The spec with the user's own {@code headers} ({@code --header}) on each request of an
         * OpenAPI operation, filling the header parameters of their names.
         */
        public Spec withHeaders(Map<String, String> headers) {
            return new Spec(wsdl, openapi, operation, port, template, data, dataMode, checks, url, dataMaxMb, graphqlQuery, proto,
                    protoTls, java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(headers)), stack);
        }

        /**
         * The spec sent to the server a suite started at {@code base} (null: none): the address its
         * description names keeps its path, on that server ({@link OwnService#onStack}), as a target that names
         * a {@code stack} loads that stack, whatever host the description was written for.
         */
        Spec on(String base) {
            return new Spec(wsdl, openapi, operation, port, template, data, dataMode, checks, url, dataMaxMb, graphqlQuery, proto,
                    protoTls, headers, base);
        }

        /** What the user names the service by in a message: its WSDL, its spec, or its GraphQL query. */
        String described() {
            return wsdl != null ? wsdl : openapi != null ? openapi : proto != null ? proto : String.valueOf(graphqlQuery);
        }
    }

    /**
     * What the user's own target asks, its files resolved against the suite and, on a stack, its
     * description and address against the stack's {@code base} address (null before it starts).
     */
    public static Spec spec(Suite suite, TargetSpec t, String base) {
        ServiceSpec d = t.service();
        if (d.proto() != null) {
            // a gRPC server is named by its address: the target's url, or the stack's base
            String url = t.url() != null ? t.url() : base;
            boolean reflection = GrpcReflection.asks(d.proto());
            return new Spec(null, null, t.operation(), null, d.template() == null ? null : suite.resolve(d.template()),
                    d.data() == null ? null : suite.resolve(d.data()), d.dataMode(), d.checks() == null ? List.of() : d.checks(),
                    url, d.dataMaxMb(), null, reflection ? d.proto() : suite.resolve(d.proto()).toString(),
                    reflection && url != null ? TlsClients.forTarget(suite, t, reflectionServerOf(d.proto(), url)) : null);
        }
        if (d.graphql() != null) {
            // a GraphQL server is named by its address: the target's url, or its path on the stack
            String url = t.url() != null ? t.url() : base != null ? base + (t.path() == null ? "/graphql" : t.path()) : null;
            return new Spec(null, null, t.operation(), null, null, d.data() == null ? null : suite.resolve(d.data()),
                    d.dataMode(), d.checks() == null ? List.of() : d.checks(), url, d.dataMaxMb(), suite.resolve(d.graphql()));
        }
        String described = d.wsdl() != null ? d.wsdl() : d.openapi();
        String where = described.regionMatches(true, 0, "http://", 0, 7) || described.regionMatches(true, 0, "https://", 0, 8)
                ? described
                : described.startsWith("/") && base != null ? base + described : suite.resolve(described).toString();
        String url = t.url() != null ? t.url() : t.path() != null && base != null ? base + t.path() : null;
        return new Spec(d.wsdl() != null ? where : null, d.openapi() != null ? where : null, t.operation(),
                d.port(), d.template() == null ? null : suite.resolve(d.template()),
                d.data() == null ? null : suite.resolve(d.data()), d.dataMode(), d.checks() == null ? List.of() : d.checks(),
                url, d.dataMaxMb()).withHeaders(t.request() == null ? Map.of() : t.request().headers()).on(url == null ? base : null);
    }

    /**
     * {@code described}, the address a WSDL or spec names, on the stack at {@code base}: its path and
     * query after the stack's address ({@code http://localhost:8080/api} on {@code http://127.0.0.1:40123}
     * is {@code http://127.0.0.1:40123/api}); the stack's address itself when the description names none.
     */
    static String onStack(String base, URI described) {
        if (described == null) {
            return base;
        }
        String path = described.getRawPath() == null ? "" : described.getRawPath();
        String query = described.getRawQuery() == null ? "" : "?" + described.getRawQuery();
        return (base.endsWith("/") && path.startsWith("/") ? base.substring(0, base.length() - 1) : base) + path + query;
    }

    /** The client's checking time per answer checked since {@code nanosBefore} and {@code answersBefore}; null when none was. */
    public static Double microsPerAnswer(OwnWorkload w, long nanosBefore, long answersBefore) {
        long answers = w.checkedAnswers() - answersBefore;
        return answers == 0 ? null : Math.round((w.checkNanos() - nanosBefore) / 100.0 / answers) / 10.0;
    }

    public static ApiDescription readSpec(String spec) {
        try {
            return ApiDescription.read(spec);
        } catch (OwnServiceException e) {
            throw new TargetException(e.getMessage());
        }
    }

    public static ServiceDescription read(String wsdl) {
        try {
            return ServiceDescription.read(wsdl);
        } catch (OwnServiceException e) {
            throw new TargetException(e.getMessage());
        }
    }

    public static OwnService of(Spec s) {
        if (s.operation() == null && s.graphqlQuery() == null && s.proto() == null) {
            throw new TargetException((s.wsdl() != null ? "--wsdl" : "--openapi") + " needs --operation NAME (list them with wsbench "
                    + (s.wsdl() != null ? "wsdl " + s.wsdl() : "openapi " + s.openapi()) + ")");
        }
        boolean unique = switch (s.dataMode() == null ? "cycle" : s.dataMode()) {
            case "cycle" -> false;
            case "unique" -> true;
            default -> throw new TargetException("data mode '" + s.dataMode() + "' is cycle (rows in turn, again and again) or unique (each row once per point)");
        };
        try {
            DataRows data = s.data() == null ? DataRows.none() : DataRows.read(s.data());
            OwnRequest request = request(s, data);
            URI endpoint = endpoint(s, request);
            long maxBytes = s.dataMaxMb() == null ? OwnWorkload.DEFAULT_MAX_BYTES : s.dataMaxMb() << 20;
            return new OwnService(OwnWorkload.of(request, data, unique, s.checks() == null ? List.of() : s.checks(),
                    endpoint, maxBytes), endpoint);
        } catch (OwnServiceException e) {
            throw new TargetException(e.getMessage());
        }
    }

    private static OwnRequest request(Spec s, DataRows data) throws OwnServiceException {
        String template = null;
        if (s.template() != null) {
            try {
                template = io.wsbench.service.own.UserText.read(s.template());
            } catch (java.nio.file.NoSuchFileException e) {
                throw new OwnServiceException(s.template() + ": no such template file");
            } catch (java.nio.charset.CharacterCodingException e) {
                throw new OwnServiceException(s.template() + ": the template is not UTF-8 text");
            } catch (IOException e) {
                throw new OwnServiceException(s.template() + ": cannot read the template: " + OneLine.of(e));
            }
        }
        if (s.proto() != null) {
            ProtoSchema schema;
            try {
                schema = !GrpcReflection.asks(s.proto()) ? ProtoSchema.read(Path.of(s.proto()))
                        : GrpcReflection.read(reflectionServer(s.proto(), s.url()), s.protoTls());
            } catch (IllegalArgumentException e) {
                throw new OwnServiceException(e.getMessage());
            }
            return GrpcRequest.of(schema, s.operation(), template, s.template() == null ? null : s.template().toString(),
                    s.data() == null ? null : new java.util.LinkedHashSet<>(data.columns()));
        }
        if (s.graphqlQuery() != null) {
            String query;
            try {
                query = io.wsbench.service.own.UserText.read(s.graphqlQuery());
            } catch (IOException e) {
                throw new OwnServiceException(s.graphqlQuery() + ": cannot read the query: " + OneLine.of(e));
            }
            return GraphQlRequest.of(query, s.graphqlQuery().toString(), s.operation(),
                    s.data() == null ? null : new java.util.LinkedHashSet<>(data.columns()));
        }
        if (s.openapi() != null) {
            ApiDescription api = ApiDescription.read(s.openapi());
            RestRequest rest = RestRequest.of(api, api.operation(s.operation()), template,
                    s.template() == null ? null : s.template().toString(),
                    s.data() == null ? null : new java.util.LinkedHashSet<>(data.columns()), s.headers());
            for (String p : rest.placeholders()) {
                String declared = rest.declared(p);
                if (declared != null && declared.startsWith("header ") && !data.columns().contains(p)) {
                    throw new OwnServiceException(declared + " is required and nothing gives it: give it with --header '"
                            + p + ": VALUE' or a column " + p + " in --data");
                }
            }
            return rest;
        }
        ServiceDescription d = ServiceDescription.read(s.wsdl());
        SoapOperation op = d.operation(s.operation(), s.port());
        return SoapRequest.of(d, op, template, s.template() == null ? null : s.template().toString(),
                s.data() == null ? null : new java.util.LinkedHashSet<>(data.columns()));
    }

    /**
     * The gRPC server a {@code proto} that names reflection ("reflection", or a server's URL) asks
     * for its services, with {@code url} the target's; one that cannot be named is a {@link TargetException}.
     */
    public static URI reflectionServerOf(String proto, String url) {
        try {
            return reflectionServer(proto, url);
        } catch (OwnServiceException e) {
            throw new TargetException(e.getMessage());
        }
    }

    /** The server whose reflection service {@code proto} asks: its own URL, or that of {@code url} (the target's). */
    private static URI reflectionServer(String proto, String url) throws OwnServiceException {
        String at = proto.equals("reflection") ? url : proto;
        if (at == null) {
            throw new OwnServiceException("proto: reflection asks the gRPC server for its services: it needs the server's URL");
        }
        try {
            URI u = URI.create(at);
            return URI.create(u.getScheme() + "://" + u.getRawAuthority());
        } catch (IllegalArgumentException e) {
            throw new OwnServiceException("not a URL: " + at);
        }
    }

    private static URI endpoint(Spec s, OwnRequest request) throws OwnServiceException {
        URI u;
        String named = s.url() != null ? s.url() : s.stack() != null ? onStack(s.stack(), request.endpoint()) : null;
        if (named != null) {
            try {
                u = URI.create(named);
            } catch (IllegalArgumentException e) {
                throw new OwnServiceException("not a URL: " + named);
            }
        } else {
            u = request.endpoint();
            if (u == null) {
                throw new OwnServiceException(s.proto() != null ? "--proto needs the gRPC server's URL (http://127.0.0.1:PORT)"
                        : s.graphqlQuery() != null ? "--graphql needs the GraphQL server's URL"
                        : s.described() + ": names no address for " + s.operation() + ": give one with --url");
            }
        }
        if (!("http".equalsIgnoreCase(u.getScheme()) || "https".equalsIgnoreCase(u.getScheme())) || u.getHost() == null) {
            throw new OwnServiceException("only http:// and https:// addresses with a host can be loaded: " + u);
        }
        return u;
    }
}
