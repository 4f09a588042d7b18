package io.wsbench.service.wsdl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WSDLs as servers publish them, from PHP's and CXF's own test WSDLs: a schema that is not valid XML Schema but that
 * SoapUI and PHP's SoapClient read is read as they read it, and said; a WSDL with no SOAP port says why it has none.
 */
class WsdlLeniencyTest {

    @TempDir
    Path dir;

    private Path write(String types, String bindingAndService) throws Exception {
        Path f = dir.resolve("w.wsdl");
        Files.writeString(f, """
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                    xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:w" targetNamespace="urn:w">
                  <types><xsd:schema targetNamespace="urn:w" elementFormDefault="qualified">%s</xsd:schema></types>
                  <message name="in"><part name="p" element="tns:order"/></message>
                  <message name="out"><part name="p" element="tns:order"/></message>
                  <portType name="W"><operation name="order"><input message="tns:in"/><output message="tns:out"/></operation></portType>
                  %s
                </definitions>
                """.formatted(types, bindingAndService));
        return f;
    }

    private static final String SOAP = """
            <binding name="WSoap" type="tns:W"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
              <operation name="order"><soap:operation soapAction=""/><input><soap:body use="literal"/></input><output><soap:body use="literal"/></output></operation>
            </binding>
            <service name="WService"><port name="WPort" binding="tns:WSoap"><soap:address location="http://127.0.0.1:1/w"/></port></service>
            """;

    private static String order(String item) {
        return "<xsd:element name=\"order\"><xsd:complexType><xsd:all>" + item
                + "<xsd:element name=\"id\" type=\"xsd:int\"/></xsd:all></xsd:complexType></xsd:element>";
    }

    @Test
    void aSchemaSoapUiReadsIsReadAndTheReadingSaid() throws Exception {
        // an attribute XML Schema does not have, unqualified (a tool's own: nullable): XmlBeans refuses it, SoapUI reads past it
        ServiceDescription d = ServiceDescription.read(write(order("<xsd:element name=\"item\" type=\"xsd:string\" nullable=\"true\"/>"), SOAP).toString());
        assertTrue(d.lenient() != null && d.lenient().contains("w.wsdl"), d.lenient());
        String sample = SampleRequest.sample(d, d.operations().get(0));
        assertTrue(sample.contains("<tns:item>") && sample.contains("<tns:id>"), sample);

        assertNull(ServiceDescription.read(write(order(""), SOAP).toString()).lenient(), "a valid schema is read strictly");
    }

    @Test
    void aSchemaNothingReadsIsRefusedInOneLine() throws Exception {
        // an xs:all of unbounded elements (not XML Schema 1.0; PHP's bug 42086): XmlBeans' lenient compile threw its own
        // unchecked exception, a stack trace
        Path f = write(order("<xsd:element name=\"item\" type=\"xsd:string\" maxOccurs=\"unbounded\"/>"), SOAP);
        WsdlException e = assertThrows(WsdlException.class, () -> ServiceDescription.read(f.toString()));
        assertTrue(e.getMessage().endsWith("the WSDL's schema does not compile: union value 'unbounded' is not a valid enumeration"
                + " value for type of maxOccurs attribute in xs:narrowMaxMin"), e.getMessage());
    }

    @Test
    void aWsdlWithoutASoapPortSaysWhy() throws Exception {
        String types = order("");
        assertEquals(dir.resolve("w.wsdl") + ": the WSDL defines no service, so no port to call (a WSDL of messages, port types or"
                        + " bindings only, for another to import?): give the WSDL that holds the service",
                message(write(types, "")));
        assertEquals(dir.resolve("w.wsdl") + ": port WPort names binding {urn:w}Missing, which the WSDL does not define",
                message(write(types, SOAP.replace("binding=\"tns:WSoap\"", "binding=\"tns:Missing\""))));
        assertEquals(dir.resolve("w.wsdl") + ": no port is bound to SOAP 1.1 or 1.2: WPort ({http://schemas.xmlsoap.org/wsdl/http/}binding)",
                message(write(types, """
                        <binding name="WHttp" type="tns:W" xmlns:http="http://schemas.xmlsoap.org/wsdl/http/"><http:binding verb="POST"/>
                          <operation name="order"><http:operation location="/order"/></operation></binding>
                        <service name="WService"><port name="WPort" binding="tns:WHttp"><http:address xmlns:http="http://schemas.xmlsoap.org/wsdl/http/" location="http://127.0.0.1:1/w"/></port></service>
                        """)));
    }

    @Test
    void aPortWithASoapAddressIsSoapThoughItsBindingSaysNothing() throws Exception {
        // no soap:binding in the binding, soap:body in its operations and a soap:address on the port (PHP's bug 77410)
        ServiceDescription d = ServiceDescription.read(write(order(""), SOAP.replace(
                "<soap:binding style=\"document\" transport=\"http://schemas.xmlsoap.org/soap/http\"/>", "")).toString());
        SoapOperation op = d.operations().get(0);
        assertEquals(SoapVersion.V11, op.version());
        assertEquals("document/literal wrapped", op.describeStyle());
        assertEquals("http://127.0.0.1:1/w", op.address());
    }

    private static String message(Path wsdl) {
        return assertThrows(WsdlException.class, () -> ServiceDescription.read(wsdl.toString())).getMessage();
    }
}
