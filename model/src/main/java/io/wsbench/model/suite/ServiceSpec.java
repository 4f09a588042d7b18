package io.wsbench.model.suite;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * What a target on the user's own service is described by, and the rows that fill its requests: one of
 * a {@code wsdl}, an {@code openapi} spec, a {@code graphql} query or a {@code proto} (a URL, or a file
 * relative to the suite), the WSDL {@code port} when several have the operation, the request
 * {@code template} and the {@code data} rows (files relative to the suite), {@code dataMode}
 * ({@code cycle} or {@code unique}), the {@code checks} of every answer and {@code dataMaxMb}, the most
 * its encoded requests may take. A suite writes these keys on the target itself; {@link TargetSpec}
 * keeps them together here. {@link #NONE} for a target that has none of them.
 */
@RecordBuilder
public record ServiceSpec(String wsdl, String openapi, String graphql, String proto, String port, String template,
                          String data, String dataMode, List<String> checks, Long dataMaxMb) {

    public static final ServiceSpec NONE = ServiceSpecBuilder.builder().build();

    public ServiceSpec {
        if ((wsdl != null ? 1 : 0) + (openapi != null ? 1 : 0) + (graphql != null ? 1 : 0) + (proto != null ? 1 : 0) > 1) {
            throw new IllegalArgumentException("a target names one of a 'wsdl', an 'openapi', a 'graphql' query or a 'proto', not several");
        }
        checks = checks == null ? null : List.copyOf(checks);
    }

    /** Whether it names a description of the service: a WSDL, an OpenAPI spec, a GraphQL query or a proto. */
    public boolean described() {
        return wsdl != null || openapi != null || graphql != null || proto != null;
    }

    /** Whether it says how requests are filled or answers checked: a template, data rows, their mode or checks. */
    public boolean fillsRequests() {
        return template != null || data != null || dataMode != null || checks != null;
    }

    /** Whether it holds anything that only a described service takes (rows, checks, a port, a size bound). */
    public boolean any() {
        return fillsRequests() || port != null || dataMaxMb != null;
    }

    /** The protocol its description speaks: wsdl, openapi, grpc or graphql; null when it names none. */
    public String protocol() {
        return wsdl != null ? "wsdl" : openapi != null ? "openapi" : proto != null ? "grpc" : graphql != null ? "graphql" : null;
    }

    /** The key the suite wrote its description under: wsdl, openapi, proto or graphql. */
    public String key() {
        return proto != null ? "proto" : graphql != null ? "graphql" : protocol();
    }
}
