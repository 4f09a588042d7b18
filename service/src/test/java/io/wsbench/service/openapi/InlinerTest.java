package io.wsbench.service.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * wsbench's own inlining, for the specs whose cycles swagger-parser's ResolverFully follows without end: a reference
 * becomes the component it names, shared, and one back to a schema it is inside stays a reference (the recursion's
 * end), so the sample writer writes a body as it does for a spec swagger-parser inlined.
 */
class InlinerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void referencesBecomeTheirComponentsAndACycleEndsInAReference() throws Exception {
        String spec = """
                {"openapi": "3.0.3", "info": {"title": "graph", "version": "1"},
                 "paths": {"/users/{id}": {"patch": {"operationId": "update",
                   "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/Id"}}],
                   "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/User"}}}},
                   "responses": {"200": {"description": "ok"}}}}},
                 "components": {"schemas": {
                   "Id": {"type": "string", "pattern": "^u[0-9]{3}$"},
                   "Entity": {"type": "object", "properties": {"id": {"$ref": "#/components/schemas/Id"}}},
                   "User": {"allOf": [{"$ref": "#/components/schemas/Entity"},
                     {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"},
                      "manager": {"$ref": "#/components/schemas/User"},
                      "groups": {"type": "array", "items": {"$ref": "#/components/schemas/Group"}}}}]},
                   "Group": {"type": "object", "properties": {"title": {"type": "string"},
                     "owner": {"$ref": "#/components/schemas/User"}}}}}}
                """;
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(false); // as after ResolverFully's overflow
        OpenAPI api = new OpenAPIV3Parser().readContents(spec, null, options).getOpenAPI();
        Inliner.inline(api);
        Map<String, Schema> components = api.getComponents().getSchemas();
        Schema<?> body = api.getPaths().get("/users/{id}").getPatch().getRequestBody().getContent().get("application/json").getSchema();
        assertSame(components.get("User"), body, "the body is the component itself");
        assertSame(components.get("Id"), api.getPaths().get("/users/{id}").getPatch().getParameters().get(0).getSchema());
        Schema<?> own = (Schema<?>) components.get("User").getAllOf().get(1);
        assertEquals("#/components/schemas/User", own.getProperties().get("manager").get$ref(), "back to User: the recursion's end");
        Schema<?> group = own.getProperties().get("groups").getItems();
        assertSame(components.get("Group"), group);
        assertEquals("#/components/schemas/User", ((Schema<?>) group.getProperties().get("owner")).get$ref());

        JsonNode sample = JSON.readTree(JsonSample.sample(body));
        assertEquals("u000", sample.get("id").asText(), sample.toString());
        assertEquals("text", sample.get("name").asText(), sample.toString());
        assertNotNull(sample.get("groups").get(0).get("title"), sample.toString());
    }
}
