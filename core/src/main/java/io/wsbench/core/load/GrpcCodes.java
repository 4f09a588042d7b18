package io.wsbench.core.load;

/** gRPC's status codes, by the names its specification gives them (doc/statuscodes.md of grpc/grpc). */
final class GrpcCodes {

    /** A gRPC call that ended with a status other than OK (in the trailers, or a trailers-only answer); its codes are in the point's HTTP/2 events. */
    static final io.wsbench.model.record.ErrorKind KIND = io.wsbench.model.record.ErrorKind.declare("grpcStatus",
            "gRPC calls that ended with a status other than OK", 12);
    /** gRPC's own error, named by its code. */
    static final Verdict FAILED = Verdict.of(KIND);

    static final int UNKNOWN = 2;

    private static final String[] NAMES = {"OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND",
        "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
        "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"};

    private GrpcCodes() {
    }

    /** "UNAVAILABLE (14)"; a code beyond the known ones by its number. */
    static String name(int code) {
        return (code >= 0 && code < NAMES.length ? NAMES[code] : "code") + " (" + code + ")";
    }
}
