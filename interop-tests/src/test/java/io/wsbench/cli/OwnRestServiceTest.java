package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's own REST service, known only by its OpenAPI spec: the project's test spec (query, path
 * and header parameters, a JSON body with a nested object and an array, $refs, several answers per
 * operation) served with the service by PHP's built-in web server, a real HTTP server of another
 * language, and loaded through {@code load --openapi} with CSV rows and checks whose expected values
 * come from the rows. Beside it, specs as FastAPI and springdoc write them, with answers as those
 * services give them.
 */
class OwnRestServiceTest {

    private static final Path SPECS = Path.of("src/test/resources/openapi").toAbsolutePath();
    private static final Path SERVICE = Path.of("src/test/resources/own-service/rest.php").toAbsolutePath();
    private static PhpService service;
    private static String base;

    @BeforeAll
    static void startTheService() throws Exception {
        service = PhpService.start(SERVICE);
        base = service.base();
    }

    @AfterAll
    static void stopTheService() {
        if (service != null) {
            service.close();
        }
    }

    private static String spec() {
        return base + "/spec/shop.yaml";
    }

    @Test
    void theListingNamesEveryOperationItsParametersBodyAndAnswers() {
        CliRunner r = CliRunner.run("openapi", spec());
        assertEquals(0, r.exit(), r.err());
        String out = r.out();
        assertTrue(out.contains("OpenAPI 3.0  " + spec()), out);
        assertTrue(out.contains("add  GET /add  the sum of two integers"), out);
        assertTrue(out.contains("server      " + base + "/api"), out);
        assertTrue(out.contains("parameters  id (path, integer), currency (query, optional, string one of [EUR, USD]), X-Client (header, optional, string)"), out);
        assertTrue(out.contains("placeOrder  POST /orders") && out.contains("body        application/json"), out);
        assertTrue(out.contains("answers     201 application/json, 400 application/json"), out);
    }

    @Test
    void theSampleIsJsonOfTheSchemaAndTheTemplateHasAPlaceholderPerLeaf() throws Exception {
        CliRunner r = CliRunner.run("openapi", SPECS.resolve("shop.yaml").toString(), "--operation", "placeOrder");
        assertEquals(0, r.exit(), r.err());
        String[] headAndBody = r.out().split("\n\n", 2);
        assertEquals("POST http://127.0.0.1:8080/api/orders\nContent-Type: application/json", headAndBody[0]);
        JsonNode sample = RunJson.MAPPER.readTree(headAndBody[1]);
        assertEquals("apple", sample.path("item").asText(), "the schema's example");
        assertTrue(sample.path("quantity").isIntegralNumber() && sample.path("quantity").asLong() >= 1, sample.toString());
        assertEquals("ada@example.com", sample.path("customer").path("email").asText(), "a value of its format");
        assertTrue(sample.path("tags").isArray() && sample.path("tags").size() == 1, sample.toString());

        CliRunner item = CliRunner.run("openapi", SPECS.resolve("shop.yaml").toString(), "--operation", "getItem");
        assertEquals("GET http://127.0.0.1:8080/api/items/1\n", item.out(), "the minimum; optional parameters left out");

        CliRunner t = CliRunner.run("openapi", SPECS.resolve("shop.yaml").toString(), "--operation", "placeOrder", "--template");
        assertEquals(0, t.exit(), t.err());
        String template = t.out();
        for (String expected : new String[]{"\"item\" : \"${item}\"", "\"quantity\" : ${quantity}", "\"express\" : ${express}",
                "\"name\" : \"${name}\"", "\"tags\" : [ \"${tags}\" ]"}) {
            assertTrue(template.contains(expected), expected + " in\n" + template);
        }
        assertTrue(t.err().contains("POST /orders: the data's columns: item, quantity, name;"
                + " optional (left out where the data has no column): express, email, tags"), t.err());
    }

