package io.wsbench.core.record;

/**
 * Failed requests by kind. A response that arrived but was wrong is a {@code validation} error; one
 * that was not even well-formed HTTP (or endless) is a {@code protocol} error. A {@code client}
 * error is wsbench's side failing: a request source that could not build the request, or a check
 * that threw instead of answering yes or no.
 */
public record ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation, long protocol,
                          long client) {

    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0, 0, 0, 0);

    public ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation, long protocol) {
        this(connect, timeout, httpStatus, soapFault, validation, protocol, 0);
    }

    public ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation) {
        this(connect, timeout, httpStatus, soapFault, validation, 0, 0);
    }

    public long total() {
        return connect + timeout + httpStatus + soapFault + validation + protocol + client;
    }
}
