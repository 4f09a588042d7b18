package io.wsbench.cli;

import io.wsbench.model.suite.RequestSpec;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The request {@code load URL} and {@code capacity URL} send, as a suite target's {@code method:},
 * {@code body:}, {@code headers:}, {@code soapAction:} and {@code expect:} write it ({@link RequestSpec}).
 */
final class RequestOptions {

    @Option(names = "--body", paramLabel = "FILE", description = "request body (makes the request a POST)")
    Path body;

    @Option(names = {"-H", "--header"}, paramLabel = "'K: V'", description = "extra request header (repeatable)")
    List<String> headers = List.of();

    @Option(names = "--soap-action", paramLabel = "A", description = "SOAPAction header; sets Content-Type text/xml")
    String soapAction;

    @Option(names = "--method", description = "HTTP method (default GET, or POST with --body); with --proto, the gRPC method (package.Service/Method)")
    String method;

    @Option(names = "--expect", paramLabel = "TEXT", description = "a response counts only if its body contains TEXT")
    String expect;

    /** Whether --body, --soap-action or --expect is given: what only a request written by these options has. */
    boolean written() {
        return body != null || soapAction != null || expect != null;
    }

    /** The request as a suite target's keys write it; {@code headersOnly}: the --headers alone (an OpenAPI operation's). */
    RequestSpec spec(boolean headersOnly) {
        return headersOnly ? new RequestSpec(null, null, headerMap(), null, null)
                : new RequestSpec(method, body == null ? null : body.toString(), headerMap(), soapAction, expect);
    }

    /** The {@code --header}s, name to value, in their order. */
    Map<String, String> headerMap() {
        Map<String, String> h = new LinkedHashMap<>();
        for (String header : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new UserError("a header is written 'Name: value', not '" + header + "'");
            }
            h.put(header.substring(0, colon).trim(), header.substring(colon + 1).trim());
        }
        return h;
    }
}
