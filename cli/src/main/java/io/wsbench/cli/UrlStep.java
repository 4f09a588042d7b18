package io.wsbench.cli;

import io.wsbench.model.Redacted;
import io.wsbench.model.suite.FlowSpec;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.model.suite.TargetSpecBuilder;
import io.wsbench.model.suite.TlsSpec;
import io.wsbench.protocols.HttpWorkload;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code load URL} (and {@code capacity URL}) with {@code --check}, {@code --data}, {@code --template} or a {@code ${variable}}: the URL's
 * request as a flow of one step, whose checks read any answer (status, headers, body), whose rows fill the URL's path
 * and query, its headers and its body, as a flow file would write it. The request is the one {@code load URL} sends
 * without them (its method, headers, Content-Type and SOAPAction; no cookies kept), so adding a check changes what is
 * checked and nothing else.
 */
final class UrlStep {

    private UrlStep() {
    }

    /**
     * Whether the options ask for more than {@code load URL} sends and checks as it is (a 2xx, --expect's text): checks,
     * rows, a template, or a URL or header with a {@code ${variable}} (a built-in one, ${random:1-100}, needs no rows).
     */
    static boolean asked(TargetOptions o) {
        boolean described = o.wsdl != null || o.openapi != null || o.proto != null || o.graphql != null;
        return o.url != null && !described && (!o.checks.isEmpty() || o.data != null || o.template != null || o.dataMode != null
                || o.url.contains("${") || o.request.headers.stream().anyMatch(h -> h.contains("${")));
    }

    /**
     * A refusal of the flow the target is ({@code said}, as a flow file's step is told) in a URL's words: no
     * "steps step GET /x:" before it, and a variable nothing gives is one --data's rows would.
     */
    static String told(String said, TargetOptions o) {
        String step = "steps step ";
        String told = said.startsWith(step) && said.indexOf(": ", step.length()) > 0
                ? said.substring(said.indexOf(": ", step.length()) + 2) : said;
        told = told.startsWith("path uses ") ? "the URL uses " + told.substring("path uses ".length()) : told;
        return told.replace(", which no earlier step or row gives (known here: ",
                o.data == null ? ", which rows would give: add --data CSV with that column (known without rows: "
                        : ", which is not a column of " + o.data + " (known: ");
    }

    /** The target: at the URL's origin, one step sending its path and query; {@code tls}, the TLS options' target key. */
    static TargetSpec target(TargetOptions o, TlsSpec tls) {
        RequestOptions r = o.request;
        if (o.dataMaxMb != null) {
            throw new UserError("--data-max-mb bounds the requests --wsdl or --openapi encode ahead: a URL's are filled as they are sent");
        }
        if (o.template != null && r.body != null) {
            throw new UserError("give the body once: --body FILE (sent as it is) or --template FILE (its ${column}s filled from --data)");
        }
        if (o.dataMode != null && o.data == null) {
            throw new UserError("--data-mode goes with --data");
        }
        String body = o.template != null ? text(o.template, "--template") : r.body != null ? literal(text(r.body, "--body")) : null;
        // the headers load URL sends with a body and a SOAPAction: its Content-Type and SOAPAction, the user's own over them
        Map<String, String> headers = HttpWorkload.of(null, r.headerMap(), body == null ? null : new byte[0], r.soapAction, null).headers();
        List<String> checks = new ArrayList<>(o.checks);
        if (r.expect != null) {
            checks.add("contains:" + r.expect);
        }
        io.wsbench.model.load.Http2 h2 = o.http2(false);
        try {
            FlowSpec.OneStep one = FlowSpec.ofUrl(o.url, r.method, headers, body, o.data == null ? null : o.data.toString(),
                    o.dataMode, checks);
            TargetOptions.parse(one.origin());
            return TargetSpecBuilder.builder().label(Redacted.url(o.url)).url(one.origin()).tls(tls)
                    .http2(h2)
                    .flow(one.flow()).build();
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** A --body sent as it is: a {@code ${} in it is text, not a placeholder (a flow's {@code $${}). */
    private static String literal(String body) {
        return body.replace("${", "$${");
    }

    private static String text(Path file, String flag) {
        try {
            return io.wsbench.service.own.UserText.read(file);
        } catch (NoSuchFileException e) {
            throw new UserError(flag + " " + file + ": no such file");
        } catch (CharacterCodingException e) {
            throw new UserError(flag + " " + file + ": not UTF-8 text; with --check or --data the body is sent as text"
                    + " (a binary body goes without them)");
        } catch (IOException e) {
            throw new UserError(flag + " " + file + ": cannot read it: " + e.getMessage());
        }
    }
}
