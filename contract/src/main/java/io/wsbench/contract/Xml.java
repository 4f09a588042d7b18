package io.wsbench.contract;

import javax.xml.stream.XMLInputFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** XML escaping, reading and the contracts' documents, written once for the client and every server of ours. */
public final class Xml {

    private Xml() {
    }

    /** A StAX factory locked down: no DTDs, no external entities. */
    public static XMLInputFactory lockedDownInput() {
        XMLInputFactory f = XMLInputFactory.newInstance();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        return f;
    }

    /** A document of the contracts, such as {@code HelloContract.WSDL_RESOURCE}, read whole. */
    public static String resource(String name) {
        try (InputStream in = Xml.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no " + name + " in the contract's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code s} as element text: {@code < > &} escaped, quotes left as they are (the bytes of our answers). */
    public static String text(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        escape(sb, s, false);
        return sb.toString();
    }

    /** {@code s} fit for element text or an attribute value: quotes escaped too. */
    public static String attribute(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        escape(sb, s, true);
        return sb.toString();
    }

    /** Appends {@code s} to {@code sb} as element text (or, with {@code quotes}, an attribute value). */
    public static void escape(StringBuilder sb, String s, boolean quotes) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append(quotes ? "&quot;" : "\"");
                case '\'' -> sb.append(quotes ? "&apos;" : "'");
                default -> sb.append(c);
            }
        }
    }
}
