package io.wsbench.protocols;

import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One HTTP request as a user writes it for {@code wsbench load URL} (method, headers, body), with
 * the only check a URL whose answer wsbench does not know can have: a 2xx status and, when
 * {@code expect} is given, a body that contains it.
 */
public record HttpWorkload(String method, Map<String, String> headers, byte[] body, String expect) implements Workload {

    /** A GET, any 2xx valid: {@code wsbench load URL} with no option that writes the request, and a suite's URL without a protocol. */
    public static HttpWorkload get() {
        return new HttpWorkload("GET", Map.of(), null, null);
    }

    /**
     * The request a suite's {@code request:} or load's options write: {@code soapAction} sends the body
     * as {@code text/xml} with that SOAPAction (quoted), a body alone as {@code application/octet-stream},
     * the user's own {@code headers} over both (a Content-Type of theirs, in any spelling, wins).
     */
    public static HttpWorkload of(String method, Map<String, String> headers, byte[] body, String soapAction, String expect) {
        Map<String, String> h = new java.util.LinkedHashMap<>();
        if (soapAction != null) {
            h.put("Content-Type", "text/xml; charset=UTF-8");
            h.put("SOAPAction", soapAction.startsWith("\"") ? soapAction : "\"" + soapAction + "\"");
        } else if (body != null) {
            h.put("Content-Type", "application/octet-stream");
        }
        h.putAll(headers);
        if (h.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("Content-Type") && !k.equals("Content-Type"))) {
            h.remove("Content-Type"); // the user's own spelling wins
        }
        return new HttpWorkload(method, h, body, expect);
    }

    @Override
    public RequestSource requests(URI endpoint, boolean keepAlive) {
        return new HttpRequest(method, endpoint, headers, body, keepAlive);
    }

    @Override
    public Validator validator() {
        if (expect == null) {
            return Validator.ANY_2XX;
        }
        byte[] needle = expect.getBytes(StandardCharsets.UTF_8);
        return (status, contentType, b, length) -> {
            if (status < 200 || status >= 300) {
                return Verdict.HTTP_STATUS;
            }
            return io.wsbench.core.load.Bytes.indexOf(b, 0, length, needle) >= 0 ? Verdict.OK : Verdict.VALIDATION;
        };
    }

}
