package io.wsbench.service.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Samples of what readme.io's test specs showed broken: a discriminator without a mapping wrote "text" where OpenAPI
 * says the schema's name goes (a Jackson or Spring server then cannot tell the subtype), whether the discriminator sits
 * on the oneOf or on the base an allOf extends; a tree's children were ["text"] (the reference the parser leaves where a
 * schema refers to itself); an example outside the enum ("Choose...") and 3.1's {@code default: null} on a string were
 * sent as they were; a required property the object does not describe was left out.
 */
class PolymorphicSampleTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void choicesTreesAndEnumsAreSampledAsTheSpecMeansThem(@TempDir Path dir) throws Exception {
        Path spec = Files.writeString(dir.resolve("pets.yaml"), """
                openapi: 3.0.3
                info: {title: pets, version: '1'}
                paths:
                  /pets:
                    patch:
                      operationId: update
                      requestBody: {content: {application/json: {schema: {oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]}}}}
                      responses: {'200': {description: ok}}
                  /adopt:
                    post:
                      operationId: adopt
                      requestBody:
                        content:
                          application/json:
                            schema:
                              oneOf: [{$ref: '#/components/schemas/Lizard'}, {$ref: '#/components/schemas/Dog'}]
                              discriminator: {propertyName: pet_type}
                      responses: {'200': {description: ok}}
                  /tree:
                    post:
                      operationId: tree
                      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Node'}}}}
                      responses: {'200': {description: ok}}
                  /status:
                    post:
                      operationId: status
                      requestBody:
                        content:
                          application/json:
                            schema:
                              type: object
                              required: [status, code]
                              properties:
                                status: {type: string, enum: [available, sold], example: Choose...}
                      responses: {'200': {description: ok}}
                components:
                  schemas:
                    Pet: {type: object, required: [pet_type], properties: {pet_type: {type: string}}, discriminator: {propertyName: pet_type}}
                    Cat: {allOf: [{$ref: '#/components/schemas/Pet'}, {type: object, properties: {hunts: {type: boolean}}}]}
                    Dog: {allOf: [{$ref: '#/components/schemas/Pet'}, {type: object, properties: {bark: {type: boolean}}}]}
                    Lizard: {type: object, properties: {pet_type: {type: string}, scales: {type: integer}}}
                    Node:
                      type: object
                      properties:
                        name: {type: string}
                        parent: {$ref: '#/components/schemas/Node'}
                        children: {type: array, items: {$ref: '#/components/schemas/Node'}}
                """);
        ApiDescription api = ApiDescription.read(spec.toString());
        assertEquals("Cat", body(api, "update").get("pet_type").asText(), "the base's discriminator names the choice taken");
        assertEquals("Lizard", body(api, "adopt").get("pet_type").asText(), "the oneOf's discriminator names the choice taken");
        JsonNode tree = body(api, "tree");
        assertEquals("[]", tree.get("children").toString(), tree.toString());
        assertFalse(tree.has("parent"), tree.toString());
        JsonNode status = body(api, "status");
        assertEquals("available", status.get("status").asText(), status.toString());
        assertTrue(status.has("code"), "required, though not described: " + status);
    }

    @Test
    void aNullDefaultIsNoStringsValue(@TempDir Path dir) throws Exception {
        Path spec = Files.writeString(dir.resolve("notes.yaml"), """
                openapi: 3.1.0
                info: {title: notes, version: '1'}
                paths:
                  /notes:
                    post:
                      operationId: add
                      requestBody:
                        content:
                          application/json:
                            schema: {type: object, properties: {note: {type: string, default: null}, size: {type: integer, default: null}}}
                      responses: {'200': {description: ok}}
                """);
        JsonNode body = body(ApiDescription.read(spec.toString()), "add");
        assertTrue(body.get("note").isTextual() && body.get("size").isIntegralNumber(), body.toString());
    }

    private static JsonNode body(ApiDescription api, String operation) throws Exception {
        RestOperation op = api.operation(operation);
        return JSON.readTree(JsonSample.sample(op.body().schema(), op.body().names()));
    }
}
