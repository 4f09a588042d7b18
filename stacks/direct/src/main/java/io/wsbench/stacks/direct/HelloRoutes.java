package io.wsbench.stacks.direct;

import io.wsbench.contract.Xml;
import io.wsbench.contract.hello.HelloComponent;
import io.wsbench.contract.hello.HelloContract;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The hello service in each of seed 000's shapes. The SOAP endpoints really parse the envelope and
 * write the response with StAX, as a minimal SOAP layer must; the REST endpoints reproduce the
 * seed's inline, component-per-request and cached-component pages.
 */
final class HelloRoutes {

    static final String SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String SOAP12_NS = "http://www.w3.org/2003/05/soap-envelope";

    /** An answer: status, content type and body. */
    record Answer(int status, String contentType, byte[] body) {
        static Answer of(int status, String contentType, String body) {
            return new Answer(status, contentType, body.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static final String XML = "text/xml; charset=utf-8";
    // how CFML prints now(): {ts '2015-06-29 10:15:00'}
    private static final DateTimeFormatter NOW = DateTimeFormatter.ofPattern("'{ts '''yyyy-MM-dd HH:mm:ss'''}'");
    private static final String COMPONENT = "io.wsbench.contract.hello.HelloComponent";

    private final Faults faults;
    private final XMLInputFactory in = Xml.lockedDownInput();
    private final XMLOutputFactory out = XMLOutputFactory.newInstance();
    private final Map<String, Object> application = new ConcurrentHashMap<>();
    private final String wsdl;

    HelloRoutes(Faults faults) {
        this.faults = faults;
        this.wsdl = Xml.resource(HelloContract.WSDL_RESOURCE);
    }

    Faults faults() {
        return faults;
    }

    String greeting() {
        return faults.wrongAnswer() ? "Goodbye World" : HelloContract.GREETING;
    }

    Answer wsdl(String host) {
        return Answer.of(200, XML, wsdl.replace("127.0.0.1:8080", host));
    }

    /** xmlservice.cfm: the answer written inline. */
    Answer restInline(String method) {
        return restXml("hello".equals(method) ? greeting() : "Unknown Method");
    }

    /** xmlservicewithcfc.cfm: a component created for every request. */
    Answer restComponent(String method) {
        return restXml("hello".equals(method) ? newComponent().hello() : "Unknown Method");
    }

    /** xmlservicewithcfccached.cfm: one component kept in application scope. */
    Answer restCached(String method) {
        HelloComponent c = (HelloComponent) application.computeIfAbsent("oSS", k -> newComponent());
        return restXml("hello".equals(method) ? c.hello() : "Unknown Method");
    }

    /** Seed 002's page, {@code <h1>CFML</h1> #now()#}: the least a dynamic page can do. */
    Answer now() {
        return Answer.of(200, "text/html; charset=utf-8", "<h1>CFML</h1> " + NOW.format(LocalDateTime.now()));
    }

    /** A component called remotely with returnformat=json or plain. */
    Answer service(String method, String format) {
        if (!"hello".equals(method)) {
            return Answer.of(404, "text/plain; charset=utf-8", "Unknown Method");
        }
        String text = faults.wrongAnswer() ? greeting() : newComponent().hello();
        if ("json".equalsIgnoreCase(format)) {
            return Answer.of(200, "application/json; charset=utf-8", "\"" + text.replace("\"", "\\\"") + "\"");
        }
        return Answer.of(200, "text/plain; charset=utf-8", text);
    }

    private Answer restXml(String text) {
        String t = faults.wrongAnswer() ? greeting() : text;
        return Answer.of(200, XML, "<?xml version=\"1.0\" encoding=\"utf-8\"?><str>" + t + "</str>");
    }

    private HelloComponent newComponent() {
        try {
            // by name, as createObject("component", ...) does, so the lookup cost is part of it
            return (HelloComponent) Class.forName(COMPONENT).getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException | NoSuchMethodException | InstantiationException | IllegalAccessException
                 | InvocationTargetException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A SOAP call: parse the envelope, dispatch on the body element, write the response envelope. */
    Answer soap(byte[] request, String envelopeNs) {
        String contentType = SOAP11_NS.equals(envelopeNs) ? XML : "application/soap+xml; charset=utf-8";
        try {
            String operation = bodyElement(request, envelopeNs);
            if (!HelloContract.OPERATION.equals(operation)) {
                return new Answer(500, contentType, fault(envelopeNs, "no operation '" + operation + "' here"));
            }
            return new Answer(200, contentType, response(envelopeNs, greeting()));
        } catch (XMLStreamException | IllegalArgumentException e) {
            return new Answer(500, contentType, fault(envelopeNs, "bad request: " + e.getMessage()));
        }
    }

    private String bodyElement(byte[] request, String envelopeNs) throws XMLStreamException {
        XMLStreamReader r = in.createXMLStreamReader(new ByteArrayInputStream(request));
        try {
            boolean inBody = false;
            while (r.hasNext()) {
                if (r.next() != XMLStreamReader.START_ELEMENT) {
                    continue;
                }
                if (inBody) {
                    if (!HelloContract.NAMESPACE.equals(r.getNamespaceURI())) {
                        throw new IllegalArgumentException("unknown namespace " + r.getNamespaceURI());
                    }
                    return r.getLocalName();
                }
                if ("Body".equals(r.getLocalName())) {
                    if (!envelopeNs.equals(r.getNamespaceURI())) {
                        throw new IllegalArgumentException("wrong SOAP version");
                    }
                    inBody = true;
                }
            }
            throw new IllegalArgumentException("no SOAP Body");
        } finally {
            r.close();
        }
    }

    private byte[] response(String envelopeNs, String text) throws XMLStreamException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(320);
        XMLStreamWriter w = out.createXMLStreamWriter(bytes, "UTF-8");
        w.writeStartDocument("UTF-8", "1.0");
        w.writeStartElement("soap", "Envelope", envelopeNs);
        w.writeNamespace("soap", envelopeNs);
        w.writeStartElement("soap", "Body", envelopeNs);
        w.writeStartElement("ns", HelloContract.RESPONSE_ELEMENT, HelloContract.NAMESPACE);
        w.writeNamespace("ns", HelloContract.NAMESPACE);
        w.writeStartElement(HelloContract.RETURN_ELEMENT);
        w.writeCharacters(text);
        w.writeEndDocument();
        w.close();
        return bytes.toByteArray();
    }

    private byte[] fault(String envelopeNs, String reason) {
        String escaped = io.wsbench.contract.Xml.text(reason);
        String body = SOAP11_NS.equals(envelopeNs)
                ? "<soap:Fault><faultcode>soap:Client</faultcode><faultstring>" + escaped + "</faultstring></soap:Fault>"
                : "<soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason>"
                + "<soap:Text xml:lang=\"en\">" + escaped + "</soap:Text></soap:Reason></soap:Fault>";
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><soap:Envelope xmlns:soap=\"" + envelopeNs + "\"><soap:Body>"
                + body + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8);
    }
}
