package io.wsbench.protocols;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every protocol's oracle: right answers pass; faults, wrong words and wrong formats do not. */
class ValidatorsTest {

    private static final Operation HELLO = Operation.hello();

    private static Verdict check(String protocol, int status, String type, String body) {
        Validator v = Protocols.byName(protocol).validator(HELLO);
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return v.check(status, type, b, b.length);
    }

    private static String soap11(String body) {
        return "<?xml version=\"1.0\"?><S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<S:Header/><S:Body>" + body + "</S:Body></S:Envelope>";
    }

    @Test
    void soapAcceptsTheGreetingWhateverThePrefixes() {
        String ok = soap11("<ns2:helloResponse xmlns:ns2=\"http://wsbench.io/hello\"><return>Hello World</return></ns2:helloResponse>");
        assertEquals(Verdict.OK, check("soap11", 200, "text/xml;charset=UTF-8", ok));
        assertEquals(Verdict.VALIDATION, check("soap11", 200, "text/xml", ok.replace("Hello World", "Hello Mars")));
        assertEquals(Verdict.VALIDATION, check("soap11", 200, "application/json", ok), "wrong media type");
        assertEquals(Verdict.VALIDATION, check("soap12", 200, "application/soap+xml", ok), "a SOAP 1.1 envelope is not SOAP 1.2");
        assertEquals(Verdict.VALIDATION, check("soap11", 200, "text/xml", "<html>oops</html>"));
        assertEquals(Verdict.VALIDATION, check("soap11", 200, "text/xml", "not xml at all"));
    }

    @Test
    void anAnswerTheSameAsTheLastAcceptedIsStillJudgedByItsHeadAndEveryOtherIsReadInFull() {
        // one validator for many answers, as an I/O thread uses it: the answer it accepted is remembered
        String ok = soap11("<ns2:helloResponse xmlns:ns2=\"http://wsbench.io/hello\"><return>Hello World</return></ns2:helloResponse>");
        String mars = ok.replace("Hello World", "Hello Mars");
        String fault = soap11("<S:Fault><faultcode>S:Server</faultcode><faultstring>boom</faultstring></S:Fault>");
        Validator soap = Protocols.byName("soap11").validator(HELLO);
        assertEquals(Verdict.OK, judge(soap, 200, "text/xml", ok));
        assertEquals(Verdict.OK, judge(soap, 200, "text/xml", ok));
        assertEquals(Verdict.VALIDATION, judge(soap, 200, "application/json", ok), "the head is judged every time");
        assertEquals(Verdict.HTTP_STATUS, judge(soap, 500, "text/xml", ok), "a right answer under a 500 is no right answer");
        assertEquals(Verdict.VALIDATION, judge(soap, 200, "text/xml", mars), "one word changed: read in full");
        assertEquals(Soap.FAULT, judge(soap, 200, "text/xml", fault));
        assertEquals(Verdict.OK, judge(soap, 200, "text/xml", ok));
        for (String protocol : new String[]{"rest-xml", "json", "plain"}) {
            Validator v = Protocols.byName(protocol).validator(HELLO);
            String right = switch (protocol) {
                case "rest-xml" -> "<?xml version=\"1.0\"?><str>Hello World</str>";
                case "json" -> "\"Hello World\"";
                default -> "Hello World";
            };
            String type = protocol.equals("json") ? "application/json" : protocol.equals("plain") ? "text/plain" : "text/xml";
            assertEquals(Verdict.OK, judge(v, 200, type, right), protocol);
            assertEquals(Verdict.OK, judge(v, 200, type, right), protocol);
            assertEquals(Verdict.HTTP_STATUS, judge(v, 404, type, right), protocol);
            assertEquals(Verdict.VALIDATION, judge(v, 200, "image/png", right), protocol);
            // the same length, one byte changed: no shortcut
            assertEquals(Verdict.VALIDATION, judge(v, 200, type, right.replace("World", "Worle")), protocol);
            assertEquals(Verdict.OK, judge(v, 200, type, right), protocol);
        }
    }

    private static Verdict judge(Validator v, int status, String type, String body) {
        // the bytes in a larger buffer, as an I/O thread's are, with stale bytes after them
        byte[] b = (body + "STALE").getBytes(StandardCharsets.UTF_8);
        return v.check(status, type, b, b.length - 5);
    }

