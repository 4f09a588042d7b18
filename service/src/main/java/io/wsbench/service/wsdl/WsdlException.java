package io.wsbench.service.wsdl;

/**
 * A WSDL, a schema, a template, a data file or a check that cannot be used, found before any load:
 * its message is one line that names the file (and line and column where they are known) and the problem.
 */
public final class WsdlException extends io.wsbench.service.own.OwnServiceException {

    public WsdlException(String message) {
        super(message);
    }
}
