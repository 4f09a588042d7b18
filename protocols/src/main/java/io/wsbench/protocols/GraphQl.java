package io.wsbench.protocols;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * GraphQL over HTTP: the operation asked as a query field, POSTed as {@code {"query": "{ hello }"}}
 * (application/json), answered by {@code {"data": {"hello": "Hello World"}}}. An answer that carries
 * {@code errors}, which GraphQL servers send under a 200, is a GraphQL error: its own kind, as a SOAP
 * Fault is SOAP's. Seed 001's matchQuakes is served too: {@link GraphQlSeismicWorkload}.
 */
public final class GraphQl extends NamedProtocol {

    /** A GraphQL answer that carries {@code errors}, under a 200 as GraphQL servers send them: GraphQL's SOAP Fault. */
    public static final io.wsbench.model.record.ErrorKind ERRORS_KIND = io.wsbench.model.record.ErrorKind.declare("graphqlErrors",
            "GraphQL answers with errors", 11);
    public static final Verdict ERRORS = Verdict.of(ERRORS_KIND);

    @Override
    public java.util.List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return java.util.List.of(ERRORS_KIND);
    }

    private static final JsonFactory FACTORY = new JsonFactory();

    public GraphQl() {
        super("graphql", "GraphQL: HTTP POST of {\"query\": \"{ OPERATION }\"} answered by {\"data\": {OPERATION: ...}} (application/json)");
    }

    @Override
    public HttpRequest request(URI endpoint, Operation op, boolean keepAlive) {
        byte[] body = ("{\"query\":\"{ " + op.name() + " }\"}").getBytes(StandardCharsets.UTF_8);
        return new HttpRequest("POST", endpoint, Map.of("Content-Type", "application/json"), body, keepAlive);
    }

    @Override
    public Workload seismic(String sequence) {
        return GraphQlSeismicWorkload.of(sequence);
    }

    @Override
    public Validator validator(Operation op) {
        return Answers.mentioning("json", (body, length) -> verdict(body, length, op.name(), op.expectedText()));
    }

    /** Errors anywhere at the top make a GraphQL error; else the field {@code data.<name>} must be {@code expected}. */
    static Verdict verdict(byte[] body, int length, String name, String expected) {
        boolean right = false;
        try (JsonParser p = FACTORY.createParser(body, 0, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return Verdict.VALIDATION;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String top = p.currentName();
                JsonToken value = p.nextToken();
                if ("errors".equals(top) && value == JsonToken.START_ARRAY) {
                    if (p.nextToken() != JsonToken.END_ARRAY) {
                        return ERRORS;
                    }
                } else if ("data".equals(top) && value == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String field = p.currentName();
                        JsonToken v = p.nextToken();
                        right |= name.equals(field) && v == JsonToken.VALUE_STRING && expected.equals(p.getText());
                        p.skipChildren();
                    }
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException e) {
            return Verdict.VALIDATION;
        }
        return right ? Verdict.OK : Verdict.VALIDATION;
    }
}
