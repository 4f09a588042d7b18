package io.wsbench.protocols.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonMetaSchema;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.oas.OpenApi30;
import com.networknt.schema.oas.OpenApi31;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.core.util.Json31;
import io.wsbench.protocols.own.AnswerSchema;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The schema check of a REST answer: its body validated by networknt's JSON Schema validator against
 * the schema the spec gives for its status (OpenAPI 3.0's own dialect, which knows {@code nullable};
 * JSON Schema 2020-12 for 3.1). Each schema is compiled once, before the load.
 */
final class JsonAnswers {

    private static final ObjectMapper READER = new ObjectMapper();

    private JsonAnswers() {
    }

    /** Null when the operation describes no answer with a JSON schema. */
    static AnswerSchema schema(ApiDescription api, RestOperation op) {
        JsonMetaSchema dialect = api.v31() ? OpenApi31.getInstance() : OpenApi30.getInstance();
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(api.v31() ? SpecVersion.VersionFlag.V202012 : SpecVersion.VersionFlag.V4,
                b -> b.metaSchema(dialect).defaultMetaSchemaIri(dialect.getIri()));
        ObjectMapper writer = api.v31() ? Json31.mapper() : Json.mapper();
        Map<String, JsonSchema> compiled = new LinkedHashMap<>();
        op.answers().forEach((status, answer) -> {
            if (answer.schema() != null && answer.mediaType() != null && answer.mediaType().contains("json")) {
                compiled.put(status, factory.getSchema(writer.<JsonNode>valueToTree(answer.schema())));
            }
        });
        if (compiled.isEmpty()) {
            return null;
        }
        return (status, body, length) -> {
            String described = op.answerKey(status);
            if (described == null) {
                return "status " + status + " is not among the answers the spec describes (" + String.join(", ", op.answers().keySet()) + ")";
            }
            JsonSchema schema = compiled.get(described);
            if (schema == null) {
                return null;
            }
            JsonNode node;
            try {
                node = READER.readTree(body, 0, length);
            } catch (Exception e) {
                return "not JSON: " + ApiDescription.oneLine(e.getMessage());
            }
            if (node == null) {
                return "an empty body, where the spec describes a JSON one";
            }
            Set<ValidationMessage> errors = schema.validate(node);
            return errors.isEmpty() ? null : errors.iterator().next().getMessage();
        };
    }
}
