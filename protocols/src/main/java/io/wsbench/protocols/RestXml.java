package io.wsbench.protocols;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;


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
        return XmlAnswers.of(r -> {
            if (!XmlAnswers.nextElement(r) || !"str".equals(r.getLocalName())) {
                return Verdict.VALIDATION;
            }
            return op.expectedText().equals(r.getElementText().trim()) ? Verdict.OK : Verdict.VALIDATION;
        });
    }
}
