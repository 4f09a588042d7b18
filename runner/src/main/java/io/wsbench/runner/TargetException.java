package io.wsbench.runner;

/**
 * A target that cannot be loaded as the user gave it: a description, a data file or a TLS file
 * that is wrong, a server that does not answer. Its message is one line for the user, found
 * before any load is sent.
 */
public final class TargetException extends RuntimeException {

    public TargetException(String message) {
        super(message);
    }
}
