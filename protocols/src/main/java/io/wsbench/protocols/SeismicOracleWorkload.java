package io.wsbench.protocols;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.contract.seismic.Answer;
import io.wsbench.contract.seismic.Query;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.RequestSource;

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

    /**
     * The bounds {@code q} sets, by their names (those the SOAP query leaves out left out too); dates as
     * ISO-8601 instants ({@code isoDates}) or as epoch millis.
     */
    static ObjectNode bounds(Query q, boolean isoDates) {
        ObjectNode v = JsonNodeFactory.instance.objectNode();
        date(v, "minDate", q.minDate(), isoDates);
        date(v, "maxDate", q.maxDate(), isoDates);
        num(v, "minLong", q.minLong());
        num(v, "maxLong", q.maxLong());
        num(v, "minLat", q.minLat());
        num(v, "maxLat", q.maxLat());
        num(v, "minMag", q.minMag());
        num(v, "maxMag", q.maxMag());
        num(v, "minDepth", q.minDepth());
        num(v, "maxDepth", q.maxDepth());
        return v;
    }

    private static void date(ObjectNode v, String name, Long millis, boolean iso) {
        if (millis != null) {
            if (iso) {
                v.put(name, DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(millis)));
            } else {
                v.put(name, millis);
            }
        }
    }

    private static void num(ObjectNode v, String name, Float f) {
        if (f != null) {
            v.put(name, f);
        }
    }
}
