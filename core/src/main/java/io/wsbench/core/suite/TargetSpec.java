package io.wsbench.core.suite;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.Map;
import java.util.TreeMap;

/**
 * One target of a suite: a reference {@code stack} started by wsbench, or an external {@code url}.
 * {@code operation} and {@code security} default to the suite's operation and "plain";
 * {@code sequence} names the request sequence of operations that have several (matchQuakes).
 * {@code client} says how the client builds its SOAP requests: pre-encoded once (the default),
 * {@code wsdl} (from the WSDL on every call) or {@code wsdl-cached} (from a model parsed once).
 * {@code coldStart: true} gives the target a freshly started server of its own for each repeat,
 * with no warm-up, so its first requests are the first the server ever answered.
 * {@code stackOptions} are this target's own options for its stack, over the suite's
 * {@code stackOptions} for that stack: targets whose options differ get servers of their own, so
 * one suite can compare two versions of one stack ({@code stackOptions: {version: 7.0.2.106-RC}}).
 * {@code path} is where the target answers on its stack's address: needed for a stack of the
 * user's own (the suite's {@code stacks:}), and over the descriptor's endpoint for a built-in one.
 * {@code tls} is how to speak TLS to an https:// {@code url} ({@link TlsSpec}).
 */
public record TargetSpec(@JsonProperty("label") String label,
                         @JsonProperty("stack") String stack,
                         @JsonProperty("protocol") String protocol,
                         @JsonProperty("variant") String variant,
                         @JsonProperty("operation") String operation,
                         @JsonProperty("security") String security,
                         @JsonProperty("sequence") String sequence,
                         @JsonProperty("url") String url,
                         @JsonProperty("client") String client,
                         @JsonProperty("coldStart") Boolean coldStart,
                         @JsonProperty("stackOptions") Map<String, String> stackOptions,
                         @JsonProperty("path") String path,
                         @JsonProperty("tls") TlsSpec tls) {

    public TargetSpec(String label, String stack, String protocol, String variant, String operation, String security,
                      String sequence, String url, String client, Boolean coldStart, Map<String, String> stackOptions,
                      String path) {
        this(label, stack, protocol, variant, operation, security, sequence, url, client, coldStart, stackOptions, path, null);
    }

    public TargetSpec {
        if ((stack == null) == (url == null)) {
            throw new IllegalArgumentException("a target needs either 'stack' or 'url'");
        }
        if (protocol == null) {
            throw new IllegalArgumentException("a target needs a 'protocol'");
        }
        security = security == null ? "plain" : security;
        coldStart = Boolean.TRUE.equals(coldStart) ? Boolean.TRUE : null;
        if (coldStart != null && stack == null) {
            throw new IllegalArgumentException("'coldStart' needs a 'stack' that wsbench starts, not a 'url'");
        }
        stackOptions = stackOptions == null || stackOptions.isEmpty() ? null : Map.copyOf(new TreeMap<>(stackOptions));
        if (stackOptions != null && stack == null) {
            throw new IllegalArgumentException("'stackOptions' needs a 'stack' that wsbench starts, not a 'url'");
        }
        if (path != null && (stack == null || !path.startsWith("/"))) {
            throw new IllegalArgumentException("'path' is a path on a 'stack''s address, starting with '/': " + path);
        }
        if (tls != null && (url == null || !url.startsWith("https:"))) {
            throw new IllegalArgumentException("'tls' is for a 'url' that starts with https://");
        }
        if (label == null) {
            label = (stack != null ? stack : "url") + " " + protocol + (variant == null ? "" : " " + variant)
                    + (sequence == null ? "" : " " + sequence) + (client == null ? "" : " " + client)
                    + ("plain".equals(security) ? "" : " " + security)
                    + (stackOptions == null ? "" : " " + new TreeMap<>(stackOptions));
        }
    }

    TargetSpec withOperation(String suiteOperation) {
        return operation != null ? this
                : new TargetSpec(label, stack, protocol, variant, suiteOperation, security, sequence, url, client, coldStart,
                        stackOptions, path, tls);
    }

    /** This target's own stack options (none: an empty map). */
    public Map<String, String> ownOptions() {
        return stackOptions == null ? Map.of() : stackOptions;
    }

    public boolean cold() {
        return coldStart != null;
    }
}
