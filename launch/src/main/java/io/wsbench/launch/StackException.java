package io.wsbench.launch;

/** A stack that could not be started or died; the message is one line for the user. */
public final class StackException extends Exception {

    private final boolean unavailable;

    public StackException(String message) {
        this(message, false);
    }

    /** {@code unavailable}: the stack can't be had on this machine (e.g. its runtime can't be installed). */
    public StackException(String message, boolean unavailable) {
        super(message);
        this.unavailable = unavailable;
    }

    public boolean unavailable() {
        return unavailable;
    }
}