    @Test
    void queryPathHeaderAndBodyAreFilledFromTheRowsAndEveryAnswerIsChecked(@TempDir Path dir) throws Exception {
        // each third row expects a wrong sum: exactly a third of the answers fail the check
        Path add = Files.writeString(dir.resolve("add.csv"), "a,b,sum\n1,2,3\n10,20,30\n5,5,11\n");
        JsonNode p = load("--openapi", spec(), "--operation", "add", "--data", add.toString(),
                "--check", "jsonpath:$.sum == ${sum}", "--check", "schema", "--check", "status: 200", "-c", "3", "-n", "30");
        assertEquals(30, p.path("requests").asLong());
        assertEquals(10, p.path("errors").path("validation").asLong(), p.toString());
        assertEquals("openapi", p.path("target").path("protocol").asText(), p.toString());
        assertTrue(p.path("generator").path("checkMicrosPerRequest").asDouble() > 0, p.toString());

        // a path parameter, an optional query parameter and a header from their columns; item 500 does not exist (404)
        Path items = Files.writeString(dir.resolve("items.csv"), "id,currency,X-Client,price\n1,USD,cli \"one\",1.5\n7,EUR,two,10.5\n500,EUR,three,0\n");
        JsonNode item = load("--openapi", spec(), "--operation", "getItem", "--data", items.toString(),
                "--check", "jsonpath:$.price == ${price}", "--check", "jsonpath:$.currency == '${currency}'",
                "--check", "jsonpath:$.note == '${X-Client}'", "--check", "schema", "-c", "1", "-n", "9");
        assertEquals(3, item.path("errors").path("httpStatus").asLong(), "the 404s, and only them: " + item);
        assertEquals(0, item.path("errors").path("validation").asLong(), item.toString());
        assertEquals(6, item.path("validated").asLong(), item.toString());

        // the same rows at an address whose answers break the spec's schema: every answer fails the check
        JsonNode old = load(base + "/api-v0", "--openapi", spec(), "--operation", "getItem", "--data", items.toString(),
                "--check", "schema", "--check", "status: 200,404", "-c", "1", "-n", "6");
        assertEquals(4, old.path("errors").path("validation").asLong(), "the 200s of items 1 and 7: " + old);
        assertEquals(2, old.path("validated").asLong(), "the 404s match the spec's Problem: " + old);
    }

    @Test
    void anOpenApi31SpecInJsonIsCheckedAsJsonSchema202012(@TempDir Path dir) throws Exception {
        String v31 = base + "/spec/shop-v0-31.json";
        assertTrue(CliRunner.run("openapi", v31).out().contains("OpenAPI 3.1"));
        // 3.1's type lists and numeric exclusiveMinimum: the older build's answers match, but for item 0's price of 0
        Path items = Files.writeString(dir.resolve("items.csv"), "id\n1\n0\n7\n");
        JsonNode p = load("--openapi", v31, "--operation", "getItem", "--data", items.toString(), "--check", "schema",
                "-c", "1", "-n", "9");
        assertEquals(3, p.path("errors").path("validation").asLong(), p.toString());
        assertEquals(6, p.path("validated").asLong(), p.toString());
    }

    @Test
    void aTemplateOfTheUsersOwnIsFilledWithJsonEscapedValues(@TempDir Path dir) throws Exception {
        // saved with a byte order mark, as Windows' Notepad saves UTF-8: PHP's json_decode refuses a body that starts with one
        Path template = Files.writeString(dir.resolve("order.json"), "\uFEFF" + """
                { "item": "${item}", "quantity": ${q}, "express": ${express},
                  "customer": { "name": "${who}" }, "tags": ["bench", "${tag}"] }
                """);
        // row 2's name needs escaping (a quote, a backslash, a newline); row 3 expects a wrong total
        Path orders = Files.writeString(dir.resolve("orders.csv"), """
                item,q,express,who,tag,total
                apple,2,false,Ada,x,1.0
                fig,1,true,"Bob ""the"" \\\\ Co
                second line",y,4.0
                pear,4,false,Cy,z,9.0
                """);
        JsonNode p = load("--openapi", spec(), "--operation", "placeOrder", "--template", template.toString(), "--data", orders.toString(),
                "--check", "status: 201", "--check", "jsonpath:$.total == ${total}", "--check", "jsonpath:$.customer == '${who}'",
                "--check", "schema", "-c", "1", "-n", "12");
        assertEquals(12, p.path("requests").asLong());
        assertEquals(4, p.path("errors").path("validation").asLong(), "row 3 of 3, four times: " + p);
        assertEquals(0, p.path("errors").path("httpStatus").asLong(), "every body was an order: " + p);
    }

