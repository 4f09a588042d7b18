package io.wsbench.core.suite;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One target of a suite: a reference {@code stack} started by wsbench, or an external {@code url}.
 * {@code operation} and {@code security} default to the suite's operation and "plain".
 */
public record TargetSpec(@JsonProperty("label") String label,
                         @JsonProperty("stack") String stack,
                         @JsonProperty("protocol") String protocol,
                         @JsonProperty("variant") String variant,
                         @JsonProperty("operation") String operation,
                         @JsonProperty("security") String security,
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
                    + ("plain".equals(security) ? "" : " " + security);
        }
    }

    TargetSpec withOperation(String suiteOperation) {
        return operation != null ? this
                : new TargetSpec(label, stack, protocol, variant, suiteOperation, security, url);
    }
}
