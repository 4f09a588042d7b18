package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code wsbench import}, end to end: a SoapUI project, a Postman collection and a JMeter plan written for
 * this test (every element wsbench converts, and some it names), and for each format two files written
 * by others (others/SOURCES.md; JMeter's own templates from ApacheJMeter_config on Maven Central), each
 * imported with no hand edit and run by {@code wsbench run --quick} against services.php under PHP's
 * built-in server, a copy of the API the file was written for. On right answers every step whose
 * conversion is whole has no error; on wrong ones (the same server with WSBENCH_WRONG=1) the converted
 * checks fail. Then: importing twice writes the same suite, bad input is one line and exit 2 with
 * nothing written, and --strict refuses a file with a skipped element.
 */
class ImportTest {

    private static final Path HERE = Path.of("src/test/resources/imports").toAbsolutePath();
    private static final Path OTHERS = HERE.resolve("others");
    private static PhpService right;
    private static PhpService wrong;

    @BeforeAll
    static void start() throws Exception {
        right = PhpService.start(HERE.resolve("services.php"));
        wrong = PhpService.start(HERE.resolve("services.php"), Map.of("WSBENCH_WRONG", "1"));
    }

    @AfterAll
    static void stop() {
        if (right != null) {
            right.close();
        }
        if (wrong != null) {
            wrong.close();
        }
    }

    /** What an import printed and wrote. */
    private record Imported(CliRunner out, Path suite) {
        String yaml() throws IOException {
            return Files.readString(suite);
        }

        /** The suite's text with its scalars unquoted ({@code - "status: 200"} read as {@code - status: 200}), to look for a line's content. */
        String plain() throws IOException {
            return yaml().lines().map(l -> l.replaceFirst("^(\\s*(?:- )?(?:[^:\"']+: )?)\"(.*)\"$", "$1$2").replace("\\\"", "\"")
                    .replaceFirst("^(\\s*(?:- )?(?:[^:\"']+: )?)'(.*)'$", "$1$2").replace("''", "'")).collect(Collectors.joining("\n"));
        }

        List<String> lines(String kind) {
            return out.out().lines().filter(l -> l.startsWith(kind + ": ")).toList();
        }

        boolean skipped(String what) {
            return lines("skipped").stream().anyMatch(l -> l.contains(what));
        }
    }

    private static Imported imported(Path dir, Path file, String... options) throws IOException {
        Files.createDirectories(dir);
        Path suite = dir.resolve("suite.yaml");
        List<String> args = new ArrayList<>(List.of("import", file.toString(), "--out", suite.toString()));
        args.addAll(Arrays.asList(options));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err() + r.out());
        Suite parsed = SuiteReader.read(suite); // the suite as `run` reads it: no hand edit
        assertFalse(parsed.targets().isEmpty());
        return new Imported(r, suite);
    }

    /** {@code wsbench run SUITE --quick}: its points. */
    private static JsonNode run(Imported i, Path out) throws IOException {
        CliRunner r = CliRunner.run("run", i.suite().toString(), "--quick", "--out", out.toString());
        assertTrue(r.exit() == 0 || r.exit() == 1, "exit " + r.exit() + ": " + r.err() + r.out());
        return RunJson.MAPPER.readTree(out.resolve("run.json").toFile()).path("points");
    }

    /** Every step of every point: "target / step" → the step's record. */
    private static Map<String, JsonNode> steps(JsonNode points) {
        Map<String, JsonNode> out = new java.util.LinkedHashMap<>();
        for (JsonNode p : points) {
            for (String phase : List.of("setup", "steps", "teardown")) {
                for (JsonNode s : p.path(phase)) {
                    out.merge(p.path("target").path("label").asText() + " / " + s.path("name").asText(), s,
                            (a, b) -> errors(a) >= errors(b) ? a : b);
                }
            }
        }
        return out;
    }

    /** A step's errors of every kind. */
    private static long errors(JsonNode step) {
        long n = 0;
        for (JsonNode kind : step.path("errors")) {
            n += kind.asLong();
        }
        return n;
    }

    /** On right answers: every step that sent requests and is not named in a skipped line has no error. */
    private static void allRight(Imported i, JsonNode points) {
        assertFalse(points.isEmpty(), "no point measured");
        Map<String, JsonNode> steps = steps(points);
        assertFalse(steps.isEmpty(), points.toString());
        for (var e : steps.entrySet()) {
            String step = e.getKey().substring(e.getKey().indexOf(" / ") + 3);
            if (i.skipped("'" + step + "'") || i.skipped(" / " + step + "'") || e.getValue().path("requests").asLong() == 0) {
                continue;
            }
            assertEquals(0, errors(e.getValue()), e.getKey() + ": " + e.getValue());
            assertTrue(e.getValue().path("validated").asLong() > 0, e.getKey() + ": " + e.getValue());
        }
    }

    /** On wrong answers: the named steps fail, by their checks (validation) or the status they are sent. */
    private static void caught(JsonNode points, String... stepNames) {
        Map<String, JsonNode> steps = steps(points);
        for (String name : stepNames) {
            JsonNode s = steps.entrySet().stream().filter(e -> e.getKey().endsWith(" / " + name)).map(Map.Entry::getValue)
                    .findFirst().orElseThrow(() -> new AssertionError("no step " + name + " in " + steps.keySet()));
            assertTrue(errors(s) > 0, name + " should have failed on a wrong answer: " + s);
            assertEquals(0, s.path("validated").asLong(), name + ": " + s);
        }
    }

    // ---- SoapUI

    @Test
    void soapUiProjectWrittenForTheTest(@TempDir Path dir) throws IOException {
        Path project = HERE.resolve("calc-soapui-project.xml");
        Imported i = imported(dir.resolve("right"), project, "--url", right.base());
        String plain = i.plain();
        assertTrue(Files.isRegularFile(dir.resolve("right/suite-files/CalcSoap.wsdl")), "the WSDL from the definition cache");
        assertTrue(Files.isRegularFile(dir.resolve("right/suite-files/CalcSoap-1.xml"))
                || Files.isRegularFile(dir.resolve("right/suite-files/CalcSoap-1.xsd")), i.out().out());
        assertTrue(Files.readString(dir.resolve("right/suite-files/CalcSoap.wsdl")).contains("schemaLocation=\"CalcSoap-"),
                "the WSDL's import points at its cached schema");
        for (String expected : List.of("wsdl: suite-files/CalcSoap.wsdl", "operation: Add", "schema", "xpath://*[local-name()='AddResult'] = '5'",
                "contains:AddResult", "!contains:Fault", "status: 200", "status: !404,500", "status: 4xx,5xx",
                "jsonpath:$.Invoice.amount == 100", "regex:(?i)test company", "- step:Add max<=5000ms", "sum: xpath:",
                "<c:a>${sum}</c:a>", "= '${sum}'", "Content-Type: application/soap+xml; charset=utf-8; action=\"urn:wsbench:calc/Add\"",
                "path: /calc12", "onError: continue",
                "X-Test-Run: import-test", "iterationsPerUser: 20", "duration: 2s", "uniform: 10ms-20ms", "constant: 10ms")) {
            assertTrue(plain.contains(expected), expected + " in\n" + plain);
        }
        assertTrue(i.skipped("Groovy script step 'Log the sum' in test case 'Add twice' (scripts are not run)"), i.out().out());
        assertTrue(i.skipped("Groovy script assertion 'Script Assertion' on step 'Add'"), i.out().out());
        assertTrue(i.lines("ignored").stream().anyMatch(l -> l.contains("Step Status")), i.out().out());
        JsonNode points = run(i, dir.resolve("right-out"));
        allRight(i, points);
        Map<String, JsonNode> steps = steps(points);
        assertTrue(steps.keySet().stream().anyMatch(k -> k.endsWith("/ Add zero")), steps.keySet().toString());

        Imported w = imported(dir.resolve("wrong"), project, "--url", wrong.base());
        caught(run(w, dir.resolve("wrong-out")), "Add", "Invoice", "Add 1.2");
    }

    @Test
    void soapUiProjectsOfOthers(@TempDir Path dir) throws IOException {
        // SOAP from the definition cache; its test data came from Groovy and a data source, named as skipped
        Path invoices = OTHERS.resolve("Packt_InvoiceV3LoadTest-soapui-project.xml");
        Imported soap = imported(dir.resolve("soap"), invoices, "--url", right.base());
        assertTrue(soap.skipped("Groovy script step 'GetNextTestDataRow'"), soap.out().out());
        assertTrue(soap.skipped("data source step 'InvoiceTestDataDataSource'"), soap.out().out());
        assertTrue(soap.yaml().contains("operation: createInvoice"), soap.yaml());
        allRight(soap, run(soap, dir.resolve("soap-out")));
        caught(run(imported(dir.resolve("soap-wrong"), invoices, "--url", wrong.base()), dir.resolve("soap-wrong-out")), "CreateInvoice");

        // REST: a resource's template parameter, JsonPath Match, Simple Contains, Valid HTTP Status Codes
        Path rest = OTHERS.resolve("Packt_invoice-rest-v1-soapui-project.xml");
        Imported r = imported(dir.resolve("rest"), rest, "--url", right.base());
        assertTrue(r.yaml().contains("path: /invoiceservice/v1/invoice/12345/"), r.yaml());
        assertTrue(r.plain().contains("jsonpath:$.Invoice.companyName == 'Test Company'"), r.plain());
        allRight(r, run(r, dir.resolve("rest-out")));
        caught(run(imported(dir.resolve("rest-wrong"), rest, "--url", wrong.base()), dir.resolve("rest-wrong-out")), "invoice/{id}/");

        // converted, not run: a REST project with Groovy steps and assertions, and an asynchronous SOAP one
        Imported hateoas = imported(dir.resolve("hateoas"), OTHERS.resolve("Packt_HATEOAS-soapui-project.xml"));
        assertTrue(hateoas.skipped("Groovy script step 'Get Link From XML Response'"), hateoas.out().out());
        Imported quote = imported(dir.resolve("quote"), OTHERS.resolve("Packt_Quote-SOAP-Async-soapui-project.xml"));
        assertTrue(quote.skipped("mock response step"), quote.out().out());
    }

    /** A ReadyAPI Grid data source's rows sent and checked against the echo: each answer says back its row's values. */
    @Test
    void aDataSourcesRowsAreSentAndChecked(@TempDir Path dir) throws IOException {
        String con = "xmlns:con=\"http://eviware.com/soapui/config\"";
        StringBuilder rows = new StringBuilder();
        for (String[] r : new String[][]{{"1", "ann"}, {"2", "bob jr"}, {"3", "cid"}}) {
            rows.append("<row><![CDATA[<xml-fragment><con:entry ").append(con).append(">").append(r[0]).append("</con:entry><con:entry ")
                    .append(con).append(">").append(r[1]).append("</con:entry></xml-fragment>]]></row>");
        }
        Path project = Files.writeString(dir.resolve("pets-soapui-project.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <con:soapui-project name="pets" %s><con:testSuite name="suite"><con:testCase name="add pets">
                <con:testStep type="datasource" name="Pets"><con:config><con:dataSource type="Grid"><con:configuration>%s
                </con:configuration></con:dataSource><con:shared>true</con:shared>
                <con:property>id</con:property><con:property>name</con:property></con:config></con:testStep>
                <con:testStep type="httprequest" name="add"><con:config method="POST" name="add" mediaType="application/json">
                <con:endpoint>http://127.0.0.1:1/post</con:endpoint><con:request><![CDATA[{"id": ${Pets#id}, "name": "${Pets#name}"}]]></con:request>
                <con:assertion type="JsonPath Match" name="name"><con:configuration><path>$.json.name</path><content>${Pets#name}</content>
                </con:configuration></con:assertion></con:config></con:testStep>
                </con:testCase></con:testSuite></con:soapui-project>
                """.formatted(con, rows));
        Imported i = imported(dir.resolve("right"), project, "--url", right.base());
        assertTrue(i.yaml().contains("data: suite-files/Pets.csv"), i.yaml());
        allRight(i, run(i, dir.resolve("right-out")));
        caught(run(imported(dir.resolve("wrong"), project, "--url", wrong.base()), dir.resolve("wrong-out")), "add");
    }

    // ---- Postman

    @Test
    void postmanCollectionWrittenForTheTest(@TempDir Path dir) throws IOException {
        Path collection = HERE.resolve("shop.postman_collection.json");
        Path env = HERE.resolve("shop.postman_environment.json");
        Imported i = imported(dir.resolve("right"), collection, "--environment", env.toString(), "--url", right.base());
        String plain = i.plain();
        for (String expected : List.of("token: jsonpath:$.json.token", "jsonpath:$.json.user == 'alice'", "status: 200",
                "header:Content-Type", "Authorization: Bearer ${token}", "basicAuth: postman:password", "X-Api-Key: k-123",
                "X-Shop: north", "b: alice", "note: hi alice", "path: /get?x=1", "${random:0-1000}", "follow: true", "step:\"Who am I\" max<5000ms")) {
            assertTrue(plain.contains(expected), expected + " in\n" + plain);
        }
        assertFalse(plain.contains("X-Off"), "a disabled header is not sent, as Postman sends none");
        assertTrue(i.skipped("test script line 'pm.sendRequest("), i.out().out());
        allRight(i, run(i, dir.resolve("right-out")));
        Imported w = imported(dir.resolve("wrong"), collection, "--environment", env.toString(), "--url", wrong.base());
        caught(run(w, dir.resolve("wrong-out")), "Login", "Urlencoded", "Multipart", "Basic", "Api key"); // onError: continue
        // and the run says each failed step's first failure, as load --flow prints it
        String notes = RunJson.MAPPER.readTree(dir.resolve("wrong-out/run.json").toFile()).path("notes").toString();
        assertTrue(notes.contains("step 'Login' failed; the first: "), notes);
    }

    @Test
    void postmanCollectionsOfOthers(@TempDir Path dir) throws IOException {
        // v2.0, folders, basic auth, raw bodies, the old tests["…"] checks; digest and OAuth 1 auth named
        Path echo = OTHERS.resolve("newman_echo-v2.postman_collection.json");
        Imported i = imported(dir.resolve("echo"), echo, "--url", right.base());
        assertTrue(i.skipped("digest auth"), i.out().out());
        assertTrue(i.yaml().contains("contains:authenticated"), i.yaml());
        allRight(i, run(i, dir.resolve("echo-out")));
        caught(run(imported(dir.resolve("echo-wrong"), echo, "--url", wrong.base()), dir.resolve("echo-wrong-out")),
                "Basic Auth", "Request Headers", "GET Request");

        // urlencoded with {{$guid}}, {{$randomInt}} and {{$timestamp}} (seconds since 1970, each iteration's)
        Path dynamic = OTHERS.resolve("newman_dynamic-var-replacement.postman_collection.json");
        Imported d = imported(dir.resolve("dynamic"), dynamic, "--url", right.base());
        assertTrue(d.yaml().contains("${uuid}"), d.yaml());
        assertTrue(d.yaml().contains("${time:unix}"), d.yaml());
        assertFalse(d.skipped("{{$timestamp}}"), d.out().out());
        allRight(d, run(d, dir.resolve("dynamic-out")));

        // converted, not run: variables from an environment; a v2.1 collection wrapped as the API serves it
        Path conduitEnv = dir.resolve("conduit.properties");
        Files.writeString(conduitEnv, "APIURL=http://127.0.0.1:3000/api\nEMAIL=a@example.test\nPASSWORD=pw\nUSERNAME=alice\n");
        Imported conduit = imported(dir.resolve("conduit"), OTHERS.resolve("realworld_Conduit.postman_collection.json"),
                "--environment", conduitEnv.toString());
        assertTrue(conduit.yaml().contains("token: jsonpath:$.user.token"), conduit.yaml());
        Imported crapi = imported(dir.resolve("crapi"), OTHERS.resolve("crAPI.postman_collection.json"),
                "--environment", OTHERS.resolve("crAPI.postman_environment.json").toString());
        assertTrue(crapi.out().out().contains("wrote "), crapi.out().out());
    }

    /**
     * newman's {@code -g globals.json -e env.json -d data.json}: a globals file and an environment given with two
     * {@code --environment} (globals lose to the collection's own variables, which lose to the environment's), and
     * iteration data as a JSON list of objects, a row an iteration; {@code pm.iterationData.get} read in a test. Run
     * against the echo, each answer says back its row's values; on wrong answers the checks fail.
     */
    @Test
    void iterationDataAndGlobalsAsNewmanTakesThem(@TempDir Path dir) throws IOException {
        Path collection = dir.resolve("rows.postman_collection.json");
        Files.writeString(collection, """
                {"info": {"name": "rows", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
                 "variable": [{"key": "g", "value": "collection"}, {"key": "e", "value": "collection"}],
                 "item": [
                  {"name": "Greet", "request": {"method": "GET", "url": "{{base}}/get?who={{who}}&g={{g}}&e={{e}}&only={{onlyGlobal}}"},
                   "event": [{"listen": "test", "script": {"exec": [
                     "pm.test('who', () => { pm.expect(pm.response.json().args.who).to.eql(pm.iterationData.get('who')); });",
                     "pm.test('g', () => { pm.expect(pm.response.json().args.g).to.eql('collection'); });"]}}]},
                  {"name": "Order", "request": {"method": "POST", "url": "{{base}}/post",
                     "header": [{"key": "Content-Type", "value": "application/json"}],
                     "body": {"mode": "raw", "raw": "{\\\"qty\\\": {{qty}}, \\\"who\\\": \\\"{{who}}\\\"}"}},
                   "event": [{"listen": "test", "script": {"exec": [
                     "var j = pm.response.json();",
                     "pm.expect(j.json.qty).to.eql(pm.iterationData.get('qty'));"]}}]}]}
                """);
        Path globals = dir.resolve("globals.json");
        Files.writeString(globals, """
                {"_postman_variable_scope": "globals", "values": [{"key": "g", "value": "globals", "enabled": true},
                 {"key": "onlyGlobal", "value": "G1", "enabled": true}, {"key": "base", "value": "http://127.0.0.1:1", "enabled": true}]}
                """);
        Path env = dir.resolve("env.json");
        Files.writeString(env, """
                {"_postman_variable_scope": "environment", "values": [{"key": "e", "value": "environment", "enabled": true},
                 {"key": "base", "value": "http://127.0.0.1:2", "enabled": true}]}
                """);
        Path data = dir.resolve("rows.json");
        Files.writeString(data, "[{\"who\": \"ann\", \"qty\": 1}, {\"who\": \"bob jr\", \"qty\": 22, \"extra\": {\"a\": [1]}}]");
        Imported i = imported(dir.resolve("right"), collection, "--environment", globals.toString(), "--environment", env.toString(),
                "--data", data.toString(), "--url", right.base());
        String plain = i.plain();
        for (String expected : List.of("who=${who}&g=collection&e=environment&only=G1", "data: suite-files/iteration-data.csv",
                "jsonpath:$.args.who == ${who}", "jsonpath:$.json.qty == ${qty}")) {
            assertTrue(plain.contains(expected), expected + " in\n" + plain);
        }
        assertEquals("who,qty,extra\nann,1,\n\"bob jr\",22,\"{\"\"a\"\":[1]}\"\n",
                Files.readString(dir.resolve("right/suite-files/iteration-data.csv")));
        assertTrue(i.lines("note").stream().anyMatch(l -> l.contains("iteration data: 2 rows")), i.out().out());
        allRight(i, run(i, dir.resolve("right-out")));
        Imported w = imported(dir.resolve("wrong"), collection, "--environment", globals.toString(), "--environment", env.toString(),
                "--data", data.toString(), "--url", wrong.base());
        caught(run(w, dir.resolve("wrong-out")), "Greet", "Order");

        // the same rows as CSV; --data for a JMeter plan, a JSON that is no list of objects, a column named as a built-in
        Path csv = dir.resolve("rows.csv");
        Files.writeString(csv, "who;qty\nann;1\n");
        Imported c = imported(dir.resolve("csv"), collection, "--environment", env.toString(), "--environment", globals.toString(),
                "--data", csv.toString(), "--url", right.base(), "--var", "e=given", "--var", "onlyGlobal=G2");
        assertTrue(c.plain().contains("&g=collection&e=given&only=G2"), "--var wins over the files, as newman's --env-var: " + c.plain());
        assertEquals("who,qty\nann,1\n", Files.readString(dir.resolve("csv/suite-files/iteration-data.csv")));
        Path out = dir.resolve("bad.yaml");
        bad(HERE.resolve("shop.jmx"), out, "--data " + csv + ": iteration data is a Postman collection's (newman -d); a JMeter plan's"
                + " CSV Data Set's rows come with the file", "--data", csv.toString());
        Path object = dir.resolve("object.json");
        Files.writeString(object, "{\"who\": \"ann\"}");
        bad(collection, out, "object.json: iteration data in JSON is a list of objects, one an iteration", "--data", object.toString());
        Path vu = dir.resolve("vu.csv");
        Files.writeString(vu, "vu,who\n1,ann\n");
        bad(collection, out, "the iteration data's column vu is the name of a variable wsbench gives itself", "--data", vu.toString(),
                "--environment", env.toString());
    }

    /**
     * A plan as openapi-generator 7.10's {@code jmeter} generator writes one for each API of a spec: the CSV Data Set under
     * its sampler (names from the file's first line), the Thread Group's status assertion on {@code ${httpStatusCode}},
     * a column of that file. The assertion was left out ("status pattern '$${httpStatusCode}'") with a note that no
     * element sets the variable; now it is {@code status: ${httpStatusCode}}, read from each row: run against a server
     * that answers 200 to everything, the row that expects a 404 fails its check (142 plans generated from 12 APIs.guru
     * specs all import).
     */
    @Test
    void aStatusTheRowsExpectIsCheckedRowByRow(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("PetApi.csv"), "testCase,httpStatusCode,petId\nSuccess,200,1\nMissing,404,2\n");
        Path plan = Files.writeString(dir.resolve("PetApi.jmx"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="2.8" jmeter="2.13 r1665067"><hashTree>
                  <TestPlan testclass="TestPlan" testname="PetApi Test Plan" enabled="true"/>
                  <hashTree>
                    <ThreadGroup testclass="ThreadGroup" testname="Thread Group - getPet" enabled="true">
                      <stringProp name="ThreadGroup.num_threads">1</stringProp>
                    </ThreadGroup>
                    <hashTree>
                      <HTTPSamplerProxy testclass="HTTPSamplerProxy" testname="getPet - ${testCase}" enabled="true">
                        <stringProp name="HTTPSampler.domain">127.0.0.1</stringProp><stringProp name="HTTPSampler.port">1</stringProp>
                        <stringProp name="HTTPSampler.path">/v2/pet/${petId}</stringProp><stringProp name="HTTPSampler.method">GET</stringProp>
                      </HTTPSamplerProxy>
                      <hashTree>
                        <CSVDataSet testclass="CSVDataSet" testname="Load CSV Test Data - getPet" enabled="true">
                          <stringProp name="delimiter">,</stringProp><stringProp name="filename">PetApi.csv</stringProp>
                          <stringProp name="variableNames"></stringProp><boolProp name="ignoreFirstLine">true</boolProp>
                        </CSVDataSet>
                        <hashTree/>
                      </hashTree>
                      <ResponseAssertion testclass="ResponseAssertion" testname="HTTP Status Assertion" enabled="true">
                        <collectionProp name="Assertion.test_strings"><stringProp name="812696575">${httpStatusCode}</stringProp></collectionProp>
                        <stringProp name="Assertion.test_field">Assertion.response_code</stringProp>
                        <intProp name="Assertion.test_type">8</intProp>
                      </ResponseAssertion>
                      <hashTree/>
                    </hashTree>
                  </hashTree>
                </hashTree></jmeterTestPlan>
                """);
        com.sun.net.httpserver.HttpServer any = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 50);
        any.createContext("/", x -> {
            x.sendResponseHeaders(200, 2);
            x.getResponseBody().write("{}".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            x.close();
        });
        any.start();
        try {
            Imported i = imported(dir.resolve("pet"), plan, "--url", "http://127.0.0.1:" + any.getAddress().getPort());
            assertTrue(i.plain().contains("- status: ${httpStatusCode}"), i.yaml());
            assertFalse(i.out().out().contains("no element of the plan sets it"), i.out().out());
            JsonNode points = run(i, dir.resolve("pet-out"));
            long requests = points.get(0).path("requests").asLong();
            long status = points.get(0).path("errors").path("httpStatus").asLong();
            assertTrue(requests > 10 && Math.abs(2 * status - requests) <= 2, "the 404 row's answers refused, the 200 row's kept: "
                    + status + " of " + requests);
        } finally {
            any.stop(0);
        }
    }

    /**
     * A collection as Postman's own converter from OpenAPI (openapi-to-postmanv2 4.25) writes one: each URL its parts alone
     * (host, path, query), no {@code raw}. Every such collection was refused ("the collection has no request": 40 of 40
     * made from APIs.guru's specs); now each is read, and run against a server of the test's own (40 of 40, 0 errors).
     * A spec that names no server gets {@code {{baseUrl}} = "/"}: its requests have no host, said with --url's hint.
     */
    @Test
    void aCollectionWhoseUrlsAreTheirPartsAloneIsReadAsPostmanSendsIt(@TempDir Path dir) throws IOException {
        String collection = """
                {"item": [{"name": "models", "item": [{"name": "Fetches all Models", "request": {"method": "GET", "url": {
                   "host": ["{{baseUrl}}"], "path": ["api", "v1", "models.json"],
                   "query": [{"key": "page", "value": "2"}, {"key": "order", "value": "<string>", "disabled": true}, {"key": "all"}],
                   "variable": []}, "body": {}, "auth": null}}]}],
                 "variable": [{"key": "baseUrl", "value": "%s"}],
                 "info": {"name": "Cambase", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}}
                """;
        Path parts = Files.writeString(dir.resolve("parts.json"), collection.formatted("http://127.0.0.1:1/base"));
        Imported i = imported(dir.resolve("parts"), parts);
        assertTrue(i.plain().contains("path: /base/api/v1/models.json?page=2&all"), i.yaml());
        assertTrue(i.yaml().contains("http://127.0.0.1:1"), i.yaml());
        Path hostless = Files.writeString(dir.resolve("hostless.json"), collection.formatted("/"));
        bad(hostless, dir.resolve("out.yaml"), "request 'models / Fetches all Models': its address {{baseUrl}}/api/v1/models.json?page=2&all"
                + " ('//api/v1/models.json?page=2&all' once its variables are filled) has no host: give the service's with --url http://HOST:PORT");
        assertTrue(imported(dir.resolve("hostless-url"), hostless, "--url", "http://127.0.0.1:2").yaml().contains("http://127.0.0.1:2"));
    }

    /**
     * A definition cache whose parts are the documents themselves, as child elements of {@code <con:content>} (SmartBear's
     * own sample and tutorial projects write it so), not CDATA text: the WSDL was written as the text nodes alone, blank
     * lines, and the suite did not load ("not well-formed XML: Premature end of file").
     */
    @Test
    void aDefinitionCacheOfElementsIsWrittenAsItsDocuments(@TempDir Path dir) throws IOException {
        String project = Files.readString(HERE.resolve("calc-soapui-project.xml"));
        String inline = project.replace("<con:content><![CDATA[<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<con:content>")
                .replace("]]></con:content>", "</con:content>");
        assertNotEquals(project, inline);
        Path file = Files.writeString(dir.resolve("inline-soapui-project.xml"), inline);
        Imported i = imported(dir.resolve("right"), file, "--url", right.base());
        String wsdl = Files.readString(dir.resolve("right/suite-files/CalcSoap.wsdl"));
        assertTrue(wsdl.startsWith("<wsdl:definitions") || wsdl.startsWith("<definitions"), wsdl);
        allRight(i, run(i, dir.resolve("out")));
    }

    // ---- JMeter

    @Test
    void jmeterPlanWrittenForTheTest(@TempDir Path dir) throws IOException {
        Path plan = HERE.resolve("shop.jmx");
        Imported i = imported(dir.resolve("right"), plan, "--url", right.base());
        String plain = i.plain();
        for (String expected : List.of("data: suite-files/shop-users.csv", "echoed: jsonpath:$.form.user", "contains:\"pass\":\"${pass}\"",
                "jsonpath:$.args.who == ${user}", "step:\"find me\" max<=5000ms", "status: 200",
                "X-Plan: shop", "name: Login / post credentials", "uniform: 5ms-15ms", "iterationsPerUser: 5", "users: 2")) {
            assertTrue(plain.contains(expected), expected + " in\n" + plain);
        }
        assertTrue(Files.readString(dir.resolve("right/suite-files/shop-users.csv")).startsWith("user,pass\n"), "the CSV with its header");
        assertTrue(i.skipped("JSR223PostProcessor 'log it' (scripts are not run)"), i.out().out());
        assertTrue(i.skipped("IfController 'only for alice' and the samplers in it"), i.out().out());
        assertTrue(i.lines("ignored").stream().anyMatch(l -> l.contains("Summary Report")), i.out().out());
        allRight(i, run(i, dir.resolve("right-out")));
        caught(run(imported(dir.resolve("wrong"), plan, "--url", wrong.base()), dir.resolve("wrong-out")), "Login / post credentials", "find me");

        // a Constant Throughput Timer: 600 samples a minute per thread over 2 samplers and 2 threads, 10 iterations a second
        Path paced = dir.resolve("paced.jmx");
        Files.writeString(paced, """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3"><hashTree>
                  <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="paced"/>
                  <hashTree>
                    <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="Paced">
                      <stringProp name="ThreadGroup.num_threads">2</stringProp><stringProp name="ThreadGroup.ramp_time">2</stringProp>
                      <boolProp name="ThreadGroup.scheduler">true</boolProp><stringProp name="ThreadGroup.duration">5</stringProp>
                      <stringProp name="ThreadGroup.on_sample_error">stopthread</stringProp>
                    </ThreadGroup>
                    <hashTree>
                      <ConstantThroughputTimer guiclass="TestBeanGUI" testclass="ConstantThroughputTimer" testname="pace">
                        <intProp name="calcMode">0</intProp><doubleProp><name>throughput</name><value>600.0</value><savedValue>0.0</savedValue></doubleProp>
                      </ConstantThroughputTimer>
                      <hashTree/>
                      <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="one">
                        <stringProp name="HTTPSampler.domain">127.0.0.1</stringProp><stringProp name="HTTPSampler.path">/get?n=1</stringProp>
                      </HTTPSamplerProxy>
                      <hashTree/>
                      <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="two">
                        <stringProp name="HTTPSampler.domain">127.0.0.1</stringProp><stringProp name="HTTPSampler.path">/get?n=2</stringProp>
                      </HTTPSamplerProxy>
                      <hashTree/>
                    </hashTree>
                  </hashTree>
                </hashTree></jmeterTestPlan>
                """.strip());
        Imported p = imported(dir.resolve("paced"), paced, "--url", right.base());
        for (String expected : List.of("rate: 10.0", "users: 2", "duration: 5s", "onError: stop")) {
            assertTrue(p.plain().contains(expected), expected + " in\n" + p.plain());
        }
        assertTrue(p.lines("note").stream().anyMatch(l -> l.contains("ramp-up of 2 s is left out")), p.out().out());
        allRight(p, run(p, dir.resolve("paced-out")));
    }

    @Test
    void jmeterPlansOfOthers(@TempDir Path dir) throws IOException {
        // JMeter's own template: defaults, cookies, headers, a response assertion on the body and one on the code
        Path web = template(dir, "build-web-test-plan.jmx");
        Imported i = imported(dir.resolve("web"), web, "--url", right.base());
        assertTrue(i.yaml().contains("contains:<h1>Example Domain</h1>"), i.yaml());
        assertTrue(i.yaml().contains("status: 404"), i.yaml());
        allRight(i, run(i, dir.resolve("web-out")));
        caught(run(imported(dir.resolve("web-wrong"), web, "--url", wrong.base()), dir.resolve("web-wrong-out")),
                "Home Page", "Page Returning 404"); // onError: continue, JMeter's "Continue": each step is asked

        // Taurus's recorded BlazeDemo plan: forms POSTed, constant timers, a DNS cache manager named
        Path blaze = OTHERS.resolve("taurus_existing-BlazeDemo.jmx");
        Imported b = imported(dir.resolve("blaze"), blaze, "--url", right.base());
        assertTrue(b.yaml().contains("fromPort: Boston"), b.yaml());
        allRight(b, run(b, dir.resolve("blaze-out")));
        caught(run(imported(dir.resolve("blaze-wrong"), blaze, "--url", wrong.base()), dir.resolve("blaze-wrong-out")),
                "http://blazedemo.com/reserve.php");

        // converted, not run: several hosts, a random regex match, a CSV not beside the plan; logic controllers
        Imported adv = imported(dir.resolve("adv"), template(dir, "build-adv-web-test-plan.jmx"));
        assertTrue(adv.skipped("another server"), adv.out().out());
        CliRunner controllers = CliRunner.run("import", OTHERS.resolve("taurus_all_controllers.jmx").toString(), "--out",
                dir.resolve("controllers.yaml").toString());
        assertEquals(2, controllers.exit(), controllers.out() + controllers.err());
        assertTrue(controllers.err().contains("nothing to load: no request in it that wsbench can send"), controllers.err());
        // its samplers name no server: the line says what to do first (with --url six of them are steps)
        assertTrue(controllers.err().contains("no server name, here or in HTTP Request Defaults (give the server's address with --url)"),
                "names what was skipped, what to do first: " + controllers.err());
        assertTrue(controllers.out().lines().filter(l -> l.startsWith("skipped: ")).count() >= 2,
                "every element left out, each in its line, not the first alone: " + controllers.out());
        // Taurus's converter fixtures: samplers with no server anywhere, extractors of every kind; nothing to load, said in one line
        CliRunner extractors = CliRunner.run("import", OTHERS.resolve("taurus_extractors.jmx").toString(), "--out",
                dir.resolve("extractors.yaml").toString());
        assertEquals(2, extractors.exit(), extractors.out() + extractors.err());
        assertTrue(extractors.err().contains("nothing to load"), extractors.err());
    }

    /** A template of JMeter's own, read from ApacheJMeter_config's jar on the test's class path. */
    private static Path template(Path dir, String name) throws IOException {
        try (InputStream in = ImportTest.class.getClassLoader().getResourceAsStream("bin/templates/" + name)) {
            assertTrue(in != null, name + " is not in ApacheJMeter_config's jar");
            Path to = dir.resolve("templates").resolve(name);
            Files.createDirectories(to.getParent());
            Files.copy(in, to);
            return to;
        }
    }

    // ---- the import itself

    @Test
    void importingTwiceWritesTheSameSuite(@TempDir Path dir) throws IOException {
        for (Path f : List.of(HERE.resolve("calc-soapui-project.xml"), HERE.resolve("shop.postman_collection.json"), HERE.resolve("shop.jmx"))) {
            String[] env = f.toString().endsWith(".json") ? new String[]{"--environment", HERE.resolve("shop.postman_environment.json").toString()}
                    : new String[0];
            Imported a = imported(dir.resolve("a"), f, env);
            Imported b = imported(dir.resolve("b"), f, env);
            assertEquals(a.yaml(), b.yaml(), f.toString());
            assertEquals(listing(dir.resolve("a")), listing(dir.resolve("b")), f.toString());
        }
    }

    /**
     * A JMeter plan imported where it lies, as the README shows it (no --out): its suite and the CSV wsbench writes (a header
     * added) go beside it, and the CSV of the plan's own, of the same name, was written over; a second import then read the
     * rewritten file as its data. The user's file is untouched, and the second import writes the same suite.
     */
    @Test
    void importingBesideThePlanLeavesItsOwnFilesAlone(@TempDir Path dir) throws IOException {
        Path plan = Files.copy(HERE.resolve("shop.jmx"), dir.resolve("shop.jmx"));
        byte[] users = Files.readAllBytes(Files.copy(HERE.resolve("shop-users.csv"), dir.resolve("shop-users.csv")));
        CliRunner first = CliRunner.run("import", plan.toString());
        assertEquals(0, first.exit(), first.err());
        String suite = Files.readString(dir.resolve("shop.yaml"));
        CliRunner second = CliRunner.run("import", plan.toString());
        assertEquals(0, second.exit(), second.err());
        assertArrayEquals(users, Files.readAllBytes(dir.resolve("shop-users.csv")), "the plan's own CSV");
        assertEquals(suite, Files.readString(dir.resolve("shop.yaml")));
        assertTrue(suite.contains("data: shop-files/shop-users.csv") || suite.contains("data: \"shop-files/shop-users.csv\""), suite);
        assertTrue(first.out().contains("; its data and WSDLs in " + dir.toAbsolutePath().resolve("shop-files") + "/ (shop-users.csv)"),
                first.out());
    }

    private static String listing(Path d) throws IOException {
        try (Stream<Path> files = Files.walk(d)) {
            return files.filter(Files::isRegularFile).sorted().map(p -> {
                try {
                    return d.relativize(p) + ":" + Arrays.hashCode(Files.readAllBytes(p));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).collect(Collectors.joining(","));
        }
    }

    @Test
    void badInputIsOneLineAndWritesNothing(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out.yaml");
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "GET /index.html\n");
        bad(text, out, "notes.txt: neither XML nor JSON: not a SoapUI project, a Postman collection or a JMeter plan");
        Path pom = dir.resolve("pom.xml");
        Files.writeString(pom, "<project><modelVersion>4.0.0</modelVersion></project>");
        bad(pom, out, "pom.xml: an XML file whose root is <project>: not a SoapUI project");
        Path json = dir.resolve("package.json");
        Files.writeString(json, "{\"name\": \"x\", \"version\": \"1.0.0\"}");
        bad(json, out, "package.json: JSON, but not a Postman collection");
        Path list = dir.resolve("items.json");
        Files.writeString(list, "[{\"name\": \"x\"}]");
        bad(list, out, "items.json: a JSON list, not a Postman collection (an object with info and item)");
        String project = Files.readString(HERE.resolve("calc-soapui-project.xml"));
        Path truncated = dir.resolve("truncated-soapui-project.xml");
        Files.writeString(truncated, project.substring(0, project.length() / 2));
        bad(truncated, out, "truncated-soapui-project.xml:");
        assertTrue(bad(truncated, out, "not well-formed XML").matches("(?s).*\\.xml:\\d+:\\d+: not well-formed XML.*"));
        String collection = Files.readString(HERE.resolve("shop.postman_collection.json"));
        Path cut = dir.resolve("cut.postman_collection.json");
        Files.writeString(cut, collection.substring(0, 600));
        assertTrue(bad(cut, out, "not valid JSON").matches("(?s).*\\.json:\\d+:\\d+: not valid JSON.*"));
        // a SoapUI project whose definition cache is empty and whose WSDL cannot be read
        Path uncached = dir.resolve("uncached-soapui-project.xml");
        Files.writeString(uncached, project.replaceAll("(?s)<con:definitionCache .*?</con:definitionCache>", "<con:definitionCache/>"));
        bad(uncached, out, "interface 'CalcSoap': its definition cache is empty and its definition http://127.0.0.1:1/calc?wsdl cannot be read");
        // a Postman variable never defined (its environment not given)
        bad(HERE.resolve("shop.postman_collection.json"), out,
                "3 variables are never defined (not in the collection's variables, the environment (--environment FILE,"
                + " --var NAME=VALUE) or a script before their use): {{base}}, {{shop}}, {{apikey}}; the first used in request 'Session / Login'");
        Path environment = dir.resolve("env.json");
        Files.writeString(environment, "{\"values\": ");
        bad(HERE.resolve("shop.postman_collection.json"), out, "env.json:", "--environment", environment.toString());
        // --strict: any skipped element is an error
        CliRunner strict = CliRunner.run("import", HERE.resolve("shop.jmx").toString(), "--out", out.toString(), "--strict");
        assertEquals(2, strict.exit(), strict.out() + strict.err());
        assertTrue(strict.err().contains("not converted (--strict): nothing written"), strict.err());
        assertFalse(Files.exists(out));
    }

    /** Exit 2, one line on stderr holding {@code expected}, no stack trace, nothing written; the line. */
    private static String bad(Path file, Path out, String expected, String... options) {
        List<String> args = new ArrayList<>(List.of("import", file.toString(), "--out", out.toString()));
        args.addAll(Arrays.asList(options));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(2, r.exit(), r.out() + r.err());
        String err = r.err().strip();
        assertFalse(err.contains("\n") || err.contains("\tat "), "one line: " + err);
        assertTrue(err.contains(expected), err);
        assertFalse(Files.exists(out), "nothing written");
        assertNotEquals("", err);
        return err;
    }

}
