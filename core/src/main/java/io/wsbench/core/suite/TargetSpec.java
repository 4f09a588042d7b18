package io.wsbench.core.suite;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One target of a suite: a reference {@code stack} started by wsbench, or an external {@code url}.
 * {@code operation} and {@code security} default to the suite's operation and "plain";
 * {@code sequence} names the request sequence of operations that have several (matchQuakes).
 */
public record TargetSpec(@JsonProperty("label") String label,
                         @JsonProperty("stack") String stack,
                         @JsonProperty("protocol") String protocol,
                         @JsonProperty("variant") String variant,
                         @JsonProperty("operation") String operation,
                         @JsonProperty("security") String security,
                         @JsonProperty("sequence") String sequence,
                         @JsonProperty("url") String url) {

    public TargetSpec {
        if ((stack == null) == (url == null)) {
            throw new IllegalArgumentException("a target needs either 'stack' or 'url'");
        }
        if (protocol == null) {
            throw new IllegalArgumentException("a target needs a 'protocol'");
        }
        security = security == null ? "plain" : security;
        if (label == null) {
            label = (stack != null ? stack : "url") + " " + protocol + (variant == null ? "" : " " + variant)
                    + (sequence == null ? "" : " " + sequence)
                    + ("plain".equals(security) ? "" : " " + security);
        }
    }

    TargetSpec withOperation(String suiteOperation) {
        return operation != null ? this
                : new TargetSpec(label, stack, protocol, variant, suiteOperation, security, sequence, url);
    }
}
