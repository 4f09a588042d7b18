package io.wsbench.service.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.service.own.OwnServiceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sample request as the spec's parameters and body ask to be written, found by reading other people's specs (the
 * OpenAPI Initiative's examples, readme.io's): an array in a query went out as the JSON {@code ["available"]}
 * ({@code status=%5B%20%22available%22%20%5D}) where its form style says {@code status=available}; a path's label
 * style lost its dot; a form body went out as JSON; a date-time example stopped {@code openapi --operation} with an
 * internal error; the server's own fields (readOnly) and an Accept header parameter were sent; a const and a
 * multipleOf were not kept; a Swagger 2.0 file and a spec of webhooks only were "not an OpenAPI 3 spec".
 */
class ParameterStyleTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final URI SERVER = URI.create("http://127.0.0.1:9");

    private static String request(Path dir, String spec, String operation) throws Exception {
        ApiDescription api = ApiDescription.read(Files.writeString(dir.resolve("spec.yaml"), spec).toString());
        return RestRequest.of(api, api.operation(operation), null, null, null).describe(SERVER);
    }

    /** The JSON body of a request as {@link RestRequest#describe} prints it: after its blank line. */
    private static JsonNode body(String request) throws Exception {
        return JSON.readTree(request.substring(request.indexOf("\n\n") + 2));
    }

    @Test
    void parametersAreWrittenInTheirStyle(@TempDir Path dir) throws Exception {
        String said = request(dir, """
                openapi: 3.0.3
                info: { title: pets, version: "1" }
                paths:
                  /pets/{ids}/{labels}/{matrix}:
                    get:
                      operationId: find
                      parameters:
                        - { name: status, in: query, required: true, schema: { type: array, items: { type: string, enum: [available, sold] } } }
                        - { name: tags, in: query, required: true, explode: false, schema: { type: array, minItems: 2, items: { type: string } } }
                        - { name: ids, in: path, required: true, schema: { type: array, items: { type: integer } } }
                        - { name: labels, in: path, required: true, style: label, schema: { type: string } }
                        - { name: matrix, in: path, required: true, style: matrix, schema: { type: integer } }
                        - { name: X-Ids, in: header, required: true, schema: { type: array, minItems: 2, items: { type: integer } } }
                        - { name: Accept, in: header, required: true, schema: { type: string } }
                      responses: { "200": { description: ok } }
                """, "find");
        String line = said.lines().findFirst().orElseThrow();
        assertEquals("GET http://127.0.0.1:9/pets/3/.text/;matrix=3?status=available&tags=text,text", line, said);
        assertTrue(said.contains("\nX-Ids: 3,3\n"), said);
        assertFalse(said.contains("Accept"), "the answers' media types say it, not a parameter: " + said);
    }

    @Test
    void aFormBodyIsAForm(@TempDir Path dir) throws Exception {
        String said = request(dir, """
                openapi: 3.0.3
                info: { title: search, version: "1" }
                paths:
                  /search:
                    post:
                      operationId: search
                      requestBody:
                        content:
                          application/x-www-form-urlencoded:
                            schema:
                              type: object
                              required: [criteria, start]
                              properties:
                                criteria: { type: string, example: "*:*" }
                                start: { type: integer }
                                fields: { type: array, items: { type: string } }
                      responses: { "200": { description: ok } }
                """, "search");
        assertTrue(said.endsWith("\n\ncriteria=*%3A*&start=3&fields=text\n"), said);
    }

    @Test
    void theServersFieldsAreNotSentAndConstantsAndStepsAreKept(@TempDir Path dir) throws Exception {
        String said = request(dir, """
                openapi: 3.1.0
                info: { title: bookings, version: "1" }
                paths:
                  /bookings:
                    post:
                      operationId: book
                      requestBody:
                        content:
                          application/json:
                            schema:
                              type: object
                              required: [id, object, seats, from, stock]
                              properties:
                                id: { type: string, readOnly: true }
                                object: { type: string, const: card }
                                seats: { type: integer, multipleOf: 2 }
                                from: { type: string, format: date-time, example: "2026-01-31T12:00:00Z" }
                                stock: { type: "null" }
                      responses: { "200": { description: ok } }
                """, "book");
        JsonNode body = body(said);
        assertFalse(body.has("id"), said);
        assertEquals("card", body.get("object").asText(), said);
        assertEquals(4, body.get("seats").asInt(), said);
        assertEquals("2026-01-31T12:00Z", body.get("from").asText().replace(":00Z", "Z"), said);
        assertTrue(body.get("stock").isNull(), said);
    }

    @Test
    void anObjectWhoseChoicesOnlyRequireIsStillAnObject(@TempDir Path dir) throws Exception {
        String said = request(dir, """
                openapi: 3.0.3
                info: { title: docs, version: "1" }
                paths:
                  /docs:
                    post:
                      operationId: createDoc
                      requestBody:
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                title: { type: string }
                                category: { type: string }
                                parentDoc: { type: string }
                              oneOf:
                                - { required: [title, category] }
                                - { required: [title, parentDoc] }
                      responses: { "200": { description: ok } }
                """, "createDoc");
        JsonNode body = body(said);
        assertTrue(body.isObject() && body.has("title") && body.has("category"), said);
        assertTrue(!body.has("parentDoc"), "with the second choice's own required field, both choices hold, which a oneOf refuses: " + said);
    }

    @Test
    void aDiscriminatorSaysWhichChoiceTheSampleIs(@TempDir Path dir) throws Exception {
        String said = request(dir, """
                openapi: 3.0.3
                info: { title: pets, version: "1" }
                paths:
                  /pets:
                    patch:
                      operationId: update
                      requestBody:
                        content:
                          application/json:
                            schema:
                              oneOf: [ { $ref: "#/components/schemas/Dog" }, { $ref: "#/components/schemas/Cat" } ]
                              discriminator:
                                propertyName: kind
                                mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" }
                      responses: { "200": { description: ok } }
                components:
                  schemas:
                    Dog: { title: Dog, type: object, required: [kind, bark], properties: { kind: { type: string }, bark: { type: boolean } } }
                    Cat: { title: Cat, type: object, required: [kind, hunts], properties: { kind: { type: string }, hunts: { type: boolean } } }
                """, "update");
        JsonNode body = body(said);
        assertEquals("dog", body.get("kind").asText(), said);
        assertTrue(body.has("bark"), said);
    }

    /**
     * A Swagger 2.0 spec (springfox's, many an older service's) was refused ("convert it first"): it is read as OpenAPI 3.0
     * by swagger-parser's own converter, its body parameter the request body, its host and basePath the server, a query
     * array of collectionFormat multi repeated.
     */
    @Test
    void aSwagger2SpecIsReadAsOpenApi3(@TempDir Path dir) throws Exception {
        String spec = """
                swagger: "2.0"
                info: { title: pets, version: "1" }
                host: pets.test:8080
                basePath: /api
                schemes: [http]
                paths:
                  /pets/{id}:
                    put:
                      operationId: updatePet
                      consumes: [application/json]
                      parameters:
                        - { name: id, in: path, required: true, type: integer, minimum: 5 }
                        - { name: tag, in: query, required: true, type: array, items: { type: string, enum: [cat, dog] }, collectionFormat: multi }
                        - { name: pet, in: body, required: true, schema: { $ref: "#/definitions/Pet" } }
                      responses: { "200": { description: ok } }
                definitions:
                  Pet: { type: object, required: [name], properties: { name: { type: string, example: Rex }, age: { type: integer } } }
                """;
        ApiDescription api = ApiDescription.read(Files.writeString(dir.resolve("swagger.yaml"), spec).toString());
        assertTrue(api.swagger2());
        RestOperation op = api.operation("updatePet");
        assertEquals("http://pets.test:8080/api", String.valueOf(op.server()));
        String said = RestRequest.of(api, op, null, null, null).describe(SERVER);
        assertTrue(said.startsWith("PUT " + SERVER.toString().replaceAll("/$", "") + "/pets/5?tag=cat"), said);
        assertEquals("Rex", body(said).get("name").asText(), said);
    }

    @Test
    void whatIsNotAnOpenApi3SpecSaysWhatItIs(@TempDir Path dir) throws Exception {
        Path hooks = Files.writeString(dir.resolve("hooks.yaml"), """
                openapi: 3.1.0
                info: { title: hooks, version: "1" }
                webhooks:
                  newPet:
                    post:
                      requestBody: { content: { application/json: { schema: { type: object } } } }
                      responses: { "200": { description: ok } }
                """);
        String said = assertThrows(OwnServiceException.class, () -> ApiDescription.read(hooks.toString())).getMessage();
        assertTrue(said.endsWith("an OpenAPI 3.1.0 spec with no paths (only webhooks, which the service calls: nothing to load)"), said);
        // what is no spec at all is said in a user's words, not in Jackson's (which swagger-parser passes on)
        Path list = Files.writeString(dir.resolve("list.yaml"), "- a\n- b\n");
        assertEquals(list + ": an OpenAPI spec is a mapping of keys (openapi:, info:, paths: ...) at its top level, not a list",
                assertThrows(OwnServiceException.class, () -> ApiDescription.read(list.toString())).getMessage());
        Path text = Files.writeString(dir.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
        assertEquals(text + ": an OpenAPI spec is a mapping of keys (openapi:, info:, paths: ...) at its top level, not text",
                assertThrows(OwnServiceException.class, () -> ApiDescription.read(text.toString())).getMessage());
        Path none = Files.writeString(dir.resolve("none.json"), "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"x\","
                + " \"version\": \"1\"}, \"paths\": {\"/a\": 5}}");
        said = assertThrows(OwnServiceException.class, () -> ApiDescription.read(none.toString())).getMessage();
        assertTrue(said.startsWith(none + ": no operation under its paths (") && said.contains("/a"), said);
        Path missing = dir.resolve("missing.yaml");
        assertEquals(missing + ": no such OpenAPI file",
                assertThrows(OwnServiceException.class, () -> ApiDescription.read(missing.toString())).getMessage());
        Path empty = Files.writeString(dir.resolve("empty.yaml"), "");
        assertEquals(empty + ": the file is empty",
                assertThrows(OwnServiceException.class, () -> ApiDescription.read(empty.toString())).getMessage());
        // an address nothing listens on (a port of this machine just freed): read nothing, which says nothing of the spec
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String nowhere = "http://127.0.0.1:" + port + "/openapi.yaml";
        assertEquals(nowhere + ": cannot be read (nothing listens there: Connection refused)",
                assertThrows(OwnServiceException.class, () -> ApiDescription.read(nowhere)).getMessage());
        Path binary = Files.write(dir.resolve("spec.bin"), new byte[] {'o', (byte) 0xff, (byte) 0xfe});
        assertEquals(binary + ": not UTF-8 text (an OpenAPI spec is YAML or JSON)",
                assertThrows(OwnServiceException.class, () -> ApiDescription.read(binary.toString())).getMessage());
    }
}