    @Test
    void mistakesAreOneLineNamingTheFileBeforeAnyLoad(@TempDir Path dir) throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.yaml"), "openapi: 3.0.3\npaths:\n  /x: [unclosed\n");
        CliRunner r = CliRunner.run("load", "--openapi", broken.toString(), "--operation", "x", "-n", "1");
        assertBadInput(r, broken + ":");
        assertTrue(r.err().contains("not YAML or JSON"), r.err());

        Path notApi = Files.writeString(dir.resolve("not-api.yaml"), "swagger: nothing\n");
        assertBadInput(CliRunner.run("openapi", notApi.toString()), notApi + ": not an OpenAPI 3 spec");

        r = CliRunner.run("load", "--openapi", spec(), "--operation", "deleteOrder", "-n", "1");
        assertBadInput(r, "no operation 'deleteOrder' (operations: add, getItem, placeOrder)");

        Path noB = Files.writeString(dir.resolve("nob.csv"), "a\n1\n");
        r = CliRunner.run("load", "--openapi", spec(), "--operation", "add", "--data", noB.toString(), "-n", "1");
        assertBadInput(r, noB + ": its header has no column b for the request's placeholders");

        Path template = Files.writeString(dir.resolve("bad.json"), "{ \"item\": \"${item}\",\n  \"quantity\": }\n");
        r = CliRunner.run("load", "--openapi", spec(), "--operation", "placeOrder", "--template", template.toString(), "-n", "1");
        assertBadInput(r, template + ":2:");
        assertTrue(r.err().contains("the template is not JSON"), r.err());

        Path dangling = Files.writeString(dir.resolve("dangling.yaml"), DANGLING);
        assertBadInput(CliRunner.run("openapi", dangling.toString()), dangling + ": a reference cannot be resolved: Unable to load RELATIVE ref: ./other.yaml");

        r = CliRunner.run("load", "--openapi", SPECS.resolve("shop.yaml").toString(), "--wsdl", "x.wsdl", "--operation", "add", "-n", "1");
        assertBadInput(r, "give either --wsdl or --openapi, not both");
    }

