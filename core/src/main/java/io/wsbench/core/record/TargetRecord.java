package io.wsbench.core.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What was measured: a stack speaking a protocol for an operation, with a security configuration.
 * {@code variant} tells endpoints of one protocol apart (seed 000's REST inline, component, cached);
 * {@code label} is the name people read in tables. {@code client} is how the client built its
 * requests when not pre-encoded ({@code wsdl}, {@code wsdl-cached}); {@code coldStart} marks a
 * target measured on a freshly started server.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TargetRecord(String label, String stack, String protocol, String variant,
                           String operation, String security, String sequence, String url,
                           String client, Boolean coldStart) {

    public TargetRecord(String label, String stack, String protocol, String variant, String operation,
                        String security, String sequence, String url) {
        this(label, stack, protocol, variant, operation, security, sequence, url, null, null);
    }

    public TargetRecord(String label, String stack, String protocol, String variant, String operation,
                        String security, String url) {
        this(label, stack, protocol, variant, operation, security, null, url);
    }
}
