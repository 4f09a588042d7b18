package io.wsbench.protocols.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.squareup.wire.schema.EnumType;
import com.squareup.wire.schema.Field;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.Type;
import okio.ByteString;

import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A schema's messages between JSON and the field values {@link ProtoWire} reads and writes, as
 * protobuf's own JsonFormat maps them: field names as declared or in lowerCamelCase, 64-bit integers
 * as numbers or strings, enums by name or number, bytes as base64, proto3's zero values filled in
 * on the way back, the well-known types in their own JSON ({@link WellKnown}); and a sample of a message.
 */
final class ProtoJson {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final Schema schema;

    ProtoJson(Schema schema) {
        this.schema = schema;
    }

    /**
     * A sample of {@code m} as JSON, a request to save as a template: every field with a value proto3 sends (a zero value
     * would be left off the wire, and the request sent as it is would carry nothing): "text", 3, 1.5, true, an enum's first
     * value that is not its zero, a map of one entry, the well-known types in their own JSON; nested messages once.
     */
    ObjectNode sample(MessageType m) {
        return sample(m, new java.util.HashSet<>());
    }

    private ObjectNode sample(MessageType m, java.util.Set<String> seen) {
        ObjectNode o = NODES.objectNode();
        if (!seen.add(m.getType().toString())) {
            return o; // a recursive message: once is enough
        }
        java.util.Set<String> otherChoices = new java.util.HashSet<>(); // a oneof holds one field: its first is shown
        m.getOneOfs().forEach(one -> one.getFields().stream().skip(1).forEach(f -> otherChoices.add(f.getName())));
        for (Field f : ProtoWire.fields(m)) {
            if (otherChoices.contains(f.getName())) {
                continue;
            }
            JsonNode v = sample(f.getType(), seen);
            o.set(f.getName(), f.isRepeated() ? NODES.arrayNode().add(v) : v);
        }
        seen.remove(m.getType().toString());
        return o;
    }

    /** A sample value of type {@code t}. */
    private JsonNode sample(ProtoType t, java.util.Set<String> seen) {
        if (t.isMap()) {
            return NODES.objectNode().set(example(t.getKeyType()).asText(), sample(t.getValueType(), seen)); // an entry
        }
        if (t.isScalar()) {
            return example(t);
        }
        if (WellKnown.is(t)) {
            return WellKnown.example(t);
        }
        Type type = schema.getType(t);
        if (type instanceof EnumType e) {
            List<com.squareup.wire.schema.EnumConstant> constants = e.getConstants();
            return NODES.textNode(constants.isEmpty() ? ""
                    : constants.stream().filter(c -> c.getTag() != 0).findFirst().orElse(constants.get(0)).getName());
        }
        return type instanceof MessageType m ? sample(m, seen) : NODES.nullNode();
    }

    /** proto3's default of a scalar or an enum field, as an answer that left it off the wire reads it. */
    private JsonNode zero(ProtoType t) {
        if (schema.getType(t) instanceof EnumType e) {
            return NODES.textNode(e.getConstants().isEmpty() ? "" : e.getConstants().get(0).getName());
        }
        return zeroScalar(t);
    }

    static JsonNode zeroScalar(ProtoType t) {
        return t.equals(ProtoType.STRING) || t.equals(ProtoType.BYTES) ? NODES.textNode("")
                : t.equals(ProtoType.BOOL) ? NODES.booleanNode(false) : NODES.numberNode(0);
    }

    /** A scalar a sample sends: as the WSDL's and OpenAPI's samples write them. */
    static JsonNode example(ProtoType t) {
        return t.equals(ProtoType.STRING) ? NODES.textNode("text") : t.equals(ProtoType.BYTES) ? NODES.textNode("dGV4dA==")
                : t.equals(ProtoType.BOOL) ? NODES.booleanNode(true)
                : t.equals(ProtoType.FLOAT) || t.equals(ProtoType.DOUBLE) ? NODES.numberNode(1.5) : NODES.numberNode(3);
    }

