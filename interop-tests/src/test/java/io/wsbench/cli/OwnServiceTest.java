package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's own SOAP service, known only by its WSDL: the project's test WSDLs (document/literal
 * wrapped and bare, rpc/literal, rpc/encoded, a SOAP 1.2 binding, an imported schema that includes
 * another; sequences of complex elements, a choice, enumerations, attributes, nillable and optional
 * elements, left out of a written request when the data has no column for them) served by PHP's
 * ext/soap SoapServer, a real SOAP stack, and loaded through
 * {@code load --wsdl} with CSV rows and checks whose expected values come from the rows.
 */
class OwnServiceTest {

    private static final Path WSDLS = Path.of("src/test/resources/wsdl").toAbsolutePath();
    private static final Path SERVICE = Path.of("src/test/resources/own-service/router.php").toAbsolutePath();
    private static PhpService service;
    private static String base;

    @BeforeAll
    static void startTheService() throws Exception {
        service = PhpService.start(SERVICE, "soap.wsdl_cache_enabled=0");
        base = service.base();
    }

    @AfterAll
    static void stopTheService() {
        if (service != null) {
            service.close();
        }
    }

    private static String wsdl(String name) {
        return base + "/wsdl/" + name;
    }

    @Test
    void theListingNamesEveryPortStyleActionAndMessage() {
        CliRunner r = CliRunner.run("wsdl", WSDLS.resolve("calc.wsdl").toString());
        assertEquals(0, r.exit(), r.err());
        String out = r.out();
        assertTrue(out.contains("service CalcService  (urn:wsbench:calc)"), out);
        assertTrue(out.contains("port CalcSoap  SOAP 1.1  document  http://127.0.0.1:8080/calc"), out);
        assertTrue(out.contains("port CalcSoap12  SOAP 1.2  document  http://127.0.0.1:8080/calc12"), out);
        assertTrue(out.contains("PlaceOrder  document/literal wrapped"), out);
        assertTrue(out.contains("SOAPAction \"urn:wsbench:calc/PlaceOrder\""), out);
        assertTrue(out.contains("output {urn:wsbench:calc}PlaceOrderResponse"), out);
        String rpc = CliRunner.run("wsdl", WSDLS.resolve("calc-rpc.wsdl").toString()).out();
        assertTrue(rpc.contains("Multiply  rpc/literal") && rpc.contains("input  a:{http://www.w3.org/2001/XMLSchema}int, b:"), rpc);
        assertTrue(CliRunner.run("wsdl", WSDLS.resolve("calc-bare.wsdl").toString()).out().contains("Square  document/literal bare"));
        assertTrue(CliRunner.run("wsdl", WSDLS.resolve("greeter-encoded.wsdl").toString()).out().contains("greet  rpc/encoded"));
    }

    @Test
    void theSampleShowsEveryElementAndSaysWhatIsOptionalRepeatedOrChosen() throws Exception {
        CliRunner r = CliRunner.run("wsdl", WSDLS.resolve("calc.wsdl").toString(), "--operation", "PlaceOrder");
        assertEquals(0, r.exit(), r.err());
        String sample = r.out();
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.newDocumentBuilder().parse(new ByteArrayInputStream(sample.getBytes(StandardCharsets.UTF_8)));
        for (String expected : new String[]{"<tns:order id=\"text\">", "<t:name>text</t:name>", "<!-- optional -->",
                "<!-- nillable -->", "<!-- repeated 1 to unbounded times -->", "<t:quantity>3</t:quantity>",
                "<t:price>1.50</t:price>", "<!-- one of: piece | box | kg -->", "<t:unit>piece</t:unit>",
                "a choice of card | invoice", "<t:expires>2026-01</t:expires>", "optional attribute priority (not written)",
                "xmlns:t=\"urn:wsbench:calc:types\""}) {
            assertTrue(sample.contains(expected), expected + " in\n" + sample);
        }
        String template = CliRunner.run("wsdl", WSDLS.resolve("calc.wsdl").toString(), "--operation", "Add", "--template").out();
        assertTrue(template.contains("<tns:a>${a}</tns:a>") && template.contains("<tns:b>${b}</tns:b>"), template);
        String encoded = CliRunner.run("wsdl", WSDLS.resolve("greeter-encoded.wsdl").toString(), "--operation", "greet",
                "--template").out();
        assertTrue(encoded.contains("<impl:greet soapenv:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\">"), encoded);
        assertTrue(encoded.contains("<person xsi:type=\"impl:Person\">") && encoded.contains("<name xsi:type=\"soapenc:string\">${name}</name>")
                && encoded.contains("<style xsi:type=\"impl:Style\">${style}</style>"), encoded);
    }

