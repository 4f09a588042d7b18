package io.wsbench.protocols.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.squareup.wire.schema.ProtoType;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * protobuf's well-known types in the JSON its own JsonFormat (and grpcurl, and every gateway) writes them, not as their
 * fields: a Timestamp as RFC 3339 text ("2026-01-31T12:00:00Z"), a Duration as "1.5s", a wrapper (StringValue,
 * Int64Value…) as its bare value, a FieldMask as "a.b,c", a Struct, Value and ListValue as the JSON they hold. A template
 * written so was refused ("placed must be a JSON object, not STRING"); the object form of their fields is still read.
 * Values are the maps {@link ProtoWire} writes and reads.
 */
final class WellKnown {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Map<String, ProtoType> WRAPPERS = Map.of(
            "google.protobuf.DoubleValue", ProtoType.DOUBLE, "google.protobuf.FloatValue", ProtoType.FLOAT,
            "google.protobuf.Int64Value", ProtoType.INT64, "google.protobuf.UInt64Value", ProtoType.UINT64,
            "google.protobuf.Int32Value", ProtoType.INT32, "google.protobuf.UInt32Value", ProtoType.UINT32,
            "google.protobuf.BoolValue", ProtoType.BOOL, "google.protobuf.StringValue", ProtoType.STRING,
            "google.protobuf.BytesValue", ProtoType.BYTES);

    private WellKnown() {
    }

    /** Whether {@code t} has a JSON form of its own. */
    static boolean is(ProtoType t) {
        String n = t.toString();
        return WRAPPERS.containsKey(n) || switch (n) {
            case "google.protobuf.Timestamp", "google.protobuf.Duration", "google.protobuf.FieldMask", "google.protobuf.Struct",
                 "google.protobuf.Value", "google.protobuf.ListValue" -> true;
            default -> false;
        };
    }

    /** {@code v} in its JSON form as the field values of {@code t}; null where {@code v} is the object form, read as any message. */
    static Map<String, Object> read(ProtoType t, JsonNode v, String at) {
        String n = t.toString();
        if (WRAPPERS.containsKey(n)) {
            return v.isObject() ? null : one("value", ProtoJson.scalar(WRAPPERS.get(n), v, at));
        }
        switch (n) {
            case "google.protobuf.Timestamp" -> {
                if (!v.isTextual()) {
                    return null;
                }
                try {
                    Instant i = OffsetDateTime.parse(v.asText().trim()).toInstant();
                    return seconds(i.getEpochSecond(), i.getNano());
                } catch (DateTimeParseException e) {
                    throw new IllegalArgumentException(at + " is a Timestamp: RFC 3339 text, as 2026-01-31T12:00:00Z, not " + v.asText());
                }
            }
            case "google.protobuf.Duration" -> {
                if (!v.isTextual()) {
                    return null;
                }
                String s = v.asText().trim();
                try {
                    if (!s.endsWith("s")) {
                        throw new NumberFormatException();
                    }
                    BigDecimal d = new BigDecimal(s.substring(0, s.length() - 1));
                    long whole = d.longValue();
                    return seconds(whole, d.subtract(BigDecimal.valueOf(whole)).movePointRight(9).intValue());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(at + " is a Duration: seconds with an s, as 1.5s, not " + s);
                }
            }
            case "google.protobuf.FieldMask" -> {
                if (!v.isTextual()) {
                    return null;
                }
                List<Object> paths = new ArrayList<>();
                for (String p : v.asText().split(",")) {
                    if (!p.isBlank()) {
                        paths.add(snake(p.trim()));
                    }
                }
                return one("paths", paths);
            }
            case "google.protobuf.Struct" -> {
                return struct(v, at);
            }
            case "google.protobuf.Value" -> {
                return value(v, at);
            }
            case "google.protobuf.ListValue" -> {
                return list(v, at);
            }
            default -> {
                return null;
            }
        }
    }

    /** The JSON form of {@code values}, field values of {@code t}. */
    static JsonNode write(ProtoType t, Map<String, Object> values) {
        String n = t.toString();
        if (WRAPPERS.containsKey(n)) {
            Object v = values.get("value");
            if (v == null) {
                return ProtoJson.zeroScalar(WRAPPERS.get(n));
            }
            return v instanceof okio.ByteString b ? NODES.textNode(b.base64()) : scalar(v);
        }
        return switch (n) {
            case "google.protobuf.Timestamp" -> NODES.textNode(Instant.ofEpochSecond(number(values.get("seconds")),
                    number(values.get("nanos"))).toString());
            case "google.protobuf.Duration" -> NODES.textNode(BigDecimal.valueOf(number(values.get("seconds")))
                    .add(BigDecimal.valueOf(number(values.get("nanos")), 9)).stripTrailingZeros().toPlainString() + "s");
            case "google.protobuf.FieldMask" -> NODES.textNode(String.join(",", list(values.get("paths")).stream()
                    .map(p -> camel(String.valueOf(p))).toList()));
            case "google.protobuf.Struct" -> structJson(values);
            case "google.protobuf.Value" -> valueJson(values);
            case "google.protobuf.ListValue" -> listJson(values);
            default -> NODES.nullNode();
        };
    }

