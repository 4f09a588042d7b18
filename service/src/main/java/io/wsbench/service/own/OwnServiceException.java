package io.wsbench.service.own;

/** A user's description, template, data or check that cannot be used: one line naming the file and the problem. */
public class OwnServiceException extends Exception {
    public OwnServiceException(String message) {
        super(message);
    }
}
