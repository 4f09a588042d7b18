package io.wsbench.service.own;

import java.net.URI;
import java.util.Map;
import java.util.Set;

/**
 * How one operation of a user's service is called, written for one row of the user's data: a SOAP
 * envelope from a WSDL (or the user's template), or a REST call from an OpenAPI spec.
 */
public interface OwnRequest {

    /** The address the description names (a WSDL port's, an OpenAPI server's); {@code --url} overrides it. */
    URI endpoint();

    /** The row columns the request reads (its {@code ${name}} placeholders), checked against the data before any load. */
    Set<String> placeholders();

    /** The whole HTTP request, headers included, for {@code row} sent to {@code endpoint}. */
    byte[] wire(URI endpoint, Map<String, String> row, boolean keepAlive);

    /** The body of the request for {@code row} alone, for a client that changes it on every send (WS-Security); null for none. */
    default byte[] body(Map<String, String> row) {
        return null;
    }

    /** The whole HTTP request carrying {@code body}, as {@link #body} gave it and a client changed it. */
    default byte[] wire(URI endpoint, byte[] body, boolean keepAlive) {
        throw new UnsupportedOperationException("this request cannot be changed on every send");
    }

    /** What the answer's body must match when a check asks for {@code schema} (made then); null when the description has none. */
    AnswerSchema answerSchema() throws OwnServiceException;

    /** Namespace prefixes usable in XPath checks (a WSDL's own); empty for REST. */
    default Map<String, String> prefixes() {
        return Map.of();
    }

    /** Whether answers are SOAP envelopes, so a Fault counts as a SOAP Fault error. */
    boolean soap();

    /** Whether its calls go over HTTP/2 only (gRPC's). */
    default boolean http2Only() {
        return false;
    }

    /**
     * The answer's body as the checks read it, when that is not the body itself (gRPC's protobuf made
     * JSON); null when it is. An IllegalArgumentException says why the answer could not be read.
     */
    default byte[] readable(byte[] body, int length) {
        return null;
    }

    /** Whether answers are GraphQL's, so one that carries {@code errors} counts as a GraphQL error. */
    default boolean graphql() {
        return false;
    }
}
