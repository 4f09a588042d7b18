package io.wsbench.protocols;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/** Seed 000's REST call: a GET with {@code ?method=...} answered by {@code <str>...</str>}. */
final class RestXml implements Protocol {

    @Override
    public String name() {
        return "rest-xml";
    }

    @Override
    public String describe() {
        return "REST: HTTP GET ?method=NAME answered by <str>...</str> (text/xml)";
    }

    @Override
    public Validator validator(Operation op) {
        XmlAnswers xml = new XmlAnswers();
        return (status, contentType, body, length) -> {
            if (status != 200) {
                return Verdict.HTTP_STATUS;
            }
            if (!contentType.toLowerCase().contains("xml")) {
                return Verdict.VALIDATION;
            }
            try {
                XMLStreamReader r = xml.open(body, length);
                if (!XmlAnswers.nextElement(r) || !"str".equals(r.getLocalName())) {
                    return Verdict.VALIDATION;
                }
                return op.expectedText().equals(r.getElementText().trim()) ? Verdict.OK : Verdict.VALIDATION;
            } catch (XMLStreamException | RuntimeException e) {
                return Verdict.VALIDATION;
            }
        };
    }
}
