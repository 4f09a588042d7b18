package io.wsbench.service.wsdl;

import javax.xml.namespace.QName;
import java.util.List;

/**
 * One operation of one SOAP port of a WSDL, as a client calls it: where ({@code address}), over
 * which SOAP version, in which style ({@code document} or {@code rpc}) and use ({@code literal} or
 * {@code encoded}), with which SOAPAction. {@code namespace} is the rpc wrapper's namespace (the
 * binding's soap:body namespace); {@code input} and {@code output} are the message parts in order, {@code input} those
 * the binding puts in the Body; {@code headers} those it puts in the Header ({@code soap:header}, a part of the input
 * message or of another); {@code attachments} the parts it sends as MIME attachments (SOAP with Attachments), which
 * wsbench does not send.
 */
public record SoapOperation(String service, String port, String address, SoapVersion version, String style,
                            String use, String name, String soapAction, String namespace,
                            List<Part> input, List<Part> output, List<Part> headers, List<String> attachments) {

    public SoapOperation(String service, String port, String address, SoapVersion version, String style, String use, String name,
                         String soapAction, String namespace, List<Part> input, List<Part> output) {
        this(service, port, address, version, style, use, name, soapAction, namespace, input, output, List.of(), List.of());
    }

    /**
     * A message part: typed by a global {@code element} (document style) or by a {@code type} (rpc style, and the
     * document style of WSDLs that do not follow WS-I: Zend's AutoDiscover, PHP's own).
     */
    public record Part(String name, QName element, QName type) {
        public String describe() {
            return element != null ? element.toString() : name + ":" + type;
        }
    }

    public boolean rpc() {
        return "rpc".equals(style);
    }

    public boolean encoded() {
        return "encoded".equals(use);
    }

    /**
     * Document/literal "wrapped": one part whose element is named for the operation, the convention
     * JAX-WS and .NET follow; "bare" otherwise.
     */
    public boolean wrapped() {
        return !rpc() && input.size() == 1 && input.get(0).element() != null
                && input.get(0).element().getLocalPart().equals(name);
    }

    /** "document/literal wrapped", "rpc/encoded", ... as the listing shows it. */
    public String describeStyle() {
        return style + "/" + use + (rpc() ? "" : wrapped() ? " wrapped" : " bare");
    }
}
