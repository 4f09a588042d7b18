package io.wsbench.service.wsdl;

import org.apache.xmlbeans.XmlError;
import org.apache.xmlbeans.XmlObject;
import org.apache.xmlbeans.XmlOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sample request is valid against the schema it was written from, facets included: a WCF service's guid (a string
 * with a pattern), a code of exact length and pattern, exclusive bounds. The sample wrote "text" for the guid, which a
 * validating server refuses on every request; an element of minOccurs 2 was written once, and an optional element of
 * a recursive type as an empty one. XmlBeans validates the sample's body against the WSDL's own schema.
 */
class ConstrainedSampleTest {

    @Test
    void theSampleIsValidAgainstEveryFacet(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("calc.wsdl"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <wsdl:definitions targetNamespace="urn:calc" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:calc">
                  <wsdl:types>
                    <xs:schema targetNamespace="urn:calc" elementFormDefault="qualified">
                      <xs:simpleType name="guid"><xs:restriction base="xs:string">
                        <xs:pattern value="[\\da-fA-F]{8}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{12}"/>
                      </xs:restriction></xs:simpleType>
                      <xs:simpleType name="country"><xs:restriction base="xs:string">
                        <xs:length value="2"/><xs:pattern value="[A-Z]+"/>
                      </xs:restriction></xs:simpleType>
                      <xs:simpleType name="upper"><xs:restriction base="tns:country"><xs:pattern value="[D-F].*"/></xs:restriction></xs:simpleType>
                      <xs:element name="Add"><xs:complexType><xs:sequence>
                        <xs:element name="id" type="tns:guid"/>
                        <xs:element name="country" type="tns:country"/>
                        <xs:element name="region" type="tns:upper"/>
                        <xs:element name="note"><xs:simpleType><xs:restriction base="xs:string"><xs:minLength value="6"/></xs:restriction></xs:simpleType></xs:element>
                        <xs:element name="count"><xs:simpleType><xs:restriction base="xs:int">
                          <xs:minExclusive value="5"/><xs:maxExclusive value="9"/></xs:restriction></xs:simpleType></xs:element>
                        <xs:element name="price"><xs:simpleType><xs:restriction base="xs:decimal"><xs:minExclusive value="100"/></xs:restriction></xs:simpleType></xs:element>
                        <xs:element name="code"><xs:simpleType><xs:restriction base="xs:int"><xs:pattern value="[1-9]\\d{3}"/></xs:restriction></xs:simpleType></xs:element>
                        <xs:element name="line" type="xs:string" minOccurs="2" maxOccurs="unbounded"/>
                        <xs:element name="key"><xs:simpleType><xs:restriction base="xs:base64Binary"><xs:length value="10"/></xs:restriction></xs:simpleType></xs:element>
                        <xs:element name="tag"><xs:simpleType><xs:restriction base="xs:hexBinary"><xs:minLength value="4"/></xs:restriction></xs:simpleType></xs:element>
                        <xs:element name="tree" type="tns:node"/>
                      </xs:sequence></xs:complexType></xs:element>
                      <xs:complexType name="node"><xs:sequence>
                        <xs:element name="name" type="xs:string"/>
                        <xs:element name="child" type="tns:node" minOccurs="0" maxOccurs="unbounded"/>
                      </xs:sequence></xs:complexType>
                      <xs:element name="AddResponse"><xs:complexType><xs:sequence><xs:element name="r" type="xs:double"/></xs:sequence></xs:complexType></xs:element>
                    </xs:schema>
                  </wsdl:types>
                  <wsdl:message name="in"><wsdl:part name="parameters" element="tns:Add"/></wsdl:message>
                  <wsdl:message name="out"><wsdl:part name="parameters" element="tns:AddResponse"/></wsdl:message>
                  <wsdl:portType name="Calc"><wsdl:operation name="Add"><wsdl:input message="tns:in"/><wsdl:output message="tns:out"/></wsdl:operation></wsdl:portType>
                  <wsdl:binding name="CalcSoap" type="tns:Calc">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="Add"><soap:operation soapAction="urn:add"/>
                      <wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
                  </wsdl:binding>
                  <wsdl:service name="CalcService"><wsdl:port name="CalcPort" binding="tns:CalcSoap">
                    <soap:address location="http://127.0.0.1:9/calc"/></wsdl:port></wsdl:service>
                </wsdl:definitions>
                """);
        String envelope = validSample(ServiceDescription.read(file.toString()), "Add", "urn:calc");
        assertTrue(envelope.contains("00000000-0000-0000-0000-000000000000"), envelope);
        assertTrue(envelope.contains(">6<") && envelope.contains(">101<") && envelope.contains(">1000<"), envelope);
    }

    /**
     * The sample envelope of {@code operation}, whose body element of that name (in {@code namespace}) is found once and
     * is valid against the WSDL's own schemas as XmlBeans reads them.
     */
    static String validSample(ServiceDescription wsdl, String operation, String namespace) throws Exception {
        String envelope = SampleRequest.sample(wsdl, wsdl.operation(operation, null));
        XmlObject parsed = wsdl.types().parse(envelope, null, new XmlOptions().setLoadStripComments());
        XmlObject[] parts = parsed.selectPath("declare namespace x='" + namespace + "' .//x:" + operation);
        assertEquals(1, parts.length, envelope);
        XmlObject typed = wsdl.types().parse(parts[0].xmlText(new XmlOptions().setSaveOuter()), null, null);
        List<XmlError> errors = new ArrayList<>();
        boolean valid = typed.validate(new XmlOptions().setErrorListener(errors));
        assertTrue(valid, errors + "\n" + envelope);
        return envelope;
    }
}
