package io.wsbench.core.record;

/**
 * Failed requests by kind. A response that arrived but was wrong is a {@code validation} error; one
 * that was not even well-formed HTTP (or endless) is a {@code protocol} error.
 */
public record ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation, long protocol) {

    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0, 0, 0);

    public ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation) {
        this(connect, timeout, httpStatus, soapFault, validation, 0);
    }

    public long total() {
        return connect + timeout + httpStatus + soapFault + validation + protocol;
    }
}
