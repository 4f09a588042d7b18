package io.wsbench.model.suite;

/** A suite that can't be run; the message is one line naming file, line and column. */
public final class SuiteException extends RuntimeException {
    public SuiteException(String message) {
        super(message);
    }
}
