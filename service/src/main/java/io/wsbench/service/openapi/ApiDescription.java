package io.wsbench.service.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.servers.Server;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.core.models.AuthorizationValue;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import io.wsbench.service.own.OwnServiceException;
import io.wsbench.service.own.RemoteDocuments;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A user's OpenAPI spec (3.0 or 3.1, YAML or JSON, a file or a URL), read once by swagger-parser
 * with every {@code $ref} resolved and inlined, as the operations wsbench can call.
 */
public final class ApiDescription {

    /**
     * swagger-parser logs a reference it cannot resolve as a warning with a stack trace, then says it
     * again in its messages: wsbench says it in one line from those. Held here so the level stays set.
     */
    private static final Logger PARSER_LOG = Logger.getLogger("io.swagger.v3.parser");

    static {
        PARSER_LOG.setLevel(Level.OFF);
    }

    private final String location;
    private final boolean v31;
    private final boolean swagger2;
    private final boolean inlined;
    private final List<RestOperation> operations;
    private WrittenSchemas written;

    private ApiDescription(String location, boolean v31, boolean swagger2, boolean inlined, List<RestOperation> operations) {
        this.location = location;
        this.v31 = v31;
        this.swagger2 = swagger2;
        this.inlined = inlined;
        this.operations = operations;
    }

