package io.wsbench.service.wsdl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a schema names only in general is written as a value it accepts (CXF's own test WSDLs: cardealer.wsdl,
 * hello_world_any.wsdl, type_test's substitution groups and mutual recursion): the sample wrote an abstract type's
 * element without {@code xsi:type}, an abstract element itself, a comment for a required {@code xs:any}, and an
 * empty element where recursion met a required one. XmlBeans validates the body against the WSDL's schemas.
 */
class GeneralSampleTest {

    @Test
    void aRequestOfGeneralTypesIsValid(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("shop.wsdl"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <wsdl:definitions targetNamespace="urn:shop" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:shop">
                  <wsdl:types>
                    <xs:schema targetNamespace="urn:other" elementFormDefault="qualified">
                      <xs:element name="remark" type="xs:string"/>
                      <xs:element name="envelope"><xs:complexType><xs:sequence><xs:element name="x" type="xs:int"/></xs:sequence></xs:complexType></xs:element>
                    </xs:schema>
                    <xs:schema targetNamespace="urn:shop" elementFormDefault="qualified">
                      <xs:complexType name="vehicle" abstract="true"><xs:sequence><xs:element name="make" type="xs:string"/></xs:sequence></xs:complexType>
                      <xs:complexType name="car"><xs:complexContent><xs:extension base="tns:vehicle">
                        <xs:sequence><xs:element name="doors" type="xs:int"/></xs:sequence></xs:extension></xs:complexContent></xs:complexType>
                      <xs:element name="part" type="xs:string" abstract="true"/>
                      <xs:element name="wheel" type="xs:string" substitutionGroup="tns:part"/>
                      <xs:complexType name="seqA"><xs:sequence>
                        <xs:element name="a" type="xs:int"/>
                        <xs:element name="b" type="tns:seqB" minOccurs="0" maxOccurs="unbounded"/>
                      </xs:sequence></xs:complexType>
                      <xs:complexType name="seqB"><xs:sequence>
                        <xs:element name="n" type="xs:int"/>
                        <xs:element name="a" type="tns:seqA"/>
                      </xs:sequence></xs:complexType>
                      <xs:complexType name="tree"><xs:sequence><xs:element name="item" maxOccurs="unbounded"><xs:complexType>
                        <xs:choice><xs:element name="sub" type="tns:tree"/><xs:element name="leaf" type="xs:string"/></xs:choice>
                      </xs:complexType></xs:element></xs:sequence></xs:complexType>
                      <xs:element name="Trade"><xs:complexType><xs:sequence>
                        <xs:element name="vehicle" type="tns:vehicle"/>
                        <xs:element ref="tns:part"/>
                        <xs:any namespace="##other"/>
                        <xs:any namespace="urn:nowhere" processContents="lax"/>
                        <xs:element name="chain" type="tns:seqA"/>
                        <xs:element name="tree" type="tns:tree"/>
                      </xs:sequence></xs:complexType></xs:element>
                      <xs:element name="TradeResponse" type="xs:string"/>
                    </xs:schema>
                  </wsdl:types>
                  <wsdl:message name="in"><wsdl:part name="parameters" element="tns:Trade"/></wsdl:message>
                  <wsdl:message name="out"><wsdl:part name="parameters" element="tns:TradeResponse"/></wsdl:message>
                  <wsdl:portType name="Shop"><wsdl:operation name="Trade"><wsdl:input message="tns:in"/><wsdl:output message="tns:out"/></wsdl:operation></wsdl:portType>
                  <wsdl:binding name="ShopSoap" type="tns:Shop">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="Trade"><soap:operation soapAction="urn:trade"/>
                      <wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
                  </wsdl:binding>
                  <wsdl:service name="ShopService"><wsdl:port name="ShopPort" binding="tns:ShopSoap">
                    <soap:address location="http://127.0.0.1:9/shop"/></wsdl:port></wsdl:service>
                </wsdl:definitions>
                """);
        String envelope = ConstrainedSampleTest.validSample(ServiceDescription.read(file.toString()), "Trade", "urn:shop");
        assertTrue(envelope.contains("xsi:type=\"tns:car\"") && envelope.contains("type vehicle is abstract: car"), envelope);
        assertTrue(envelope.contains("<tns:wheel>") && envelope.contains("element part is abstract: wheel"), envelope);
        assertTrue(envelope.contains(":remark>text</"), "##other: the simple global element of another namespace\n" + envelope);
        assertTrue(envelope.contains("b: optional, left out, as its content recurses (seqA)"), envelope);
        assertTrue(envelope.contains("(leaf is shown: the ones before recurse)"), envelope);
        assertFalse(envelope.contains("recursive:"), "no element is left empty\n" + envelope);
    }

    @Test
    void aTemplateTakesBackThePlaceholdersOfWhatItLeavesOut(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("t.wsdl"), """
                <wsdl:definitions targetNamespace="urn:t" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:t">
                  <wsdl:types><xs:schema targetNamespace="urn:t" elementFormDefault="qualified">
                    <xs:complexType name="seqA"><xs:sequence>
                      <xs:element name="a" type="xs:int"/><xs:element name="b" type="tns:seqB" minOccurs="0"/></xs:sequence></xs:complexType>
                    <xs:complexType name="seqB"><xs:sequence>
                      <xs:element name="n" type="xs:int"/><xs:element name="a" type="tns:seqA"/></xs:sequence></xs:complexType>
                    <xs:element name="Get" type="tns:seqA"/>
                  </xs:schema></wsdl:types>
                  <wsdl:message name="in"><wsdl:part name="p" element="tns:Get"/></wsdl:message>
                  <wsdl:portType name="T"><wsdl:operation name="Get"><wsdl:input message="tns:in"/></wsdl:operation></wsdl:portType>
                  <wsdl:binding name="B" type="tns:T"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="Get"><soap:operation soapAction=""/><wsdl:input><soap:body use="literal"/></wsdl:input></wsdl:operation>
                  </wsdl:binding>
                  <wsdl:service name="S"><wsdl:port name="P" binding="tns:B"><soap:address location="http://127.0.0.1:9/t"/></wsdl:port></wsdl:service>
                </wsdl:definitions>
                """);
        ServiceDescription wsdl = ServiceDescription.read(file.toString());
        String template = SampleRequest.template(wsdl, wsdl.operation("Get", null));
        assertTrue(template.contains("<tns:a>${a}</tns:a>") && !template.contains("${n}") && !template.contains("${a2}")
                && !template.contains("Get_a"), template);
    }
}