    @Test
    void aSuiteStartsTheUsersServerAndLoadsItFromItsServedSpecAndFromAFileBesideTheSuite(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("add.csv"), "a,b,sum\n1,2,3\n10,20,30\n5,5,11\n");
        Files.writeString(dir.resolve("items.csv"), "id\n1\n2\n");
        Files.copy(SPECS.resolve("shop.yaml"), dir.resolve("shop.yaml"));
        Path suite = Files.writeString(dir.resolve("mine.yaml"), """
                name: mine-rest
                warmup: none            # not what this test is about
                stacks:
                  shop: { command: [php, -S, "127.0.0.1:${port}", "%s"], ready: /ready }
                targets:
                  - { label: add on mine, stack: shop, openapi: /spec/shop.yaml, operation: add, data: add.csv,
                      checks: ["jsonpath:$.sum == ${sum}"] }
                  - { label: item on mine, stack: shop, openapi: shop.yaml, path: /api, operation: getItem,
                      data: items.csv, checks: [schema, "jsonpath:$.id == ${id}"] }
                  - { label: add as the file says, stack: shop, openapi: shop.yaml, operation: add, data: add.csv,
                      checks: ["jsonpath:$.sum == ${sum}"] }
                load:
                  - { users: 1, requestsPerUser: 30 }
                """.formatted(SERVICE));
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.err() + r.out());
        JsonNode points = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).path("points");
        assertEquals(3, points.size(), points.toString());
        JsonNode add = RunCommandTest.labelled(points, "add on mine");
        JsonNode item = RunCommandTest.labelled(points, "item on mine");
        assertEquals("openapi", add.path("target").path("protocol").asText());
        assertEquals(30, add.path("requests").asLong());
        assertEquals(10, add.path("errors").path("validation").asLong(), add.toString());
        assertEquals(30, item.path("validated").asLong(), item.toString());
        assertTrue(item.path("target").path("url").asText().endsWith("/api"), item.toString());
        // the file's server is http://127.0.0.1:8080/api, written for another machine: the target names the stack, so its
        // requests go to the stack, on the path the file gives
        JsonNode asFiled = RunCommandTest.labelled(points, "add as the file says");
        assertEquals(20, asFiled.path("validated").asLong(), asFiled.toString());
        assertEquals(add.path("target").path("url").asText(), asFiled.path("target").path("url").asText(), "the stack's /api: " + asFiled);
        assertTrue(asFiled.path("target").path("url").asText().endsWith("/api"), asFiled.toString());

        PhpService.assertTargetNeedsAnOperation(dir, "openapi: shop.yaml");
    }

    @Test
    void anOptionalBodyFieldTheDataHasNoColumnForIsLeftOutAndEveryAnswerIsValid(@TempDir Path dir) throws Exception {
        // FastAPI's spec of an Order whose note is Optional[str]: the user's CSV names the fields they send, and no note
        String fastapi = base + "/spec/orders-fastapi.json";
        Path orders = Files.writeString(dir.resolve("orders.csv"), "item,quantity,unitPrice,total\napple,2,0.5,1.0\nfig,3,2.0,6.0\n");
        JsonNode p = load("--openapi", fastapi, "--operation", "placeOrder", "--data", orders.toString(), "--check", "status: 200",
                "--check", "schema", "--check", "jsonpath:$.fields == 'item,quantity,unitPrice'", "--check", "jsonpath:$.total == ${total}",
                "-c", "2", "-n", "20");
        assertEquals(20, p.path("requests").asLong(), p.toString());
        assertEquals(20, p.path("validated").asLong(), "the service was sent the three fields, and no note: " + p);

        // with its column the note is sent, empty or not
        Path noted = Files.writeString(dir.resolve("noted.csv"), "item,quantity,unitPrice,note\npear,1,0.75,gift wrap\nfig,1,2.0,\n");
        JsonNode withNote = load("--openapi", fastapi, "--operation", "placeOrder", "--data", noted.toString(), "--check", "schema",
                "--check", "jsonpath:$.fields == 'item,quantity,unitPrice,note'", "--check", "jsonpath:$.note == '${note}'", "-c", "1", "-n", "6");
        assertEquals(6, withNote.path("validated").asLong(), withNote.toString());

        // a required field is not left out: its column missing is one line, before any load
        Path noQuantity = Files.writeString(dir.resolve("noq.csv"), "item,unitPrice\napple,0.5\n");
        CliRunner r = CliRunner.run("load", "--openapi", fastapi, "--operation", "placeOrder", "--data", noQuantity.toString(), "-n", "1");
        assertBadInput(r, noQuantity + ": its header has no column quantity for the request's placeholders");
    }

    @Test
    void anAnswerTheSpecDescribesUnderStarSlashStarIsCheckedAgainstItsSchema(@TempDir Path dir) throws Exception {
        // springdoc's spec: every answer under */*; item 77's price is a word, which the spec's Item does not allow
        String springdoc = base + "/spec/items-springdoc.json";
        Path items = Files.writeString(dir.resolve("items.csv"), "id,name\n1,item 1\n77,item 77\n2,item 2\n");
        JsonNode p = load("--openapi", springdoc, "--operation", "getItem", "--data", items.toString(), "--check", "schema",
                "--check", "jsonpath:$.name == '${name}'", "-c", "1", "-n", "9");
        assertEquals(9, p.path("requests").asLong(), p.toString());
        assertEquals(3, p.path("errors").path("validation").asLong(), "item 77, three times: " + p);
        assertEquals(6, p.path("validated").asLong(), p.toString());

        CliRunner said = CliRunner.run("load", "--openapi", springdoc, "--operation", "getItem", "--data", items.toString(), "-c", "1", "-n", "2");
        assertTrue((said.out() + said.err()).contains("  openapi getItem  closed loop, 1 user"), "the header names the operation: " + said.out());
    }

    /** A spec whose answer refers to a file that is not there. */
    private static final String DANGLING = """
            openapi: 3.0.3
            info: { title: dangling, version: "1" }
            paths:
              /items:
                get:
                  operationId: items
                  responses:
                    "200":
                      description: the items
                      content:
                        application/json: { schema: { $ref: "other.yaml#/components/schemas/Items" } }
            """;

    @Test
    void noLibraryLogLineReachesTheConsole(@TempDir Path dir) throws Exception {
        // items-springdoc.json carries x-swagger-router-model and x-order in its schema: known to OpenAPI, warned about by no one
        String springdoc = base + "/spec/items-springdoc.json";
        Path items = Files.writeString(dir.resolve("items.csv"), "id\n1\n2\n");
        String[][] commands = {{"openapi", springdoc, "--operation", "getItem"},
                {"load", "--openapi", springdoc, "--operation", "getItem", "--data", items.toString(), "--check", "schema", "-c", "1", "-n", "4", "--json"}};
        for (String[] command : commands) {
            try (CliProcess cli = CliProcess.start(dir.resolve(command[0] + ".out"), command)) {
                assertEquals(0, cli.exitCode(Duration.ofSeconds(60)), cli.output());
                String console = cli.output();
                assertFalse(console.contains("Unknown keyword") || console.contains("WARNING"), console);
                assertTrue(console.contains(command[0].equals("load") ? "\"validated\" : 4" : "GET " + base + "/springdoc/items/3"), console);
            }
        }
        // a reference the spec cannot resolve: swagger-parser's warning and stack trace give way to wsbench's one line
        Path dangling = Files.writeString(dir.resolve("dangling.yaml"), DANGLING);
        try (CliProcess cli = CliProcess.start(dir.resolve("dangling.out"), "openapi", dangling.toString())) {
            assertEquals(2, cli.exitCode(Duration.ofSeconds(60)), cli.output());
            assertEquals(List.of("wsbench: " + dangling + ": a reference cannot be resolved: Unable to load RELATIVE ref: ./other.yaml path: "
                    + dir), cli.output().lines().toList());
        }
    }

    private static JsonNode load(String... args) throws IOException {
        return PhpService.load(args);
    }

    private static void assertBadInput(CliRunner r, String expected) {
        PhpService.assertBadInput(r, expected);
    }
}
