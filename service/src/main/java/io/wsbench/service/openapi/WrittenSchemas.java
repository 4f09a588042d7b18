package io.wsbench.service.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.responses.ApiResponse;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The answers' schemas as the spec writes them, each a JSON Schema document of its own: its
 * {@code $ref}s to the spec's components point into its own {@code definitions} (3.0) or
 * {@code $defs} (3.1). Taken before swagger-parser inlines every reference, which in 3.1 adds a
 * {@code type: object} to an {@code anyOf} (FastAPI's {@code Optional[str]}), refusing its null.
 */
final class WrittenSchemas {

    private static final String COMPONENTS = "#/components/schemas/";

    /** "METHOD path" to status to media range to schema (null where the range has none). */
    private final Map<String, Map<String, Map<String, JsonNode>>> byOperation = new HashMap<>();

    /** Reads {@code api} as parsed with its references resolved but not inlined. */
    WrittenSchemas(OpenAPI api, boolean v31) {
        ObjectMapper mapper = v31 ? Json31.mapper() : Json.mapper();
        String defs = v31 ? "$defs" : "definitions";
        JsonNode components = api.getComponents() == null || api.getComponents().getSchemas() == null ? null
                : local(mapper.valueToTree(api.getComponents().getSchemas()), defs);
        Map<String, ApiResponse> shared = api.getComponents() == null || api.getComponents().getResponses() == null
                ? Map.of() : api.getComponents().getResponses();
        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, op) -> {
            Map<String, Map<String, JsonNode>> answers = new LinkedHashMap<>();
            if (op.getResponses() != null) {
                op.getResponses().forEach((status, r) -> {
                    ApiResponse answer = r.get$ref() == null ? r : shared.get(r.get$ref().substring(r.get$ref().lastIndexOf('/') + 1));
                    Map<String, JsonNode> content = new LinkedHashMap<>();
                    if (answer != null && answer.getContent() != null) {
                        answer.getContent().forEach((range, media) -> content.put(range, media.getSchema() == null ? null
                                : document(local(mapper.valueToTree(media.getSchema()), defs), defs, components)));
                    }
                    answers.put(status, Collections.unmodifiableMap(content));
                });
            }
            byOperation.put(method.name() + " " + path, answers);
        }));
    }

    /** The media ranges of the answer of {@code status} to their schemas; empty when it has no content. */
    Map<String, JsonNode> of(String method, String path, String status) {
        return byOperation.getOrDefault(method + " " + path, Map.of()).getOrDefault(status, Map.of());
    }

    private static JsonNode document(JsonNode schema, String defs, JsonNode components) {
        if (components == null || !schema.isObject()) {
            return schema;
        }
        ObjectNode doc = ((ObjectNode) schema).deepCopy();
        doc.set(defs, components);
        return doc;
    }

    /** Every {@code $ref} to the spec's components rewritten to point into {@code defs} instead. */
    private static JsonNode local(JsonNode node, String defs) {
        if (node.isObject()) {
            ObjectNode o = (ObjectNode) node;
            JsonNode ref = o.get("$ref");
            if (ref != null && ref.isTextual() && ref.textValue().startsWith(COMPONENTS)) {
                o.set("$ref", TextNode.valueOf("#/" + defs + "/" + ref.textValue().substring(COMPONENTS.length())));
            }
            o.forEach(child -> local(child, defs));
        } else if (node.isArray()) {
            node.forEach(child -> local(child, defs));
        }
        return node;
    }
}
