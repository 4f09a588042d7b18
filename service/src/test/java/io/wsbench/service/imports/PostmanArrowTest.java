package io.wsbench.service.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A Postman test written as an arrow function of one expression, and an auth wsbench does not send, read as they say. */
class PostmanArrowTest {

    @Test
    void anArrowTestIsAStatusCheckAndAnAuthNotSentSaysTheRequestGoesWithoutIt(@TempDir Path dir) throws Exception {
        Path c = Files.writeString(dir.resolve("c.json"), """
                {"info": {"name": "Shop", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
                 "item": [
                  {"name": "login", "request": {"method": "POST", "url": "http://127.0.0.1:8080/api/login", "body": {"mode": "raw", "raw": "{}"}},
                   "event": [{"listen": "test", "script": {"exec": ["pm.test('ok', () => pm.response.to.have.status(200));",
                     "pm.test(\\"fast\\", () => pm.expect(pm.response.responseTime).to.be.below(300))"]}}]},
                  {"name": "digest", "request": {"method": "GET", "url": "http://127.0.0.1:8080/api/items",
                   "auth": {"type": "digest", "digest": [{"key": "username", "value": "u"}]}}}
                 ]}
                """);
        SuiteDraft.Result r = Imports.read(c, new Imports.Options(null, null, "c-files"));
        String yaml = r.yaml();
        assertTrue(yaml.contains("- \"status: 200\""), yaml);
        assertTrue(yaml.contains("step:login max<300ms"), yaml);
        assertTrue(!yaml.contains("not a pattern wsbench converts"), yaml);
        assertTrue(yaml.contains("skipped: request 'digest': its digest auth, which is not sent: the request goes without it"), yaml);
    }
    /**
     * chai's {@code to.have.property('k'[, v])} on an answer's JSON (an API test framework's collection: 5 of its lines), and
     * {@code Number(...)} around a compared value (a pricing API's collection, against its iteration data), read as checks.
     */
    @Test
    void aPropertyExpectationAndANumberConversionAreChecks(@TempDir Path dir) throws Exception {
        Path c = Files.writeString(dir.resolve("c.json"), """
                {"info": {"name": "Shop", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
                 "item": [
                  {"name": "login", "request": {"method": "GET", "url": "http://127.0.0.1:8080/api/login"},
                   "event": [{"listen": "test", "script": {"exec": ["var jsonData = pm.response.json();",
                     "pm.expect(jsonData).to.have.property('token');",
                     "pm.expect(jsonData.user).to.have.property(`id`);",
                     "pm.expect(jsonData.user).to.have.property('e-mail', 'a@b.c');",
                     "pm.expect(jsonData).to.have.property('n', 5);",
                     "pm.expect(Number(jsonData.price)).to.eql(Number(pm.iterationData.get('price')));"]}}]}
                 ]}
                """);
        Path data = Files.writeString(dir.resolve("rows.csv"), "price\n1.5\n");
        SuiteDraft.Result r = Imports.read(c, new Imports.Options(java.util.List.of(), null, "c-files", data, java.util.Map.of()));
        String yaml = r.yaml();
        for (String check : java.util.List.of("jsonpath:$.token", "jsonpath:$.user.id", "jsonpath:$.user['e-mail'] == 'a@b.c'",
                "jsonpath:$.n == 5", "jsonpath:$.price == ${price}")) {
            assertTrue(yaml.contains("- \"" + check + "\"") || yaml.contains("- " + check + "\n"), check + " in\n" + yaml);
        }
        assertTrue(r.skipped().isEmpty(), r.skipped().toString());
    }
}
