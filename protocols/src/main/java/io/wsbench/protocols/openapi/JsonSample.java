package io.wsbench.protocols.openapi;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.oas.models.media.Schema;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A JSON value written from an OpenAPI schema: a sample (its example, the first of its enum, or a
 * value of its type and format at each leaf) or a template (a {@code ${name}} placeholder at each
 * leaf: quoted for strings, bare for numbers and booleans, names made unique by their path).
 */
final class JsonSample {

    /** Deep enough for any real body; a schema that refers to itself stops here. */
    private static final int MAX_DEPTH = 12;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final boolean placeholders;
    private final Set<String> names;
    private final List<String> written = new ArrayList<>();
    private final JsonGenerator out;
    private final StringWriter text = new StringWriter();

    private JsonSample(boolean placeholders, Set<String> taken) {
        this.placeholders = placeholders;
        this.names = new LinkedHashSet<>(taken);
        try {
            out = JSON.getFactory().createGenerator(text).useDefaultPrettyPrinter();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A sample value of {@code schema}, pretty-printed. */
    static String sample(Schema<?> schema) {
        return write(schema, false, Set.of()).text;
    }

    /** The value with a placeholder per leaf, names unique among themselves and {@code taken} (the parameters'). */
    static Written template(Schema<?> schema, Set<String> taken) {
        return write(schema, true, taken);
    }

    record Written(String text, List<String> names) {
    }

    private static Written write(Schema<?> schema, boolean placeholders, Set<String> taken) {
        JsonSample s = new JsonSample(placeholders, taken);
        try {
            s.value(schema, "value", "", 0);
            s.out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Written(s.text.toString(), List.copyOf(s.written));
    }

    private void value(Schema<?> schema, String name, String path, int depth) throws IOException {
        if (schema == null || depth > MAX_DEPTH) {
            out.writeNull();
            return;
        }
        Schema<?> s = merged(schema);
        String type = type(s);
        if ("object".equals(type)) {
            out.writeStartObject();
            if (s.getProperties() != null) {
                for (Map.Entry<String, Schema> p : s.getProperties().entrySet()) {
                    out.writeFieldName(p.getKey());
                    value(p.getValue(), p.getKey(), path.isEmpty() ? p.getKey() : path + "." + p.getKey(), depth + 1);
                }
            }
            out.writeEndObject();
        } else if ("array".equals(type)) {
            out.writeStartArray();
            value(s.getItems(), name, path.isEmpty() ? name : path, depth + 1);
            out.writeEndArray();
        } else if (placeholders) {
            String unique = unique(name, path);
            String placeholder = "${" + unique + "}";
            if ("string".equals(type) || type == null) {
                out.writeString(placeholder);
            } else {
                out.writeRawValue(placeholder);
            }
        } else {
            leaf(s, type);
        }
    }

    private String unique(String name, String path) {
        String n = name;
        if (names.contains(n) && !path.isEmpty()) {
            n = path;
        }
        String base = n;
        for (int i = 2; names.contains(n); i++) {
            n = base + i;
        }
        names.add(n);
        written.add(n);
        return n;
    }

    private void leaf(Schema<?> s, String type) throws IOException {
        Object example = s.getExample() != null ? s.getExample()
                : s.getExamples() != null && !s.getExamples().isEmpty() ? s.getExamples().get(0)
                : s.getEnum() != null && !s.getEnum().isEmpty() ? s.getEnum().get(0)
                : s.getDefault();
        if (example != null) {
            out.writeTree(JSON.valueToTree(example));
            return;
        }
        switch (type == null ? "string" : type) {
            case "integer" -> out.writeNumber(s.getMinimum() != null ? s.getMinimum().max(BigDecimal.ONE).toBigInteger().longValue() : 3);
            case "number" -> out.writeNumber(s.getMinimum() != null ? s.getMinimum().max(new BigDecimal("1.5")) : new BigDecimal("1.5"));
            case "boolean" -> out.writeBoolean(true);
            default -> out.writeString(switch (s.getFormat() == null ? "" : s.getFormat()) {
                case "date" -> "2026-01-31";
                case "date-time" -> "2026-01-31T12:00:00Z";
                case "uuid" -> "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
                case "email" -> "ada@example.com";
                case "uri" -> "https://example.com/";
                case "byte" -> "d3NiZW5jaA==";
                default -> "text";
            });
        }
    }

    /** allOf's parts merged into one object; oneOf and anyOf take their first choice. */
    private static Schema<?> merged(Schema<?> s) {
        if (s.getAllOf() != null && !s.getAllOf().isEmpty()) {
            Schema<Object> all = new Schema<>();
            Map<String, Schema> properties = new LinkedHashMap<>();
            if (s.getProperties() != null) {
                properties.putAll(s.getProperties());
            }
            for (Schema<?> part : s.getAllOf()) {
                Schema<?> m = merged(part);
                if (m.getProperties() != null) {
                    properties.putAll(m.getProperties());
                } else if (type(m) != null && !"object".equals(type(m))) {
                    return m;
                }
            }
            all.setType("object");
            all.setProperties(properties);
            return all;
        }
        if (s.getOneOf() != null && !s.getOneOf().isEmpty()) {
            return merged(s.getOneOf().get(0));
        }
        if (s.getAnyOf() != null && !s.getAnyOf().isEmpty()) {
            return merged(s.getAnyOf().get(0));
        }
        return s;
    }

    /** The schema's type in 3.0 ({@code type}) or 3.1 ({@code types}, "null" set aside); guessed from its keywords when absent. */
    static String type(Schema<?> s) {
        if (s.getType() != null) {
            return s.getType();
        }
        if (s.getTypes() != null) {
            for (String t : s.getTypes()) {
                if (!"null".equals(t)) {
                    return t;
                }
            }
        }
        if (s.getProperties() != null || s.getAllOf() != null) {
            return "object";
        }
        return s.getItems() != null ? "array" : null;
    }

    /** "integer", "string/date", "array of object": what a listing says of a parameter. */
    static String typeName(Schema<?> s) {
        Schema<?> m = merged(s);
        String t = type(m);
        if ("array".equals(t)) {
            return "array of " + (m.getItems() == null ? "any" : typeName(m.getItems()));
        }
        return (t == null ? "any" : t) + (m.getFormat() == null ? "" : "/" + m.getFormat())
                + (m.getEnum() == null || m.getEnum().isEmpty() ? "" : " one of " + m.getEnum());
    }
}
