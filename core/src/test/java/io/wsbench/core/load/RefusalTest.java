package io.wsbench.core.load;

import io.wsbench.model.record.ErrorKind;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RefusalTest {

    private static String said(Verdict v, int status, String type, String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return Refusal.said(v, status, type, b, b.length);
    }

    @Test
    void aBadStatusSaysTheStatusTheTypeTheLengthAndTheBodysStartOnOneLine() {
        assertEquals("status 404 (text/html, 64 bytes: <html> <head><title>404 Not Found</title></head> <body></body>)",
                said(Verdict.HTTP_STATUS, 404, "text/html", "<html>\r\n<head><title>404 Not Found</title></head>\n\t<body></body>"));
        assertEquals("status 503 (0 bytes)", said(Verdict.HTTP_STATUS, 503, "", ""));
    }

    @Test
    void aRedirectSaysItWasNotFollowedAndWhereOneIs() {
        // node's http.createServer answering res.statusCode = 302 with a Location and no body
        assertEquals("status 302 (0 bytes), a redirect, not followed: load the address it names, or make the request a flow's step"
                + " with follow: true", said(Verdict.HTTP_STATUS, 302, "", ""));
        assertFalse(said(Verdict.HTTP_STATUS, 304, "", "").contains("redirect"), "304 Not Modified sends no one anywhere");
    }

    @Test
    void anAnswerItsCheckRefusedSaysWhatItWasCountedAs() {
        assertEquals("status 200 (text/xml, 13 bytes: <str>Hi</str>), counted as failed validation",
                said(Verdict.VALIDATION, 200, "text/xml", "<str>Hi</str>"));
        ErrorKind fault = ErrorKind.declare("refusalTestFault", "SOAP faults", 10);
        assertTrue(said(Verdict.of(fault), 500, "text/xml", "<Fault/>").endsWith(", counted as SOAP faults"));
    }

    @Test
    void aSoapFaultSaysItsCodeAndTextWhereverTheyAreInTheBody() {
        ErrorKind fault = ErrorKind.declare("refusalTestFault11", "SOAP faults", 10);
        // as node-soap answers: the envelope's start alone fills the bytes a plain excerpt shows
        String soap11 = "<?xml version=\"1.0\" encoding=\"utf-8\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
                + "  xmlns:tns=\"http://example.org/calc\"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode>"
                + "<faultstring>unlucky: a is 13</faultstring></soap:Fault></soap:Body></soap:Envelope>";
        assertEquals("status 500 (text/xml; charset=utf-8, " + soap11.length() + " bytes, a SOAP Fault: soap:Client unlucky: a is 13),"
                + " counted as SOAP faults", said(Verdict.of(fault), 500, "text/xml; charset=utf-8", soap11));
        String soap12 = "<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\"><env:Body><env:Fault><env:Code>"
                + "<env:Value>env:Sender</env:Value></env:Code><env:Reason>\n  <env:Text xml:lang=\"en\">token=abc123456789 is"
                + " expired</env:Text></env:Reason></env:Fault></env:Body></env:Envelope>";
        assertEquals("status 400 (application/soap+xml, " + soap12.length() + " bytes, a SOAP Fault: env:Sender token=*** is expired)",
                said(Verdict.HTTP_STATUS, 400, "application/soap+xml", soap12), "its secrets hidden as any excerpt's");
        assertTrue(said(Verdict.VALIDATION, 200, "text/xml", "<a>no fault here</a>").contains("bytes: <a>no fault here</a>)"));
    }

    @Test
    void aFailedGrpcCallSaysItsStatusAndItsMessageDecoded() {
        assertEquals("grpc-status NOT_FOUND (5): no such person: nobody", Refusal.grpc("grpc-status NOT_FOUND (5)", "no such person: nobody"));
        assertEquals("grpc-status INTERNAL (13): Zoë's token=*** failed 100%",
                Refusal.grpc("grpc-status INTERNAL (13)", "Zo%C3%AB's token=s3cr3t-value failed 100%25"), "UTF-8, percent-encoded");
        assertEquals("grpc-status UNAVAILABLE (14)", Refusal.grpc("grpc-status UNAVAILABLE (14)", null));
    }

    @Test
    void aLongBodyIsCutAndSaysSo() {
        String s = said(Verdict.HTTP_STATUS, 500, "text/plain", "x".repeat(1000));
        assertTrue(s.contains("1000 bytes: " + "x".repeat(Refusal.SHOWN) + " …)"), s);
    }

    @Test
    void controlBytesAndBrokenUtf8AreSpaces() {
        byte[] b = {'a', 0, 1, (byte) 0xC3, 'b', 0x7f, 'c'};
        assertEquals("a b c", Refusal.excerpt(b, b.length));
    }

    @Test
    void aCredentialTheBodyEchoesIsNotShown() {
        String s = said(Verdict.HTTP_STATUS, 400, "text/plain",
                "bad request; Authorization: Bearer eyJhbGciOi.J9x; Cookie: SESSION=abc123 password=hunter2 {\"apiKey\": \"k-9f8e\"}");
        for (String secret : new String[]{"eyJhbGciOi", "abc123", "hunter2", "k-9f8e"}) {
            assertFalse(s.contains(secret), s);
        }
        assertTrue(s.contains("Authorization: ***"), s);
        assertEquals("Basic *** and Basic authentication required", Refusal.hideSecrets("Basic dXNlcjpwYXNz and Basic authentication required"));
    }
}
