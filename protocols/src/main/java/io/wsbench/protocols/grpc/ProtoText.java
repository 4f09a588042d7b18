package io.wsbench.protocols.grpc;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@code google.protobuf.FileDescriptorProto} (as the JSON {@link ProtoSchema#decode} makes of it)
 * written back as {@code .proto} source, for Wire to read as it reads the user's files: what a
 * server's reflection service sends is descriptors, not source. It writes what encoding needs:
 * syntax, package, imports, messages (with their oneofs, maps, proto3 {@code optional}, proto2 labels,
 * defaults and {@code packed}), enums and services; other options, comments and reserved ranges are
 * left out. Type names stay fully qualified ({@code .pkg.Type}), so nothing is resolved twice.
 */
final class ProtoText {

    private static final String[] TYPES = {null, "double", "float", "int64", "uint64", "int32", "fixed64", "fixed32", "bool",
            "string", "group", "message", "bytes", "uint32", "enum", "sfixed32", "sfixed64", "sint32", "sint64"};
    private static final String[] LABELS = {null, "optional", "required", "repeated"};

    private final StringBuilder out = new StringBuilder();
    private final boolean proto3;
    private final String file;

    private ProtoText(boolean proto3, String file) {
        this.proto3 = proto3;
        this.file = file;
    }

    /** The source of {@code fd}; an IllegalArgumentException names what it cannot write (editions, groups). */
    static String of(JsonNode fd) {
        String name = fd.path("name").asText();
        String syntax = fd.path("syntax").asText("");
        if (syntax.equals("editions")) {
            throw new IllegalArgumentException(name + " is written in protobuf editions, which wsbench cannot read yet: give its .proto files");
        }
        ProtoText t = new ProtoText(syntax.equals("proto3"), name);
        t.line(0, "// " + name + ", as the server's reflection service described it");
        t.line(0, "syntax = \"" + (t.proto3 ? "proto3" : "proto2") + "\";");
        if (!fd.path("package").asText("").isEmpty()) {
            t.line(0, "package " + fd.path("package").asText() + ";");
        }
        Set<Integer> publicDeps = new HashSet<>();
        fd.path("public_dependency").forEach(i -> publicDeps.add(i.asInt()));
        int i = 0;
        for (JsonNode dep : fd.path("dependency")) {
            t.line(0, "import " + (publicDeps.contains(i++) ? "public " : "") + quote(dep.asText()) + ";");
        }
        for (JsonNode m : fd.path("message_type")) {
            t.message(m, 0);
        }
        for (JsonNode e : fd.path("enum_type")) {
            t.enumeration(e, 0);
        }
        for (JsonNode s : fd.path("service")) {
            t.line(0, "service " + s.path("name").asText() + " {");
            for (JsonNode m : s.path("method")) {
                t.line(1, "rpc " + m.path("name").asText() + " (" + (m.path("client_streaming").asBoolean() ? "stream " : "")
                        + m.path("input_type").asText() + ") returns (" + (m.path("server_streaming").asBoolean() ? "stream " : "")
                        + m.path("output_type").asText() + ");");
            }
            t.line(0, "}");
        }
        return t.out.toString();
    }

    private void message(JsonNode m, int depth) {
        line(depth, "message " + m.path("name").asText() + " {");
        Map<String, JsonNode> maps = new HashMap<>();
        for (JsonNode nested : m.path("nested_type")) {
            if (nested.path("options").path("map_entry").asBoolean()) {
                maps.put(nested.path("name").asText(), nested);
            }
        }
        Set<Integer> written = new HashSet<>();
        for (JsonNode f : m.path("field")) {
            boolean inOneof = f.has("oneof_index") && !f.path("proto3_optional").asBoolean();
            if (inOneof) {
                int index = f.path("oneof_index").asInt();
                if (written.add(index)) { // the oneof is written where its first field is
                    line(depth + 1, "oneof " + m.path("oneof_decl").get(index).path("name").asText() + " {");
                    for (JsonNode member : m.path("field")) {
                        if (member.path("oneof_index").asInt(-1) == index && !member.path("proto3_optional").asBoolean()) {
                            line(depth + 2, field(member, maps, true));
                        }
                    }
                    line(depth + 1, "}");
                }
                continue;
            }
            line(depth + 1, field(f, maps, false));
        }
        for (JsonNode nested : m.path("nested_type")) {
            if (!maps.containsKey(nested.path("name").asText())) {
                message(nested, depth + 1);
            }
        }
        for (JsonNode e : m.path("enum_type")) {
            enumeration(e, depth + 1);
        }
        line(depth, "}");
    }

    private String field(JsonNode f, Map<String, JsonNode> maps, boolean inOneof) {
        String type = type(f);
        String label = LABELS[index(f.path("label"), LABELS)];
        String typeName = f.path("type_name").asText("");
        String simple = typeName.substring(typeName.lastIndexOf('.') + 1);
        StringBuilder sb = new StringBuilder();
        if ("repeated".equals(label) && maps.containsKey(simple) && typeName.endsWith("Entry")) {
            JsonNode entry = maps.get(simple);
            sb.append("map<").append(type(entry.path("field").get(0))).append(", ").append(type(entry.path("field").get(1))).append("> ");
        } else {
            if (!inOneof) {
                if ("repeated".equals(label) || "required".equals(label)) {
                    sb.append(label).append(' ');
                } else if (!proto3 || f.path("proto3_optional").asBoolean()) {
                    sb.append("optional ");
                }
            }
            sb.append(type).append(' ');
        }
        sb.append(f.path("name").asText()).append(" = ").append(f.path("number").asInt());
        List<String> options = new ArrayList<>();
        if (f.has("default_value")) {
            String v = f.path("default_value").asText();
            options.add("default = " + (type.equals("string") ? quote(v) : type.equals("bytes") ? "\"" + v + "\"" : v));
        }
        if (f.path("options").has("packed")) {
            options.add("packed = " + f.path("options").path("packed").asBoolean());
        }
        if (!options.isEmpty()) {
            sb.append(" [").append(String.join(", ", options)).append(']');
        }
        return sb.append(';').toString();
    }

    private String type(JsonNode f) {
        String type = TYPES[index(f.path("type"), TYPES)];
        if (type == null) {
            throw new IllegalArgumentException(file + ": field " + f.path("name").asText() + " has no type");
        }
        if (type.equals("group")) {
            throw new IllegalArgumentException(file + ": field " + f.path("name").asText()
                    + " is a proto2 group, which wsbench cannot read from reflection: give its .proto files");
        }
        return type.equals("message") || type.equals("enum") ? f.path("type_name").asText() : type;
    }

    private void enumeration(JsonNode e, int depth) {
        line(depth, "enum " + e.path("name").asText() + " {");
        Set<Integer> numbers = new HashSet<>();
        boolean alias = false;
        for (JsonNode v : e.path("value")) {
            alias |= !numbers.add(v.path("number").asInt());
        }
        if (alias || e.path("options").path("allow_alias").asBoolean()) {
            line(depth + 1, "option allow_alias = true;");
        }
        for (JsonNode v : e.path("value")) {
            line(depth + 1, v.path("name").asText() + " = " + v.path("number").asInt() + ";");
        }
        line(depth, "}");
    }

    /** An enum constant of descriptor.proto, given by name ("TYPE_STRING") or number: its place in {@code names}. */
    private static int index(JsonNode v, String[] names) {
        if (v.isNumber()) {
            int n = v.asInt();
            return n > 0 && n < names.length ? n : 0;
        }
        String s = v.asText("").toLowerCase(java.util.Locale.ROOT);
        s = s.substring(s.indexOf('_') + 1); // TYPE_STRING, LABEL_REPEATED
        for (int i = 1; i < names.length; i++) {
            if (names[i].equals(s)) {
                return i;
            }
        }
        return 0;
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    private void line(int depth, String text) {
        out.append("  ".repeat(depth)).append(text).append('\n');
    }
}
