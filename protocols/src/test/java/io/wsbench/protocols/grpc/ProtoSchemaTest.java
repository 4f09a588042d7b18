package io.wsbench.protocols.grpc;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProtoSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void listsTheContractsMethodsAndFindsThemByShortNames() {
        ProtoSchema s = ProtoSchema.wsbench();
        List<String> names = s.methods().stream().map(ProtoSchema.Method::fullName).toList();
        assertEquals(List.of("wsbench.Hello/Hello", "wsbench.Hello/Greet", "wsbench.Seismic/MatchQuakes",
                "wsbench.Seismic/StreamQuakes"), names);
        assertEquals("/wsbench.Hello/Greet", s.method("Hello/Greet").path());
        assertEquals("wsbench.GreetRequest", s.method("Greet").requestType());
        assertTrue(s.method("wsbench.Seismic/StreamQuakes").serverStreaming());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> s.method("Goodbye"));
        assertTrue(none.getMessage().contains("wsbench.Hello/Greet"), none.getMessage());
    }

    /**
     * The well-known types in the JSON protobuf's JsonFormat and grpcurl write: a template with a Timestamp as RFC 3339 text
     * was refused ("must be a JSON object, not STRING"). The bytes are those Google's own protobuf (Python's
     * json_format.Parse, then SerializeToString) makes of the same JSON; the answer's JSON reads back as it was written.
     */
    @Test
    void wellKnownTypesAreReadAndWrittenInTheirOwnJson(@TempDir Path dir) throws Exception {
        Path proto = Files.writeString(dir.resolve("shop.proto"), """
                syntax = "proto3";
                package shop;
                import "google/protobuf/timestamp.proto";
                import "google/protobuf/duration.proto";
                import "google/protobuf/wrappers.proto";
                import "google/protobuf/field_mask.proto";
                import "google/protobuf/struct.proto";
                message Order {
                  string id = 1;
                  google.protobuf.Timestamp placed = 3;
                  oneof payment { string card_token = 4; string iban = 5; }
                  google.protobuf.StringValue note = 6;
                  google.protobuf.Duration ttl = 7;
                  google.protobuf.Int64Value limit = 8;
                  google.protobuf.FieldMask mask = 9;
                  google.protobuf.Struct extra = 10;
                  google.protobuf.ListValue tags = 11;
                  google.protobuf.Value any = 12;
                }
                service Shop { rpc Place(Order) returns (Order); }
                """);
        ProtoSchema s = ProtoSchema.read(proto);
        byte[] wire = s.encode("shop.Order", JSON.readTree("{\"id\":\"o\",\"placed\":\"2026-01-31T12:00:00Z\",\"note\":\"hi\"}"));
        assertArrayEquals(new byte[]{10, 1, 111, 26, 6, 8, (byte) 192, (byte) 221, (byte) 247, (byte) 203, 6, 50, 4, 10, 2, 104, 105}, wire);
        String all = "{\"id\":\"o\",\"placed\":\"2026-01-31T12:00:00.250Z\",\"iban\":\"DE00\",\"note\":\"hi\",\"ttl\":\"1.5s\","
                + "\"limit\":42,\"mask\":\"lines.sku,placedAt\",\"extra\":{\"a\":1.0,\"b\":[true,null,\"x\"],\"c\":{\"d\":\"e\"}},"
                + "\"tags\":[\"x\",2.0],\"any\":\"y\"}";
        byte[] rich = s.encode("shop.Order", JSON.readTree(all));
        ObjectNode back = s.decode("shop.Order", rich, 0, rich.length);
        assertEquals(JSON.readTree(all), JSON.readTree(back.toString()), back.toString()); // read again: 42 as an int either way
        assertEquals("{\"id\":\"text\",\"placed\":\"2026-01-31T12:00:00Z\",\"note\":\"text\",\"ttl\":\"1.5s\",\"limit\":3,\"mask\":\"\","
                + "\"extra\":{},\"tags\":[],\"any\":\"text\",\"card_token\":\"text\"}", s.sample("shop.Order").toString(),
                "values proto3 sends; a oneof's first choice alone, as a message holds one");
        byte[] sample = s.encode("shop.Order", s.sample("shop.Order"));
        assertEquals(s.sample("shop.Order").toString(), s.decode("shop.Order", sample, 0, sample.length).toString(),
                "the sample goes on the wire whole (an empty message field is present) and reads back");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> s.encode("shop.Order", JSON.readTree("{\"placed\":\"yesterday\"}")));
        assertTrue(bad.getMessage().contains("is a Timestamp: RFC 3339 text"), bad.getMessage());
    }

    @Test
    void jsonBecomesProtobufAsJsonFormatReadsItAndBack() throws Exception {
        ProtoSchema s = ProtoSchema.wsbench();
        // strings for numbers (a CSV row's values), as JsonFormat takes them
        byte[] wire = s.encode("wsbench.GreetRequest", JSON.readTree("{\"name\":\"Ada\",\"times\":\"3\"}"));
        // field 1 (string "Ada"), field 2 (varint 3): protobuf's own encoding, byte for byte
        assertArrayEquals(new byte[]{0x0a, 3, 'A', 'd', 'a', 0x10, 3}, wire);
        ObjectNode back = s.decode("wsbench.GreetRequest", wire, 0, wire.length);
        assertEquals("{\"name\":\"Ada\",\"times\":3}", back.toString());
        // proto3 leaves zeros off the wire; the JSON read back has them, as a check expects
        assertEquals("{\"name\":\"\",\"times\":0}", s.decode("wsbench.GreetRequest", new byte[0], 0, 0).toString());
        byte[] query = s.encode("wsbench.QuakeQuery", JSON.readTree("{\"minMag\":6.5,\"maxDepth\":30,\"minDate\":\"1000\"}"));
        ObjectNode q = s.decode("wsbench.QuakeQuery", query, 0, query.length);
        assertEquals(6.5, q.get("minMag").asDouble());
        assertEquals(30, q.get("maxDepth").asDouble());
        assertEquals(1000, q.get("minDate").asLong());
        assertTrue(!q.has("maxMag"), "an optional bound left out stays out: " + q);
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> s.encode("wsbench.GreetRequest", JSON.readTree("{\"name\":\"x\",\"times\":\"many\"}")));
        assertEquals("wsbench.GreetRequest.times is a int32, not many", bad.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> s.encode("wsbench.GreetRequest", JSON.readTree("{\"nom\":\"x\"}")));
        assertTrue(unknown.getMessage().contains("no field nom"), unknown.getMessage());
        assertEquals("{\"name\":\"text\",\"times\":3}", s.sample("wsbench.GreetRequest").toString(), "a sample proto3 sends whole");
    }

    @Test
    void mapsPackedRepeatedEnumsAndOneofsByteForByte(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t.proto"), """
                syntax = "proto3";
                package t;
                message M {
                  map<string, int32> counts = 1;
                  repeated int32 sizes = 2;
                  enum K { ZERO = 0; ONE = 1; }
                  K kind = 3;
                  oneof pay { string card = 4; int64 account = 5; }
                  int32 zero = 6;
                  repeated string tags = 7;
                }
                """);
        ProtoSchema s = ProtoSchema.read(dir.resolve("t.proto"));
        byte[] wire = s.encode("t.M", JSON.readTree("{\"counts\":{\"a\":1},\"sizes\":[1,2],\"kind\":\"ONE\",\"account\":\"7\","
                + "\"zero\":0,\"tags\":[\"x\"]}"));
        // a map entry is a message {key = 1, value = 2}; proto3 packs repeated numbers; a zero stays off the wire
        assertArrayEquals(new byte[]{0x0a, 5, 0x0a, 1, 'a', 0x10, 1, 0x12, 2, 1, 2, 0x18, 1, 0x3a, 1, 'x', 0x28, 7}, wire);
        assertEquals("{\"counts\":{\"a\":1},\"sizes\":[1,2],\"kind\":\"ONE\",\"zero\":0,\"tags\":[\"x\"],\"account\":7}",
                s.decode("t.M", wire, 0, wire.length).toString());
        // the same numbers unpacked (as proto2 writes them) read the same; an unknown field is skipped
        byte[] unpacked = {0x10, 1, 0x10, 2, 0x48, 9, 0x18, 5};
        assertEquals("{\"counts\":{},\"sizes\":[1,2],\"kind\":5,\"zero\":0,\"tags\":[]}",
                s.decode("t.M", unpacked, 0, unpacked.length).toString(), "an enum number the schema does not know stays a number");
    }

    @Test
    void gRpcFramingRoundTrips() {
        byte[] framed = ProtoSchema.frame(new byte[]{1, 2, 3});
        assertArrayEquals(new byte[]{0, 0, 0, 0, 3, 1, 2, 3}, framed);
        byte[] two = new byte[16];
        System.arraycopy(framed, 0, two, 0, 8);
        System.arraycopy(framed, 0, two, 8, 8);
        List<int[]> m = ProtoSchema.messages(two, 16);
        assertEquals(2, m.size());
        assertEquals(13, m.get(1)[0]);
        assertThrows(IllegalArgumentException.class, () -> ProtoSchema.messages(two, 12));
    }

    @Test
    void aProtoThatDoesNotParseIsOneLineNamingItsLine(@TempDir Path dir) throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.proto"), "syntax = \"proto3\";\npackage x;\nmessage A {\n  string a = ;\n}\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProtoSchema.read(broken));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().contains("broken.proto:4:"), e.getMessage());
        Path unlinked = Files.writeString(dir.resolve("unlinked.proto"), "syntax = \"proto3\";\npackage x;\nmessage A {\n  Missing a = 1;\n}\n");
        IllegalArgumentException u = assertThrows(IllegalArgumentException.class, () -> ProtoSchema.read(unlinked));
        assertEquals(1, u.getMessage().lines().count(), u.getMessage());
        assertTrue(u.getMessage().contains("Missing"), u.getMessage());
    }
}
