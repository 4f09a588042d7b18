package io.wsbench.protocols.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.Rpc;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.SchemaLoader;
import com.squareup.wire.schema.Service;
import com.squareup.wire.schema.Type;
import okio.ByteString;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A service described by a {@code .proto} file, read in this process by Square's Wire (its schema
 * loader parses and links the file and its imports, the well-known types included; no protoc binary
 * is run). It lists the services and their methods, and turns messages into protobuf bytes and back
 * with Wire's protobuf reader and writer, field by field as the schema says (maps included, which
 * Wire's own schema adapters refuse; packed repeated scalars as the syntax or the field asks), from and to JSON: the row → JSON → protobuf mapping of
 * protobuf's own JsonFormat (field names as declared or in lowerCamelCase, 64-bit integers as numbers
 * or strings, enums by name or number, bytes as base64: {@link ProtoJson}).
 */
public final class ProtoSchema {

    private static final Map<String, ProtoSchema> BUNDLED = new ConcurrentHashMap<>();

    private final Schema schema;
    private final String source;
    private final ProtoWire wire;
    private final ProtoJson json;

    private ProtoSchema(Schema schema, String source) {
        this.schema = schema;
        this.source = source;
        this.wire = new ProtoWire(schema);
        this.json = new ProtoJson(schema);
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
            return new ProtoSchema(loader(Location.get(abs.getParent().toString(), abs.getFileName().toString())).loadSchema(),
                    file.toString());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(oneLine(e, abs, file));
        } catch (Exception e) { // Wire's (Kotlin's) IOException, undeclared
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** Wire's loader of {@code root}, whose imports are looked for beside it and among the well-known files. */
    private static SchemaLoader loader(Location root) {
        SchemaLoader loader = new SchemaLoader(FileSystems.getDefault());
        loader.setLoadExhaustively(true); // else an imported type's fields are left out (a Timestamp read as no field)
        loader.initRoots(List.of(root), wellKnown());
        return loader;
    }

    /** The well-known files Wire does not bundle, beside which a file's imports are also looked for. */
    private static final String[] WELL_KNOWN = {"field_mask.proto", "api.proto", "type.proto", "source_context.proto"};
    private static Path wellKnownDir;

    /**
     * The import path of google/protobuf's files that Wire does not bundle (it does any, descriptor, duration, empty,
     * struct, timestamp and wrappers): written once from the class path to a temporary tree, removed when the JVM ends.
     */
    private static synchronized List<Location> wellKnown() {
        if (wellKnownDir == null) {
            try {
                Path dir = Files.createTempDirectory("wsbench-well-known");
                Path google = Files.createDirectories(dir.resolve("google/protobuf"));
                for (String f : WELL_KNOWN) {
                    try (InputStream in = ProtoSchema.class.getResourceAsStream("well-known/google/protobuf/" + f)) {
                        if (in == null) {
                            throw new IllegalStateException("no well-known/google/protobuf/" + f + " on the class path");
                        }
                        Files.copy(in, google.resolve(f));
                    }
                }
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
                wellKnownDir = dir;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return List.of(Location.get(wellKnownDir.toString()));
    }

    /** wsbench's own contract (hello and matchQuakes), as the grpc stack serves it. */
    public static ProtoSchema wsbench() {
        return bundled("wsbench.proto", "io/wsbench/contract/grpc/wsbench.proto");
    }

    /** The .proto files at these class-path {@code resources}, each at its path for imports, read once as {@code source}. */
    static ProtoSchema bundled(String source, String... resources) {
        return BUNDLED.computeIfAbsent(source, key -> {
            Map<String, String> files = new LinkedHashMap<>();
            for (String resource : resources) {
                try (InputStream in = ProtoSchema.class.getResourceAsStream("/" + resource)) {
                    if (in == null) {
                        throw new IllegalStateException("no " + resource + " on the class path");
                    }
                    files.put(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return read(files, source);
        });
    }

    /**
     * The .proto {@code files} (each its path in the tree, as imports name it, to its text) read as one schema,
     * named {@code source} in messages: written to a temporary tree, which is deleted once Wire has read it.
     */
    static ProtoSchema read(Map<String, String> files, String source) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("wsbench-proto");
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path file = dir.resolve(f.getKey()).normalize();
                if (!file.startsWith(dir)) {
                    throw new IllegalArgumentException(source + " names a file outside its own tree: " + f.getKey());
                }
                Files.createDirectories(file.getParent());
                Files.writeString(file, f.getValue(), StandardCharsets.UTF_8);
            }
            return read(dir, source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind
        }
    }

    /** Every .proto file under {@code dir} (and their imports from it), named {@code source} in messages. */
    static ProtoSchema read(Path dir, String source) {
        try {
            return new ProtoSchema(loader(Location.get(dir.toAbsolutePath().toString())).loadSchema(), source);
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
            return wire.write(m, this.json.toMap(m, json, type)).toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a Buffer does not fail
        }
    }

    /** The protobuf bytes {@code bytes[from, from+length)} of message {@code type}, as JSON (proto3 defaults filled in). */
    public ObjectNode decode(String type, byte[] bytes, int from, int length) {
        try {
            MessageType m = message(type);
            return json.toJson(m, wire.read(m, ByteString.of(bytes, from, length)));
        } catch (IOException e) {
            throw new IllegalArgumentException("not a " + type + " message: " + e.getMessage());
        }
    }

    /** A sample of message {@code type} as JSON: every field with its zero value, nested messages once. */
    public ObjectNode sample(String type) {
        return json.sample(message(type));
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