    /** Reads {@code location}; a file that is not YAML or JSON is named with its line and column, any other problem in one line. */
    public static ApiDescription read(String location) throws OwnServiceException {
        boolean remote = location.startsWith("http://") || location.startsWith("https://");
        if (!remote) {
            syntax(Path.of(location));
        }
        OpenAPI api = parse(location, true);
        URI base = remote ? URI.create(location) : null;
        List<RestOperation> ops = new ArrayList<>();
        Map<Schema<?>, String> names = new java.util.IdentityHashMap<>();
        if (api.getComponents() != null && api.getComponents().getSchemas() != null) {
            api.getComponents().getSchemas().forEach((name, schema) -> names.putIfAbsent(schema, name));
        }
        Map<Schema<?>, String> componentNames = java.util.Collections.unmodifiableMap(names);
        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, op) ->
                ops.add(operation(api, base, path, item, method.name(), op, componentNames))));
        return new ApiDescription(location, api.getSpecVersion() == SpecVersion.V31, api.getExtensions() != null
                && api.getExtensions().containsKey(FROM_SWAGGER_2), api.getExtensions() == null
                || !api.getExtensions().containsKey(NOT_INLINED), List.copyOf(ops));
    }

    /**
     * The Basic credentials of {@code location}'s URL, for swagger-parser to send to its server (and to no other, a
     * {@code $ref} to another host included); null when it carries none.
     */
    private static List<AuthorizationValue> credentials(String location) {
        try {
            java.net.URL url = new java.net.URL(location);
            if (url.getUserInfo() == null) {
                return null;
            }
            return List.of(new AuthorizationValue("Authorization",
                    RemoteDocuments.basic(url), "header", u -> RemoteDocuments.sameServer(u, url)));
        } catch (java.net.MalformedURLException notUrl) {
            return null; // a file
        }
    }

    /** Why swagger-parser read nothing at {@code location}, which it does not say: the server's answer to a second ask. */
    private static String unread(String location, String parserSaid) {
        if (!location.startsWith("http://") && !location.startsWith("https://")) {
            return "swagger-parser: " + oneLine(parserSaid);
        }
        try {
            RemoteDocuments.read(location);
            return "swagger-parser: " + oneLine(parserSaid);
        } catch (java.io.IOException e) {
            return RemoteDocuments.why(e);
        }
    }

    /** The spec with its references resolved, and {@code fully}: inlined, each schema a tree of its own. */
    private static OpenAPI parse(String location, boolean fully) throws OwnServiceException {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(fully);
        options.setResolveCombinators(false);
        SwaggerParseResult result;
        try {
            result = new OpenAPIV3Parser().readLocation(location, credentials(location), options);
        } catch (StackOverflowError cycle) {
            // swagger-parser's ResolverFully follows some cycles of references without end (Azure's LUIS authoring
            // spec, Microsoft Graph's beta): read it again with its references left as they are, and say so
            if (!fully) {
                throw new OwnServiceException(location + ": swagger-parser cannot read it: its references go round a cycle it"
                        + " follows without end");
            }
            OpenAPI partly = parse(location, false);
            Inliner.inline(partly);
            partly.addExtension(NOT_INLINED, true);
            return partly;
        } catch (RuntimeException e) {
            throw new OwnServiceException(location + ": cannot be read as an OpenAPI spec: " + oneLine(e.getMessage()));
        }
        OpenAPI api = result == null ? null : result.getOpenAPI();
        List<String> messages = result == null || result.getMessages() == null ? List.of() : result.getMessages();
        if (api != null && api.getOpenapi() != null && api.getPaths() == null) {
            throw new OwnServiceException(location + ": an OpenAPI " + api.getOpenapi() + " spec with no paths"
                    + (api.getWebhooks() == null || api.getWebhooks().isEmpty() ? "" : " (only webhooks, which the service calls: nothing to load)"));
        }
        if ((api == null || api.getOpenapi() == null) && messages.stream().anyMatch(m -> m != null && m.contains("attribute openapi is missing"))
                && swagger2(location)) {
            // a Swagger 2.0 spec: read as OpenAPI 3.0 by swagger-parser's own converter, as the Swagger Editor converts it
            try {
                result = new io.swagger.v3.parser.converter.SwaggerConverter().readLocation(location, null, options);
            } catch (RuntimeException e) {
                throw new OwnServiceException(location + ": a Swagger 2.0 spec that cannot be read: " + oneLine(e.getMessage()));
            }
            api = result == null ? null : result.getOpenAPI();
            messages = result == null || result.getMessages() == null ? List.of() : result.getMessages();
            if (api == null || api.getPaths() == null) {
                throw new OwnServiceException(location + ": a Swagger 2.0 spec that cannot be read"
                        + (messages.isEmpty() ? "" : ": " + oneLine(messages.get(0))));
            }
            api.addExtension(FROM_SWAGGER_2, true);
        }
        if (api == null && !messages.isEmpty() && messages.get(0) != null && messages.get(0).startsWith("Unable to read location")) {
            // swagger-parser read nothing there (a server that did not answer within its 60 s, a refused connection, a
            // 401): not a verdict on the spec. It does not say why: asked again, the server does
            throw new OwnServiceException(location + ": cannot be read (" + unread(location, messages.get(0)) + ")");
        }
        if (api == null || api.getPaths() == null || api.getOpenapi() == null) {
            throw new OwnServiceException(location + ": not an OpenAPI 3 spec"
                    + (messages.isEmpty() ? "" : ": " + oneLine(messages.get(0))));
        }
        for (String m : messages) {
            if (m != null && m.contains(".callbacks(")) {
                continue; // under a callback: a request the service sends, which wsbench neither writes nor checks
            }
            if (m != null && (m.startsWith("Unable to load") || (m.contains("#/") && m.endsWith(" is missing")))) {
                throw new OwnServiceException(location + ": a reference cannot be resolved: " + oneLine(m));
            }
        }
        if (api.getPaths().values().stream().allMatch(item -> item == null || item.readOperationsMap().isEmpty())) {
            // nothing to list or load: say why, where the parser said (a path whose item is no object it drops and tells)
            throw new OwnServiceException(location + ": no operation under its paths" + (api.getWebhooks() != null
                    && !api.getWebhooks().isEmpty() ? " (only webhooks, which the service calls: nothing to load)" : messages.stream()
                    .filter(m -> m != null && m.contains("paths")).findFirst().map(m -> " (" + oneLine(m) + ")").orElse("")));
        }
        return api;
    }

    /** The extension a spec swagger-parser could not inline (and {@link Inliner} did) is marked with here (never written out). */
    private static final String NOT_INLINED = "x-wsbench-not-inlined";

    /**
     * Whether swagger-parser inlined its schemas: false where it followed a cycle of references without end, and
     * {@link Inliner} did instead.
     */
    public boolean inlined() {
        return inlined;
    }

    /** The extension a spec read from Swagger 2.0 is marked with here (never written out). */
    private static final String FROM_SWAGGER_2 = "x-wsbench-from-swagger-2";

    /** Whether the spec was Swagger 2.0, read as OpenAPI 3.0. */
    public boolean swagger2() {
        return swagger2;
    }

    /** Whether the file (or URL) declares {@code swagger: "2.0"} near its start. */
    private static boolean swagger2(String location) {
        try (var in = location.startsWith("http://") || location.startsWith("https://") ? URI.create(location).toURL().openStream()
                : java.nio.file.Files.newInputStream(Path.of(location))) {
            String head = new String(in.readNBytes(4096), java.nio.charset.StandardCharsets.UTF_8);
            return java.util.regex.Pattern.compile("[\"']?swagger[\"']?\\s*:\\s*[\"']?2\\.0").matcher(head).find();
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * YAML up to 256 MB of text: SnakeYAML refuses more than 3 MB by default, and large services' specs are larger (the
     * GitHub REST API's is 13 MB of JSON, which is read as JSON; a YAML one as large would be refused as "not YAML").
     */
    private static final ObjectMapper LARGE_YAML = new ObjectMapper(YAMLFactory.builder().loaderOptions(largeYaml()).build());

    private static final int YAML_CODE_POINTS = 256 * 1024 * 1024;

    static {
        // swagger-parser's own reading of a YAML spec has SnakeYAML's 3 MB limit too (its maxYamlCodePoints)
        io.swagger.v3.parser.util.DeserializationUtils.getOptions().setMaxYamlCodePoints(YAML_CODE_POINTS);
    }

    private static org.yaml.snakeyaml.LoaderOptions largeYaml() {
        org.yaml.snakeyaml.LoaderOptions options = new org.yaml.snakeyaml.LoaderOptions();
        options.setCodePointLimit(YAML_CODE_POINTS);
        return options;
    }

    /** swagger-parser says little about a syntax error: Jackson names the line and column. */
    private static void syntax(Path file) throws OwnServiceException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new OwnServiceException(file + ": no such OpenAPI file");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new OwnServiceException(file + ": not UTF-8 text (an OpenAPI spec is YAML or JSON)");
        } catch (IOException e) {
            throw new OwnServiceException(file + ": cannot be read: " + e.getClass().getSimpleName() + " " + oneLine(e.getMessage()));
        }
        try {
            String start = text.stripLeading();
            var tree = (start.startsWith("{") || start.startsWith("[") ? new ObjectMapper() : LARGE_YAML).readTree(text);
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new OwnServiceException(file + ": the file is empty");
            }
            if (!tree.isObject()) {
                throw new OwnServiceException(file + ": an OpenAPI spec is a mapping of keys (openapi:, info:, paths: ...) at its"
                        + " top level, not " + (tree.isArray() ? "a list" : tree.isNumber() ? "a number" : "text"));
            }
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw new OwnServiceException(file + (at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr())
                    + ": not YAML or JSON: " + oneLine(e.getOriginalMessage()));
        }
    }

    /**
     * Header parameters OpenAPI 3 says to ignore and wsbench does: the media types say them. (It says the same of
     * Authorization, but FastAPI's and many specs' declare their token so, and a flow's step fills it by that name.)
     */
    private static final Set<String> IGNORED_HEADERS = Set.of("accept", "content-type");

    private static RestOperation operation(OpenAPI api, URI base, String path, PathItem item, String method, Operation op,
                                           Map<Schema<?>, String> names) {
        Map<String, RestOperation.Param> params = new LinkedHashMap<>();
        for (List<Parameter> list : java.util.Arrays.asList(item.getParameters(), op.getParameters())) {
            if (list != null) {
                for (Parameter p : list) {
                    if ("header".equals(p.getIn()) && IGNORED_HEADERS.contains(p.getName().toLowerCase(java.util.Locale.ROOT))) {
                        continue; // OpenAPI 3: the media types say them (its Authorization, which specs use for tokens, is kept)
                    }
                    // an operation's parameter overrides its path's of the same name and place
                    String style = p.getStyle() != null ? p.getStyle().toString()
                            : "query".equals(p.getIn()) || "cookie".equals(p.getIn()) ? "form" : "simple";
                    params.put(p.getIn() + ":" + p.getName(), new RestOperation.Param(p.getName(), p.getIn(),
                            Boolean.TRUE.equals(p.getRequired()) || "path".equals(p.getIn()), p.getSchema(), style,
                            p.getExplode() != null ? p.getExplode() : "form".equals(style)));
                }
            }
        }
        RestOperation.Body body = null;
        if (op.getRequestBody() != null && op.getRequestBody().getContent() != null) {
            Map.Entry<String, MediaType> m = json(op.getRequestBody().getContent());
            if (m != null) {
                body = new RestOperation.Body(m.getKey(), m.getValue().getSchema(), Boolean.TRUE.equals(op.getRequestBody().getRequired()),
                        names);
            }
        }
        Map<String, RestOperation.Answer> answers = new LinkedHashMap<>();
        if (op.getResponses() != null) {
            for (Map.Entry<String, ApiResponse> r : op.getResponses().entrySet()) {
                Map.Entry<String, MediaType> m = r.getValue().getContent() == null ? null : json(r.getValue().getContent());
                answers.put(r.getKey(), new RestOperation.Answer(m == null ? null : m.getKey(),
                        r.getValue().getContent() == null ? List.of() : List.copyOf(r.getValue().getContent().keySet())));
            }
        }
        List<Server> servers = op.getServers() != null && !op.getServers().isEmpty() ? op.getServers()
                : item.getServers() != null && !item.getServers().isEmpty() ? item.getServers() : api.getServers();
        String id = op.getOperationId() != null ? op.getOperationId() : method.toLowerCase() + " " + path;
        return new RestOperation(id, method, path, server(servers, base), List.copyOf(params.values()), body, answers,
                op.getSummary());
    }

    /** The first server's URL with its variables at their defaults; a relative one resolved against the spec's URL, else null. */
    private static URI server(List<Server> servers, URI base) {
        if (servers == null || servers.isEmpty() || servers.get(0).getUrl() == null) {
            return base == null ? null : base.resolve("/");
        }
        Server s = servers.get(0);
        String url = s.getUrl();
        if (s.getVariables() != null) {
            for (var v : s.getVariables().entrySet()) {
                url = url.replace("{" + v.getKey() + "}", v.getValue().getDefault() == null ? "" : v.getValue().getDefault());
            }
        }
        try {
            URI u = URI.create(url);
            if (u.isAbsolute()) {
                return u;
            }
            return base == null ? null : base.resolve(url);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The JSON media type of a content map (application/json, or any +json), else its first entry. */
    private static Map.Entry<String, MediaType> json(Content content) {
        Map.Entry<String, MediaType> first = null;
        for (Map.Entry<String, MediaType> e : content.entrySet()) {
            String type = e.getKey().toLowerCase();
            if (type.startsWith("application/json") || type.contains("+json")) {
                return e;
            }
            if (first == null) {
                first = e;
            }
        }
        return first;
    }

    public String location() {
        return location;
    }

    /** Whether the spec is OpenAPI 3.1 (JSON Schema 2020-12) rather than 3.0 (its own schema dialect). */
    public boolean v31() {
        return v31;
    }

    public List<RestOperation> operations() {
        return operations;
    }

    /**
     * The answers' schemas as the spec writes them: read again, on first ask (a schema check), with
     * references resolved but not inlined: swagger-parser's inlining changes what some schemas allow.
     */
    synchronized WrittenSchemas written() throws OwnServiceException {
        if (written == null) {
            OpenAPI api = parse(location, false);
            try {
                written = new WrittenSchemas(api, v31);
            } catch (RuntimeException e) {
                throw new OwnServiceException(location + ": cannot read the answers' schemas: " + oneLine(e.getMessage()));
            }
        }
        return written;
    }

    /** The operation of that operationId (or "get /path" when it has none), or one line listing those there are. */
    public RestOperation operation(String id) throws OwnServiceException {
        for (RestOperation op : operations) {
            if (op.id().equals(id)) {
                return op;
            }
        }
        throw new OwnServiceException(location + ": no operation '" + id + "' (operations: "
                + String.join(", ", operations.stream().map(RestOperation::id).toList()) + ")");
    }

    static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
