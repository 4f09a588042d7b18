package io.wsbench.protocols.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.squareup.wire.schema.EnumType;
import com.squareup.wire.schema.Field;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.Rpc;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.SchemaLoader;
import com.squareup.wire.schema.Service;
import com.squareup.wire.schema.Type;
import okio.ByteString;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A service described by a {@code .proto} file, read in this process by Square's Wire (its schema
 * loader parses and links the file and its imports, the well-known types included; no protoc binary
 * is run). It lists the services and their methods, and turns messages into protobuf bytes and back
 * with Wire's protobuf reader and writer, field by field as the schema says (maps included, which
 * Wire's own schema adapters refuse; packed repeated scalars as the syntax or the field asks), from and to JSON: the row → JSON → protobuf mapping of
 * protobuf's own JsonFormat (field names as declared or in lowerCamelCase, 64-bit integers as numbers
 * or strings, enums by name or number, bytes as base64).
 */
public final class ProtoSchema {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Map<String, ProtoSchema> BUNDLED = new ConcurrentHashMap<>();

    private final Schema schema;
    private final String source;
    private final ProtoWire wire;

    private ProtoSchema(Schema schema, String source) {
        this.schema = schema;
        this.source = source;
        this.wire = new ProtoWire(schema);
    }

    /** A method of a service: its HTTP/2 path is {@code /package.Service/Method}. */
    public record Method(String service, String name, String requestType, String responseType,
                         boolean clientStreaming, boolean serverStreaming) {
        public String path() {
            return "/" + service + "/" + name;
        }

        public String fullName() {
            return service + "/" + name;
        }
    }

