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

    /**
     * GitHub's REST API spec (@octokit/openapi 23.0.2), three of its request bodies that a sample broke: an example its
     * own pattern and length refuse (an artifact's digest), a pattern of two anchored alternatives (a public SSH key),
     * and an object whose anyOf narrows one of its properties and requires another it describes (checks/update: a
     * completed status, then a conclusion from its enum, where the choice alone was written and the conclusion "text").
     */
    @Test
    void gitHubsBodiesMeetTheirSchemas(@TempDir Path dir) throws Exception {
        Path spec = Files.writeString(dir.resolve("github.json"), """
                {"openapi": "3.0.3", "info": {"title": "github", "version": "1"},
                 "paths": {"/p": {"post": {"operationId": "p",
                   "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Body"}}}},
                   "responses": {"200": {"description": "ok"}}}}},
                 "components": {"schemas": {"Body": {"type": "object", "required": ["digest", "key", "check"],
                   "properties": {
                     "digest": {"type": "string", "example": "sha256:0ecbaa601dba202129058746c7d8e3f282d0efb5fff0...",
                                "minLength": 71, "maxLength": 71, "pattern": "^sha256:[a-f0-9]{64}$"},
                     "key": {"type": "string", "pattern": "^ssh-(rsa|dss|ed25519) |^ecdsa-sha2-nistp(256|384|521) "},
                     "check": {"type": "object",
                       "properties": {
                         "name": {"type": "string"},
                         "status": {"type": "string", "enum": ["queued", "in_progress", "completed"]},
                         "conclusion": {"type": "string", "enum": ["action_required", "cancelled", "success"]}},
                       "anyOf": [
                         {"properties": {"status": {"enum": ["completed"]}}, "required": ["conclusion"], "additionalProperties": true},
                         {"properties": {"status": {"enum": ["queued", "in_progress"]}}, "additionalProperties": true}]}}}}}}
                """);
        JsonNode body = JSON.readTree(JsonSample.sample(ApiDescription.read(spec.toString()).operation("p").body().schema()));
        JsonNode schema = JSON.readTree(Files.readString(spec)).at("/components/schemas/Body");
        var errors = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4).getSchema(schema).validate(body);
        assertTrue(errors.isEmpty(), errors + " in " + body);
        assertEquals("completed", body.at("/check/status").asText(), body.toString());
        assertEquals("action_required", body.at("/check/conclusion").asText(), body.toString());
        assertEquals("text", body.at("/check/name").asText(), "the object's own properties are kept: " + body);
    }
}
