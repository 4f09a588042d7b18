package io.wsbench.protocols;

import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.contract.seismic.Answer;
import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.Oracle;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.contract.seismic.SeismicContract;
import io.wsbench.contract.seismic.SeismicXml;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Seed 001's matchQuakes over SOAP 1.1: a fixed sequence of queries, each encoded once, and an
 * oracle that knows how many quakes, and which, every answer must hold.
 */
final class SeismicWorkload implements Workload {

    /** Its answers are SOAP envelopes: a SOAP Fault is its own kind. */
    @Override
    public java.util.List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return java.util.List.of(Soap.FAULT_KIND);
    }

    private static final Map<String, SeismicWorkload> CACHE = new ConcurrentHashMap<>();

    private final QuerySequence sequence;
    private final List<Answer> answers;

    private SeismicWorkload(QuerySequence sequence, List<Answer> answers) {
        this.sequence = sequence;
        this.answers = answers;
    }

    static SeismicWorkload of(String name) {
        return CACHE.computeIfAbsent(name, n -> {
            Catalog c = Catalog.standard();
            QuerySequence s = QuerySequence.named(n, c);
            return new SeismicWorkload(s, Oracle.answers(c, s));
        });
    }

    QuerySequence sequence() {
        return sequence;
    }

    /** What the oracle expects of each request of the sequence, in order. */
    List<Answer> answers() {
        return answers;
    }

    @Override
    public int sequenceLength() {
        return sequence.queries().size();
    }

    @Override
    public RequestSource requests(URI endpoint, boolean keepAlive) {
        Map<String, String> headers = Map.of("Content-Type", "text/xml; charset=UTF-8",
                "SOAPAction", "\"" + SeismicContract.SOAP_ACTION + "\"");
        HttpRequest[] all = sequence.queries().stream()
                .map(q -> new HttpRequest("POST", endpoint, headers,
                        Soap.V11.envelope(SeismicXml.query(q)).getBytes(StandardCharsets.UTF_8), keepAlive))
                .toArray(HttpRequest[]::new);
        return RequestSource.of(all.length, false, (index, alloc) -> all[index].next(alloc));
    }

    @Override
    public Validator validator() {
        Validator soap = Soap.V11.rememberingEach(Soap.V11.answers((r, request, head) -> judge(r, answers.get(request), head)),
                answers.size());
        return (SequenceValidator) soap::check;
    }

    /** Reads the results: the count attribute, every quake's millis and region, nothing else. */
    private static Verdict judge(XMLStreamReader r, Answer expected, Verdict head) throws XMLStreamException {
        int declared = -1;
        int seen = 0;
        long fingerprint = 0;
        while (r.hasNext()) {
            if (r.next() != XMLStreamReader.START_ELEMENT) {
                continue;
            }
            String name = r.getLocalName();
            if ("Fault".equals(name)) {
                return Soap.FAULT;
            }
            if (!SeismicContract.NAMESPACE.equals(r.getNamespaceURI())) {
                continue;
            }
            if ("results".equals(name)) {
                declared = Integer.parseInt(r.getAttributeValue(null, "count"));
            } else if ("quake".equals(name)) {
                seen++;
                long millis = Long.parseLong(r.getAttributeValue(null, "millis"));
                String region = r.getAttributeValue(null, "region");
                fingerprint += Answer.of(millis, Integer.parseInt(region.substring(1)));
            }
        }
        if (head != Verdict.OK) {
            return head;
        }
        boolean right = declared == expected.count() && seen == expected.count() && fingerprint == expected.fingerprint();
        return right ? Verdict.OK : Verdict.VALIDATION;
    }
}
