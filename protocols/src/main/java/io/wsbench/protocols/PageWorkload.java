package io.wsbench.protocols;

import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.contract.page.PageContract;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;

/**
 * Seed 003's page over REST/XML: a GET, answered by {@code <page>} holding the dependency's
 * document and, for every application table, its row count and checksum. The answer is right when
 * the document is the dependency's, exactly, and every table (and no other) matches the contract.
 */
final class PageWorkload implements Workload {

    private final Map<String, long[]> expected = new HashMap<>();

    PageWorkload() {
        for (PageContract.Table t : PageContract.tables()) {
            if (!t.system()) {
                expected.put(t.name(), new long[]{t.rows().size(), t.checksum()});
            }
        }
    }

    @Override
    public RequestSource requests(URI endpoint, boolean keepAlive) {
        return HttpRequest.get(endpoint, keepAlive);
    }

    @Override
    public Validator validator() {
        return Answers.expecting("text/xml", XmlAnswers.reading(this::judge));
    }

    private Verdict judge(XMLStreamReader r) throws XMLStreamException {
        if (!XmlAnswers.nextElement(r) || !"page".equals(r.getLocalName())) {
            return Verdict.VALIDATION;
        }
        boolean dependency = false;
        int tables = 0;
        while (XmlAnswers.nextElement(r)) {
            switch (r.getLocalName()) {
                case "dependency" -> {
                    if (!PageContract.DEPENDENCY_BODY.equals(r.getElementText())) {
                        return Verdict.VALIDATION;
                    }
                    dependency = true;
                }
                case "table" -> {
                    long[] want = expected.get(r.getAttributeValue(null, "name"));
                    if (want == null || want[0] != Long.parseLong(r.getAttributeValue(null, "rows"))
                            || want[1] != Long.parseLong(r.getAttributeValue(null, "checksum"))) {
                        return Verdict.VALIDATION;
                    }
                    tables++;
                }
                default -> {
                    return Verdict.VALIDATION;
                }
            }
        }
        return dependency && tables == expected.size() ? Verdict.OK : Verdict.VALIDATION;
    }
}
