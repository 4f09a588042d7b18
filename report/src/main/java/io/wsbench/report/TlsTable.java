package io.wsbench.report;

import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.Summary;
import io.wsbench.model.record.TlsRecord;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
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

    static Table of(List<PointRecord> points) {
        List<Table.Row> rows = new ArrayList<>();
        for (List<PointRecord> ps : PointRecord.byKey(points.stream().filter(p -> p.tls() != null).toList()).values()) {
            TlsRecord t = ps.get(0).tls();
            rows.add(new Table.Row(List.of(Table.Cell.of(ps.get(0).target().label()), Table.Cell.of(ps.get(0).load().describe()),
                    Table.Cell.of(t.protocol()), Table.Cell.of(t.cipherSuite()), Table.Cell.of(t.provider()),
                    Table.Cell.bad(t.unverified() ? "not verified" : "verified", t.unverified()),
                    Table.Cell.of(t.clientCertificate() != null ? "yes" : "no"),
                    spread(ps.stream().mapToDouble(p -> p.tls().handshakes()).toArray()),
                    spread(ps.stream().mapToDouble(p -> p.tls().handshakeMicrosMean()).toArray()),
                    spread(ps.stream().mapToDouble(p -> 100 * p.tls().resumedShare()).toArray()))));
        }
        return new Table(List.of("target", "load", "protocol", "cipher suite", "provider", "certificate",
                "client certificate", "handshakes", "handshake µs (mean)", "resumed %"), rows);
    }

    private static Table.Cell spread(double[] values) {
        return Table.Cell.spread(Summary.Spread.of(values), values.length, v -> HtmlFormat.fixed(v, 0));
    }
}
