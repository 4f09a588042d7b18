package io.wsbench.protocols;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.contract.seismic.Answer;
import io.wsbench.contract.seismic.Query;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Seed 001's matchQuakes over GraphQL: the same fixed sequence of queries as over SOAP, each a GraphQL
 * request whose {@code $q} variable is the query (bounds left out where the SOAP query leaves them
 * out; dates as ISO-8601 instants), asking for every field the SOAP answer carries; and the same
 * oracle: every answer's count, and which quakes (their millis and region), or it is wrong.
 */
final class GraphQlSeismicWorkload implements Workload {

    /** The selection: all the SOAP answer holds, so that bytes per request compare. */
    static final String QUERY = "query Match($q: QuakeQuery!) { matchQuakes(query: $q) { count resultSets { areaName"
            + " regions { ident index name } quakes { time millis latitude longitude depth magnitude method region } } } }";
    private static final Map<String, GraphQlSeismicWorkload> CACHE = new ConcurrentHashMap<>();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonFactory FACTORY = new JsonFactory();

    private final QuerySequence sequence;
    private final List<Answer> answers;

    private GraphQlSeismicWorkload(QuerySequence sequence, List<Answer> answers) {
        this.sequence = sequence;
        this.answers = answers;
    }

    /** The sequence {@code name}, and its oracle, as SOAP's workload made them (once, for both). */
    static GraphQlSeismicWorkload of(String name) {
        return CACHE.computeIfAbsent(name, n -> {
            SeismicWorkload soap = SeismicWorkload.of(n);
            return new GraphQlSeismicWorkload(soap.sequence(), soap.answers());
        });
    }

    @Override
    public int sequenceLength() {
        return sequence.queries().size();
    }

    /** The body of the GraphQL request for {@code q}. */
    static byte[] body(Query q) {
        ObjectNode body = JSON.createObjectNode();
        body.put("query", QUERY);
        ObjectNode v = body.putObject("variables").putObject("q");
        date(v, "minDate", q.minDate());
        date(v, "maxDate", q.maxDate());
        num(v, "minLong", q.minLong());
        num(v, "maxLong", q.maxLong());
        num(v, "minLat", q.minLat());
        num(v, "maxLat", q.maxLat());
        num(v, "minMag", q.minMag());
        num(v, "maxMag", q.maxMag());
        num(v, "minDepth", q.minDepth());
        num(v, "maxDepth", q.maxDepth());
        try {
            return JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void date(ObjectNode v, String name, Long millis) {
        if (millis != null) {
            v.put(name, DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(millis)));
        }
    }

    private static void num(ObjectNode v, String name, Float f) {
        if (f != null) {
            v.put(name, f);
        }
    }

    @Override
    public RequestSource requests(URI endpoint, boolean keepAlive) {
        Map<String, String> headers = Map.of("Content-Type", "application/json");
        HttpRequest[] all = sequence.queries().stream()
                .map(q -> new HttpRequest("POST", endpoint, headers, body(q), keepAlive))
                .toArray(HttpRequest[]::new);
        return RequestSource.of(all.length, false, (index, alloc) -> all[index].next(alloc));
    }

    @Override
    public Validator validator() {
        return (SequenceValidator) (request, status, contentType, body, length) -> {
            Verdict head = Answers.head(status, contentType == null ? "" : contentType, "application/json");
            if (head == Verdict.HTTP_STATUS) {
                return head;
            }
            Verdict judged = judge(body, length, answers.get(request));
            return judged == Verdict.GRAPHQL_ERRORS ? judged : head != Verdict.OK ? head : judged;
        };
    }

    /** Reads {@code count} and each quake's {@code millis} and {@code region}, and nothing else, as the SOAP oracle does. */
    static Verdict judge(byte[] body, int length, Answer expected) {
        int declared = -1;
        int seen = 0;
        long fingerprint = 0;
        try (JsonParser p = FACTORY.createParser(body, 0, length)) {
            long millis = -1;
            String region = null;
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    boolean top = p.getParsingContext().getParent() != null && p.getParsingContext().getParent().inRoot();
                    JsonToken value = p.nextToken();
                    if ("errors".equals(name) && top && value == JsonToken.START_ARRAY) {
                        if (p.nextToken() != JsonToken.END_ARRAY) {
                            return Verdict.GRAPHQL_ERRORS;
                        }
                    } else if ("count".equals(name) && value == JsonToken.VALUE_NUMBER_INT && declared < 0) {
                        declared = p.getIntValue();
                    } else if ("millis".equals(name) && value == JsonToken.VALUE_STRING) {
                        millis = Long.parseLong(p.getText());
                    } else if ("region".equals(name) && value == JsonToken.VALUE_STRING) {
                        region = p.getText();
                    }
                } else if (t == JsonToken.END_OBJECT && millis >= 0 && region != null) {
                    // a quake's object ends: it is counted once, with its millis and region
                    seen++;
                    fingerprint += Answer.of(millis, Integer.parseInt(region.substring(1)));
                    millis = -1;
                    region = null;
                }
            }
        } catch (IOException | RuntimeException e) {
            return Verdict.VALIDATION;
        }
        boolean right = declared == expected.count() && seen == expected.count() && fingerprint == expected.fingerprint();
        return right ? Verdict.OK : Verdict.VALIDATION;
    }
}