    @Test
    void everyStyleIsLoadedFromItsServedWsdlWithRowsAndRowChecks(@TempDir Path dir) throws Exception {
        // each third row expects a wrong sum: exactly a third of the answers fail the check
        Path add = Files.writeString(dir.resolve("add.csv"), "a,b,sum\n1,2,3\n10,20,30\n5,5,11\n");
        JsonNode p = load("--wsdl", wsdl("calc.wsdl"), "--operation", "Add", "--data", add.toString(),
                "--check", "xpath://tns:AddResult = ${sum}", "--check", "schema", "-c", "3", "-n", "30");
        assertEquals(30, p.path("requests").asLong());
        assertEquals(10, p.path("errors").path("validation").asLong(), p.toString());
        assertEquals(0, p.path("errors").path("soapFault").asLong(), p.toString());
        assertTrue(p.path("generator").path("checkMicrosPerRequest").asDouble() > 0, p.toString());
        JsonNode soap12 = load("--wsdl", wsdl("calc.wsdl"), "--port", "CalcSoap12", "--operation", "Add", "--data", add.toString(),
                "--check", "xpath://*[local-name()='AddResult'] = ${sum}", "--check", "schema", "-c", "1", "-n", "9");
        assertEquals(3, soap12.path("errors").path("validation").asLong(), soap12.toString());
        assertTrue(soap12.path("target").path("url").asText().endsWith("/calc12"), soap12.toString());

        Path squares = Files.writeString(dir.resolve("square.csv"), "number,square\n3,9\n12,144\n-4,16\n");
        JsonNode bare = load("--wsdl", wsdl("calc-bare.wsdl"), "--operation", "Square", "--data", squares.toString(),
                "--check", "xpath:/soap:Envelope/soap:Body/tns:square = ${square}", "--check", "schema", "-c", "1", "-n", "12");
        assertEquals(0, bare.path("errors").path("validation").asLong() + bare.path("errors").path("soapFault").asLong()
                + bare.path("errors").path("httpStatus").asLong(), bare.toString());
        assertEquals(12, bare.path("requests").asLong());

        Path products = Files.writeString(dir.resolve("mul.csv"), "a,b,product\n3,4,12\n6,7,43\n");
        JsonNode rpc = load("--wsdl", wsdl("calc-rpc.wsdl"), "--operation", "Multiply", "--data", products.toString(),
                "--check", "xpath://product = ${product}", "--check", "schema", "-c", "2", "-n", "10");
        assertEquals(5, rpc.path("errors").path("validation").asLong(), rpc.toString());

        Path people = Files.writeString(dir.resolve("greet.csv"),
                "name,age,times,style,greeting\nAda,36,2,plain,Hello Ada! Hello Ada!\nBob & Co,40,1,loud,HELLO BOB & CO!\n");
        JsonNode encoded = load("--wsdl", wsdl("greeter-encoded.wsdl"), "--operation", "greet", "--data", people.toString(),
                "--check", "xpath://greetReturn = '${greeting}'", "-c", "1", "-n", "6");
        assertEquals(0, encoded.path("errors").path("validation").asLong(), encoded.toString());
        assertEquals(6, encoded.path("requests").asLong());
    }

