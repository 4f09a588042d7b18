package io.wsbench.service.wsdl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A SOAP answer's schema check reads each part with the namespaces in scope where the server wrote it: a type
 * substitution's {@code xsi:type="tns:porsche"} or Axis 1's {@code xsi:type="xsd:string"} names its prefix on the
 * Envelope, as .NET, Axis 1 and PHP write them; a document-style part typed by a type (Zend's AutoDiscover, PHP's
 * WSDLs: not WS-I, but served) is written, and its answer checked, as an element named for the part.
 */
class AnswerValidationTest {

    private static final String NS = "urn:cars";

    @TempDir
    Path dir;

    private ServiceDescription wsdl(String style, String types, String messages) throws Exception {
        String text = """
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                    xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:cars" targetNamespace="urn:cars">
                  <types><xsd:schema targetNamespace="urn:cars">%s</xsd:schema></types>
                  %s
                  <portType name="Cars"><operation name="trade"><input message="tns:tradeIn"/><output message="tns:tradeOut"/></operation></portType>
                  <binding name="CarsBinding" type="tns:Cars">
                    <soap:binding style="%s" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <operation name="trade"><soap:operation soapAction=""/>
                      <input><soap:body use="literal" namespace="urn:cars"/></input><output><soap:body use="literal" namespace="urn:cars"/></output>
                    </operation>
                  </binding>
                  <service name="CarsService"><port name="CarsPort" binding="tns:CarsBinding"><soap:address location="http://127.0.0.1:1/cars"/></port></service>
                </definitions>
                """.formatted(types, messages, style);
        Path f = dir.resolve("cars.wsdl");
        Files.writeString(f, text);
        return ServiceDescription.read(f.toString());
    }

    private static String answer(String body) {
        return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:tns=\"" + NS + "\""
                + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\">"
                + "<soapenv:Body>" + body + "</soapenv:Body></soapenv:Envelope>";
    }

    private static String problem(ServiceDescription d, String answer) throws Exception {
        SoapOperation op = d.operations().get(0);
        byte[] b = answer.getBytes(StandardCharsets.UTF_8);
        return SoapRequest.of(d, op, null, null, null).answerSchema().problem(200, "text/xml", b, b.length);
    }

    private static final String CARS = """
            <xsd:element name="tradeIn" type="tns:car"/><xsd:element name="tradeInResponse" type="tns:car"/>
            <xsd:complexType name="car" abstract="true"><xsd:sequence><xsd:element name="make" type="xsd:string"/></xsd:sequence></xsd:complexType>
            <xsd:complexType name="porsche"><xsd:complexContent><xsd:extension base="tns:car"><xsd:sequence>
              <xsd:element name="color" type="xsd:string"/></xsd:sequence></xsd:extension></xsd:complexContent></xsd:complexType>
            """;

    @Test
    void aTypeSubstitutionNamedWithTheEnvelopesPrefixIsValid() throws Exception {
        ServiceDescription d = wsdl("document", CARS, """
                <message name="tradeIn"><part name="p" element="tns:tradeIn"/></message>
                <message name="tradeOut"><part name="p" element="tns:tradeInResponse"/></message>""");
        assertNull(problem(d, answer("<tns:tradeInResponse xsi:type=\"tns:porsche\"><make>VW</make><color>red</color></tns:tradeInResponse>")));
        assertEquals("tradeInResponse: Expected element 'color' before the end of the content in element tradeInResponse@urn:cars",
                problem(d, answer("<tns:tradeInResponse xsi:type=\"tns:porsche\"><make>VW</make></tns:tradeInResponse>")));
    }

    @Test
    void anRpcPartTypedWithTheEnvelopesXsdPrefixIsValid() throws Exception {
        ServiceDescription d = wsdl("rpc", "", """
                <message name="tradeIn"><part name="make" type="xsd:string"/></message>
                <message name="tradeOut"><part name="return" type="xsd:int"/></message>""");
        assertNull(problem(d, answer("<tns:tradeResponse><return xsi:type=\"xsd:int\">5</return></tns:tradeResponse>")));
        assertEquals("return 'five': Invalid decimal value: unexpected char 'f'",
                problem(d, answer("<tns:tradeResponse><return xsi:type=\"xsd:int\">five</return></tns:tradeResponse>")));
    }

    @Test
    void aDocumentPartTypedByATypeIsWrittenAndCheckedAsAnElementOfItsName() throws Exception {
        ServiceDescription d = wsdl("document", "", """
                <message name="tradeIn"><part name="to" type="xsd:string"/><part name="times" type="xsd:int"/></message>
                <message name="tradeOut"><part name="return" type="xsd:int"/></message>""");
        SoapOperation op = d.operations().get(0);
        String sample = SampleRequest.sample(d, op);
        assertTrue(sample.contains("<to>") && sample.contains("<times>"), sample);
        assertTrue(SampleRequest.template(d, op).contains("<to>${to}</to>"), SampleRequest.template(d, op));
        assertNull(problem(d, answer("<return>5</return>")));
        assertEquals("no part 'return' in the Body", problem(d, answer("<result>5</result>")));
        assertEquals("return 'five': Invalid decimal value: unexpected char 'f'", problem(d, answer("<return>five</return>")));
    }
}
