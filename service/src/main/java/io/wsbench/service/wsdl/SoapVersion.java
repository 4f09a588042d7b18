package io.wsbench.service.wsdl;

import java.util.Map;

/** SOAP 1.1 or 1.2: the envelope's namespace and how the action travels in the HTTP request. */
public enum SoapVersion {
    V11("SOAP 1.1", "http://schemas.xmlsoap.org/soap/envelope/"),
    V12("SOAP 1.2", "http://www.w3.org/2003/05/soap-envelope");

    public final String label;
    public final String envelopeNamespace;

    SoapVersion(String label, String envelopeNamespace) {
        this.label = label;
        this.envelopeNamespace = envelopeNamespace;
    }

    /** The HTTP headers of a request: SOAP 1.1 names its action in SOAPAction, 1.2 in the media type. */
    public Map<String, String> headers(String soapAction) {
        String action = soapAction == null ? "" : soapAction;
        return this == V11
                ? Map.of("Content-Type", "text/xml; charset=UTF-8", "SOAPAction", "\"" + action + "\"")
                : Map.of("Content-Type", "application/soap+xml; charset=UTF-8"
                        + (action.isEmpty() ? "" : "; action=\"" + action + "\""));
    }
}
