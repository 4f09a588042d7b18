package io.wsbench.protocols;

import io.wsbench.contract.Xml;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;

/** A StAX reader over response bytes, locked down: no DTDs, no external entities. */
public final class XmlAnswers {

    private final XMLInputFactory factory = Xml.lockedDownInput();

    public XmlAnswers() {
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
    }

    /** What a REST-style XML answer must hold, read from a reader standing before its root. */
    @FunctionalInterface
    interface Body {
        Verdict check(XMLStreamReader r) throws XMLStreamException;
    }

    /**
     * A validator for answers to a GET that come back as XML: a 200, an XML content type, and a
     * body that {@code body} accepts; anything that does not parse is a validation error.
     */
    static Validator of(Body body) {
        return Answers.mentioning("xml", reading(body));
    }

    /** The check of an answer's bytes that {@code body} reads as XML; anything that does not parse is a validation error. */
    static Answers.Body reading(Body body) {
        XmlAnswers xml = new XmlAnswers();
        return (bytes, length) -> {
            try {
                return body.check(xml.open(bytes, length));
            } catch (XMLStreamException | RuntimeException e) {
                return Verdict.VALIDATION;
            }
        };
    }

    public XMLStreamReader open(byte[] body, int length) throws XMLStreamException {
        return factory.createXMLStreamReader(new ByteArrayInputStream(body, 0, length));
    }

    /** Moves to the next start element, or returns false at the end of the document. */
    public static boolean nextElement(XMLStreamReader r) throws XMLStreamException {
        while (r.hasNext()) {
            if (r.next() == XMLStreamReader.START_ELEMENT) {
                return true;
            }
        }
        return false;
    }
}
