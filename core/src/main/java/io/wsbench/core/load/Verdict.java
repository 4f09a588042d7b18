package io.wsbench.core.load;

/** What the validator made of a response. Only {@code OK} counts as a request served. */
public enum Verdict {
    OK, HTTP_STATUS, SOAP_FAULT, VALIDATION,
    /** A GraphQL answer that carries {@code errors}, under a 200 as GraphQL servers send them: GraphQL's SOAP Fault. */
    GRAPHQL_ERRORS,
    /** A gRPC call that ended with a status other than OK: gRPC's own error, named by its code. */
    GRPC_STATUS,
    /** A step following redirects met a loop (the same request twice) or an eleventh hop: a chain no browser would end. */
    REDIRECTS
}
