package io.wsbench.service.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sample body and sample parameters that the spec's constraints accept: its patterns, lengths and bounds, exclusive
 * as OpenAPI 3.1 writes them (FastAPI's {@code Field(gt=100)}: {@code exclusiveMinimum: 100}) and as 3.0 did
 * ({@code exclusiveMinimum: true}). The samples were "text", 3 and 1.5 whatever the schema said: FastAPI answered 422 to
 * every request. The body is checked by another reader of JSON Schema (networknt's validator).
 */
class ConstrainedSampleTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aFastApiBodyAndItsQueryMeetTheirConstraints(@TempDir Path dir) throws Exception {
        Path spec = Files.writeString(dir.resolve("orders.json"), """
                {"openapi": "3.1.0", "info": {"title": "orders", "version": "1"},
                 "paths": {
                  "/orders": {"post": {"operationId": "create",
                     "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Order"}}}},
                     "responses": {"200": {"description": "ok"}}}},
                  "/items": {"get": {"operationId": "items",
                     "parameters": [
                       {"name": "code", "in": "query", "required": true, "schema": {"type": "string", "pattern": "^X\\\\d{2}$"}},
                       {"name": "n", "in": "query", "required": true, "schema": {"type": "integer", "exclusiveMinimum": 5, "exclusiveMaximum": 9}}],
                     "responses": {"200": {"description": "ok"}}}}},
                 "components": {"schemas": {"Order": {"type": "object", "required": ["sku", "country", "note", "qty", "price"],
                   "properties": {
                     "sku": {"type": "string", "pattern": "^[A-Z]{3}-\\\\d{4}$"},
                     "country": {"type": "string", "minLength": 2, "maxLength": 2, "pattern": "^[A-Z]+$"},
                     "note": {"type": "string", "minLength": 10},
                     "qty": {"type": "integer", "exclusiveMinimum": 0, "maximum": 50},
                     "price": {"type": "number", "exclusiveMinimum": 100}}}}}}
                """);
        ApiDescription api = ApiDescription.read(spec.toString());
        RestOperation create = api.operation("create");
        JsonNode body = JSON.readTree(JsonSample.sample(create.body().schema()));
        JsonNode schema = JSON.readTree(Files.readString(spec)).at("/components/schemas/Order");
        var errors = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema).validate(body);
        assertTrue(errors.isEmpty(), errors + " in " + body);
        assertEquals("AAA-0000", body.get("sku").asText());
        RestOperation items = api.operation("items");
        assertEquals("\"X00\"", JsonSample.sample(items.parameters().get(0).schema()));
        assertEquals("6", JsonSample.sample(items.parameters().get(1).schema()));
    }

    @Test
    void openApi30sExclusiveBoundsAreFlags(@TempDir Path dir) throws Exception {
        Path spec = Files.writeString(dir.resolve("old.yaml"), """
                openapi: 3.0.3
                info: { title: old, version: "1" }
                paths:
                  /p:
                    post:
                      operationId: p
                      requestBody:
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                ratio: { type: number, minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true }
                                level: { type: integer, minimum: 10 }
                                code: { type: string, maxLength: 3 }
                      responses: { "200": { description: ok } }
                """);
        RestOperation p = ApiDescription.read(spec.toString()).operation("p");
        JsonNode body = JSON.readTree(JsonSample.sample(p.body().schema()));
        assertEquals(0.5, body.get("ratio").asDouble(), body.toString());
        assertEquals(10, body.get("level").asInt(), body.toString());
        assertEquals("tex", body.get("code").asText(), body.toString());
    }
}
