package io.wsbench.protocols;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;

/** A StAX reader over response bytes, locked down: no DTDs, no external entities. */
final class XmlAnswers {

    private final XMLInputFactory factory = XMLInputFactory.newInstance();

    XmlAnswers() {
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
    }

    XMLStreamReader open(byte[] body, int length) throws XMLStreamException {
        return factory.createXMLStreamReader(new ByteArrayInputStream(body, 0, length));
    }

    /** Moves to the next start element, or returns false at the end of the document. */
    static boolean nextElement(XMLStreamReader r) throws XMLStreamException {
        while (r.hasNext()) {
            if (r.next() == XMLStreamReader.START_ELEMENT) {
                return true;
            }
        }
        return false;
    }

    static boolean contentTypeIs(String contentType, String expected) {
        return contentType.regionMatches(true, 0, expected, 0, expected.length());
    }
}
