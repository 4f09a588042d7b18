package io.wsbench.contract.hello;

import io.wsbench.contract.Xml;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Seed 000's hello-world call: one operation, no arguments, answering a greeting. Every stack
 * answers the same words, and every response is checked for them.
 */
public final class HelloContract {

    public static final String OPERATION = "hello";
    public static final String NAMESPACE = "http://wsbench.io/hello";
    public static final String GREETING = "Hello World";
    /** The element that wraps the greeting in a SOAP response (document/literal wrapped). */
    public static final String RESPONSE_ELEMENT = "helloResponse";
    public static final String RETURN_ELEMENT = "return";
    public static final String SOAP_ACTION = "urn:hello";
    public static final String WSDL_RESOURCE = "/io/wsbench/contract/hello/hello.wsdl";

    private HelloContract() {
    }

    /**
     * Writes hello.wsdl without its SOAP 1.2 port to {@code to}, for a stack serving SOAP 1.1 only:
     * the WSDL it serves then names no address it does not answer at.
     */
    public static Path writeSoap11Wsdl(Path to) {
        String wsdl = Xml.resource(WSDL_RESOURCE);
        try {
            String soap11 = wsdl.replaceFirst("(?s)\\s*<wsdl:port name=\"HelloSoap12Port\".*?</wsdl:port>", "");
            if (soap11.equals(wsdl)) {
                throw new IllegalStateException(WSDL_RESOURCE + " has no HelloSoap12Port to leave out");
            }
            Files.createDirectories(to.toAbsolutePath().getParent());
            return Files.writeString(to, soap11, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
