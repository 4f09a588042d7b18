package io.wsbench.service.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.service.own.DataRows;
import io.wsbench.service.own.OwnServiceException;
import io.wsbench.service.own.OwnWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A body written from the schema for the user's data: what the schema does not require and the data
 * has no column for is left out, as an optional parameter is; what it requires must have its column.
 * The spec is shaped as FastAPI writes one (OpenAPI 3.1, {@code Optional[...]} as anyOf with null).
 */
class OptionalBodyFieldsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final URI SERVER = URI.create("http://127.0.0.1:9/");

    @TempDir
    static Path dir;
    private static ApiDescription api;
    private static RestOperation placeOrder;

    @BeforeAll
    static void readTheSpec() throws Exception {
        Path spec = Files.writeString(dir.resolve("orders.yaml"), """
                openapi: 3.1.0
                info: { title: orders, version: 0.1.0 }
                servers: [ { url: "http://127.0.0.1:8080" } ]
                paths:
                  /orders:
                    post:
                      operationId: placeOrder
                      parameters:
                        - { name: X-Trace, in: header, schema: { type: string } }
                      requestBody:
                        required: true
                        content:
                          application/json: { schema: { $ref: "#/components/schemas/Order" } }
                      responses:
                        "200": { description: ok }
                components:
                  schemas:
                    Order:
                      type: object
                      title: Order
                      required: [item, quantity, unitPrice]
                      properties:
                        item: { type: string, title: Item }
                        quantity: { type: integer, title: Quantity }
                        unitPrice: { type: number, title: Unitprice }
                        note: { anyOf: [ { type: string }, { type: "null" } ], title: Note }
                        address: { anyOf: [ { $ref: "#/components/schemas/Address" }, { type: "null" } ] }
                        tags: { type: array, items: { type: string } }
                    Address:
                      allOf:
                        - { type: object, required: [street], properties: { street: { type: string } } }
                        - { type: object, properties: { city: { type: string } } }
                """);
        api = ApiDescription.read(spec.toString());
        placeOrder = api.operation("placeOrder");
    }

    @Test
    void optionalLeavesWithoutAColumnAreLeftOutOfTheBody() throws Exception {
        RestRequest r = RestRequest.of(api, placeOrder, null, null, columns("item", "quantity", "unitPrice"));
        assertEquals(List.of("item", "quantity", "unitPrice"), List.copyOf(r.placeholders()));
        JsonNode body = body(r, Map.of("item", "fig", "quantity", "2", "unitPrice", "2.5"));
        assertEquals(List.of("item", "quantity", "unitPrice"), fields(body), body.toString());
        assertEquals(2, body.path("quantity").intValue(), "a number, unquoted");
        assertEquals(2.5, body.path("unitPrice").doubleValue());
        assertEquals("fig", body.path("item").textValue());
    }

    @Test
    void anOptionalObjectIsWrittenWhenTheDataHasAColumnOfItsAndThenItsRequiredLeavesNeedTheirs() throws Exception {
        RestRequest r = RestRequest.of(api, placeOrder, null, null, columns("item", "quantity", "unitPrice", "note", "city", "X-Trace"));
        assertEquals(Set.of("item", "quantity", "unitPrice", "note", "street", "city", "X-Trace"), r.placeholders());
        JsonNode body = body(r, Map.of("item", "fig", "quantity", "1", "unitPrice", "1", "note", "gift", "city", "Oslo", "street", "Main"));
        assertEquals(List.of("item", "quantity", "unitPrice", "note", "address"), fields(body), body.toString());
        assertEquals(List.of("street", "city"), fields(body.path("address")));
        assertEquals("gift", body.path("note").textValue());

        // the address is sent (its city has a column), so its street must have one: one line, before any load
        DataRows noStreet = rows(List.of("item", "quantity", "unitPrice", "note", "city", "X-Trace"));
        OwnServiceException e = assertThrows(OwnServiceException.class,
                () -> OwnWorkload.of(r, noStreet, false, List.of(), SERVER, 1 << 20));
        assertEquals("orders.csv: its header has no column street for the request's placeholders"
                + " (columns: item, quantity, unitPrice, note, city, X-Trace)", e.getMessage());
    }

    @Test
    void aRequiredLeafWithoutAColumnIsStillOneLineNamingIt() throws Exception {
        List<String> header = List.of("item", "unitPrice", "note");
        RestRequest r = RestRequest.of(api, placeOrder, null, null, new LinkedHashSet<>(header));
        OwnServiceException e = assertThrows(OwnServiceException.class,
                () -> OwnWorkload.of(r, rows(header), false, List.of(), SERVER, 1 << 20));
        assertEquals("orders.csv: its header has no column quantity for the request's placeholders (columns: item, unitPrice, note)",
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void aTemplateOfTheUsersOwnKeepsEveryPlaceholderItHas() throws Exception {
        String mine = "{ \"item\": \"${item}\", \"quantity\": ${quantity}, \"unitPrice\": ${unitPrice}, \"note\": \"${note}\" }";
        List<String> header = List.of("item", "quantity", "unitPrice");
        RestRequest r = RestRequest.of(api, placeOrder, mine, "mine.json", new LinkedHashSet<>(header));
        OwnServiceException e = assertThrows(OwnServiceException.class,
                () -> OwnWorkload.of(r, rows(header), false, List.of(), SERVER, 1 << 20));
        assertTrue(e.getMessage().startsWith("orders.csv: its header has no column note for the request's placeholders"), e.getMessage());
    }

    @Test
    void theListedTemplateHasEveryLeafAndSaysWhichTheDataMayLeaveOut() throws Exception {
        RestRequest all = RestRequest.template(api, placeOrder);
        assertEquals(List.of("X-Trace", "item", "quantity", "unitPrice", "note", "street", "city", "tags"), List.copyOf(all.placeholders()));
        assertEquals(List.of("X-Trace", "note", "street", "city", "tags"), List.copyOf(all.optional()),
                "the street is required only once its address is sent");
        String listed = all.describe(SERVER);
        assertTrue(listed.contains("\"tags\" : [ \"${tags}\" ]") && listed.contains("\"quantity\" : ${quantity}"), listed);

        // without data every leaf gets a sample value, optional or not, as before
        JsonNode sample = JSON.readTree(RestRequest.of(api, placeOrder, null, null, null).describe(SERVER).split("\n\n", 2)[1]);
        assertEquals(List.of("item", "quantity", "unitPrice", "note", "address", "tags"), fields(sample));
    }

    private static Set<String> columns(String... names) {
        return new LinkedHashSet<>(List.of(names));
    }

    private static DataRows rows(List<String> header) {
        Map<String, String> row = new LinkedHashMap<>();
        header.forEach(h -> row.put(h, "1"));
        return DataRows.of("orders.csv", header, List.of(row));
    }

    private static JsonNode body(RestRequest r, Map<String, String> row) throws Exception {
        String wire = new String(r.wire(SERVER, row, true), StandardCharsets.UTF_8);
        return JSON.readTree(wire.substring(wire.indexOf("\r\n\r\n") + 4));
    }

    private static List<String> fields(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
