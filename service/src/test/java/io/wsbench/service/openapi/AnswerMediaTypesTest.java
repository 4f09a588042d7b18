package io.wsbench.service.openapi;

import io.wsbench.service.own.AnswerSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The schema an answer is checked against is the one of the spec's media ranges that matches the
 * media type the answer carries, the most specific first: springdoc, for one, describes every
 * answer under {@code *}{@code /*}.
 */
class AnswerMediaTypesTest {

    private static final List<String> RANGES = List.of("*/*", "application/*", "application/*+json", "application/json",
            "application/json;charset=UTF-8");

    @Test
    void theMostSpecificMatchingRangeIsChosen() {
        assertEquals("application/json;charset=UTF-8", best(RANGES, "application/json; charset=utf-8"));
        assertEquals("application/json;charset=UTF-8", best(RANGES, "Application/JSON;Charset=\"UTF-8\""));
        assertEquals("application/json", best(RANGES, "application/json"));
        assertEquals("application/json", best(RANGES, "application/json;charset=ISO-8859-1"), "another charset: not that range");
        assertEquals("application/*+json", best(RANGES, "application/problem+json"));
        assertEquals("application/*", best(RANGES, "application/xml"));
        assertEquals("*/*", best(RANGES, "text/html;charset=UTF-8"));

        // each range left, as springdoc and others write them alone
        assertEquals("application/*+json", best(List.of("application/*", "application/*+json"), "application/json"));
        assertEquals("application/*", best(List.of("*/*", "application/*"), "application/json;charset=UTF-8"));
        assertEquals("*/*", best(List.of("*/*"), "application/json"));
        assertNull(best(List.of("application/json", "application/*+json"), "text/plain"));
        assertNull(best(List.of("application/json;charset=UTF-8"), "application/json"), "the range asks for a charset the answer does not name");
    }

    @Test
    void anAnswerUnderStarSlashStarIsCheckedAgainstItsSchema(@TempDir Path dir) throws Exception {
        AnswerSchema schema = answers(dir, """
                "200":
                  description: the item
                  content:
                    "*/*": { schema: { $ref: "#/components/schemas/Item" } }
                """);
        assertNotNull(schema, "a schema under */* is a schema");
        assertNull(check(schema, "application/json", "{\"id\": 1, \"name\": \"fig\"}"));
        assertNull(check(schema, "", "{\"id\": 1, \"name\": \"fig\"}"), "no Content-Type: read as JSON");
        assertTrue(check(schema, "application/json", "{\"id\": \"one\"}").contains("$.id"), "a string where an integer belongs");
        assertTrue(check(schema, "application/json;charset=UTF-8", "<item/>").startsWith("not JSON"));
        assertNull(check(schema, "text/plain", "fig"), "a text answer: a JSON schema cannot judge it");
    }

    @Test
    void eachMediaTypeIsCheckedAgainstTheSchemaOfItsOwnRange(@TempDir Path dir) throws Exception {
        // the exact type holds Item (id required), the suffix range Problem (error required), anything else Other (name required)
        AnswerSchema schema = answers(dir, """
                "200":
                  description: the item
                  content:
                    "*/*": { schema: { type: object, required: [name] } }
                    "application/json": { schema: { $ref: "#/components/schemas/Item" } }
                    "application/*+json": { schema: { type: object, required: [error] } }
                    "application/xml": { schema: { $ref: "#/components/schemas/Item" } }
                """);
        String item = "{\"id\": 1, \"name\": \"fig\"}";
        String problem = "{\"error\": \"no\"}";
        assertNull(check(schema, "application/json;charset=UTF-8", item));
        assertTrue(check(schema, "application/json", problem).contains("id"), "application/json: Item's id is required");
        assertNull(check(schema, "application/problem+json", problem));
        assertTrue(check(schema, "application/problem+json", item).contains("error"), "the suffix range's schema, not */*'s");
        assertNull(check(schema, "application/xml", "<item id=\"1\"/>"), "XML is not judged by a JSON schema");
        assertNull(check(schema, "", item), "no Content-Type: the range a JSON answer falls under, application/json");
    }

    @Test
    void aMediaTypeTheSpecDoesNotDescribeIsAProblemNamingThoseItDoes(@TempDir Path dir) throws Exception {
        AnswerSchema schema = answers(dir, """
                "200":
                  description: the item
                  content:
                    "application/json": { schema: { $ref: "#/components/schemas/Item" } }
                """);
        assertEquals("media type text/html is not among those the spec describes for 200 (application/json)",
                check(schema, "text/html", "<html/>"));
        assertNull(check(schema, "application/json; charset=utf-8", "{\"id\": 1}"));
    }

    @Test
    void vendorExtensionsAreNotWarnedAbout(@TempDir Path dir) throws Exception {
        for (String version : new String[]{"3.0.3", "3.1.0"}) {
            AnswerSchema schema = answers(dir, version, """
                    "200":
                      description: the item
                      x-codegen-response: true
                      content:
                        "application/json":
                          schema:
                            type: object
                            x-swagger-router-model: io.swagger.petstore.model.Item
                            required: [id]
                            properties:
                              id: { type: integer, format: int64, x-order: 1, readOnly: true, example: 7 }
                              name: { type: string, deprecated: true, xml: { name: label }, externalDocs: { url: "https://example.com/" } }
                    """);
            assertTrue(check(schema, "application/json", "{\"name\": \"fig\"}").contains("id"), version);
            AnswerSchema referred = answers(dir, version, """
                    "200":
                      description: the item
                      content:
                        "application/json": { schema: { $ref: "#/components/schemas/Item" } }
                    """);
            assertTrue(check(referred, "application/json", "{\"id\": \"one\"}").contains("id"), version);
        }
        // what the validator logged is asserted after all tests: it says each unknown keyword once per process
    }

    @Test
    void anOptionalFieldAsFastApiWritesItTakesItsNull(@TempDir Path dir) throws Exception {
        // Optional[str] in OpenAPI 3.1: anyOf a string or null, inside a schema the answer refers to
        AnswerSchema schema = answers(dir, "3.1.0", """
                "200":
                  description: the receipt
                  content:
                    "application/json": { schema: { $ref: "#/components/schemas/Receipt" } }
                """);
        assertNull(check(schema, "application/json", "{\"id\": 1, \"note\": null}"));
        assertNull(check(schema, "application/json", "{\"id\": 1, \"note\": \"gift\"}"));
        assertTrue(check(schema, "application/json", "{\"id\": 1, \"note\": 3}").contains("note"));
        assertTrue(check(schema, "application/json", "{\"note\": null}").contains("id"), "required, through the $ref");
    }

    /** networknt's log lines while this class runs, through SLF4J to java.util.logging, as in the CLI. */
    private static final List<LogRecord> LOGGED = new ArrayList<>();
    private static final Logger NETWORKNT = Logger.getLogger("com.networknt");
    private static final Handler KEEP = new Handler() {
        @Override
        public void publish(LogRecord r) {
            synchronized (LOGGED) {
                LOGGED.add(r);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeAll
    static void keepTheValidatorsLogLines() {
        NETWORKNT.addHandler(KEEP);
    }

    @AfterAll
    static void theValidatorLoggedNothing() {
        NETWORKNT.removeHandler(KEEP);
        assertEquals(List.of(), LOGGED.stream().map(LogRecord::getMessage).toList(), "the spec's x- keywords, and what wsbench adds, are known");
    }

    private static String best(List<String> ranges, String contentType) {
        return MediaRange.best(ranges, MediaRange.parse(contentType));
    }

    private static String check(AnswerSchema schema, String contentType, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return schema.problem(200, contentType, bytes, bytes.length);
    }

    private static AnswerSchema answers(Path dir, String responses) throws Exception {
        return answers(dir, "3.0.3", responses);
    }

    /** The answer schema of getItem in a spec of {@code version} whose 200 answer is {@code responses}. */
    private static AnswerSchema answers(Path dir, String version, String responses) throws Exception {
        Path spec = Files.writeString(dir.resolve("items-" + version + ".yaml"), """
                openapi: %s
                info: { title: items, version: "1" }
                paths:
                  /items/{id}:
                    get:
                      operationId: getItem
                      parameters: [ { name: id, in: path, required: true, schema: { type: integer } } ]
                      responses:
                %s
                components:
                  schemas:
                    Item:
                      type: object
                      x-swagger-router-model: io.swagger.petstore.model.Item
                      required: [id]
                      properties:
                        id: { type: integer }
                        name: { type: string }
                    Receipt:
                      type: object
                      required: [id, note]
                      properties:
                        id: { type: integer }
                        note: { anyOf: [ { type: string }, { type: "null" } ], title: Note }
                """.formatted(version, responses.indent(8).stripTrailing()));
        ApiDescription api = ApiDescription.read(spec.toString());
        return RestRequest.of(api, api.operation("getItem"), null, null, null).answerSchema();
    }
}
