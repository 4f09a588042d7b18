package io.wsbench.service.graphql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.service.own.OwnServiceException;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A GraphQL request from a query and a row: variables typed as the query declares them, mistakes one line before any load. */
class GraphQlRequestTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String QUERY = """
            query Find($id: ID!, $limit: Int, $min: Float!, $open: Boolean, $tags: [String!], $note: String = "none") {
              item(id: $id) { name }
            }
            """;

    @Test
    void eachVariableIsWrittenAsItsTypeWantsAndTheOptionalOnesTheRowsLackAreLeftOut() throws Exception {
        GraphQlRequest r = GraphQlRequest.of(QUERY, "find.graphql", null, Set.of("id", "limit", "min", "open", "tags"));
        assertEquals(Set.of("id", "limit", "min", "open", "tags"), r.placeholders());
        JsonNode body = JSON.readTree(r.json(Map.of("id", "42", "limit", "10", "min", "2.5", "open", "TRUE", "tags", "[\"a\",\"b\"]")));
        assertEquals(QUERY, body.get("query").asText());
        assertEquals("Find", body.get("operationName").asText());
        JsonNode v = body.get("variables");
        assertTrue(v.get("id").isTextual() && "42".equals(v.get("id").asText()), v.toString());
        assertTrue(v.get("limit").isIntegralNumber() && v.get("limit").asInt() == 10, v.toString());
        assertEquals(2.5, v.get("min").asDouble());
        assertTrue(v.get("open").isBoolean() && v.get("open").asBoolean());
        assertEquals(2, v.get("tags").size());
        assertFalse(v.has("note"), "an optional variable without its column is left out: " + v);

        String wire = new String(r.wire(URI.create("http://127.0.0.1:8080/graphql"), Map.of("id", "1", "limit", "1", "min", "1",
                "open", "false", "tags", "[]"), true), StandardCharsets.UTF_8);
        assertTrue(wire.startsWith("POST /graphql HTTP/1.1\r\n"), wire);
        assertTrue(wire.contains("Content-Type: application/json\r\n"), wire);
        assertTrue(r.graphql() && !r.soap());
    }

    @Test
    void aRequiredVariableWithoutItsColumnAQueryThatDoesNotParseAndABadValueAreOneLineEach() {
        OwnServiceException missing = assertThrows(OwnServiceException.class,
                () -> GraphQlRequest.of(QUERY, "find.graphql", null, new java.util.LinkedHashSet<>(java.util.List.of("id", "limit"))));
        assertEquals("find.graphql: $min (Float!) is required, and the rows have no column min (they have: id, limit)",
                missing.getMessage());
        OwnServiceException noRows = assertThrows(OwnServiceException.class, () -> GraphQlRequest.of(QUERY, "find.graphql", null, null));
        assertTrue(noRows.getMessage().contains("$id (ID!) is required, and no rows were given: give them with --variables-from"),
                noRows.getMessage());
        OwnServiceException syntax = assertThrows(OwnServiceException.class,
                () -> GraphQlRequest.of("query {\n  item(id: 1) { name \n", "broken.graphql", null, null));
        assertTrue(syntax.getMessage().matches("broken\\.graphql:\\d+:\\d+: not a GraphQL query: .+"), syntax.getMessage());
        assertFalse(syntax.getMessage().contains("\n"));
        OwnServiceException two = assertThrows(OwnServiceException.class,
                () -> GraphQlRequest.of("query A { a } query B { b }", "two.graphql", null, null));
        assertEquals("two.graphql: holds 2 operations (A, B): name one with --operation", two.getMessage());

        GraphQlRequest r = assertDoesNotThrow(() -> GraphQlRequest.of(QUERY, "find.graphql", null, Set.of("id", "min", "limit")));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> r.json(Map.of("id", "1", "min", "abc", "limit", "1")));
        assertEquals("$min is Float!, not the number 'abc'", bad.getMessage());
    }

    private static GraphQlRequest assertDoesNotThrow(org.junit.jupiter.api.function.ThrowingSupplier<GraphQlRequest> s) {
        return org.junit.jupiter.api.Assertions.assertDoesNotThrow(s);
    }

    @Test
    void errorsAtTheTopOfAnAnswerAreFoundAndNothingElseIsTakenForThem() {
        assertTrue(errors("{\"errors\":[{\"message\":\"times must be 1 or more\"}],\"data\":{\"greet\":null}}"));
        assertTrue(errors("{\"data\":{\"greet\":null},\"errors\":[{\"message\":\"x\"}]}"));
        assertFalse(errors("{\"data\":{\"greet\":\"Hello\",\"errors\":[1]}}"), "a field called errors inside data is data");
        assertFalse(errors("{\"data\":{\"hello\":\"Hello World\"}}"));
        assertFalse(errors("{\"errors\":[]}"));
        assertFalse(errors("not json"));
    }

    private static boolean errors(String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return GraphQlRequest.hasErrors(b, b.length);
    }
}
