package io.wsbench.protocols.grpc;

import com.squareup.wire.ProtoAdapter;
import com.squareup.wire.ProtoReader;
import com.squareup.wire.ProtoWriter;
import com.squareup.wire.schema.EnumType;
import com.squareup.wire.schema.Field;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.OneOf;
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.Type;
import okio.Buffer;
import okio.ByteString;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Protobuf's wire format driven by a schema, with Wire's reader and writer: a message's values
 * (field name to value: scalars, enum names, lists, maps, nested messages as maps) to bytes and back,
 * field by field as its {@link MessageType} says. {@link ProtoSchema} maps those values from and to JSON.
 */
final class ProtoWire {

    private final Schema schema;

    ProtoWire(Schema schema) {
        this.schema = schema;
    }

    /** A message's fields, its oneofs' included. */
    static List<Field> fields(MessageType m) {
        List<Field> all = new ArrayList<>(m.getDeclaredFields());
        for (OneOf o : m.getOneOfs()) {
            all.addAll(o.getFields());
        }
        return all;
    }

    ByteString write(MessageType m, Map<String, Object> values) throws IOException {
        Buffer out = new Buffer();
        ProtoWriter w = new ProtoWriter(out);
        for (Field f : fields(m)) {
            Object v = values.get(f.getName());
            if (v == null) {
                continue;
            }
            ProtoType t = f.getType();
            int tag = f.getTag();
            if (t.isMap()) {
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    Buffer entry = new Buffer();
                    ProtoWriter ew = new ProtoWriter(entry);
                    writeValue(ew, 1, t.getKeyType(), e.getKey());
                    writeValue(ew, 2, t.getValueType(), e.getValue());
                    ProtoAdapter.BYTES.encodeWithTag(w, tag, entry.readByteString());
                }
            } else if (f.isRepeated()) {
                List<?> list = (List<?>) v;
                if (f.isPacked() && (t.isScalar() && !t.equals(ProtoType.STRING) && !t.equals(ProtoType.BYTES) || isEnum(t))) {
                    @SuppressWarnings("unchecked")
                    ProtoAdapter<Object> packed = (ProtoAdapter<Object>) (ProtoAdapter<?>) (isEnum(t) ? ProtoAdapter.INT32 : scalar(t)).asPacked();
                    packed.encodeWithTag(w, tag, isEnum(t) ? list.stream().map(x -> enumNumber(t, x)).toList() : list);
                } else {
                    for (Object item : list) {
                        writeValue(w, tag, t, item);
                    }
                }
            } else if (f.getLabel() != null || f.isOneOf() || !isDefault(t, v)) { // proto3 leaves a zero value off the wire
                writeValue(w, tag, t, v);
            }
        }
        return out.readByteString();
    }

    private void writeValue(ProtoWriter w, int tag, ProtoType t, Object v) throws IOException {
        if (t.isScalar()) {
            scalar(t).encodeWithTag(w, tag, v);
        } else if (isEnum(t)) {
            ProtoAdapter.INT32.encodeWithTag(w, tag, enumNumber(t, v));
        } else {
            @SuppressWarnings("unchecked")
            Map<String, Object> message = (Map<String, Object>) v;
            ProtoAdapter.BYTES.encodeWithTag(w, tag, write((MessageType) schema.getType(t), message));
        }
    }

    Map<String, Object> read(MessageType m, ByteString bytes) throws IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        Map<Integer, Field> byTag = new java.util.HashMap<>();
        fields(m).forEach(f -> byTag.put(f.getTag(), f));
        ProtoReader r = new ProtoReader(new Buffer().write(bytes));
        long token = r.beginMessage();
        for (int tag; (tag = r.nextTag()) != -1; ) {
            Field f = byTag.get(tag);
            if (f == null) {
                r.skip();
                continue;
            }
            ProtoType t = f.getType();
            if (t.isMap()) {
                Object key = null;
                Object value = null;
                ProtoReader er = new ProtoReader(new Buffer().write(r.readBytes()));
                long entry = er.beginMessage();
                for (int et; (et = er.nextTag()) != -1; ) {
                    if (et == 1) {
                        key = readValue(er, t.getKeyType());
                    } else if (et == 2) {
                        value = readValue(er, t.getValueType());
                    } else {
                        er.skip();
                    }
                }
                er.endMessageAndGetUnknownFields(entry);
                @SuppressWarnings("unchecked")
                Map<Object, Object> map = (Map<Object, Object>) out.computeIfAbsent(f.getName(), k -> new LinkedHashMap<>());
                map.put(key != null ? key : zero(t.getKeyType()), value != null ? value : zero(t.getValueType()));
            } else if (f.isRepeated()) {
                @SuppressWarnings("unchecked")
                List<Object> list = (List<Object>) out.computeIfAbsent(f.getName(), k -> new ArrayList<>());
                list.add(readValue(r, t)); // a packed field comes tag by tag from Wire's reader
            } else {
                out.put(f.getName(), readValue(r, t));
            }
        }
        r.endMessageAndGetUnknownFields(token);
        return out;
    }

    private Object readValue(ProtoReader r, ProtoType t) throws IOException {
        if (t.isScalar()) {
            return scalar(t).decode(r);
        }
        Type type = schema.getType(t);
        if (type instanceof EnumType e) {
            int n = r.readVarint32();
            com.squareup.wire.schema.EnumConstant c = e.constant(n);
            return c != null ? c.getName() : n;
        }
        return read((MessageType) type, r.readBytes());
    }

    /** A map entry's missing key or value: its type's zero value. */
    private Object zero(ProtoType t) {
        if (t.isScalar()) {
            return scalar(t).getIdentity(); // 0, 0L, 0f, 0d, false, "" or empty bytes, as Wire's adapter has it
        }
        Type type = schema.getType(t);
        if (type instanceof EnumType e) {
            com.squareup.wire.schema.EnumConstant c = e.constant(0);
            return c != null ? c.getName() : 0;
        }
        return new LinkedHashMap<String, Object>();
    }

    private boolean isDefault(ProtoType t, Object v) {
        if (isEnum(t)) {
            return enumNumber(t, v) == 0;
        }
        return t.isScalar() && (v instanceof Number n ? n.doubleValue() == 0 && !(v instanceof Double d && d.equals(-0d))
                : v instanceof Boolean b ? !b : v instanceof String str ? str.isEmpty() : v instanceof ByteString bs && bs.size() == 0);
    }

    private boolean isEnum(ProtoType t) {
        return !t.isScalar() && !t.isMap() && schema.getType(t) instanceof EnumType;
    }

    private int enumNumber(ProtoType t, Object v) {
        if (v instanceof Integer n) {
            return n;
        }
        com.squareup.wire.schema.EnumConstant c = ((EnumType) schema.getType(t)).constant(String.valueOf(v));
        if (c == null) {
            throw new IllegalArgumentException(v + " is not a value of " + t);
        }
        return c.getTag();
    }

    @SuppressWarnings("unchecked")
    private static ProtoAdapter<Object> scalar(ProtoType t) {
        ProtoAdapter<?> a = switch (t.getSimpleName()) {
            case "int32" -> ProtoAdapter.INT32;
            case "uint32" -> ProtoAdapter.UINT32;
            case "sint32" -> ProtoAdapter.SINT32;
            case "fixed32" -> ProtoAdapter.FIXED32;
            case "sfixed32" -> ProtoAdapter.SFIXED32;
            case "int64" -> ProtoAdapter.INT64;
            case "uint64" -> ProtoAdapter.UINT64;
            case "sint64" -> ProtoAdapter.SINT64;
            case "fixed64" -> ProtoAdapter.FIXED64;
            case "sfixed64" -> ProtoAdapter.SFIXED64;
            case "bool" -> ProtoAdapter.BOOL;
            case "float" -> ProtoAdapter.FLOAT;
            case "double" -> ProtoAdapter.DOUBLE;
            case "string" -> ProtoAdapter.STRING;
            case "bytes" -> ProtoAdapter.BYTES;
            default -> throw new IllegalArgumentException("no scalar type " + t);
        };
        return (ProtoAdapter<Object>) a;
    }

}