    /**
     * Reads {@code file} (its imports from its own directory). A file that cannot be read or parsed,
     * or whose types do not link, is an IllegalArgumentException whose one-line message names it
     * with its line and column.
     */
    public static ProtoSchema read(Path file) {
        if (Files.isDirectory(file)) {
            return read(file, file.toString());
        }
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException("no such .proto file: " + file);
        }
        Path abs = file.toAbsolutePath().normalize();
        try {
            SchemaLoader loader = new SchemaLoader(FileSystems.getDefault());
            loader.initRoots(List.of(Location.get(abs.getParent().toString(), abs.getFileName().toString())), List.of());
            return new ProtoSchema(loader.loadSchema(), file.toString());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(oneLine(e, abs, file));
        } catch (Exception e) { // Wire's (Kotlin's) IOException, undeclared
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** wsbench's own contract (hello and matchQuakes), as the grpc stack serves it. */
    public static ProtoSchema wsbench() {
        return bundled("io/wsbench/contract/grpc/", "wsbench.proto");
    }

    /** The .proto resource {@code folder + name} (read once). */
    static ProtoSchema bundled(String folder, String name) {
        return BUNDLED.computeIfAbsent(folder + name, resource -> {
            try (InputStream in = ProtoSchema.class.getResourceAsStream("/" + resource)) {
                Path dir = Files.createTempDirectory("wsbench-proto");
                Path file = dir.resolve(name);
                Files.copy(in, file);
                file.toFile().deleteOnExit();
                dir.toFile().deleteOnExit();
                return read(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Every .proto file under {@code dir} (and their imports from it), named {@code source} in messages. */
    static ProtoSchema read(Path dir, String source) {
        try {
            SchemaLoader loader = new SchemaLoader(FileSystems.getDefault());
            loader.initRoots(List.of(Location.get(dir.toAbsolutePath().toString())), List.of());
            return new ProtoSchema(loader.loadSchema(), source);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("cannot read " + source + ": " + joined(String.valueOf(e.getMessage())));
        } catch (Exception e) { // Wire's (Kotlin's) IOException, undeclared
            throw new IllegalArgumentException("cannot read " + source + ": " + e.getMessage());
        }
    }

    /** A message of several lines (Wire's) as one: its lines that say something, joined by "; ". */
    private static String joined(String message) {
        return message.lines().map(String::strip).filter(l -> !l.isEmpty()).reduce((a, b) -> a + "; " + b).orElse(message);
    }

    /** Wire's messages: "Syntax error in /abs/f.proto:3:5: expected ..." made one line that names the file as given. */
    private static String oneLine(RuntimeException e, Path abs, Path asGiven) {
        String m = String.valueOf(e.getMessage()).replace(abs.toString(), asGiven.toString()).replace(abs.getParent() + "/", "");
        m = joined(m);
        if (!m.contains(asGiven.getFileName().toString())) {
            m = asGiven + ": " + m;
        }
        return "not a usable .proto file: " + m;
    }

    public String source() {
        return source;
    }

    /** Every method of every service the file (not its imports) declares, in order. */
    public List<Method> methods() {
        List<Method> out = new ArrayList<>();
        for (ProtoFile f : schema.getProtoFiles()) {
            if (f.getLocation().getPath().startsWith("google/") || f.getLocation().getPath().startsWith("wire/")) {
                continue;
            }
            for (Service s : f.getServices()) {
                for (Rpc r : s.rpcs()) {
                    out.add(new Method(s.type().toString(), r.getName(), r.getRequestType().toString(),
                            r.getResponseType().toString(), r.getRequestStreaming(), r.getResponseStreaming()));
                }
            }
        }
        return out;
    }

    /**
     * The method {@code name} names: {@code package.Service/Method}, {@code Service/Method} or
     * {@code Method} alone when only one service has it. Unknown or ambiguous is an
     * IllegalArgumentException that lists what there is.
     */
    public Method method(String name) {
        List<Method> all = methods();
        String wanted = name.startsWith("/") ? name.substring(1) : name;
        List<Method> found = all.stream().filter(m -> m.fullName().equals(wanted)
                || (m.service().endsWith("." + wanted.split("/")[0]) || m.service().equals(wanted.split("/")[0]))
                && wanted.contains("/") && m.name().equals(wanted.substring(wanted.indexOf('/') + 1))
                || !wanted.contains("/") && m.name().equals(wanted)).toList();
        if (found.size() == 1) {
            return found.get(0);
        }
        String known = String.join(", ", all.stream().map(Method::fullName).toList());
        throw new IllegalArgumentException((found.isEmpty() ? "no method " : "more than one method is ") + name + " in " + source
                + (known.isEmpty() ? " (it declares no service)" : "; it has: " + known));
    }

    private MessageType message(String type) {
        Type t = schema.getType(type);
        if (!(t instanceof MessageType m)) {
            throw new IllegalArgumentException("no message type " + type + " in " + source);
        }
        return m;
    }

    /** {@code json} (an object) as the protobuf bytes of message {@code type}. */
    public byte[] encode(String type, JsonNode json) {
        MessageType m = message(type);
        try {
            return wire.write(m, toMap(m, json, type)).toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a Buffer does not fail
        }
    }

    /** The protobuf bytes {@code bytes[from, from+length)} of message {@code type}, as JSON (proto3 defaults filled in). */
    public ObjectNode decode(String type, byte[] bytes, int from, int length) {
        try {
            MessageType m = message(type);
            return toJson(m, wire.read(m, ByteString.of(bytes, from, length)));
        } catch (IOException e) {
            throw new IllegalArgumentException("not a " + type + " message: " + e.getMessage());
        }
    }

    /** A sample of message {@code type} as JSON: every field with its zero value, nested messages once. */
    public ObjectNode sample(String type) {
        return sample(message(type), new java.util.HashSet<>());
    }

    private ObjectNode sample(MessageType m, java.util.Set<String> seen) {
        ObjectNode o = NODES.objectNode();
        if (!seen.add(m.getType().toString())) {
            return o; // a recursive message: once is enough
        }
        for (Field f : ProtoWire.fields(m)) {
            JsonNode v = sampleValue(f.getType(), seen);
            o.set(f.getName(), f.isRepeated() ? NODES.arrayNode().add(v) : v);
        }
        seen.remove(m.getType().toString());
        return o;
    }

    private JsonNode sampleValue(ProtoType t, java.util.Set<String> seen) {
        if (t.isMap()) {
            return NODES.objectNode();
        }
        if (t.isScalar()) {
            return t.equals(ProtoType.STRING) ? NODES.textNode("") : t.equals(ProtoType.BOOL) ? NODES.booleanNode(false)
                    : t.equals(ProtoType.BYTES) ? NODES.textNode("") : NODES.numberNode(0);
        }
        Type type = schema.getType(t);
        if (type instanceof EnumType e) {
            return NODES.textNode(e.getConstants().isEmpty() ? "" : e.getConstants().get(0).getName());
        }
        return type instanceof MessageType m ? sample(m, seen) : NODES.nullNode();
    }

    private Map<String, Object> toMap(MessageType m, JsonNode json, String where) {
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException(where + " must be a JSON object, not " + (json == null ? "nothing" : json.getNodeType()));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Field> byName = new LinkedHashMap<>();
        for (Field f : ProtoWire.fields(m)) {
            byName.put(f.getName(), f);
            byName.putIfAbsent(camel(f.getName()), f);
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
        if (type instanceof MessageType m) {
            return toMap(m, v, at);
        }
        throw new IllegalArgumentException(at + ": no type " + t);
    }

    private static Object scalar(ProtoType t, JsonNode v, String at) {
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

    private ObjectNode toJson(MessageType m, Map<String, Object> values) {
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
                    o.set(f.getName(), sampleValue(f.getType(), new java.util.HashSet<>()));
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
        if (v instanceof Map<?, ?> && schema.getType(t) instanceof MessageType m) {
            return toJson(m, asMap(v));
        }
        if (v instanceof ByteString b) {
            return NODES.textNode(b.base64());
        }
        return JSON.valueToTree(v);
    }

    private static String camel(String name) {
        StringBuilder sb = new StringBuilder();
        boolean up = false;
        for (char c : name.toCharArray()) {
            if (c == '_') {
                up = true;
            } else {
                sb.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return sb.toString();
    }

    /** {@code message} in gRPC's length-prefixed framing: a compressed flag (0), the length, the bytes. */
    public static byte[] frame(byte[] message) {
        byte[] out = new byte[5 + message.length];
        out[1] = (byte) (message.length >>> 24);
        out[2] = (byte) (message.length >>> 16);
        out[3] = (byte) (message.length >>> 8);
        out[4] = (byte) message.length;
        System.arraycopy(message, 0, out, 5, message.length);
        return out;
    }

    /**
     * The messages of a gRPC answer's body, each as {from, length} into {@code body}; an
     * IllegalArgumentException when the framing is broken or a message is compressed (wsbench asks for none).
     */
    public static List<int[]> messages(byte[] body, int length) {
        List<int[]> out = new ArrayList<>(1);
        int at = 0;
        while (at < length) {
            if (at + 5 > length) {
                throw new IllegalArgumentException("a gRPC message's 5-byte prefix is cut short");
            }
            if (body[at] != 0) {
                throw new IllegalArgumentException("a compressed gRPC message (none was asked for)");
            }
            int n = ((body[at + 1] & 0xff) << 24) | ((body[at + 2] & 0xff) << 16) | ((body[at + 3] & 0xff) << 8) | (body[at + 4] & 0xff);
            if (n < 0 || at + 5 + n > length) {
                throw new IllegalArgumentException("a gRPC message is longer than the body");
            }
            out.add(new int[]{at + 5, n});
            at += 5 + n;
        }
        return out;
    }
}
