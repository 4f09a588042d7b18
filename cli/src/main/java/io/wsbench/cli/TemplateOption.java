package io.wsbench.cli;

import picocli.CommandLine.Option;

/** {@code --template}, shared by {@code wsdl} and {@code openapi}: the sample request with a placeholder per leaf value. */
final class TemplateOption {

    @Option(names = "--template", description = "placeholders instead of sample values")
    boolean template;
}
