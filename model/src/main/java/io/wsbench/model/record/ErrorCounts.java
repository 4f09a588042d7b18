package io.wsbench.model.record;

/**
 * Failed requests by kind. A response that arrived but was wrong is a {@code validation} error; one
 * that was not even well-formed HTTP (or endless) is a {@code protocol} error. A {@code client}
 * error is wsbench's side failing: a request source that could not build the request, or a check
 * that threw instead of answering yes or no. {@code graphqlErrors} are GraphQL answers that carry
 * {@code errors} (under a 200, as GraphQL servers send them), as {@code soapFault} counts SOAP Faults;
 * run.json writes it only when it is not 0. {@code grpcStatus} are gRPC calls that ended with a status other
 * than OK (in the trailers, or a trailers-only answer), written likewise only when not 0; their codes are in
 * the point's {@code generator.http2.events}. {@code redirects} are steps of a flow that followed redirects into a loop
 * or past ten hops, written only when not 0.
 */
public record ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation, long protocol,
                          long client,
                          @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                          long graphqlErrors,
                          @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                          long grpcStatus,
                          @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                          long redirects) {

    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    public ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation, long protocol, long client,
                       long graphqlErrors, long grpcStatus) {
        this(connect, timeout, httpStatus, soapFault, validation, protocol, client, graphqlErrors, grpcStatus, 0);
    }

    public ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation, long protocol, long client,
                       long graphqlErrors) {
        this(connect, timeout, httpStatus, soapFault, validation, protocol, client, graphqlErrors, 0);
    }

    public ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation, long protocol, long client) {
        this(connect, timeout, httpStatus, soapFault, validation, protocol, client, 0);
    }

    public ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation, long protocol) {
        this(connect, timeout, httpStatus, soapFault, validation, protocol, 0);
    }

    public ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation) {
        this(connect, timeout, httpStatus, soapFault, validation, 0, 0);
    }

    /** These errors and {@code o}'s together: the errors of two parts of one point. */
    public ErrorCounts plus(ErrorCounts o) {
        return new ErrorCounts(connect + o.connect, timeout + o.timeout, httpStatus + o.httpStatus,
                soapFault + o.soapFault, validation + o.validation, protocol + o.protocol, client + o.client,
                graphqlErrors + o.graphqlErrors, grpcStatus + o.grpcStatus, redirects + o.redirects);
    }

    public long total() {
        return connect + timeout + httpStatus + soapFault + validation + protocol + client + graphqlErrors + grpcStatus + redirects;
    }
}
