package io.wsbench.service.wsdl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WSDLs split over documents as others write them, found in zeep's and CXF's test WSDLs: two that import each other
 * (WSDL4J's own walk of them overflowed the stack, with a stack trace), a binding whose port type is in the WSDL that
 * imports it (its operations had no messages), and a schema that imports SOAP encoding's from its namespace's address
 * (schemas.xmlsoap.org, not reachable from here: wsbench ships that schema). Every document is the test's own.
 */
class ImportedWsdlTest {

    private static final String NS = """
            xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
            xmlns:xs="http://www.w3.org/2001/XMLSchema\"""";

    @Test
    void twoWsdlsThatImportEachOtherAreReadWithTheirMessagesWhereverTheyAre(@TempDir Path dir) throws Exception {
        // main: types, messages and the port type, the service; it imports the binding, which imports main back
        Path main = Files.writeString(dir.resolve("main.wsdl"), """
                <wsdl:definitions targetNamespace="urn:main" xmlns:tns="urn:main" xmlns:b="urn:binding" %s>
                  <wsdl:import namespace="urn:binding" location="binding.wsdl"/>
                  <wsdl:types><xs:schema targetNamespace="urn:main" elementFormDefault="qualified">
                    <xs:element name="hi"><xs:complexType><xs:sequence><xs:element name="who" type="xs:string"/></xs:sequence>
                    </xs:complexType></xs:element></xs:schema></wsdl:types>
                  <wsdl:message name="in"><wsdl:part name="p" element="tns:hi"/></wsdl:message>
                  <wsdl:portType name="T"><wsdl:operation name="sayHi"><wsdl:input message="tns:in"/></wsdl:operation></wsdl:portType>
                  <wsdl:service name="S"><wsdl:port name="P" binding="b:B"><soap:address location="http://127.0.0.1:9/hi"/></wsdl:port>
                  </wsdl:service>
                </wsdl:definitions>
                """.formatted(NS));
        Files.writeString(dir.resolve("binding.wsdl"), """
                <wsdl:definitions targetNamespace="urn:binding" xmlns:m="urn:main" %s>
                  <wsdl:import namespace="urn:main" location="main.wsdl"/>
                  <wsdl:binding name="B" type="m:T"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="sayHi"><soap:operation soapAction="urn:hi"/><wsdl:input><soap:body use="literal"/></wsdl:input>
                    </wsdl:operation></wsdl:binding>
                </wsdl:definitions>
                """.formatted(NS));
        ServiceDescription wsdl = ServiceDescription.read(main.toString());
        SoapOperation hi = wsdl.operation("sayHi", null);
        assertEquals("http://127.0.0.1:9/hi", hi.address());
        assertEquals("{urn:main}hi", hi.input().get(0).element().toString(), "the message of the port type the importing WSDL has");
        String sample = SampleRequest.sample(wsdl, hi);
        assertTrue(sample.contains("<who>") || sample.contains(":who>"), sample);
    }

    @Test
    void soapEncodingsSchemaImportedFromItsAddressIsTheOneWsbenchShips(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("enc.wsdl"), """
                <wsdl:definitions targetNamespace="urn:e" xmlns:tns="urn:e" %s>
                  <wsdl:types><xs:schema targetNamespace="urn:e">
                    <xs:import namespace="http://schemas.xmlsoap.org/soap/encoding/" schemaLocation="http://schemas.xmlsoap.org/soap/encoding/"/>
                    <xs:element name="n" type="xs:int"/></xs:schema></wsdl:types>
                  <wsdl:message name="in"><wsdl:part name="p" element="tns:n"/></wsdl:message>
                  <wsdl:portType name="T"><wsdl:operation name="count"><wsdl:input message="tns:in"/></wsdl:operation></wsdl:portType>
                  <wsdl:binding name="B" type="tns:T"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="count"><soap:operation soapAction=""/><wsdl:input><soap:body use="literal"/></wsdl:input>
                    </wsdl:operation></wsdl:binding>
                  <wsdl:service name="S"><wsdl:port name="P" binding="tns:B"><soap:address location="http://127.0.0.1:9/e"/></wsdl:port>
                  </wsdl:service>
                </wsdl:definitions>
                """.formatted(NS));
        assertEquals("{urn:e}n", ServiceDescription.read(file.toString()).operation("count", null).input().get(0).element().toString());
    }

    @Test
    void anImportThatCannotBeReadOrHoldsADoctypeIsOneLine(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a.wsdl"), """
                <wsdl:definitions targetNamespace="urn:a" %s><wsdl:import namespace="urn:b" location="%s"/></wsdl:definitions>
                """.formatted(NS, "b.wsdl"));
        WsdlException missing = assertThrows(WsdlException.class, () -> ServiceDescription.read(file.toString()));
        assertEquals(file + ": cannot read " + dir.resolve("b.wsdl").toUri().toURL() + ", which it imports: no such file", missing.getMessage());
        // an entity that would read a file of this machine into the WSDL: refused, as in the WSDL itself
        Files.writeString(dir.resolve("b.wsdl"), """
                <!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>
                <wsdl:definitions targetNamespace="urn:b" %s><wsdl:documentation>&x;</wsdl:documentation></wsdl:definitions>
                """.formatted(NS));
        WsdlException doctype = assertThrows(WsdlException.class, () -> ServiceDescription.read(file.toString()));
        assertTrue(doctype.getMessage().contains("b.wsdl:1:") && doctype.getMessage().contains("DOCTYPE"), doctype.getMessage());
    }
}
