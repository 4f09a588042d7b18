package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What was measured: a stack speaking a protocol for an operation, with a security configuration.
 * {@code variant} tells endpoints of one protocol apart (seed 000's REST inline, component, cached);
 * {@code label} is the name people read in tables. {@code client} is how the client built its
 * requests when not pre-encoded ({@code wsdl}, {@code wsdl-cached}); {@code coldStart} marks a
 * target measured on a freshly started server. {@code stackOptions} are the options the suite
 * gave the target's server (its own over the suite's for that stack, e.g. {@code version}), so
 * that two versions of one stack measured in one run can be told apart and paired; null when none.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record TargetRecord(String label, String stack, String protocol, String variant,
                           String operation, String security, String sequence, String url,
                           String client, Boolean coldStart, Map<String, String> stackOptions) {

    /** The protocol of a URL loaded as is: the request {@code wsbench load URL} sends, any 2xx answer valid. */
    public static final String HTTP = "http";

    public TargetRecord {
        // sorted, so run.json lists them in the same order every time
        stackOptions = stackOptions == null || stackOptions.isEmpty() ? null
                : Collections.unmodifiableMap(new TreeMap<>(stackOptions));
    }

    public TargetRecord(String label, String stack, String protocol, String variant, String operation,
                        String security, String sequence, String url) {
        this(label, stack, protocol, variant, operation, security, sequence, url, null, null, null);
    }

    public TargetRecord(String label, String stack, String protocol, String variant, String operation,
                        String security, String url) {
        this(label, stack, protocol, variant, operation, security, null, url);
    }
}
