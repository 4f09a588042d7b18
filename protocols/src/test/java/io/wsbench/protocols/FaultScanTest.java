package io.wsbench.protocols;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The byte scan of a SOAP answer's Body says Fault or not as a StAX reading of the same bytes says it. */
class FaultScanTest {

    private static final String[] ANSWERS = {
            // spyne's hello, prefixes of its own
            "<?xml version='1.0' encoding='UTF-8'?>\n<soap11env:Envelope xmlns:soap11env=\"http://schemas.xmlsoap.org/soap/envelope/\""
                    + " xmlns:tns=\"spyne.examples.hello\"><soap11env:Body><tns:say_helloResponse><tns:say_helloResult>"
                    + "<tns:string>Hello, text</tns:string></tns:say_helloResult></tns:say_helloResponse></soap11env:Body></soap11env:Envelope>",
            // a Fault with a default namespace, a header, a comment and an attribute holding '>'
            "<Envelope xmlns=\"http://www.w3.org/2003/05/soap-envelope\"><Header><a x=\"1>2\"/></Header><!-- <Body> -->\n"
                    + "<Body>\n  <Fault><Code><Value>Sender</Value></Code></Fault></Body></Envelope>",
            "<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Body><s:Fault><faultcode>s:Client</faultcode>"
                    + "<faultstring><![CDATA[<Body><x>]]></faultstring></s:Fault></s:Body></s:Envelope>",
            // an element named like a Fault but not the Body's first
            "<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Body><r><Fault/></r></s:Body></s:Envelope>",
            "<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Body/></s:Envelope>",
            "<s:Envelope xmlns:s='x'><s:Body ", // cut short
            "not XML at all",
            "{\"json\": true}",
            "",
    };

    @Test
    void saysWhatStaxSays() throws Exception {
        XmlAnswers stax = new XmlAnswers();
        for (String a : ANSWERS) {
            byte[] b = a.getBytes(StandardCharsets.UTF_8);
            int scanned = FaultScan.scan(b, b.length);
            assertEquals(FaultScan.parsed(stax, b, b.length) ? FaultScan.FAULT : FaultScan.NONE, scanned, a);
        }
    }

    @Test
    void textNotPlainlyUtf8IsLeftToAParser() {
        byte[] utf16 = "<s:Envelope xmlns:s=\"urn:s\"><s:Body><s:Fault/></s:Body></s:Envelope>".getBytes(StandardCharsets.UTF_16);
        assertEquals(FaultScan.UNKNOWN, FaultScan.scan(utf16, utf16.length));
        byte[] doctype = "<!DOCTYPE x><s:Envelope><s:Body><s:Fault/></s:Body></s:Envelope>".getBytes(StandardCharsets.UTF_8);
        assertEquals(FaultScan.UNKNOWN, FaultScan.scan(doctype, doctype.length));
        // and asked of the parser, which is locked down: a DOCTYPE is refused, no Fault read
        assertEquals(false, FaultScan.fault(new XmlAnswers(), doctype, doctype.length));
        assertEquals(true, FaultScan.fault(new XmlAnswers(), utf16, utf16.length));
    }
}