    @Test
    void aTemplateOfTheUsersOwnIsFilledFromTheRowsAndTheSchemaCheckCatchesAWrongAnswer(@TempDir Path dir) throws Exception {
        Path template = Files.writeString(dir.resolve("order.xml"), """
                <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
                    xmlns:c="urn:wsbench:calc" xmlns:t="urn:wsbench:calc:types">
                  <soapenv:Body>
                    <c:PlaceOrder>
                      <c:order id="${id}">
                        <t:customer><t:name>${name}</t:name><t:phone xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"/></t:customer>
                        <t:line sku="a"><t:quantity>${q1}</t:quantity><t:price>${p1}</t:price><t:unit>box</t:unit></t:line>
                        <t:line sku="b"><t:quantity>${q2}</t:quantity><t:price>${p2}</t:price><t:unit>kg</t:unit></t:line>
                        <t:invoice>to ${name}</t:invoice>
                        <t:note>${note}</t:note>
                      </c:order>
                    </c:PlaceOrder>
                  </soapenv:Body>
                </soapenv:Envelope>
                """);
        // row 2 breaks the receipt's schema (the service answers lines=many); row 3 expects a wrong total
        Path orders = Files.writeString(dir.resolve("orders.csv"), """
                id,name,q1,p1,q2,p2,note,total
                o-1,Ada <3,2,1.25,1,10.00,fine,12.50
                o-2,Bob,1,1.00,1,1.00,break-schema,2.00
                o-3,Cy,3,2.00,1,0.50,fine,7.00
                o-4,Di,1,0.10,2,0.20,fine,0.50
                """);
        JsonNode p = load("--wsdl", wsdl("calc.wsdl"), "--operation", "PlaceOrder", "--template", template.toString(),
                "--data", orders.toString(), "--check", "xpath://t:total = ${total}", "--check", "xpath://t:orderId = '${id}'",
                "--check", "xpath://t:status = 'invoiced'", "--check", "schema", "-c", "2", "-n", "20");
        assertEquals(20, p.path("requests").asLong());
        assertEquals(10, p.path("errors").path("validation").asLong(), "rows 2 and 3 of 4, five times each: " + p);
        assertEquals(0, p.path("errors").path("soapFault").asLong(), p.toString());
    }

    @Test
    void optionalElementsTheDataHasNoColumnForAreLeftOutOfTheWrittenEnvelope(@TempDir Path dir) throws Exception {
        // the customer's email and the order's note are minOccurs="0": the user's rows have neither
        Path orders = Files.writeString(dir.resolve("orders.csv"), """
                id,name,phone,sku,quantity,price,unit,number,expires,total
                o-1,Ada,555,a,2,1.25,box,4111,2027-01,2.50
                o-2,Bob,556,b,3,2.00,kg,4222,2027-02,6.00
                """);
        JsonNode p = load("--wsdl", wsdl("calc.wsdl"), "--operation", "PlaceOrder", "--data", orders.toString(),
                "--check", "schema", "--check", "xpath://t:total = ${total}", "--check", "xpath://t:orderId = '${id}'",
                "--check", "xpath://t:status = 'accepted'", "-c", "1", "-n", "6");
        assertEquals(6, p.path("requests").asLong(), p.toString());
        assertEquals(6, p.path("validated").asLong(), "every answer a valid receipt of its row: " + p);

        // a required element is not left out: its column missing is one line, before any load
        Path noName = Files.writeString(dir.resolve("noname.csv"), "id,phone,sku,quantity,price,unit,number,expires\no-1,5,a,1,1,box,1,2027-01\n");
        CliRunner r = CliRunner.run("load", "--wsdl", wsdl("calc.wsdl"), "--operation", "PlaceOrder", "--data", noName.toString(), "-n", "1");
        assertBadInput(r, noName + ": its header has no column name for the request's placeholders");
    }

