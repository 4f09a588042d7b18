package io.wsbench.protocols;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;


/** Seed 000's REST call: a GET with {@code ?method=...} answered by {@code <str>...</str>}. */
public final class RestXml extends NamedProtocol {

    public RestXml() {
        super("rest-xml", "REST: HTTP GET ?method=NAME answered by <str>...</str> (text/xml)");
    }

    /** Seed 002's page, besides the single-request operations. */
    @Override
    public Workload workload(String operation, String sequence) {
        if (io.wsbench.contract.page.PageContract.OPERATION.equals(operation) && sequence == null) {
            return new PageWorkload();
        }
        return super.workload(operation, sequence);
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