    Map<String, Object> toMap(MessageType m, JsonNode json, String where) {
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException(where + " must be a JSON object, not " + (json == null ? "nothing" : json.getNodeType()));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Field> byName = new LinkedHashMap<>();
        for (Field f : ProtoWire.fields(m)) {
            byName.put(f.getName(), f);
            byName.putIfAbsent(WellKnown.camel(f.getName()), f);
            if (f.getDeclaredJsonName() != null) {
                byName.putIfAbsent(f.getDeclaredJsonName(), f);
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Field f = byName.get(e.getKey());
            if (f == null) {
                throw new IllegalArgumentException(where + " has no field " + e.getKey() + " (it has: "
                        + String.join(", ", ProtoWire.fields(m).stream().map(Field::getName).toList()) + ")");
            }
            JsonNode v = e.getValue();
            if (v.isNull()) {
                continue;
            }
            String at = where + "." + f.getName();
            if (f.isRepeated()) {
                if (!v.isArray()) {
                    throw new IllegalArgumentException(at + " is repeated: give a JSON array");
                }
                List<Object> list = new ArrayList<>();
                v.forEach(item -> list.add(value(f.getType(), item, at)));
                out.put(f.getName(), list);
            } else {
                out.put(f.getName(), value(f.getType(), v, at));
            }
        }
        return out;
    }

    private Object value(ProtoType t, JsonNode v, String at) {
        if (t.isMap()) {
            if (!v.isObject()) {
                throw new IllegalArgumentException(at + " is a map: give a JSON object");
            }
            Map<Object, Object> map = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                map.put(value(t.getKeyType(), NODES.textNode(e.getKey()), at), value(t.getValueType(), e.getValue(), at));
            }
            return map;
        }
        if (t.isScalar()) {
            return scalar(t, v, at);
        }
        Type type = schema.getType(t);
        if (type instanceof EnumType e) {
            if (v.isNumber()) {
                return v.intValue();
            }
            if (v.asText().matches("-?\\d{1,10}")) {
                return Integer.parseInt(v.asText()); // a number in a string, as JsonFormat takes it
            }
            if (e.constant(v.asText()) == null) {
                throw new IllegalArgumentException(at + ": " + v.asText() + " is not a value of " + t);
            }
            return v.asText();
        }
        if (WellKnown.is(t)) {
            Map<String, Object> known = WellKnown.read(t, v, at);
            if (known != null) {
                return known;
            }
        }
        if (type instanceof MessageType m) {
            return toMap(m, v, at);
        }
        throw new IllegalArgumentException(at + ": no type " + t);
    }

    /** A scalar of type {@code t} read from JSON, as JsonFormat reads it; {@code at} names it in a refusal. */
    static Object scalar(ProtoType t, JsonNode v, String at) {
        String s = v.asText();
        try {
            switch (t.getSimpleName()) {
                case "int32", "sint32", "sfixed32", "uint32", "fixed32" -> {
                    return v.isNumber() ? v.intValue() : (int) Long.parseLong(s.strip());
                }
                case "int64", "sint64", "sfixed64", "uint64", "fixed64" -> {
                    return v.isNumber() ? v.longValue() : Long.parseLong(s.strip());
                }
                case "float" -> {
                    return v.isNumber() ? v.floatValue() : Float.parseFloat(s.strip());
                }
                case "double" -> {
                    return v.isNumber() ? v.doubleValue() : Double.parseDouble(s.strip());
                }
                case "bool" -> {
                    if (v.isBoolean() || "true".equals(s) || "false".equals(s)) {
                        return v.isBoolean() ? v.booleanValue() : Boolean.parseBoolean(s);
                    }
                    throw new IllegalArgumentException(at + " is a bool: true or false, not " + s);
                }
                case "bytes" -> {
                    return ByteString.of(Base64.getDecoder().decode(s));
                }
                default -> {
                    return s;
                }
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(at + " is a " + t.getSimpleName() + ", not " + (s.isEmpty() ? "empty" : s));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    ObjectNode toJson(MessageType m, Map<String, Object> values) {
        ObjectNode o = NODES.objectNode();
        for (Field f : ProtoWire.fields(m)) {
            Object v = values.get(f.getName());
            if (v == null) {
                // proto3 leaves zero values off the wire: a check reads them as JsonFormat's defaults would be
                if (f.getType().isMap()) {
                    o.set(f.getName(), NODES.objectNode());
                } else if (f.isRepeated()) {
                    o.set(f.getName(), NODES.arrayNode());
                } else if (f.getLabel() == null && !f.isOneOf() && (f.getType().isScalar() || schema.getType(f.getType()) instanceof EnumType)) {
                    o.set(f.getName(), zero(f.getType()));
                }
                continue;
            }
            if (f.isRepeated() && v instanceof List<?> list) {
                ArrayNode a = o.putArray(f.getName());
                list.forEach(item -> a.add(json(f.getType(), item)));
            } else {
                o.set(f.getName(), json(f.getType(), v));
            }
        }
        return o;
    }

    private JsonNode json(ProtoType t, Object v) {
        if (t.isMap() && v instanceof Map<?, ?> map) {
            ObjectNode o = NODES.objectNode();
            map.forEach((k, val) -> o.set(String.valueOf(k), json(t.getValueType(), val)));
            return o;
        }
        if (v instanceof Map<?, ?> && WellKnown.is(t)) {
            return WellKnown.write(t, asMap(v));
        }
        if (v instanceof Map<?, ?> && schema.getType(t) instanceof MessageType m) {
            return toJson(m, asMap(v));
        }
        if (v instanceof ByteString b) {
            return NODES.textNode(b.base64());
        }
        return JSON.valueToTree(v);
    }

}
