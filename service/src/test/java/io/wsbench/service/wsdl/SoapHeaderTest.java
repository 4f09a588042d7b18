package io.wsbench.service.wsdl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A part the binding puts in the SOAP Header ({@code soap:header}) is written there, as a header block, and not in the
 * Body: CXF's header_doc_lit.wsdl and bug161/header2.wsdl had theirs as the Body's first element, which a server
 * refuses. The header may be a part of the input message (the Body then takes the others, or those {@code soap:body
 * parts} names) or of another message.
 */
class SoapHeaderTest {

    private static final String ENV = "http://schemas.xmlsoap.org/soap/envelope/";

    @Test
    void headerPartsGoInTheHeader(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("orders.wsdl"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <wsdl:definitions targetNamespace="urn:orders" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:orders">
                  <wsdl:types>
                    <xs:schema targetNamespace="urn:orders" elementFormDefault="qualified">
                      <xs:element name="auth"><xs:complexType><xs:sequence><xs:element name="token" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
                      <xs:element name="trace" type="xs:string"/>
                      <xs:element name="place"><xs:complexType><xs:sequence><xs:element name="item" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
                      <xs:element name="placed" type="xs:string"/>
                    </xs:schema>
                  </wsdl:types>
                  <wsdl:message name="in"><wsdl:part name="request" element="tns:place"/><wsdl:part name="credentials" element="tns:auth"/></wsdl:message>
                  <wsdl:message name="tracing"><wsdl:part name="id" element="tns:trace"/></wsdl:message>
                  <wsdl:message name="out"><wsdl:part name="response" element="tns:placed"/></wsdl:message>
                  <wsdl:portType name="Orders">
                    <wsdl:operation name="place"><wsdl:input message="tns:in"/><wsdl:output message="tns:out"/></wsdl:operation>
                    <wsdl:operation name="placeQuietly"><wsdl:input message="tns:in"/><wsdl:output message="tns:out"/></wsdl:operation>
                  </wsdl:portType>
                  <wsdl:binding name="OrdersSoap" type="tns:Orders">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="place"><soap:operation soapAction="urn:place"/>
                      <wsdl:input>
                        <soap:body use="literal" parts="request"/>
                        <soap:header message="tns:in" part="credentials" use="literal"/>
                        <soap:header message="tns:tracing" part="id" use="literal"/>
                      </wsdl:input>
                      <wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
                    <wsdl:operation name="placeQuietly"><soap:operation soapAction="urn:placeQuietly"/>
                      <wsdl:input><soap:body use="literal"/><soap:header message="tns:in" part="credentials" use="literal"/></wsdl:input>
                      <wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
                  </wsdl:binding>
                  <wsdl:service name="OrderService"><wsdl:port name="OrdersPort" binding="tns:OrdersSoap">
                    <soap:address location="http://127.0.0.1:9/orders"/></wsdl:port></wsdl:service>
                </wsdl:definitions>
                """);
        ServiceDescription wsdl = ServiceDescription.read(file.toString());
        for (String operation : List.of("place", "placeQuietly")) {
            String envelope = SampleRequest.sample(wsdl, wsdl.operation(operation, null));
            Document doc = parse(envelope);
            List<String> header = children(doc, "Header");
            assertEquals(operation.equals("place") ? List.of("auth", "trace") : List.of("auth"), header, envelope);
            assertEquals(List.of("place"), children(doc, "Body"), envelope);
        }
        String template = SampleRequest.template(wsdl, wsdl.operation("place", null));
        assertEquals(List.of("auth", "trace"), children(parse(template), "Header"), template);
    }

    /**
     * SOAP with Attachments: the binding puts the envelope in one MIME part and a part in another. The envelope is
     * written from its own soap:body, and the attachment said not sent: it stopped with "part 'data' of operation
     * 'echoData' is document style but names a type, not an element" (CXF's swa-mime.wsdl).
     */
    @Test
    void anAttachmentIsSaidNotWritten(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("swa.wsdl"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <wsdl:definitions targetNamespace="urn:swa" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/"
                    xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:swa">
                  <wsdl:types><xs:schema targetNamespace="urn:swa" elementFormDefault="qualified">
                    <xs:element name="text" type="xs:string"/></xs:schema></wsdl:types>
                  <wsdl:message name="in"><wsdl:part name="text" element="tns:text"/><wsdl:part name="data" type="xs:base64Binary"/></wsdl:message>
                  <wsdl:message name="out"><wsdl:part name="text" element="tns:text"/></wsdl:message>
                  <wsdl:portType name="Swa"><wsdl:operation name="echoData"><wsdl:input message="tns:in"/><wsdl:output message="tns:out"/></wsdl:operation></wsdl:portType>
                  <wsdl:binding name="SwaSoap" type="tns:Swa">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="echoData"><soap:operation soapAction=""/>
                      <wsdl:input><mime:multipartRelated>
                        <mime:part><soap:body parts="text" use="literal"/></mime:part>
                        <mime:part><mime:content part="data" type="application/octet-stream"/></mime:part>
                      </mime:multipartRelated></wsdl:input>
                      <wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
                  </wsdl:binding>
                  <wsdl:service name="SwaService"><wsdl:port name="SwaPort" binding="tns:SwaSoap">
                    <soap:address location="http://127.0.0.1:9/swa"/></wsdl:port></wsdl:service>
                </wsdl:definitions>
                """);
        ServiceDescription wsdl = ServiceDescription.read(file.toString());
        String envelope = SampleRequest.sample(wsdl, wsdl.operation("echoData", null));
        assertEquals(List.of("text"), children(parse(envelope), "Body"), envelope);
        assertTrue(envelope.contains("<!-- not sent: the MIME attachments data (SOAP with Attachments)"), envelope);
    }

    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** The local names of the elements in the envelope's {@code part} (Header or Body); none where it has no such part. */
    private static List<String> children(Document doc, String part) {
        List<String> names = new ArrayList<>();
        var parts = doc.getElementsByTagNameNS(ENV, part);
        if (parts.getLength() == 0) {
            return names;
        }
        for (Node n = parts.item(0).getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                names.add(e.getLocalName());
            }
        }
        return names;
    }
}
