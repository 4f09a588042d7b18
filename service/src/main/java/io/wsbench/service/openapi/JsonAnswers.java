package io.wsbench.service.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.AnnotationKeyword;
import com.networknt.schema.JsonMetaSchema;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.NonValidationKeyword;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.UnknownKeywordFactory;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.oas.OpenApi30;
import com.networknt.schema.oas.OpenApi31;
import io.wsbench.service.own.AnswerSchema;
import io.wsbench.service.own.OwnServiceException;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The schema check of a REST answer: its body validated by networknt's JSON Schema validator against
 * the schema the spec gives for its status and for the media type it carries (the most specific of
 * the spec's ranges that matches it: OpenAPI 3.0's own dialect, which knows {@code nullable}; JSON
 * Schema 2020-12 for 3.1). Each schema is compiled once, before the load.
 */
final class JsonAnswers {

    private static final ObjectMapper READER = new ObjectMapper();
    /** What an answer without a Content-Type is taken to be. */
    private static final MediaRange JSON = MediaRange.parse("application/json");

    private JsonAnswers() {
    }

    /** One described answer: each JSON-capable media range's schema, compiled; all its ranges; the range a JSON answer falls under. */
    private record Described(Map<String, JsonSchema> compiled, Set<String> ranges, String json) {
    }

    /** Null when the operation describes no answer with a JSON schema. */
    static AnswerSchema schema(ApiDescription api, RestOperation op) throws OwnServiceException {
        JsonSchemaFactory factory = factory(api.v31());
        WrittenSchemas written = api.written();
        Map<String, Described> described = new LinkedHashMap<>();
        boolean any = false;
        for (Map.Entry<String, RestOperation.Answer> a : op.answers().entrySet()) {
            Map<String, JsonSchema> compiled = new LinkedHashMap<>();
            Map<String, JsonNode> content = written.of(op.method(), op.path(), a.getKey());
            for (Map.Entry<String, JsonNode> c : content.entrySet()) {
                MediaRange range = MediaRange.parse(c.getKey());
                if (c.getValue() != null && range != null && range.admitsJson()) {
                    try {
                        compiled.put(c.getKey(), factory.getSchema(c.getValue()));
                    } catch (RuntimeException e) {
                        throw new OwnServiceException(api.location() + ": the schema of " + op.id() + "'s answer " + a.getKey()
                                + " (" + c.getKey() + ") cannot be compiled: " + ApiDescription.oneLine(e.getMessage()));
                    }
                }
            }
            any |= !compiled.isEmpty();
            Set<String> ranges = content.keySet();
            described.put(a.getKey(), new Described(compiled, ranges, MediaRange.best(compiled.keySet(), JSON)));
        }
        if (!any) {
            return null;
        }
        Map<String, MediaRange> parsed = new ConcurrentHashMap<>();
        return (status, contentType, body, length) -> {
            String key = op.answerKey(status);
            if (key == null) {
                return "status " + status + " is not among the answers the spec describes (" + String.join(", ", op.answers().keySet()) + ")";
            }
            Described d = described.get(key);
            String range = d.json(); // an answer without a Content-Type is read as the JSON the spec describes
            if (contentType != null && !contentType.isBlank() && !d.ranges().isEmpty()) {
                MediaRange carried = parsed.size() < 64 ? parsed.computeIfAbsent(contentType, JsonAnswers::parse) : parse(contentType);
                range = MediaRange.best(d.ranges(), carried);
                if (range == null) {
                    return "media type " + contentType + " is not among those the spec describes for " + key + " ("
                            + String.join(", ", d.ranges()) + ")";
                }
                if (!carried.json()) {
                    return null; // an XML or text answer under a range that allows it: a JSON schema cannot judge it
                }
            }
            JsonSchema schema = range == null ? null : d.compiled().get(range);
            return schema == null ? null : problem(schema, body, length);
        };
    }

    /** A Content-Type that is not type/subtype matches no range. */
    private static MediaRange parse(String contentType) {
        MediaRange m = MediaRange.parse(contentType);
        return m != null ? m : new MediaRange("", "", Map.of());
    }

    private static String problem(JsonSchema schema, byte[] body, int length) {
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
    }

    /**
     * The validator of the spec's dialect, knowing its vendor extensions: an {@code x-} keyword is
     * allowed anywhere in OpenAPI and says nothing about validity, so it is an annotation, not an
     * unknown keyword (which networknt warns about on the console). 3.0's dialect also holds the
     * {@code definitions} the spec's components are put in (2020-12 has {@code $defs}).
     */
    static JsonSchemaFactory factory(boolean v31) {
        JsonMetaSchema.Builder builder = JsonMetaSchema.builder(v31 ? OpenApi31.getInstance() : OpenApi30.getInstance())
                .unknownKeywordFactory((keyword, context) -> keyword.startsWith("x-") ? new AnnotationKeyword(keyword)
                        : UnknownKeywordFactory.getInstance().getKeyword(keyword, context));
        if (!v31) {
            builder.keyword(new NonValidationKeyword("definitions"));
        }
        JsonMetaSchema dialect = builder.build();
        return JsonSchemaFactory.getInstance(v31 ? SpecVersion.VersionFlag.V202012 : SpecVersion.VersionFlag.V4,
                b -> b.metaSchema(dialect).defaultMetaSchemaIri(dialect.getIri()));
    }
}
