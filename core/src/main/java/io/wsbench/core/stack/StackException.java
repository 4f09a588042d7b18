package io.wsbench.core.stack;

/** A stack that could not be started or died; the message is one line for the user. */
public final class StackException extends Exception {
    public StackException(String message) {
        super(message);
    }
}
