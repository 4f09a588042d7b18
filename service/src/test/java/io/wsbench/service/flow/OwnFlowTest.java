package io.wsbench.service.flow;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.wsbench.core.load.FlowPlan;
import io.wsbench.core.load.FlowStep;
import io.wsbench.core.load.StepAnswer;
import io.wsbench.core.load.Verdict;
import io.wsbench.model.suite.FlowSpec;
import io.wsbench.model.suite.Security;
import io.wsbench.model.suite.StepSpec;
import io.wsbench.service.openapi.ApiDescription;
import io.wsbench.service.own.OwnServiceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OwnFlowTest {

    private static StepSpec request(String name, String method, String path, Map<String, String> headers, String body,
                                    Map<String, String> extract, List<String> checks) {
        return new StepSpec(name, null, method, path, headers, body, null, null, null, extract, checks, null, null, null, null, null, null);
    }

    private static FlowPlan plan(List<StepSpec> setup, List<StepSpec> steps) throws OwnServiceException {
        return OwnFlow.of(new FlowSpec(setup, steps, null, null, null), null, null, URI.create("http://127.0.0.1:8080/api/"),
                Path::of).plan();
    }

    private static String written(FlowStep step, String[] variables) {
        ByteBuf b = step.request().write(ByteBufAllocator.DEFAULT, variables, null);
        try {
            return b.toString(StandardCharsets.UTF_8);
        } finally {
            b.release();
        }
    }

    /**
     * A path with characters a URI may not hold, as SoapUI, Postman and JMeter files write them (a space in a query value,
     * OData's quotes, brackets): sent percent-encoded, as those tools send them, where the flow was refused ("Illegal
     * character in query"); escapes already made and the variables' own escaping are kept.
     */
    @Test
    void aPathIsSentWithWhatAUriMayNotHoldEncoded() throws Exception {
        FlowPlan plan = plan(List.of(), List.of(request("find", "GET", "/geo?address=1600 Amphitheatre Parkway, CA&$filter=('a eq ''')"
                + "&tag[]=x&done=100%&ok=%41&who=${iteration}", Map.of(), null, Map.of(), List.of())));
        String[] vars = {"3", "a b", null};
        assertEquals("GET /api/geo?address=1600%20Amphitheatre%20Parkway,%20CA&$filter=('a%20eq%20''')&tag%5B%5D=x&done=100%25&ok=%41"
                + "&who=a%20b HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n", written(plan.steps().get(0), vars));
        assertEquals("/caf%C3%A9", OwnFlow.uriSafe("/café"));
    }

    @Test
    void aPlainStepCarriesTheVariablesAnEarlierStepExtracted() throws Exception {
        FlowPlan plan = plan(List.of(request("login", "POST", "/login", Map.of(), "{\"user\": \"u${vu}\"}",
                        Map.of("token", "jsonpath:$.token"), List.of())),
                List.of(request("read", "GET", "/orders/${iteration}", Map.of("Authorization", "Bearer ${token}"), null,
                        Map.of(), List.of("jsonpath:$.owner == 'u${vu}'"))));
        assertEquals(List.of("vu", "iteration", "uuid", "token"), plan.variables());
        FlowStep login = plan.setup().get(0);
        FlowStep read = plan.steps().get(0);
        String[] vars = {"3", "7", null, null};

        assertTrue(written(login, vars).endsWith("Content-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"user\": \"u3\"}"),
                written(login, vars));
        StepAnswer answers = login.answers().get();
        byte[] body = "{\"token\": \"t-1\"}".getBytes(StandardCharsets.UTF_8);
        assertNull(answers.read(200, "application/json", body, body.length, Map.of(), vars));
        assertEquals("t-1", vars[3]);
        assertEquals("GET /api/orders/7 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Bearer t-1\r\n\r\n", written(read, vars));

        StepAnswer check = read.answers().get();
        byte[] mine = "{\"owner\": \"u3\"}".getBytes(StandardCharsets.UTF_8);
        byte[] theirs = "{\"owner\": \"u4\"}".getBytes(StandardCharsets.UTF_8);
        assertNull(check.read(200, "", mine, mine.length, Map.of(), vars));
        StepAnswer.Failure wrong = check.read(200, "", theirs, theirs.length, Map.of(), vars);
        assertEquals(Verdict.VALIDATION, wrong.kind());
        assertTrue(wrong.why().startsWith("check 'jsonpath:$.owner == 'u${vu}''"), wrong.why());
        StepAnswer.Failure expired = check.read(401, "", mine, mine.length, Map.of(), vars);
        assertEquals(Verdict.HTTP_STATUS, expired.kind(), "a wrong status is an httpStatus error, before any check");
        StepAnswer.Failure nothing = answers.read(200, "", mine, mine.length, Map.of(), vars);
        assertEquals(new StepAnswer.Failure(Verdict.VALIDATION, "extract token: nothing found by 'jsonpath:$.token'"), nothing);
    }

    @Test
    void aFormIsSentUrlEncodedEachValueEncodedAfterItsVariablesAreFilled() throws Exception {
        Map<String, String> form = new java.util.LinkedHashMap<>();
        form.put("csrfmiddlewaretoken", "${csrf}");
        form.put("username", "${user}");
        form.put("next", "/admin/?q=a b&x=1");
        StepSpec login = new StepSpec("login", null, null, "/login/", Map.of(), null, null, null, null, Map.of(), List.of(),
                null, null, null, form, null, null);
        assertEquals("POST", login.method(), "a form is a POST unless its method says otherwise");
        FlowPlan plan = OwnFlow.of(new FlowSpec(List.of(), List.of(
                        new StepSpec("csrf", null, "GET", "/login/", Map.of(), null, null, null, null,
                                Map.of("csrf", "css:input[name=csrfmiddlewaretoken]@value", "user", "regex:user=(.*)"), List.of(), null, null, null, null, null, null),
                        login), null, null, null), null, null, URI.create("http://127.0.0.1:8080/"), Path::of).plan();
        String[] vars = new String[plan.variables().size()];
        vars[plan.variables().indexOf("csrf")] = "a+b/c=d&e";
        vars[plan.variables().indexOf("user")] = "zoë & \"bob\" 100%";
        String wire = written(plan.steps().get(1), vars);
        String body = "csrfmiddlewaretoken=a%2Bb%2Fc%3Dd%26e&username=zo%C3%AB+%26+%22bob%22+100%25&next=%2Fadmin%2F%3Fq%3Da+b%26x%3D1";
        assertTrue(wire.startsWith("POST /login/ HTTP/1.1\r\n"), wire);
        assertTrue(wire.contains("Content-Type: application/x-www-form-urlencoded\r\n"), wire);
        assertTrue(wire.endsWith("Content-Length: " + body.length() + "\r\n\r\n" + body), wire);
        // what a server reads back is what the variables held
        Map<String, String> read = new java.util.LinkedHashMap<>();
        for (String pair : body.split("&")) {
            String[] kv = pair.split("=", 2);
            read.put(java.net.URLDecoder.decode(kv[0], StandardCharsets.UTF_8), java.net.URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
        }
        assertEquals(Map.of("csrfmiddlewaretoken", "a+b/c=d&e", "username", "zoë & \"bob\" 100%", "next", "/admin/?q=a b&x=1"), read);
    }

    @Test
    void aMultipartBodyHoldsAFieldPerPartAndAFileItsBytesNameAndType(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("note.txt"), "a file's text\n");
        Map<String, String> parts = new java.util.LinkedHashMap<>();
        parts.put("title", "${title}");
        parts.put("attachment", "@note.txt");
        StepSpec upload = new StepSpec("upload", null, "PUT", "/files", Map.of(), null, null, null, null, Map.of(), List.of(),
                null, null, null, null, parts, null);
        FlowPlan plan = OwnFlow.of(new FlowSpec(List.of(), List.of(
                        new StepSpec("t", null, "GET", "/t", Map.of(), null, null, null, null, Map.of("title", "regex:(.*)"), List.of(), null, null, null, null, null, null),
                        upload), null, null, null), null, null, URI.create("http://127.0.0.1:8080/"), dir::resolve).plan();
        String[] vars = new String[plan.variables().size()];
        vars[plan.variables().indexOf("title")] = "Q3 & more";
        String wire = written(plan.steps().get(1), vars);
        assertTrue(wire.startsWith("PUT /files HTTP/1.1\r\n"), wire);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Content-Type: multipart/form-data; boundary=(\\S+)\r\n").matcher(wire);
        assertTrue(m.find(), wire);
        String b = m.group(1);
        assertTrue(wire.endsWith("\r\n\r\n--" + b + "\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nQ3 & more\r\n"
                + "--" + b + "\r\nContent-Disposition: form-data; name=\"attachment\"; filename=\"note.txt\"\r\nContent-Type: text/plain"
                + "\r\n\r\na file's text\n\r\n--" + b + "--\r\n"), wire);
        assertThrows(IllegalArgumentException.class, () -> new StepSpec("x", null, "POST", "/x", Map.of(), "{}", null, null, null,
                Map.of(), List.of(), null, null, null, Map.of("a", "b"), null, null), "a body and a form at once");
    }

    @Test
    void aVariableNoEarlierStepGivesIsRefusedNamingTheStepAndWhatIsKnown() {
        String m = assertThrows(OwnServiceException.class, () -> plan(List.of(),
                List.of(request("read", "GET", "/orders/${orderId}", Map.of(), null, Map.of(), List.of())))).getMessage();
        assertEquals("steps step read: path uses ${orderId}, which no earlier step or row gives (known here: vu, iteration, uuid)", m);
        String later = assertThrows(OwnServiceException.class, () -> plan(List.of(), List.of(
                request("read", "GET", "/x", Map.of("Authorization", "${token}"), null, Map.of(), List.of()),
                request("login", "POST", "/login", Map.of(), null, Map.of("token", "header:X-Token"), List.of())))).getMessage();
        assertTrue(later.startsWith("steps step read: header Authorization uses ${token}"), "a later step's variable is not yet known: " + later);
        String random = assertThrows(OwnServiceException.class, () -> plan(List.of(), List.of(
                request("read", "GET", "/x/${random:9-1}", Map.of(), null, Map.of(), List.of())))).getMessage();
        assertEquals("steps step read: path uses ${random:9-1}, whose range ends before it starts", random);
        String builtIn = assertThrows(OwnServiceException.class, () -> plan(List.of(), List.of(
                request("login", "POST", "/login", Map.of(), null, Map.of("vu", "status"), List.of())))).getMessage();
        assertTrue(builtIn.startsWith("steps step login: extract vu: a built-in variable's name"), builtIn);
    }

    private static StepSpec basic(String name, String path, Map<String, String> headers, String basicAuth, Security security) {
        return new StepSpec(name, null, "GET", path, headers, null, null, null, null, Map.of("user", "jsonpath:$.user"),
                List.of(), null, basicAuth, security, null, null, null);
    }

    @Test
    void basicAuthIsTheFlowsUnlessAStepNamesItsOwnOrAnAuthorizationHeader() throws Exception {
        StepSpec login = request("login", "POST", "/login", Map.of(), "{}", Map.of("password", "jsonpath:$.pw"), List.of());
        FlowSpec flow = new FlowSpec(List.of(), List.of(login, basic("a", "/a", Map.of(), null, null),
                basic("b", "/b", Map.of(), "admin:${password}", null), basic("c", "/c", Map.of("Authorization", "Bearer x"), null, null),
                basic("d", "/d", Map.of(), "", null)), null, null, null, "u${vu}:${password}");
        // the login step comes before any password: the flow's basicAuth there would be refused, so it has its own
        String refused = assertThrows(OwnServiceException.class, () -> OwnFlow.of(flow, null, null,
                URI.create("http://127.0.0.1:8080/"), Path::of)).getMessage();
        assertEquals("steps step login: basicAuth uses ${password}, which no earlier step or row gives (known here: vu, iteration, uuid)",
                refused);

        FlowSpec fixed = new FlowSpec(List.of(), flow.steps().stream().map(s -> s.name().equals("login")
                ? new StepSpec("login", null, "POST", "/login", Map.of(), "{}", null, null, null, Map.of("password", "jsonpath:$.pw"),
                List.of(), null, "", null, null, null, null) : s).toList(), null, null, null, flow.basicAuth());
        FlowPlan plan = OwnFlow.of(fixed, null, null, URI.create("http://127.0.0.1:8080/"), Path::of).plan();
        String[] vars = new String[plan.variables().size()];
        vars[0] = "3";
        vars[plan.variables().indexOf("password")] = "p:w é";
        java.util.Base64.Encoder b64 = java.util.Base64.getEncoder();
        assertTrue(written(plan.steps().get(1), vars).contains("\r\nAuthorization: Basic "
                + b64.encodeToString("u3:p:w é".getBytes(StandardCharsets.UTF_8)) + "\r\n"), written(plan.steps().get(1), vars));
        assertTrue(written(plan.steps().get(2), vars).contains("\r\nAuthorization: Basic "
                + b64.encodeToString("admin:p:w é".getBytes(StandardCharsets.UTF_8)) + "\r\n"), "the step's own");
        assertTrue(written(plan.steps().get(3), vars).contains("\r\nAuthorization: Bearer x\r\n"), "its own header instead");
        assertTrue(!written(plan.steps().get(4), vars).contains("Authorization") && !written(plan.steps().get(0), vars).contains("Authorization"),
                "basicAuth \"\" sends none");
    }

    @Test
    void securityOnAStepThatIsNotSoapIsRefusedNamingTheStep() {
        FlowSpec flow = new FlowSpec(List.of(), List.of(basic("plain", "/p", Map.of(), null, Security.SIGN)), null, null, null);
        String m = assertThrows(OwnServiceException.class, () -> OwnFlow.of(flow, null, null,
                URI.create("http://127.0.0.1:8080/"), Path::of, Security.PLAIN, null)).getMessage();
        assertEquals("steps step plain: security sign applies to a SOAP step (an operation of the target's wsdl)", m);
    }

    /** A spec whose getOrder requires an Authorization header parameter, as FastAPI's Header() declares it. */
    private static ApiDescription authorizationSpec(Path dir) throws Exception {
        Path spec = Files.writeString(dir.resolve("spec.yaml"), """
                openapi: 3.0.3
                info: { title: shop, version: "1" }
                paths:
                  /login:
                    post:
                      operationId: login
                      responses: { "200": { description: a token } }
                  /orders/{id}:
                    get:
                      operationId: getOrder
                      parameters:
                        - { name: id, in: path, required: true, schema: { type: integer } }
                        - { name: Authorization, in: header, required: true, schema: { type: string } }
                      responses: { "200": { description: the order } }
                """);
        return ApiDescription.read(spec.toString());
    }

    private static StepSpec getOrder(Map<String, String> headers, Map<String, String> params) {
        return new StepSpec("getOrder", "getOrder", null, null, headers, null, params, null, null, Map.of(), List.of(), null, null, null, null, null, null);
    }

    @Test
    void aStepsHeaderOrParamFillsTheSpecsHeaderParameterAndNeitherIsOneLine(@TempDir Path dir) throws Exception {
        ApiDescription api = authorizationSpec(dir);
        StepSpec login = new StepSpec("login", "login", null, null, Map.of(), null, Map.of(), null, null,
                Map.of("token", "jsonpath:$.token"), List.of(), null, null, null, null, null, null);
        URI endpoint = URI.create("http://127.0.0.1:8080");
        String[] vars = {"0", "0", null, "t-1"};
        for (StepSpec read : List.of(getOrder(Map.of("authorization", "Bearer ${token}"), Map.of("id", "${iteration}")),
                getOrder(Map.of(), Map.of("id", "${iteration}", "Authorization", "Bearer ${token}")))) {
            FlowPlan plan = OwnFlow.of(new FlowSpec(List.of(login), List.of(read), null, null, null), api, null, endpoint, Path::of).plan();
            String wire = written(plan.steps().get(0), vars);
            assertTrue(wire.startsWith("GET /orders/0 HTTP/1.1\r\n"), wire);
            assertEquals(1, wire.toLowerCase(java.util.Locale.ROOT).split("authorization: bearer t-1\r\n", -1).length - 1,
                    "the header once, the parameter filled: " + wire);
        }

        FlowSpec bare = new FlowSpec(List.of(login), List.of(getOrder(Map.of(), Map.of("id", "1"))), null, null, null);
        assertEquals("steps step getOrder: header parameter Authorization of getOrder (GET /orders/{id} in " + dir.resolve("spec.yaml")
                        + ") is required and nothing gives it: give it in the step's headers ({ Authorization: VALUE })"
                        + " or its params ({ Authorization: VALUE })",
                assertThrows(OwnServiceException.class, () -> OwnFlow.of(bare, api, null, endpoint, Path::of)).getMessage());
        FlowSpec twice = new FlowSpec(List.of(login), List.of(getOrder(Map.of("Authorization", "Bearer ${token}"),
                Map.of("id", "1", "authorization", "Bearer x"))), null, null, null);
        assertEquals("steps step getOrder: header Authorization is given in both its headers and its params: give it once",
                assertThrows(OwnServiceException.class, () -> OwnFlow.of(twice, api, null, endpoint, Path::of)).getMessage());
    }
}
