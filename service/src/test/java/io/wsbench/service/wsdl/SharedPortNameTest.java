package io.wsbench.service.wsdl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A port's name is unique within its service only: CXF's hello_world.wsdl has a {@code SoapPort} in six services, and
 * {@code --port SoapPort} took the first of them (its address "FOO") without a word. SERVICE/PORT names one; the name
 * alone, where services share it, is refused with the services listed.
 */
class SharedPortNameTest {

    @Test
    void servicesThatShareAPortNameAreToldApart(@TempDir Path dir) throws Exception {
        StringBuilder services = new StringBuilder();
        for (String s : new String[]{"Test", "Live"}) {
            services.append("""
                    <wsdl:service name="%sService"><wsdl:port name="SoapPort" binding="tns:B">
                      <soap:address location="http://127.0.0.1:9/%s"/></wsdl:port></wsdl:service>
                    """.formatted(s, s.toLowerCase()));
        }
        Path file = Files.writeString(dir.resolve("hello.wsdl"), """
                <wsdl:definitions targetNamespace="urn:h" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:h">
                  <wsdl:types><xs:schema targetNamespace="urn:h"><xs:element name="hi" type="xs:string"/></xs:schema></wsdl:types>
                  <wsdl:message name="in"><wsdl:part name="p" element="tns:hi"/></wsdl:message>
                  <wsdl:portType name="T"><wsdl:operation name="sayHi"><wsdl:input message="tns:in"/></wsdl:operation></wsdl:portType>
                  <wsdl:binding name="B" type="tns:T"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="sayHi"><soap:operation soapAction=""/><wsdl:input><soap:body use="literal"/></wsdl:input></wsdl:operation>
                  </wsdl:binding>
                %s</wsdl:definitions>
                """.formatted(services));
        ServiceDescription wsdl = ServiceDescription.read(file.toString());
        assertEquals("http://127.0.0.1:9/live", wsdl.operation("sayHi", "LiveService/SoapPort").address());
        WsdlException shared = assertThrows(WsdlException.class, () -> wsdl.operation("sayHi", "SoapPort"));
        assertEquals(file + ": port 'SoapPort' is in 2 services (TestService, LiveService): name one as SERVICE/PORT, e.g."
                + " TestService/SoapPort", shared.getMessage());
        WsdlException none = assertThrows(WsdlException.class, () -> wsdl.operation("sayHi", "OtherPort"));
        assertEquals(file + ": no port 'OtherPort' with operation 'sayHi' (ports: TestService/SoapPort, LiveService/SoapPort)",
                none.getMessage());
    }
}
