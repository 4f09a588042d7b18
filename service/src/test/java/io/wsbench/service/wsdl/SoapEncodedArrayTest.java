package io.wsbench.service.wsdl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An rpc/encoded array (a restriction of soapenc:Array whose wsdl:arrayType names its items, as SOAPBuilders' interop
 * WSDLs, Axis 1 and PHP publish it) is written with one item of that type and its soapenc:arrayType, as PHP's SoapServer
 * echoes it; it was written empty.
 */
class SoapEncodedArrayTest {

    @Test
    void anEncodedArrayHasOneItemOfItsType(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("interop.wsdl");
        Files.writeString(f, """
                <definitions targetNamespace="http://soapinterop.org/" xmlns="http://schemas.xmlsoap.org/wsdl/"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xsd="http://www.w3.org/2001/XMLSchema"
                    xmlns:SOAP-ENC="http://schemas.xmlsoap.org/soap/encoding/" xmlns:tns="http://soapinterop.org/"
                    xmlns:s="http://soapinterop.org/xsd" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
                  <types><schema xmlns="http://www.w3.org/2001/XMLSchema" targetNamespace="http://soapinterop.org/xsd">
                    <import namespace="http://schemas.xmlsoap.org/soap/encoding/"/>
                    <complexType name="ArrayOfstring"><complexContent><restriction base="SOAP-ENC:Array">
                      <attribute ref="SOAP-ENC:arrayType" wsdl:arrayType="string[]"/></restriction></complexContent></complexType>
                    <complexType name="ArrayOfSOAPStruct"><complexContent><restriction base="SOAP-ENC:Array">
                      <attribute ref="SOAP-ENC:arrayType" wsdl:arrayType="s:SOAPStruct[]"/></restriction></complexContent></complexType>
                    <complexType name="SOAPStruct"><all><element name="varString" type="string"/><element name="varInt" type="int"/></all></complexType>
                  </schema></types>
                  <message name="in"><part name="strings" type="s:ArrayOfstring"/><part name="structs" type="s:ArrayOfSOAPStruct"/></message>
                  <message name="out"><part name="return" type="s:ArrayOfstring"/></message>
                  <portType name="P"><operation name="echo"><input message="tns:in"/><output message="tns:out"/></operation></portType>
                  <binding name="B" type="tns:P"><soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <operation name="echo"><soap:operation soapAction=""/>
                      <input><soap:body use="encoded" namespace="http://soapinterop.org/" encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"/></input>
                      <output><soap:body use="encoded" namespace="http://soapinterop.org/" encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"/></output>
                    </operation></binding>
                  <service name="S"><port name="SP" binding="tns:B"><soap:address location="http://127.0.0.1:1/s"/></port></service>
                </definitions>
                """);
        ServiceDescription d = ServiceDescription.read(f.toString());
        String sample = SampleRequest.sample(d, d.operations().get(0));
        String flat = sample.replaceAll("\\s*\\n\\s*", "");
        assertTrue(flat.contains("<strings xsi:type=\"s:ArrayOfstring\" soapenc:arrayType=\"xsd:string[1]\">"
                + "<item xsi:type=\"xsd:string\">text</item></strings>"), sample);
        assertTrue(flat.contains("<structs xsi:type=\"s:ArrayOfSOAPStruct\" soapenc:arrayType=\"s:SOAPStruct[1]\">"
                + "<item xsi:type=\"s:SOAPStruct\"><varString xsi:type=\"xsd:string\">text</varString>"
                + "<varInt xsi:type=\"xsd:int\">3</varInt></item></structs>"), sample);
        assertTrue(!sample.contains("attribute arrayType"), "the arrayType is written, not noted as left out: " + sample);
        String template = SampleRequest.template(d, d.operations().get(0));
        assertTrue(template.contains(">${varString}</varString>") && template.contains(">${item}</item>"), template);
    }
}