    /** A sample of {@code t} in its JSON form, a wrapper's as its scalar's sample. */
    static JsonNode example(ProtoType t) {
        String n = t.toString();
        if (WRAPPERS.containsKey(n)) {
            return ProtoJson.example(WRAPPERS.get(n));
        }
        return switch (n) {
            case "google.protobuf.Timestamp" -> NODES.textNode("2026-01-31T12:00:00Z");
            case "google.protobuf.Duration" -> NODES.textNode("1.5s");
            case "google.protobuf.Value" -> NODES.textNode("text");
            case "google.protobuf.FieldMask" -> NODES.textNode(""); // names fields of its own choosing
            case "google.protobuf.Struct" -> NODES.objectNode();
            default -> NODES.arrayNode(); // a ListValue
        };
    }

    // ---- Struct, Value, ListValue: JSON itself

    private static Map<String, Object> struct(JsonNode v, String at) {
        if (!v.isObject()) {
            throw new IllegalArgumentException(at + " is a Struct: give a JSON object");
        }
        Map<Object, Object> fields = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            fields.put(e.getKey(), value(e.getValue(), at + "." + e.getKey()));
        }
        return one("fields", fields);
    }

    private static Map<String, Object> value(JsonNode v, String at) {
        if (v.isNull()) {
            return one("null_value", "NULL_VALUE");
        }
        if (v.isNumber()) {
            return one("number_value", v.doubleValue());
        }
        if (v.isBoolean()) {
            return one("bool_value", v.booleanValue());
        }
        if (v.isTextual()) {
            return one("string_value", v.asText());
        }
        return v.isArray() ? one("list_value", list(v, at)) : one("struct_value", struct(v, at));
    }

    private static Map<String, Object> list(JsonNode v, String at) {
        if (!v.isArray()) {
            throw new IllegalArgumentException(at + " is a ListValue: give a JSON array");
        }
        List<Object> values = new ArrayList<>();
        v.forEach(item -> values.add(value(item, at)));
        return one("values", values);
    }

    private static JsonNode structJson(Map<String, Object> values) {
        ObjectNode o = NODES.objectNode();
        if (values.get("fields") instanceof Map<?, ?> fields) {
            fields.forEach((k, val) -> o.set(String.valueOf(k), valueJson(map(val))));
        }
        return o;
    }

    private static JsonNode valueJson(Map<String, Object> values) {
        if (values.get("number_value") instanceof Number d) {
            return NODES.numberNode(d.doubleValue());
        }
        if (values.get("string_value") != null) {
            return NODES.textNode(String.valueOf(values.get("string_value")));
        }
        if (values.get("bool_value") instanceof Boolean b) {
            return NODES.booleanNode(b);
        }
        if (values.get("struct_value") != null) {
            return structJson(map(values.get("struct_value")));
        }
        if (values.get("list_value") != null) {
            return listJson(map(values.get("list_value")));
        }
        return NODES.nullNode();
    }

    private static JsonNode listJson(Map<String, Object> values) {
        ArrayNode a = NODES.arrayNode();
        list(values.get("values")).forEach(item -> a.add(valueJson(map(item))));
        return a;
    }

    // ---- small pieces

    private static Map<String, Object> one(String field, Object value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(field, value);
        return m;
    }

    private static Map<String, Object> seconds(long seconds, int nanos) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (seconds != 0) {
            m.put("seconds", seconds);
        }
        if (nanos != 0) {
            m.put("nanos", nanos);
        }
        return m;
    }

    private static long number(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }

    private static JsonNode scalar(Object v) {
        return v instanceof Boolean b ? NODES.booleanNode(b) : v instanceof Double d ? NODES.numberNode(d)
                : v instanceof Float f ? NODES.numberNode(f) : v instanceof Long l ? NODES.numberNode(l)
                : v instanceof Integer i ? NODES.numberNode(i) : NODES.textNode(String.valueOf(v));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    private static List<?> list(Object o) {
        return o instanceof List<?> l ? l : List.of();
    }

    private static String snake(String camel) {
        return camel.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }

    /** A field's JSON name: lower_snake as lowerCamel. */
    static String camel(String snake) {
        StringBuilder sb = new StringBuilder();
        boolean up = false;
        for (char c : snake.toCharArray()) {
            if (c == '_') {
                up = true;
            } else {
                sb.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return sb.toString();
    }
}
