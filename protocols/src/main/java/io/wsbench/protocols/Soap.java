package io.wsbench.protocols;

import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * SOAP 1.1 and 1.2 over HTTP POST, document/literal. A response is right when it is an envelope
 * of the same SOAP version whose body holds the operation's response element with the expected
 * text; a Fault counts as a SOAP Fault error whatever the HTTP status.
 */
public final class Soap implements Protocol {

    public static final Soap V11 = new Soap("soap11", "http://schemas.xmlsoap.org/soap/envelope/", "text/xml");
    public static final Soap V12 = new Soap("soap12", "http://www.w3.org/2003/05/soap-envelope", "application/soap+xml");

    private final String name;
    private final String envelopeNs;
    private final String mediaType;

    private Soap(String name, String envelopeNs, String mediaType) {
        this.name = name;
        this.envelopeNs = envelopeNs;
        this.mediaType = mediaType;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String describe() {
        return (this == V11 ? "SOAP 1.1" : "SOAP 1.2") + " document/literal over HTTP POST (" + mediaType + ")";
    }

    public String envelope(String bodyElement) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<soap:Envelope xmlns:soap=\"" + envelopeNs + "\"><soap:Body>" + bodyElement
                + "</soap:Body></soap:Envelope>";
    }

    @Override
    public HttpRequest request(URI endpoint, Operation op, boolean keepAlive) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (this == V11) {
            headers.put("Content-Type", "text/xml; charset=UTF-8");
            headers.put("SOAPAction", "\"" + op.soapAction() + "\"");
        } else {
            headers.put("Content-Type", "application/soap+xml; charset=UTF-8; action=\"" + op.soapAction() + "\"");
        }
        return new HttpRequest("POST", endpoint, headers,
                envelope(op.soapBodyElement()).getBytes(StandardCharsets.UTF_8), keepAlive);
    }

    @Override
    public Validator validator(Operation op) {
        XmlAnswers xml = new XmlAnswers();
        return (status, contentType, body, length) -> {
            if (status != 200 && status != 500) {
                return Verdict.HTTP_STATUS;
            }
            try {
                return check(xml.open(body, length), op.expectedText(), status, contentType);
            } catch (XMLStreamException | RuntimeException e) {
                return status == 200 ? Verdict.VALIDATION : Verdict.HTTP_STATUS;
            }
        };
    }

    private Verdict check(XMLStreamReader r, String expected, int status, String contentType) throws XMLStreamException {
        if (!XmlAnswers.nextElement(r) || !isSoap(r, "Envelope")) {
            return status == 200 ? Verdict.VALIDATION : Verdict.HTTP_STATUS;
        }
        do {
            if (!XmlAnswers.nextElement(r)) {
                return Verdict.VALIDATION;
            }
        } while (!isSoap(r, "Body"));
        if (!XmlAnswers.nextElement(r)) {
            return Verdict.VALIDATION;
        }
        if (isSoap(r, "Fault")) {
            return Verdict.SOAP_FAULT;
        }
        if (status != 200 || !XmlAnswers.contentTypeIs(contentType, mediaType)) {
            return status == 200 ? Verdict.VALIDATION : Verdict.HTTP_STATUS;
        }
        // the wrapper element, then its first child holds the answer
        if (!XmlAnswers.nextElement(r)) {
            return Verdict.VALIDATION;
        }
        return expected.equals(r.getElementText().trim()) ? Verdict.OK : Verdict.VALIDATION;
    }

    private boolean isSoap(XMLStreamReader r, String local) {
        return local.equals(r.getLocalName()) && envelopeNs.equals(r.getNamespaceURI());
    }
}
