package io.wsbench.protocols;

import io.wsbench.model.record.ErrorKind;
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
public class Soap extends NamedProtocol {

    /** An answer that is a SOAP Fault: SOAP's own error, whatever its status. */
    public static final ErrorKind FAULT_KIND = ErrorKind.declare("soapFault", "SOAP faults", 10);
    public static final Verdict FAULT = Verdict.of(FAULT_KIND);

    @Override
    public java.util.List<ErrorKind> errorKinds() {
        return java.util.List.of(FAULT_KIND);
    }

    public static final Soap V11 = new Soap11();
    public static final Soap V12 = new Soap12();

    /** SOAP 1.1, as {@link java.util.ServiceLoader} makes it. */
    public static final class Soap11 extends Soap {
        public Soap11() {
            super("soap11", "SOAP 1.1", "http://schemas.xmlsoap.org/soap/envelope/", "text/xml");
        }
    }

    /** SOAP 1.2, as {@link java.util.ServiceLoader} makes it. */
    public static final class Soap12 extends Soap {
        public Soap12() {
            super("soap12", "SOAP 1.2", "http://www.w3.org/2003/05/soap-envelope", "application/soap+xml");
        }
    }

    private final String envelopeNs;
    private final String mediaType;
    private final boolean v11;

    private Soap(String name, String version, String envelopeNs, String mediaType) {
        super(name, version + " document/literal over HTTP POST (" + mediaType + ")");
        this.v11 = "soap11".equals(name);
        this.envelopeNs = envelopeNs;
        this.mediaType = mediaType;
    }

    /** matchQuakes and its request sequences over SOAP 1.1 only. */
    @Override
    public Workload seismic(String sequence) {
        return v11 ? SeismicWorkload.of(sequence) : null;
    }

    public String envelope(String bodyElement) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<soap:Envelope xmlns:soap=\"" + envelopeNs + "\"><soap:Body>" + bodyElement
                + "</soap:Body></soap:Envelope>";
    }

    @Override
    public HttpRequest request(URI endpoint, Operation op, boolean keepAlive) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (v11) {
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
        // one operation's answer does not depend on the request's place in a sequence: an answer the same
        // as the last accepted under a 200 of this version's type is accepted again (Answers.Accepted)
        Answers.Accepted accepted = new Answers.Accepted();
        return Answers.remembering(answers((r, request, head) -> check(r, op.expectedText(), head)), mediaType, request -> accepted);
    }

    /**
     * As {@code full}, each request of a sequence of {@code requests} remembering the digest of the last answer it
     * accepted ({@link Answers.Seen}): seed 001's answers are up to 1 MB of XML, each the same every time it is
     * asked, and parsing one against the oracle cost the generator as much CPU as making it cost the server.
     */
    Validator rememberingEach(Validator full, int requests) {
        return Answers.remembering(full, mediaType, Answers.seenEach(requests));
    }

    /**
     * Reads a SOAP answer, standing before its envelope. {@code request}: the index in its sequence
     * of the request it answers. {@code head}: what the answer's status and content type say, OK
     * for a 200 with this version's content type; it decides an answer that holds no Fault.
     */
    @FunctionalInterface
    interface Reading {
        Verdict read(XMLStreamReader r, int request, Verdict head) throws XMLStreamException;
    }

    /**
     * A validator for answers in this version of SOAP: a 200, or a 500 (how a Fault comes back),
     * judged by {@code reading}. What does not parse is wrong under a 200 and an HTTP error under a 500.
     */
    Validator answers(Reading reading) {
        XmlAnswers xml = new XmlAnswers();
        return Validator.byRequest((request, status, contentType, body, length) -> {
            if (status != 200 && status != 500) {
                return Verdict.HTTP_STATUS;
            }
            Verdict head = Answers.head(status, contentType, mediaType);
            try {
                return reading.read(xml.open(body, length), request, head);
            } catch (XMLStreamException | RuntimeException e) {
                return notSoap(head);
            }
        });
    }

    /** What an answer is that holds no SOAP envelope: an HTTP error under a 500, else a wrong answer. */
    private static Verdict notSoap(Verdict head) {
        return head == Verdict.HTTP_STATUS ? head : Verdict.VALIDATION;
    }

    private Verdict check(XMLStreamReader r, String expected, Verdict head) throws XMLStreamException {
        if (!XmlAnswers.nextElement(r) || !isSoap(r, "Envelope")) {
            return notSoap(head);
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
            return FAULT;
        }
        if (head != Verdict.OK) {
            return head;
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
