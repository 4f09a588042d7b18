package io.wsbench.contract.hello;

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
}
