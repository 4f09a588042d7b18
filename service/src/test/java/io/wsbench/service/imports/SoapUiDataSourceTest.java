package io.wsbench.service.imports;

import io.wsbench.model.suite.FlowSpec;
import io.wsbench.model.suite.SuiteReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ReadyAPI's data source step: a File (CSV, as SoapUI Cookbook's invoice load test reads one) or a Grid (rows kept in the
 * project) becomes a data file whose columns are the flow's variables ({@code ${Source#prop}}) from the request after it
 * on. Both were skipped ("no wsbench equal") and every {@code ${Source#prop}} expanded to nothing.
 */
class SoapUiDataSourceTest {

    private static final String CON = "xmlns:con=\"http://eviware.com/soapui/config\"";

    private static String http(String name, String endpoint, String body, String assertion) {
        return """
                <con:testStep type="httprequest" name="%s"><con:config method="POST" name="%s" mediaType="application/json">
                <con:endpoint>%s</con:endpoint><con:request><![CDATA[%s]]></con:request>%s</con:config></con:testStep>
                """.formatted(name, name, endpoint, body, assertion);
    }

    private static String project(String steps) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <con:soapui-project name="pets" %s><con:testSuite name="suite"><con:testCase name="case">%s
                <con:loadTest name="l"><con:threadCount>2</con:threadCount><con:testLimit>10</con:testLimit><con:limitType>COUNT_PER_THREAD</con:limitType>
                <con:loadStrategy><con:type>Simple</con:type><con:config><testDelay>0</testDelay></con:config></con:loadStrategy></con:loadTest>
                </con:testCase></con:testSuite></con:soapui-project>
                """.formatted(CON, steps);
    }

    private static String grid(String name, String... rows) {
        StringBuilder r = new StringBuilder();
        for (String row : rows) {
            r.append("<row><![CDATA[<xml-fragment>");
            for (String v : row.split(",", -1)) {
                r.append(v.isEmpty() ? "<con:entry " + CON + "/>" : "<con:entry " + CON + ">" + v + "</con:entry>");
            }
            r.append("</xml-fragment>]]></row>");
        }
        return """
                <con:testStep type="datasource" name="%s"><con:config><con:dataSource type="Grid"><con:configuration>%s
                </con:configuration></con:dataSource><con:shared>true</con:shared>
                <con:property>petid</con:property><con:property>petname</con:property><con:property>note</con:property></con:config></con:testStep>
                """.formatted(name, r);
    }

    private static FlowSpec flow(SuiteDraft.Result r) {
        return SuiteReader.parse(r.yaml(), Path.of("pets.yaml")).targets().get(0).flow();
    }

    @Test
    void aGridsRowsAreTheFlowsDataFromTheRequestAfterIt(@TempDir Path dir) throws Exception {
        Path p = Files.writeString(dir.resolve("pets-soapui-project.xml"), project(
                http("login", "http://127.0.0.1:8080/login", "{}", "")
                + grid("DataSource", "12345,puppy1,", "12346,puppy \"two\",x")
                + http("add", "http://127.0.0.1:8080/pet", "{\"id\": ${DataSource#petid}, \"name\": \"${DataSource#petname}\"}",
                        "<con:assertion type=\"JsonPath Match\" name=\"n\"><con:configuration><path>$.name</path>"
                        + "<content>${DataSource#petname}</content></con:configuration></con:assertion>")
                + "<con:testStep type=\"datasourceloop\" name=\"Loop\"><con:config><dataSourceStep>DataSource</dataSourceStep>"
                + "<targetStep>add</targetStep></con:config></con:testStep>"));
        SuiteDraft.Result r = Imports.read(p, new Imports.Options(null, null, "pets-files"));
        FlowSpec f = flow(r);
        assertNull(f.steps().get(0).data(), "the login before the data source takes no row");
        assertEquals("pets-files/DataSource.csv", f.steps().get(1).data());
        assertEquals("{\"id\": ${petid}, \"name\": \"${petname}\"}", f.steps().get(1).body());
        assertTrue(f.steps().get(1).checks().contains("jsonpath:$.name == ${petname}"), f.steps().get(1).checks().toString());
        assertEquals("petid,petname,note\n12345,puppy1,\n12346,\"puppy \"\"two\"\"\",x\n",
                new String(r.files().get("pets-files/DataSource.csv"), java.nio.charset.StandardCharsets.UTF_8));
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("data source loop 'Loop' in test case 'case': each iteration takes")),
                r.notes().toString());
        assertTrue(r.skipped().isEmpty(), r.skipped().toString());
    }

    @Test
    void aFilesRowsAreReadAsReadyApiReadsThemBesideTheProject(@TempDir Path dir) throws Exception {
        // named as on its author's machine, found by its name beside the project; its header line is not a row
        Files.writeString(dir.resolve("invoices.csv"), "invoiceNo;amount\n 1001 ;10.5\n1002;20;extra\n1003\n");
        String file = """
                <con:testStep type="datasource" name="Invoices"><con:config><con:dataSource type="File"><con:configuration>
                <fileName>C:\\data\\invoices.csv</fileName><separator>;</separator><trim>true</trim><quotedValues>false</quotedValues>
                </con:configuration></con:dataSource><con:shared>false</con:shared>
                <con:property>invoiceNo</con:property><con:property>amount</con:property></con:config></con:testStep>
                """;
        String excel = """
                <con:testStep type="datasource" name="Sheet"><con:config><con:dataSource type="Excel"><con:configuration/>
                </con:dataSource><con:property>x</con:property></con:config></con:testStep>
                """;
        Path p = Files.writeString(dir.resolve("inv-soapui-project.xml"), project(file + excel
                + http("create", "http://127.0.0.1:8080/invoice?n=${Invoices#invoiceNo}", "{\"amount\": ${Invoices#amount}}", "")));
        SuiteDraft.Result r = Imports.read(p, new Imports.Options(null, null, "inv-files"));
        assertEquals("inv-files/Invoices.csv", flow(r).steps().get(0).data());
        assertEquals("invoiceNo,amount\n1001,10.5\n1002,20\n1003,\n",
                new String(r.files().get("inv-files/Invoices.csv"), java.nio.charset.StandardCharsets.UTF_8));
        assertTrue(flow(r).steps().get(0).path().endsWith("/invoice?n=${invoiceNo}"), flow(r).steps().get(0).path());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("the first line of C:\\data\\invoices.csv names its properties")),
                r.notes().toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("each thread reads all its rows in SoapUI; here the users take them"
                + " in turn")), r.notes().toString());
        assertTrue(r.skipped().contains("data source step 'Sheet' in test case 'case': an Excel data source (wsbench reads File and"
                + " Grid ones)"), r.skipped().toString());

        Files.delete(dir.resolve("invoices.csv"));
        SuiteDraft.Result none = Imports.read(p, new Imports.Options(null, null, "inv-files"));
        assertTrue(none.skipped().contains("data source step 'Invoices' in test case 'case': its file C:\\data\\invoices.csv is not"
                + " beside the project (copy it there and import again)"), none.skipped().toString());
    }
    /** ReadyAPI fills a JSONPath Match's expected value from an answer as JSON ("United States", quotes and all): the string it holds. */
    @Test
    void aJsonPathMatchsQuotedValueIsTheStringItHolds(@TempDir Path dir) throws Exception {
        String match = "<con:assertion type=\"JsonPath Match\" name=\"%s\"><con:configuration><path>%s</path><content>%s</content>"
                + "</con:configuration></con:assertion>";
        Path p = Files.writeString(dir.resolve("ip-soapui-project.xml"), project(http("ip", "http://127.0.0.1:8080/json/1", "",
                match.formatted("q", "$['country']", "\"United States\"") + match.formatted("plain", "$.region", "India")
                + match.formatted("n", "$.n", "\"5\"") + match.formatted("odd", "$.x", "\"a\" and \"b\""))));
        var checks = flow(Imports.read(p, new Imports.Options(null, null, "ip-files"))).steps().get(0).checks();
        assertEquals(java.util.List.of("jsonpath:$['country'] == 'United States'", "jsonpath:$.region == 'India'", "jsonpath:$.n == 5",
                "jsonpath:$.x == '\"a\" and \"b\"'"), checks);
    }
}