    @Test
    void mistakesAreOneLineNamingTheFileBeforeAnyLoad(@TempDir Path dir) throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.wsdl"), "<wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\">\n  <wsdl:types>\n</wsdl:definitions>\n");
        CliRunner r = CliRunner.run("load", "--wsdl", broken.toString(), "--operation", "Add", "-n", "1");
        assertBadInput(r, broken + ":3:");
        assertTrue(r.err().contains("not well-formed"), r.err());

        r = CliRunner.run("load", "--wsdl", wsdl("calc.wsdl"), "--operation", "Divide", "-n", "1");
        assertBadInput(r, "no operation 'Divide' (operations: Add, PlaceOrder)");

        Path noSum = Files.writeString(dir.resolve("nosum.csv"), "a,b\n1,2\n");
        r = CliRunner.run("load", "--wsdl", wsdl("calc.wsdl"), "--operation", "Add", "--data", noSum.toString(),
                "--check", "xpath://tns:AddResult = ${sum}", "-n", "1");
        assertBadInput(r, noSum + ": its header has no column sum for check");

        Path noB = Files.writeString(dir.resolve("nob.csv"), "a\n1\n");
        r = CliRunner.run("load", "--wsdl", wsdl("calc.wsdl"), "--operation", "Add", "--data", noB.toString(), "-n", "1");
        assertBadInput(r, noB + ": its header has no column b for the request's placeholders");

        Path template = Files.writeString(dir.resolve("bad.xml"), "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">\n<soapenv:Body><x>${a}</y>\n");
        r = CliRunner.run("load", "--wsdl", wsdl("calc.wsdl"), "--operation", "Add", "--template", template.toString(), "-n", "1");
        assertBadInput(r, template + ":2:");
        assertTrue(r.err().contains("the template is not well-formed XML"), r.err());

        r = CliRunner.run("load", "--wsdl", wsdl("calc.wsdl"), "--operation", "Add", "--check", "xpath://[", "-n", "1");
        assertBadInput(r, "check 'xpath://[': not an XPath 1.0 expression");
    }

    @Test
    void uniqueRowsRunOutAndFailThePoint(@TempDir Path dir) throws Exception {
        Path add = Files.writeString(dir.resolve("add.csv"), "a,b,sum\n1,2,3\n10,20,30\n5,5,10\n");
        CliRunner r = CliRunner.run("load", "--wsdl", wsdl("calc.wsdl"), "--operation", "Add", "--data", add.toString(),
                "--data-mode", "unique", "--check", "xpath://tns:AddResult = ${sum}", "-c", "1", "-n", "50", "--json");
        assertEquals(ExitCode.PROBLEM, r.exit(), r.err());
        assertTrue(r.err().contains("the 3 data rows ran out"), r.err());
        JsonNode p = RunJson.MAPPER.readTree(r.out());
        assertTrue(p.path("aborted").asText().contains("data rows ran out"), p.toString());
        assertTrue(p.path("requests").asLong() >= 3 && p.path("requests").asLong() < 50, p.toString());
    }

    @Test
    void aSuiteLoadsTheUsersOwnServiceItStartsFromTheWsdlItServes(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("add.csv"), "a,b,sum\n1,2,3\n10,20,30\n5,5,11\n");
        Files.copy(WSDLS.resolve("calc-rpc.wsdl"), dir.resolve("multiply.wsdl"));
        Files.writeString(dir.resolve("mul.csv"), "a,b,product\n3,4,12\n");
        Path suite = Files.writeString(dir.resolve("mine.yaml"), """
                name: mine
                warmup: none            # not what this test is about
                stacks:
                  calc: { command: [php, -d, soap.wsdl_cache_enabled=0, -S, "127.0.0.1:${port}", "%s"], ready: /ready }
                targets:
                  - { label: Add on mine, stack: calc, wsdl: "/wsdl/calc.wsdl", operation: Add, data: add.csv,
                      checks: ["xpath://*[local-name()='AddResult'] = ${sum}"] }
                  - { label: Multiply on mine, stack: calc, wsdl: multiply.wsdl, path: /multiply, operation: Multiply,
                      data: mul.csv, checks: ["xpath://product = ${product}", schema] }
                load:
                  - { users: 1, requestsPerUser: 30 }
                """.formatted(SERVICE));
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.err() + r.out());
        JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
        JsonNode points = run.path("points");
        assertEquals(2, points.size(), run.toString());
        JsonNode add = RunCommandTest.labelled(points, "Add on mine");
        JsonNode multiply = RunCommandTest.labelled(points, "Multiply on mine");
        assertEquals("wsdl", add.path("target").path("protocol").asText());
        assertEquals(30, add.path("requests").asLong());
        assertEquals(10, add.path("errors").path("validation").asLong(), add.toString());
        assertEquals(0, multiply.path("errors").path("validation").asLong(), multiply.toString());
        assertTrue(multiply.path("target").path("url").asText().endsWith("/multiply"), multiply.toString());

        PhpService.assertTargetNeedsAnOperation(dir, "wsdl: multiply.wsdl");
    }

    private static JsonNode load(String... args) throws IOException {
        CliRunner r = PhpService.loaded(args);
        assertNull(r.err().isBlank() ? null : r.err().lines().filter(l -> l.startsWith("wsbench: ") && !l.contains("warning")).findFirst().orElse(null), r.err());
        return RunJson.MAPPER.readTree(r.out());
    }

    private static void assertBadInput(CliRunner r, String expected) {
        PhpService.assertBadInput(r, expected);
    }
}
