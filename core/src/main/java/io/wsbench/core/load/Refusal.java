package io.wsbench.core.load;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * What a point's first refused answer was, said in a line: its status, its content type, its length and the start of
 * its body, so that a user whose every request failed reads why (a 404's page, a SOAP Fault's text) instead of a
 * count. Made once a point, for its first refusal only: the answers after it cost nothing more.
 */
final class Refusal {

    /** The body's first bytes shown: a page's title or a Fault's string, not the whole page. */
    static final int SHOWN = 160;

    private Refusal() {
    }

    /**
     * "status 404 (text/html, 153 bytes: &lt;html&gt; &lt;head&gt;&lt;title&gt;404 Not Found&lt;/title&gt; …)", and for an answer
     * refused by its check or its protocol, which kind it was counted as (", counted as failed validation"); a redirect
     * says that it was not followed, and where one is.
     */
    static String said(Verdict verdict, int status, String contentType, byte[] body, int length) {
        StringBuilder out = new StringBuilder("status ").append(status).append(" (");
        if (contentType != null && !contentType.isEmpty()) {
            out.append(contentType).append(", ");
        }
        out.append(length).append(length == 1 ? " byte" : " bytes");
        int held = body == null ? 0 : Math.min(length, body.length);
        String fault = held > 0 ? fault(body, held) : null;
        if (fault != null) {
            out.append(", a SOAP Fault: ").append(fault);
        } else if (held > 0) {
            out.append(": ").append(excerpt(body, held));
        }
        out.append(')');
        if (verdict == Verdict.HTTP_STATUS && Redirects.redirect(status)) {
            // a lone request's answer is the one measured: a redirect is not followed, so say where that is done
            out.append(", a redirect, not followed: load the address it names, or make the request a flow's step with follow: true");
        }
        return verdict == Verdict.HTTP_STATUS || verdict.kind() == null ? out.toString()
                : out.append(", counted as ").append(verdict.kind().said()).toString();
    }

    /**
     * A failed gRPC call: "grpc-status NOT_FOUND (5): no such person: nobody", its grpc-message decoded (gRPC sends it
     * percent-encoded), on one line, cut and masked as a body's excerpt is.
     */
    static String grpc(String status, CharSequence message) {
        if (message == null || message.length() == 0) {
            return status;
        }
        byte[] decoded = percentDecoded(message);
        return status + ": " + excerpt(decoded, decoded.length);
    }

    /** gRPC's percent-encoding undone: each %XX its byte, the rest as sent (ASCII). */
    private static byte[] percentDecoded(CharSequence s) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int hi = c == '%' && i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
            int lo = hi >= 0 ? Character.digit(s.charAt(i + 2), 16) : -1;
            if (lo >= 0) {
                out.write(hi << 4 | lo);
                i += 2;
            } else {
                out.write(c);
            }
        }
        return out.toByteArray();
    }

    /** The body's first {@link #SHOWN} bytes on one line: every run of white space or control characters one space. */
    static String excerpt(byte[] body, int length) {
        String text = new String(body, 0, Math.min(length, SHOWN), StandardCharsets.UTF_8);
        StringBuilder line = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c) || c == '\uFFFD') {
                space = line.length() > 0;
            } else {
                if (space) {
                    line.append(' ');
                    space = false;
                }
                line.append(c);
            }
        }
        String shown = hideSecrets(line.toString());
        return length > SHOWN ? shown + " …" : shown;
    }

    /**
     * A SOAP Fault's code and text ("soap:Client unlucky"; SOAP 1.2's Code Value and Reason Text), from the body's first
     * {@link #FAULT_SCAN} bytes, or null when they hold none: the envelope's start fills the first bytes a plain
     * excerpt shows, and the text that says why comes after it.
     */
    static String fault(byte[] body, int length) {
        String text = new String(body, 0, Math.min(length, FAULT_SCAN), StandardCharsets.UTF_8);
        java.util.regex.Matcher reason = FAULT_TEXT.matcher(text);
        if (!text.contains("Fault") || !reason.find()) {
            return null;
        }
        java.util.regex.Matcher code = FAULT_CODE.matcher(text);
        String why = (code.find() ? code.group(1).trim() + " " : "") + reason.group(1).trim();
        byte[] said = why.getBytes(StandardCharsets.UTF_8);
        return excerpt(said, said.length);
    }

    /** How far into a body a Fault is looked for. */
    static final int FAULT_SCAN = 8192;
    private static final Pattern FAULT_TEXT = Pattern.compile(
            "<(?:[\\w.-]+:)?(?:faultstring|Reason>\\s*<(?:[\\w.-]+:)?Text)\\b[^>]*>([^<]*)<");
    private static final Pattern FAULT_CODE = Pattern.compile(
            "<(?:[\\w.-]+:)?(?:faultcode|Code>\\s*<(?:[\\w.-]+:)?Value)\\b[^>]*>([^<]*)<");

    /**
     * A body may echo the request (a debugging server, an error page quoting the headers), and the note it lands in goes
     * to run.json and the report: a credential's value after its name ("Authorization: Bearer …", "password=…",
     * {@code "apiKey": "…"}) is shown as ***.
     */
    static String hideSecrets(String text) {
        return SCHEME.matcher(SECRET.matcher(text).replaceAll("$1$2***")).replaceAll("$1 ***");
    }

    private static final Pattern SCHEME = Pattern.compile(
            "\\b((?i:Bearer|Basic|Digest|Negotiate))\\s+(?![a-z]+\\b)[A-Za-z0-9._~+/=-]{8,}"); // not a word of prose
    private static final Pattern SECRET = Pattern.compile(
            "(?i)([\\w-]*(?:authorization|cookie|passw(?:or)?d|pwd|secret|token|api[-_]?key)[\\w-]*)(\"?\\s*[:=]\\s*\"?)(?:(?:Bearer|Basic|Digest|Negotiate)\\s+)?[^\\s\"'&,;<]+");
}
