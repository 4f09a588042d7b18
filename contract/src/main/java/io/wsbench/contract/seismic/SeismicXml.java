package io.wsbench.contract.seismic;

import io.wsbench.contract.Xml;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The XML of the contract, written by hand: the query a client sends (the body of its SOAP
 * request) and the results a server returns. The direct stack streams these; the framework
 * stacks produce the same shape through their own binding.
 */
public final class SeismicXml {

    private SeismicXml() {
    }

    public static String query(Query q) {
        StringBuilder sb = new StringBuilder(400);
        sb.append("<s:query xmlns:s=\"").append(SeismicContract.NAMESPACE).append("\">");
        q.bounds().forEach((name, v) -> sb.append("<s:").append(name).append('>')
                .append(v instanceof Long millis ? DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(millis)) : v)
                .append("</s:").append(name).append('>'));
        return sb.append("</s:query>").toString();
    }

    /** The {@code results} element for what a query matched, namespace declared on it. */
    public static void results(StringBuilder sb, Catalog catalog, List<Catalog.ResultSet> sets) {
        int total = sets.stream().mapToInt(s -> s.quakes().size()).sum();
        sb.append("<results xmlns=\"").append(SeismicContract.NAMESPACE).append("\" count=\"").append(total).append("\">");
        for (Catalog.ResultSet rs : sets) {
            sb.append("<result-set><area-name>");
            Xml.escape(sb, rs.area().name(), false);
            sb.append("</area-name><regions count=\"").append(rs.regions().size()).append("\">");
            for (int r : rs.regions()) {
                sb.append("<region ident=\"").append(Catalog.regionIdent(r)).append("\" index=\"").append(r).append("\">");
                Xml.escape(sb, catalog.regionName(r), false);
                sb.append("</region>");
            }
            sb.append("</regions><quakes count=\"").append(rs.quakes().size()).append("\">");
            for (Quake q : rs.quakes()) {
                sb.append("<quake time=\"").append(DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(q.millis())))
                        .append("\" millis=\"").append(q.millis())
                        .append("\" latitude=\"").append(q.latitude())
                        .append("\" longitude=\"").append(q.longitude())
                        .append("\" depth=\"").append(q.depth())
                        .append("\" magnitude=\"").append(q.magnitude())
                        .append("\" method=\"").append(q.method())
                        .append("\" region=\"").append(Catalog.regionIdent(q.region())).append("\"/>");
            }
            sb.append("</quakes></result-set>");
        }
        sb.append("</results>");
    }
}
