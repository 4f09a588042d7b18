package io.wsbench.protocols;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.contract.seismic.Answer;
import io.wsbench.contract.seismic.Query;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import java.net.URI;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/**
 * Seed 001's matchQuakes over a wire format other than SOAP (GraphQL, gRPC): SOAP's fixed sequence of
 * queries and its oracle, made once for all of them ({@link SeismicWorkload#of}), and each query's
 * bounds as JSON, from which the format writes its request.
 */
abstract class SeismicOracleWorkload implements Workload {

    protected final QuerySequence sequence;
    protected final List<Answer> answers;

    /** The sequence {@code name} ("small", "large") and its oracle, as SOAP's workload made them. */
    SeismicOracleWorkload(String name) {
        SeismicWorkload soap = SeismicWorkload.of(name);
        this.sequence = soap.sequence();
        this.answers = soap.answers();
    }

    @Override
    public int sequenceLength() {
        return sequence.queries().size();
    }

    /** The headers of each request (its content type). */
    abstract Map<String, String> headers();

    /** The body of the request for {@code q}, encoded once, before any load. */
    abstract byte[] body(Query q);

    @Override
    public RequestSource requests(URI endpoint, boolean keepAlive) {
        Map<String, String> headers = headers();
        HttpRequest[] all = sequence.queries().stream()
                .map(q -> new HttpRequest("POST", endpoint, headers, body(q), keepAlive))
                .toArray(HttpRequest[]::new);
        return RequestSource.of(all.length, false, (index, alloc) -> all[index].next(alloc));
    }

    /** How a format reads an answer's body against the oracle's {@code expected}. */
    @FunctionalInterface
    interface BodyJudge {
        Verdict judge(byte[] body, int length, Answer expected);
    }

    /**
     * The validator of this format's answers: the status and the content type ({@code mediaType}) first,
     * a wrong status final; then the body as {@code judge} reads it against the oracle. A wrong content
     * type outranks what the body says, unless the body says {@code failure} (a verdict the format's own
     * answer gives, such as GraphQL's errors; null for none).
     */
    final Validator validator(String mediaType, BodyJudge judge, Verdict failure) {
        Validator full = Validator.byRequest((request, status, contentType, body, length) -> {
            Verdict head = Answers.head(status, contentType == null ? "" : contentType, mediaType);
            if (head == Verdict.HTTP_STATUS) {
                return head;
            }
            Verdict judged = judge.judge(body, length, answers.get(request));
            return head == Verdict.OK || judged == failure ? judged : head;
        });
        // each request remembers the digest of the last answer it accepted, as SOAP's do
        return (SequenceValidator) Answers.remembering(full, mediaType, Answers.seenEach(answers.size()))::check;
    }

    /**
     * The bounds {@code q} sets, by their names (those the SOAP query leaves out left out too); dates as
     * ISO-8601 instants ({@code isoDates}) or as epoch millis.
     */
    static ObjectNode bounds(Query q, boolean isoDates) {
        ObjectNode v = JsonNodeFactory.instance.objectNode();
        q.bounds().forEach((xmlName, bound) -> {
            String name = camelCase(xmlName);
            if (bound instanceof Long millis) {
                if (isoDates) {
                    v.put(name, DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(millis)));
                } else {
                    v.put(name, millis);
                }
            } else {
                v.put(name, (Float) bound);
            }
        });
        return v;
    }

    /** {@code min-long} as {@code minLong}. */
    private static String camelCase(String xmlName) {
        int dash = xmlName.indexOf('-');
        return xmlName.substring(0, dash) + Character.toUpperCase(xmlName.charAt(dash + 1)) + xmlName.substring(dash + 2);
    }
}