    @Test
    void soapFaultsAreFaultsEvenWith200() {
        String fault = soap11("<S:Fault><faultcode>S:Server</faultcode><faultstring>boom</faultstring></S:Fault>");
        assertEquals(Soap.FAULT, check("soap11", 500, "text/xml", fault));
        assertEquals(Soap.FAULT, check("soap11", 200, "text/xml", fault));
        assertEquals(Verdict.HTTP_STATUS, check("soap11", 503, "text/html", "busy"));
    }

    @Test
    void restJsonAndPlain() {
        String str = "<?xml version=\"1.0\" encoding=\"utf-8\"?><str>Hello World</str>";
        assertEquals(Verdict.OK, check("rest-xml", 200, "text/xml; charset=utf-8", str));
        assertEquals(Verdict.VALIDATION, check("rest-xml", 200, "text/xml", "<str>Unknown Method</str>"));
        assertEquals(Verdict.HTTP_STATUS, check("rest-xml", 404, "text/xml", str));
        assertEquals(Verdict.OK, check("json", 200, "application/json", " \"Hello World\"\n"));
        assertEquals(Verdict.VALIDATION, check("json", 200, "application/json", "\"Hello World\" trailing"));
        assertEquals(Verdict.VALIDATION, check("json", 200, "application/json", "{\"x\":\"Hello World\"}"));
        assertEquals(Verdict.OK, check("plain", 200, "text/plain;charset=utf-8", "Hello World\r\n"));
        assertEquals(Verdict.VALIDATION, check("plain", 200, "text/plain", "Hello World!"));
    }

    @Test
    void graphQlsDataIsCheckedAndItsErrorsAreTheirOwnKind() {
        String json = "application/json; charset=utf-8";
        assertEquals(Verdict.OK, check("graphql", 200, json, "{\"data\":{\"hello\":\"Hello World\"}}"));
        assertEquals(Verdict.OK, check("graphql", 200, json, "{\"extensions\":{\"cost\":[1]},\"data\":{\"hello\":\"Hello World\"}}"));
        assertEquals(Verdict.VALIDATION, check("graphql", 200, json, "{\"data\":{\"hello\":\"Goodbye World\"}}"));
        assertEquals(Verdict.VALIDATION, check("graphql", 200, json, "{\"data\":{\"other\":\"Hello World\"}}"));
        assertEquals(GraphQl.ERRORS, check("graphql", 200, json,
                "{\"errors\":[{\"message\":\"Validation error\"}],\"data\":null}"));
        assertEquals(GraphQl.ERRORS, check("graphql", 200, json,
                "{\"data\":{\"hello\":\"Hello World\"},\"errors\":[{\"message\":\"partly\"}]}"));
        assertEquals(Verdict.HTTP_STATUS, check("graphql", 400, json, "{\"errors\":[{\"message\":\"no query\"}]}"));
        assertEquals(Verdict.VALIDATION, check("graphql", 200, json, "not json"));
    }

    @Test
    void everyAnswerNeedsA200ThenItsContentTypeInAnyCaseWithParameters() {
        assertEquals(Verdict.OK, check("plain", 200, "TEXT/Plain; charset=UTF-8", "Hello World"));
        assertEquals(Verdict.HTTP_STATUS, check("plain", 500, "text/plain", "Hello World"));
        assertEquals(Verdict.VALIDATION, check("plain", 200, "text/html", "Hello World"));
        assertEquals(Verdict.OK, check("html", 200, "Text/HTML;charset=utf-8", "Hello World at noon"));
        assertEquals(Verdict.HTTP_STATUS, check("html", 302, "text/html", "Hello World at noon"));
        assertEquals(Verdict.VALIDATION, check("html", 200, "text/plain", "Hello World at noon"));
        assertEquals(Verdict.OK, check("json", 200, "Application/JSON; charset=utf-8", "\"Hello World\""));
        assertEquals(Verdict.HTTP_STATUS, check("json", 404, "application/json", "\"Hello World\""));
        assertEquals(Verdict.VALIDATION, check("json", 200, "text/plain", "\"Hello World\""));
        assertEquals(Verdict.OK, check("rest-xml", 200, "Application/XML;charset=UTF-8", "<str>Hello World</str>"));
        assertEquals(Verdict.VALIDATION, check("rest-xml", 200, "text/plain", "<str>Hello World</str>"));
        String hello12 = "<S:Envelope xmlns:S=\"http://www.w3.org/2003/05/soap-envelope\"><S:Body>"
                + "<h:helloResponse xmlns:h=\"http://wsbench.io/hello\"><return>Hello World</return></h:helloResponse>"
                + "</S:Body></S:Envelope>";
        assertEquals(Verdict.OK, check("soap12", 200, "Application/SOAP+XML; charset=utf-8; action=\"urn:hello\"", hello12));
        assertEquals(Verdict.HTTP_STATUS, check("soap12", 500, "application/soap+xml", hello12), "a 500 without a Fault");
        assertEquals(Verdict.VALIDATION, check("soap12", 200, "text/xml", hello12));
    }

