package io.wsbench.history;

/** The history could not be opened, read or written: its message is one line, with no password in it. */
public final class HistoryException extends RuntimeException {

    public HistoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
