package io.wsbench.service.grpc;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.protocols.Grpc;
import io.wsbench.protocols.grpc.ProtoSchema;
import io.wsbench.service.own.AnswerSchema;
import io.wsbench.service.own.OwnRequest;
import io.wsbench.service.own.OwnServiceException;
import io.wsbench.service.own.Placeholders;

import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * A unary (or server-streaming) call of a method a {@code .proto} file describes, its message built
 * from the user's rows: a JSON template with {@code ${column}} placeholders (or, without one, each of
 * the request message's fields that has a column of its name), filled per row and made protobuf by
 * {@link ProtoSchema} before any load, in gRPC's framing, POSTed to {@code /package.Service/Method}
 * as {@code application/grpc}. Answers are made JSON again for the checks (a streaming call's messages
 * as a JSON array), so {@code jsonpath:} checks read them as they read a REST answer.
 */
public final class GrpcRequest implements OwnRequest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ProtoSchema schema;
    private final ProtoSchema.Method method;
    private final Placeholders template;
    private final String templateSource;

    private GrpcRequest(ProtoSchema schema, ProtoSchema.Method method, Placeholders template, String templateSource) {
        this.schema = schema;
        this.method = method;
        this.template = template;
        this.templateSource = templateSource;
    }

    /**
     * {@code method} of {@code schema} ({@code package.Service/Method}, or shorter when unique), its
     * message from {@code template} (JSON with placeholders; null: from the columns), {@code columns}
     * being the data's header (null for no data).
     */
    public static GrpcRequest of(ProtoSchema schema, String method, String template, String templateSource, Set<String> columns)
            throws OwnServiceException {
        if (method == null) {
            throw new OwnServiceException(schema.source() + ": name the method to call with --method (wsbench grpc "
                    + schema.source() + " lists them)");
        }
        ProtoSchema.Method m;
        try {
            m = schema.method(method);
        } catch (IllegalArgumentException e) {
            throw new OwnServiceException(e.getMessage());
        }
        if (m.clientStreaming()) {
            throw new OwnServiceException(m.fullName() + " streams its requests: wsbench calls unary and server-streaming methods");
        }
        String text = template != null ? template : fromColumns(schema, m, columns);
        GrpcRequest r = new GrpcRequest(schema, m, Placeholders.of(text), template != null ? templateSource : "the message made of the columns");
        // the template must make a message once filled: checked now, with every placeholder a zero
        Map<String, String> zeros = new LinkedHashMap<>();
        r.template.names().forEach(n -> zeros.put(n, "0"));
        try {
            r.message(zeros);
        } catch (IllegalArgumentException e) {
            throw new OwnServiceException(r.templateSource + ": " + e.getMessage());
        }
        return r;
    }

    /** {"field": "${field}", ...} for each field of the request message that has a column of its name. */
    private static String fromColumns(ProtoSchema schema, ProtoSchema.Method m, Set<String> columns) {
        StringJoiner j = new StringJoiner(", ", "{", "}");
        if (columns != null) {
            schema.sample(m.requestType()).fields().forEachRemaining(f -> {
                if (columns.contains(f.getKey())) {
                    // a scalar or an enum from its text; a message or a list from the JSON its column holds
                    boolean raw = f.getValue().isContainerNode();
                    j.add("\"" + f.getKey() + "\": " + (raw ? "${" + f.getKey() + "}" : "\"${" + f.getKey() + "}\""));
                }
            });
        }
        return j.toString();
    }

    public ProtoSchema.Method method() {
        return method;
    }

    private byte[] message(Map<String, String> row) {
        String filled = template.fill(row, s -> new String(JsonStringEncoder.getInstance().quoteAsString(s)));
        JsonNode json;
        try {
            json = JSON.readTree(filled);
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON once filled: " + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()));
        }
        return ProtoSchema.frame(schema.encode(method.requestType(), json));
    }

    @Override
    public URI endpoint() {
        return null; // a .proto names no address: the URL is the user's
    }

    @Override
    public Set<String> placeholders() {
        return template.names();
    }

    @Override
    public byte[] wire(URI endpoint, Map<String, String> row, boolean keepAlive) {
        String base = endpoint.getRawPath() == null || endpoint.getRawPath().equals("/") ? "" : endpoint.getRawPath().replaceAll("/+$", "");
        URI call = endpoint.resolve(base + method.path());
        return HttpRequest.wire("POST", call, Grpc.headers(), message(row), keepAlive);
    }

    @Override
    public AnswerSchema answerSchema() {
        return null;
    }

    @Override
    public boolean soap() {
        return false;
    }

    @Override
    public boolean http2Only() {
        return true;
    }

    /** The answer's messages as JSON: one object for a unary call, an array of them for a server-streaming one. */
    @Override
    public byte[] readable(byte[] body, int length) {
        List<int[]> messages = ProtoSchema.messages(body, length);
        try {
            if (!method.serverStreaming()) {
                if (messages.size() != 1) {
                    throw new IllegalArgumentException("a unary call answered " + messages.size() + " messages");
                }
                return JSON.writeValueAsBytes(schema.decode(method.responseType(), body, messages.get(0)[0], messages.get(0)[1]));
            }
            ArrayNode all = JSON.createArrayNode();
            for (int[] m : messages) {
                all.add(schema.decode(method.responseType(), body, m[0], m[1]));
            }
            return JSON.writeValueAsBytes(all);
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }
}