    @Test
    void theBodyIsReadOnlyAfterTheStatusAndContentType() {
        int[] reads = {0};
        Validator v = Answers.expecting("text/plain", (body, length) -> {
            reads[0]++;
            return length == 2 ? Verdict.OK : Verdict.VALIDATION;
        });
        byte[] ok = "ok".getBytes(StandardCharsets.UTF_8);
        assertEquals(Verdict.HTTP_STATUS, v.check(201, "text/plain", ok, 2));
        assertEquals(Verdict.VALIDATION, v.check(200, "text/html", ok, 2));
        assertEquals(Verdict.VALIDATION, v.check(200, "", ok, 2), "no content type");
        assertEquals(0, reads[0]);
        assertEquals(Verdict.OK, v.check(200, "TEXT/PLAIN;charset=utf-8", ok, 2));
        assertEquals(Verdict.VALIDATION, v.check(200, "text/plain", ok, 1));
        assertEquals(2, reads[0]);
        assertTrue(Answers.contentTypeIs("Application/X-AMF", Amf.CONTENT_TYPE));
    }

    @Test
    void wddxPacketMustHoldTheGreetingAsItsOneString() {
        String packet = "<wddxPacket version='1.0'><header/><data><string>Hello World</string></data></wddxPacket>";
        assertEquals(Verdict.OK, check("wddx", 200, "text/xml;charset=UTF-8", packet));
        assertEquals(Verdict.OK, check("wddx", 200, "text/xml", packet.replace("<header/>", "<header><comment>c</comment></header>")),
                "a header's comment is not the data");
        assertEquals(Verdict.VALIDATION, check("wddx", 200, "text/xml", packet.replace("Hello World", "Hello Mars")));
        assertEquals(Verdict.VALIDATION, check("wddx", 200, "text/xml", packet.replace("Hello World", " Hello World ")),
                "a WDDX string is exact");
        assertEquals(Verdict.VALIDATION, check("wddx", 200, "text/xml", packet.replace("string>", "number>")));
        assertEquals(Verdict.VALIDATION, check("wddx", 200, "text/xml",
                packet.replace("</data>", "<string>extra</string></data>")), "one string, nothing after it");
        assertEquals(Verdict.VALIDATION, check("wddx", 200, "application/json", packet), "wrong media type");
        assertEquals(Verdict.VALIDATION, check("wddx", 200, "text/xml", "<str>Hello World</str>"), "not a packet");
        assertEquals(Verdict.HTTP_STATUS, check("wddx", 500, "text/xml", packet));
    }

    @Test
    void soapRequestsCarryTheirActionAndEnvelope() {
        byte[] wire = Wire.of(Protocols.byName("soap11").request(URI.create("http://127.0.0.1:9/hello/soap"), HELLO, true));
        String s = new String(wire, StandardCharsets.UTF_8);
        assertTrue(s.startsWith("POST /hello/soap HTTP/1.1\r\nHost: 127.0.0.1:9\r\n"), s);
        assertTrue(s.contains("SOAPAction: \"urn:hello\"\r\n"), s);
        assertTrue(s.contains("<h:hello xmlns:h=\"http://wsbench.io/hello\"/>"), s);
        String body = s.substring(s.indexOf("\r\n\r\n") + 4);
        assertTrue(s.contains("Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n"), s);
        String v12 = new String(Wire.of(Protocols.byName("soap12").request(URI.create("http://127.0.0.1:9/x"), HELLO, false)),
                StandardCharsets.UTF_8);
        assertTrue(v12.contains("application/soap+xml; charset=UTF-8; action=\"urn:hello\""), v12);
        assertTrue(v12.contains("Connection: close\r\n"), v12);
    }
}
