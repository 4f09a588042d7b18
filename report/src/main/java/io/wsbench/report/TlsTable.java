package io.wsbench.report;

import io.wsbench.core.record.PointRecord;
import io.wsbench.core.record.Summary;
import io.wsbench.core.record.TlsRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the https:// targets spoke TLS: protocol, cipher suite, provider, whether the certificate was
 * verified and a client certificate shown, then the handshake time and the share of resumed sessions
 * (medians of the repeats with min–max, like the summary). A target loaded with {@code --insecure}
 * is also a flag: its answers may not have come from the server named.
 */
final class TlsTable {

    private TlsTable() {
    }

    static boolean applies(List<PointRecord> points) {
        return points.stream().anyMatch(p -> p.tls() != null);
    }

    /** One flag per target whose certificate was not verified. */
    static List<String> flags(List<PointRecord> points) {
        Set<String> labels = new LinkedHashSet<>();
        for (PointRecord p : points) {
            if (p.tls() != null && p.tls().unverified()) {
                labels.add(p.target().label());
            }
        }
        List<String> flags = new ArrayList<>();
        for (String label : labels) {
            flags.add(label + ": the server's TLS certificate was not verified (--insecure, or tls: { insecure: true }),"
                    + " so the answers may not have come from the server named.");
        }
        return flags;
    }

    static String html(List<PointRecord> points) {
        Map<String, List<PointRecord>> groups = new LinkedHashMap<>();
        for (PointRecord p : points) {
            if (p.tls() != null) {
                groups.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p);
            }
        }
        StringBuilder s = new StringBuilder("<table class=\"summary\">\n<thead><tr><th>target</th><th>load</th>"
                + "<th>protocol</th><th>cipher suite</th><th>provider</th><th>certificate</th><th>client certificate</th>"
                + "<th>handshakes</th><th>handshake µs (mean)</th><th>resumed %</th></tr></thead>\n<tbody>\n");
        for (List<PointRecord> ps : groups.values()) {
            TlsRecord t = ps.get(0).tls();
            s.append("<tr><td>").append(HtmlFormat.escape(ps.get(0).target().label())).append("</td><td>")
                    .append(HtmlFormat.escape(ps.get(0).load().describe())).append("</td><td>")
                    .append(HtmlFormat.escape(t.protocol())).append("</td><td>")
                    .append(HtmlFormat.escape(t.cipherSuite())).append("</td><td>")
                    .append(HtmlFormat.escape(t.provider())).append("</td><td>")
                    .append(t.unverified() ? "<strong>not verified</strong>" : "verified").append("</td><td>")
                    .append(t.clientCertificate() != null ? "yes" : "no").append("</td>");
            cell(s, ps.stream().mapToDouble(p -> p.tls().handshakes()).toArray(), 0);
            cell(s, ps.stream().mapToDouble(p -> p.tls().handshakeMicrosMean()).toArray(), 0);
            cell(s, ps.stream().mapToDouble(p -> 100 * p.tls().resumedShare()).toArray(), 0);
            s.append("</tr>\n");
        }
        return s.append("</tbody>\n</table>\n").toString();
    }

    private static void cell(StringBuilder s, double[] values, int decimals) {
        Summary.Spread spread = Summary.Spread.of(values);
        s.append("<td>").append(HtmlFormat.fixed(spread.median(), decimals));
        if (values.length > 1) {
            s.append("<span class=\"spread\">").append(HtmlFormat.fixed(spread.min(), decimals)).append("–")
                    .append(HtmlFormat.fixed(spread.max(), decimals)).append("</span>");
        }
        s.append("</td>");
    }
}
