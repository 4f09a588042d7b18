package io.wsbench.service.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.oas.models.media.Schema;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.service.own.AnswerSchema;
import io.wsbench.service.own.Multipart;
import io.wsbench.service.own.OwnRequest;
import io.wsbench.service.own.OwnServiceException;
import io.wsbench.service.own.Placeholders;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A call of an OpenAPI operation: its path and query with each parameter from the row (or a sample
 * value when there is no data), its header parameters, and its JSON body (the user's template, or
 * one written from the schema with a placeholder per leaf, the optional ones the data lacks left
 * out); the answer's schema from the spec.
 */
public final class RestRequest implements OwnRequest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final RestOperation op;
    private final URI server;
    private final Placeholders target;
    private final Map<String, Placeholders> headers;
    private final Placeholders body;
    private final String mediaType;
    private final ApiDescription api;
    private final Set<String> optional;

    private RestRequest(ApiDescription api, RestOperation op, URI server, Placeholders target, Map<String, Placeholders> headers,
                        Placeholders body, String mediaType, Set<String> optional) {
        this.api = api;
        this.optional = optional;
        this.op = op;
        this.server = server;
        this.target = target;
        this.headers = headers;
        this.body = body;
        this.mediaType = mediaType;
    }

    /**
     * {@code template}: the user's body and the file it came from (every placeholder in it the
     * user's: each must have its column), or null to write one from the schema. {@code columns}: the
     * data's header, or null for no data: then every value is a sample, and optional parameters are
     * left out; with data, an optional parameter or body property is sent when its column is there
     * (or, for an object, one of its leaves' columns), and a required one must have its column.
     */
    public static RestRequest of(ApiDescription api, RestOperation op, String template, String templateSource,
                                 Set<String> columns) throws OwnServiceException {
        return of(api, op, template, templateSource, columns, Map.of(), false);
    }

    /**
     * As {@link #of(ApiDescription, RestOperation, String, String, Set)}, with the user's own
     * {@code headers} (values may hold placeholders): one named as a header parameter of the
     * operation (HTTP names compare without case) is that parameter's value, the others are added.
     */
    public static RestRequest of(ApiDescription api, RestOperation op, String template, String templateSource,
                                 Set<String> columns, Map<String, String> headers) throws OwnServiceException {
        return of(api, op, template, templateSource, columns, headers, false);
    }

    /** The request with a placeholder for every parameter and every body leaf, optional or not: what {@code --template} shows. */
    public static RestRequest template(ApiDescription api, RestOperation op) throws OwnServiceException {
        return of(api, op, null, null, Set.of(), Map.of(), true);
    }

    private static RestRequest of(ApiDescription api, RestOperation op, String template, String templateSource,
                                  Set<String> columns, Map<String, String> given, boolean everything) throws OwnServiceException {
        Set<String> paramNames = new LinkedHashSet<>();
        op.parameters().forEach(p -> paramNames.add(p.name()));
        Set<String> optional = new LinkedHashSet<>();
        String path = op.path();
        StringBuilder query = new StringBuilder();
        Map<String, Placeholders> headers = new LinkedHashMap<>();
        Map<String, String> added = new LinkedHashMap<>(given);
        for (RestOperation.Param p : op.parameters()) {
            String header = "header".equals(p.in()) ? named(added.keySet(), p.name()) : null;
            if (header != null) {
                headers.put(header, Placeholders.of(added.remove(header)));
                continue;
            }
            boolean sent = p.required() || everything || (columns != null && columns.contains(p.name()));
            if (!sent) {
                continue;
            }
            if (!p.required()) {
                optional.add(p.name());
            }
            String value = columns != null ? "${" + p.name() + "}" : null;
            JsonNode sample = columns != null ? null : sample(p);
            switch (p.in()) {
                case "path" -> path = path.replace("{" + p.name() + "}", columns != null ? value : styled(p, sample, true));
                case "query" -> query.append(query.length() == 0 ? '?' : '&')
                        .append(columns != null ? url(p.name()) + "=" + value : styled(p, sample, true));
                case "header" -> headers.put(p.name(), Placeholders.of(columns != null ? value : styled(p, sample, false)));
                default -> {
                    // cookies are left to a template of the user's: wsbench sends none
                }
            }
        }
        added.forEach((k, v) -> headers.put(k, Placeholders.of(v)));
        Placeholders bodyText = null;
        String mediaType = null;
        if (op.body() != null || template != null) {
            mediaType = op.body() != null && op.body().mediaType() != null ? op.body().mediaType() : "application/json";
            String text = template;
            if (text == null && columns != null) {
                JsonSample.Written written = everything ? JsonSample.template(op.body().schema(), paramNames)
                        : JsonSample.template(op.body().schema(), paramNames, columns);
                text = written.text();
                optional.addAll(written.optional());
            } else if (text == null) {
                text = JsonSample.sample(op.body().schema(), op.body().names());
            } else if (mediaType.contains("json")) {
                wellFormed(text, templateSource);
            }
            if (template == null && mediaType.toLowerCase(java.util.Locale.ROOT).startsWith(MULTIPART)) {
                text = multipart(text, op.body().schema()); // written from the schema as JSON: a part per property
                mediaType = MULTIPART + "; boundary=" + BOUNDARY;
            } else if (template == null && !mediaType.contains("json")) {
                text = notJson(text, mediaType); // written from the schema as JSON: in the body's own media type
            }
            bodyText = Placeholders.of(text);
        }
        return new RestRequest(api, op, op.server(), Placeholders.of(path + query), headers, bodyText, mediaType, Set.copyOf(optional));
    }

    /** The one of {@code names} that is {@code name} without case, or null. */
    private static String named(Set<String> names, String name) {
        return names.stream().filter(n -> n.equalsIgnoreCase(name)).findFirst().orElse(null);
    }

    /** A placeholder may stand for a string's content or for a whole number: checked with each one a 0. */
    private static void wellFormed(String text, String source) throws OwnServiceException {
        String filled = Placeholders.of(text).fill(Map.of(), v -> "0");
        try {
            JSON.readTree(filled);
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw new OwnServiceException(source + (at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr())
                    + ": the template is not JSON: " + ApiDescription.oneLine(e.getOriginalMessage()));
        }
    }

    private static JsonNode sample(RestOperation.Param p) {
        String json = JsonSample.sample(p.schema());
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            return com.fasterxml.jackson.databind.node.TextNode.valueOf(json);
        }
    }

    /**
     * A sample parameter value as its style writes it (OpenAPI 3, "Style Values"): a query's whole {@code name=value}
     * pairs, a path's or a header's value; each piece URL-encoded where {@code encode}. An array's items and an
     * object's keys and values are pieces, so that {@code status: [available]} goes as {@code status=available}, not
     * as the JSON {@code ["available"]}.
     */
    static String styled(RestOperation.Param p, JsonNode v, boolean encode) {
        UnaryOperator<String> e = encode ? RestRequest::url : UnaryOperator.identity();
        List<String> items = new ArrayList<>();
        List<String> pairs = new ArrayList<>(); // an object's key=value, exploded
        if (v.isArray()) {
            v.forEach(i -> items.add(e.apply(text(i))));
        } else if (v.isObject()) {
            v.fields().forEachRemaining(f -> {
                items.add(e.apply(f.getKey()));
                items.add(e.apply(text(f.getValue())));
                pairs.add(e.apply(f.getKey()) + "=" + e.apply(text(f.getValue())));
            });
        } else {
            items.add(e.apply(text(v)));
        }
        String name = e.apply(p.name());
        boolean exploded = p.explode() && (v.isArray() || v.isObject());
        return switch (p.style()) {
            case "form" -> v.isObject() && p.explode() ? String.join("&", pairs)
                    : exploded ? String.join("&", items.stream().map(i -> name + "=" + i).toList()) : name + "=" + String.join(",", items);
            case "spaceDelimited" -> name + "=" + String.join(encode ? "%20" : " ", items);
            case "pipeDelimited" -> name + "=" + String.join(encode ? "%7C" : "|", items);
            case "deepObject" -> v.isObject() ? String.join("&", pairs.stream().map(kv -> name + "%5B" + kv.replaceFirst("=", "%5D=")).toList())
                    : name + "=" + String.join(",", items);
            case "label" -> "." + (v.isObject() && p.explode() ? String.join(".", pairs) : String.join(exploded ? "." : ",", items));
            case "matrix" -> v.isObject() && p.explode() ? ";" + String.join(";", pairs)
                    : exploded ? ";" + String.join(";", items.stream().map(i -> name + "=" + i).toList()) : ";" + name + "=" + String.join(",", items);
            default -> v.isObject() && p.explode() ? String.join(",", pairs) : String.join(",", items); // simple
        };
    }

    private static String text(JsonNode n) {
        return n.isValueNode() ? n.asText() : n.toString();
    }

    private static final String FORM = "application/x-www-form-urlencoded";
    private static final String MULTIPART = "multipart/form-data";
    /** Between a sample's parts: text that no sample value holds. */
    static final String BOUNDARY = "wsbench-sample-part-boundary";

    /**
     * A {@code multipart/form-data} body written from the schema's JSON sample: a part per property (an array of
     * values a part per item, as a form sends several files under one name; an object as JSON), a binary property
     * ({@code format: binary}, or 3.1's {@code contentMediaType}) as a file, {@code <name>.bin}, whose bytes are its
     * sample text. A sample that is no object is kept as it was.
     */
    static String multipart(String json, Schema<?> schema) {
        JsonNode n = quotedPlaceholders(json);
        if (n == null || !n.isObject()) {
            return json;
        }
        Map<String, Schema> properties = schema == null || schema.getProperties() == null ? Map.of() : schema.getProperties();
        StringBuilder b = new StringBuilder();
        n.fields().forEachRemaining(f -> {
            Schema<?> p = properties.get(f.getKey());
            boolean many = f.getValue().isArray() && f.getValue().size() > 0 && f.getValue().get(0).isValueNode();
            boolean binary = binary(many && p != null ? p.getItems() : p);
            for (JsonNode v : many ? f.getValue() : List.of(f.getValue())) {
                b.append(Multipart.head(BOUNDARY, f.getKey(), binary ? f.getKey() + ".bin" : null,
                        binary ? "application/octet-stream" : v.isContainerNode() ? "application/json" : null));
                b.append(text(v)).append(Multipart.AFTER_PART);
            }
        });
        return b.append(Multipart.end(BOUNDARY)).toString();
    }

    /** Whether a property holds a file's bytes: OpenAPI 3.0's {@code format: binary}, 3.1's {@code contentMediaType}. */
    private static boolean binary(Schema<?> p) {
        return p != null && ("binary".equals(p.getFormat()) || p.getContentMediaType() != null);
    }

    /**
     * A body written from the schema as JSON, in a media type that is not JSON: an HTML form's {@code key=value} pairs
     * (an array's items each under the key, any other value as its JSON text, placeholders kept and filled URL-encoded),
     * or a string's text without its quotes (text/plain, application/octet-stream). Other media types (XML, multipart/mixed)
     * keep the JSON, which their server will likely refuse: a template of the user's says what to send; multipart/form-data
     * is {@link #multipart}'s.
     */
    static String notJson(String json, String mediaType) {
        JsonNode n = quotedPlaceholders(json);
        if (n == null) {
            return json;
        }
        if (mediaType.startsWith(FORM) && n.isObject()) {
            List<String> pairs = new ArrayList<>();
            n.fields().forEachRemaining(f -> {
                List<JsonNode> values = new ArrayList<>();
                if (f.getValue().isArray()) {
                    f.getValue().forEach(values::add);
                } else {
                    values.add(f.getValue());
                }
                for (JsonNode v : values) {
                    String t = text(v);
                    pairs.add(url(f.getKey()) + "=" + (t.startsWith("${") && t.endsWith("}") ? t : url(t)));
                }
            });
            return String.join("&", pairs);
        }
        return n.isTextual() && !mediaType.startsWith("multipart/") ? n.asText() : json;
    }

    /** A body written as JSON, read with a template's bare placeholders ({@code ${qty}}) quoted; null if it is no JSON. */
    private static JsonNode quotedPlaceholders(String json) {
        try {
            return JSON.readTree(json.replaceAll("(?<![\"\\w])(\\$\\{[^}]+})", "\"$1\""));
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static String url(String v) {
        return URLEncoder.encode(v, StandardCharsets.UTF_8).replace("+", "%20");
    }

    public RestOperation operation() {
        return op;
    }

    /**
     * Where the spec declares the required parameter a placeholder stands for, in a refusal's words:
     * "header parameter Authorization of placeOrder (POST /orders in spec.yaml)"; null when the
     * placeholder stands for none (a body leaf, an optional parameter).
     */
    public String declared(String placeholder) {
        for (RestOperation.Param p : op.parameters()) {
            if (p.required() && p.name().equals(placeholder)) {
                return p.in() + " parameter " + p.name() + " of " + op.id() + " (" + op.method() + " " + op.path()
                        + " in " + api.location() + ")";
            }
        }
        return null;
    }

    /** The request as a listing prints it: method and address, headers, body; placeholders shown as they are. */
    public String describe(URI endpoint) {
        Map<String, String> shown = new LinkedHashMap<>();
        placeholders().forEach(n -> shown.put(n, "${" + n + "}"));
        StringBuilder sb = new StringBuilder(op.method()).append(' ').append(base(endpoint))
                .append(target.fill(shown, UnaryOperator.identity())).append('\n');
        headers.forEach((k, v) -> sb.append(k).append(": ").append(v.fill(shown, UnaryOperator.identity())).append('\n'));
        if (body != null) {
            sb.append("Content-Type: ").append(mediaType).append("\n\n").append(body.fill(shown, UnaryOperator.identity())).append('\n');
        }
        return sb.toString();
    }

    private static String base(URI endpoint) {
        String base = endpoint == null ? "" : endpoint.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return base;
    }

    private URI address(URI endpoint, Map<String, String> row) {
        return URI.create(base(endpoint) + target.fill(row, RestRequest::url));
    }

    @Override
    public URI endpoint() {
        return server;
    }

    @Override
    public Set<String> placeholders() {
        Set<String> names = new LinkedHashSet<>(target.names());
        headers.values().forEach(h -> names.addAll(h.names()));
        if (body != null) {
            names.addAll(body.names());
        }
        return names;
    }

    /** The placeholders the data may lack: optional parameters, and body leaves the schema does not require (or what holds them). */
    public Set<String> optional() {
        Set<String> names = new LinkedHashSet<>(placeholders());
        names.retainAll(optional);
        return names;
    }

    @Override
    public byte[] wire(URI endpoint, Map<String, String> row, boolean keepAlive) {
        Map<String, String> h = new LinkedHashMap<>();
        RestOperation.Answer ok = op.answer(200);
        h.put("Accept", ok != null && ok.mediaType() != null ? ok.mediaType() : "application/json");
        headers.forEach((k, v) -> {
            h.keySet().removeIf(k::equalsIgnoreCase); // the user's Accept replaces wsbench's
            h.put(k, v.fill(row, s -> s.replaceAll("[\r\n]", " ")));
        });
        byte[] content = new byte[0];
        if (body != null) {
            if (h.keySet().stream().noneMatch("Content-Type"::equalsIgnoreCase)) {
                h.put("Content-Type", mediaType);
            }
            UnaryOperator<String> escape = mediaType.contains("json") ? RestRequest::jsonText
                    : mediaType.startsWith(FORM) ? RestRequest::url : UnaryOperator.identity();
            content = body.fill(row, escape).getBytes(StandardCharsets.UTF_8);
        }
        return HttpRequest.wire(op.method(), address(endpoint, row), h, content, keepAlive);
    }

    /** A value put inside a JSON string (or standing for a number, which escaping leaves alone): Jackson's own escaping. */
    static String jsonText(String s) {
        return new String(JsonStringEncoder.getInstance().quoteAsString(s));
    }

    @Override
    public AnswerSchema answerSchema() throws OwnServiceException {
        return JsonAnswers.schema(api, op);
    }

    @Override
    public boolean soap() {
        return false;
    }
}
