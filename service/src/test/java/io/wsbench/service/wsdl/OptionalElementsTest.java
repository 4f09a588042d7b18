package io.wsbench.service.wsdl;

import io.wsbench.service.own.DataRows;
import io.wsbench.service.own.OwnServiceException;
import io.wsbench.service.own.OwnWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An envelope written from the WSDL for the user's data leaves out an optional element
 * ({@code minOccurs="0"}) the data has no column for; a required one must have its column.
 */
class OptionalElementsTest {

    private static final URI SERVER = URI.create("http://127.0.0.1:9/orders");

    @TempDir
    static Path dir;
    private static ServiceDescription wsdl;
    private static SoapOperation placeOrder;

    @BeforeAll
    static void readTheWsdl() throws Exception {
        Path file = Files.writeString(dir.resolve("orders.wsdl"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <wsdl:definitions name="Orders" targetNamespace="urn:orders" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:orders">
                  <wsdl:types>
                    <xsd:schema targetNamespace="urn:orders" elementFormDefault="qualified">
                      <xsd:element name="PlaceOrder">
                        <xsd:complexType><xsd:sequence>
                          <xsd:element name="item" type="xsd:string"/>
                          <xsd:element name="quantity" type="xsd:int"/>
                          <xsd:element name="note" type="xsd:string" minOccurs="0"/>
                          <xsd:element name="address" minOccurs="0">
                            <xsd:complexType><xsd:sequence>
                              <xsd:element name="street" type="xsd:string"/>
                              <xsd:element name="city" type="xsd:string" minOccurs="0"/>
                            </xsd:sequence></xsd:complexType>
                          </xsd:element>
                        </xsd:sequence></xsd:complexType>
                      </xsd:element>
                      <xsd:element name="PlaceOrderResponse">
                        <xsd:complexType><xsd:sequence><xsd:element name="total" type="xsd:decimal"/></xsd:sequence></xsd:complexType>
                      </xsd:element>
                    </xsd:schema>
                  </wsdl:types>
                  <wsdl:message name="In"><wsdl:part name="parameters" element="tns:PlaceOrder"/></wsdl:message>
                  <wsdl:message name="Out"><wsdl:part name="parameters" element="tns:PlaceOrderResponse"/></wsdl:message>
                  <wsdl:portType name="Orders">
                    <wsdl:operation name="PlaceOrder"><wsdl:input message="tns:In"/><wsdl:output message="tns:Out"/></wsdl:operation>
                  </wsdl:portType>
                  <wsdl:binding name="OrdersSoap" type="tns:Orders">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="PlaceOrder">
                      <soap:operation soapAction="urn:orders/PlaceOrder"/>
                      <wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output>
                    </wsdl:operation>
                  </wsdl:binding>
                  <wsdl:service name="OrderService">
                    <wsdl:port name="OrdersSoap" binding="tns:OrdersSoap"><soap:address location="http://127.0.0.1:8080/orders"/></wsdl:port>
                  </wsdl:service>
                </wsdl:definitions>
                """);
        wsdl = ServiceDescription.read(file.toString());
        placeOrder = wsdl.operation("PlaceOrder", null);
    }

    @Test
    void optionalElementsWithoutAColumnAreLeftOut() throws Exception {
        SoapRequest r = SoapRequest.of(wsdl, placeOrder, null, null, new LinkedHashSet<>(List.of("item", "quantity")));
        assertEquals(List.of("item", "quantity"), List.copyOf(r.placeholders()));
        Element order = order(r, Map.of("item", "fig", "quantity", "2"));
        assertEquals(List.of("item=fig", "quantity=2"), children(order));
        String envelope = new String(r.body(Map.of("item", "fig", "quantity", "2")));
        assertFalse(envelope.contains("optional"), "no comment is left of what was left out: " + envelope);
    }

    @Test
    void anOptionalElementWithAColumnInsideIsWrittenAndItsRequiredChildrenNeedTheirs() throws Exception {
        List<String> header = List.of("item", "quantity", "note", "city");
        SoapRequest r = SoapRequest.of(wsdl, placeOrder, null, null, new LinkedHashSet<>(header));
        assertEquals(List.of("item", "quantity", "note", "street", "city"), List.copyOf(r.placeholders()));
        Element order = order(r, Map.of("item", "fig", "quantity", "1", "note", "gift", "street", "Main", "city", "Oslo"));
        assertEquals(List.of("item=fig", "quantity=1", "note=gift", "address=MainOslo"), children(order));

        Map<String, String> row = new LinkedHashMap<>();
        header.forEach(h -> row.put(h, "1"));
        OwnServiceException e = assertThrows(OwnServiceException.class, () -> OwnWorkload.of(r,
                DataRows.of("orders.csv", header, List.of(row)), false, List.of(), SERVER, 1 << 20));
        assertEquals("orders.csv: its header has no column street for the request's placeholders (columns: item, quantity, note, city)",
                e.getMessage());
    }

    @Test
    void aRequiredElementWithoutAColumnIsOneLineAndTheListedTemplateKeepsEverything() throws Exception {
        List<String> header = List.of("item", "note");
        SoapRequest r = SoapRequest.of(wsdl, placeOrder, null, null, new LinkedHashSet<>(header));
        OwnServiceException e = assertThrows(OwnServiceException.class, () -> OwnWorkload.of(r,
                DataRows.of("orders.csv", header, List.of(Map.of("item", "fig", "note", "n"))), false, List.of(), SERVER, 1 << 20));
        assertEquals("orders.csv: its header has no column quantity for the request's placeholders (columns: item, note)", e.getMessage());

        String listed = SampleRequest.template(wsdl, placeOrder);
        for (String expected : new String[]{"<!-- optional -->", "${note}", "${street}", "${city}"}) {
            assertTrue(listed.contains(expected), expected + " in\n" + listed);
        }
    }

    private static Element order(SoapRequest r, Map<String, String> row) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(r.body(row)));
        return (Element) doc.getElementsByTagNameNS("urn:orders", "PlaceOrder").item(0);
    }

    /** Each child element as name=text. */
    private static List<String> children(Element e) {
        List<String> out = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c) {
                out.add(c.getLocalName() + "=" + c.getTextContent().replaceAll("\\s+", ""));
            }
        }
        return out;
    }
}
