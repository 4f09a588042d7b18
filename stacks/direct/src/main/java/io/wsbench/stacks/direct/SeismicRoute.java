package io.wsbench.stacks.direct;

import io.wsbench.contract.Xml;
import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.Query;
import io.wsbench.contract.seismic.SeismicContract;
import io.wsbench.contract.seismic.SeismicXml;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;

/**
 * Seed 001's matchQuakes on the direct stack: the query read with StAX, the results written by
 * hand into the response, no binding framework. It is what the framework stacks cost is read against.
 */
final class SeismicRoute {

    private final Catalog catalog;
    private final XMLInputFactory in = Xml.lockedDownInput();
    private final String wsdl;

    SeismicRoute(Catalog catalog) {
        this.catalog = catalog;
        this.wsdl = Xml.resource(SeismicContract.WSDL_RESOURCE);
    }

    HelloRoutes.Answer wsdl(String host) {
        return HelloRoutes.Answer.of(200, "text/xml; charset=utf-8", wsdl.replace("127.0.0.1:8080", host));
    }

    HelloRoutes.Answer matchQuakes(byte[] request) {
        StringBuilder sb = new StringBuilder(4096);
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?><soap:Envelope xmlns:soap=\"")
                .append(HelloRoutes.SOAP11_NS).append("\"><soap:Body>");
        try {
            Query q = parse(request);
            SeismicXml.results(sb, catalog, catalog.match(q));
        } catch (XMLStreamException | IllegalArgumentException | DateTimeParseException e) {
            String reason = io.wsbench.contract.Xml.text(String.valueOf(e.getMessage()));
            return HelloRoutes.Answer.of(500, "text/xml; charset=utf-8", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                    + "<soap:Envelope xmlns:soap=\"" + HelloRoutes.SOAP11_NS + "\"><soap:Body><soap:Fault>"
                    + "<faultcode>soap:Client</faultcode><faultstring>" + reason + "</faultstring></soap:Fault>"
                    + "</soap:Body></soap:Envelope>");
        }
        sb.append("</soap:Body></soap:Envelope>");
        return HelloRoutes.Answer.of(200, "text/xml; charset=utf-8", sb.toString());
    }

    private Query parse(byte[] request) throws XMLStreamException {
        XMLStreamReader r = in.createXMLStreamReader(new ByteArrayInputStream(request));
        Map<String, String> fields = new HashMap<>();
        boolean inQuery = false;
        try {
            while (r.hasNext()) {
                int e = r.next();
                if (e == XMLStreamReader.START_ELEMENT && SeismicContract.NAMESPACE.equals(r.getNamespaceURI())) {
                    if ("query".equals(r.getLocalName())) {
                        inQuery = true;
                    } else if (inQuery) {
                        fields.put(r.getLocalName(), r.getElementText().trim());
                    }
                }
            }
        } finally {
            r.close();
        }
        if (!inQuery) {
            throw new IllegalArgumentException("no query element in the SOAP Body");
        }
        return new Query(date(fields.get("min-date")), date(fields.get("max-date")),
                num(fields.get("min-long")), num(fields.get("max-long")), num(fields.get("min-lat")),
                num(fields.get("max-lat")), num(fields.get("min-mag")), num(fields.get("max-mag")),
                num(fields.get("min-depth")), num(fields.get("max-depth")));
    }

    private static Float num(String s) {
        return s == null ? null : Float.parseFloat(s);
    }

    /** xsd:dateTime, with or without a zone (none means UTC). */
    static Long date(String s) {
        if (s == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(s).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            return LocalDateTime.parse(s).toInstant(ZoneOffset.UTC).toEpochMilli();
        }
    }

}
