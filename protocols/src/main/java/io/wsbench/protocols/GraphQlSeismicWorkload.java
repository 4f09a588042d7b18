package io.wsbench.protocols;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.contract.seismic.Answer;
import io.wsbench.contract.seismic.Query;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import java.io.IOException;
import java.util.Map;

/**
 * Seed 001's matchQuakes over GraphQL: the same fixed sequence of queries as over SOAP, each a GraphQL
 * request whose {@code $q} variable is the query (bounds left out where the SOAP query leaves them
 * out; dates as ISO-8601 instants), asking for every field the SOAP answer carries; and the same
 * oracle: every answer's count, and which quakes (their millis and region), or it is wrong.
 */
final class GraphQlSeismicWorkload extends SeismicOracleWorkload {

    /** A GraphQL answer with errors is its own kind. */
    @Override
    public java.util.List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return java.util.List.of(GraphQl.ERRORS_KIND);
    }

    /** The selection: all the SOAP answer holds, so that bytes per request compare. */
    static final String QUERY = "query Match($q: QuakeQuery!) { matchQuakes(query: $q) { count resultSets { areaName"
            + " regions { ident index name } quakes { time millis latitude longitude depth magnitude method region } } } }";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final Map<String, String> HEADERS = Map.of("Content-Type", "application/json");

    private GraphQlSeismicWorkload(String name) {
        super(name);
    }

    /** The sequence {@code name}, and its oracle, as SOAP's workload made them (once, for every protocol). */
    static GraphQlSeismicWorkload of(String name) {
        return new GraphQlSeismicWorkload(name);
    }

    @Override
    Map<String, String> headers() {
        return HEADERS;
    }

    @Override
    byte[] body(Query q) {
        return request(q);
    }

    /** The body of the GraphQL request for {@code q}: its bounds the {@code $q} variable, dates as ISO-8601 instants. */
    static byte[] request(Query q) {
        ObjectNode body = JSON.createObjectNode();
        body.put("query", QUERY);
        body.putObject("variables").set("q", bounds(q, true));
        try {
            return JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Validator validator() {
        return validator("application/json", GraphQlSeismicWorkload::judge, GraphQl.ERRORS);
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
                            return GraphQl.ERRORS;
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
