package io.wsbench.protocols;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;


/**
 * A CFML component called over HTTP with no {@code returnformat} (seed 000's "CFC direct" on CF7):
 * the answer is a WDDX packet, {@code <wddxPacket version='1.0'><header/><data><string>...</string></data></wddxPacket>}.
 */
public final class Wddx extends NamedProtocol {

    public Wddx() {
        super("wddx", "WDDX: HTTP GET ?method=NAME answered by a WDDX packet holding one string (text/xml)");
    }

    @Override
    public Validator validator(Operation op) {
        return XmlAnswers.of(r -> {
            if (!XmlAnswers.nextElement(r) || !"wddxPacket".equals(r.getLocalName())) {
                return Verdict.VALIDATION;
            }
            // the header comes first and may be empty; the data holds exactly one string
            while (XmlAnswers.nextElement(r)) {
                if ("data".equals(r.getLocalName())) {
                    if (!XmlAnswers.nextElement(r) || !"string".equals(r.getLocalName())
                            || !op.expectedText().equals(r.getElementText())) {
                        return Verdict.VALIDATION;
                    }
                    return XmlAnswers.nextElement(r) ? Verdict.VALIDATION : Verdict.OK;
                }
            }
            return Verdict.VALIDATION;
        });
    }
}
