package io.wsbench.core.record;

/** Failed requests by kind. A response that arrived but was wrong is a {@code validation} error. */
public record ErrorCounts(long connect, long timeout, long httpStatus, long soapFault, long validation) {

    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0, 0);

    public long total() {
        return connect + timeout + httpStatus + soapFault + validation;
    }
}
