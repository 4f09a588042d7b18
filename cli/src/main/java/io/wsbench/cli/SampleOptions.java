package io.wsbench.cli;

import picocli.CommandLine.Option;

/**
 * What {@code wsdl} and {@code openapi} print of one operation of a service: a sample request, or the
 * template of one with a placeholder per leaf value. Without {@code --operation} they list the operations.
 */
final class SampleOptions {

    @Option(names = "--operation", paramLabel = "NAME", description = "print a request of this operation (its name in a WSDL, its operationId in an OpenAPI spec)")
    String operation;

    @Option(names = "--template", description = "placeholders instead of sample values")
    boolean template;
}
