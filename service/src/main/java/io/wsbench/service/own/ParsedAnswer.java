package io.wsbench.service.own;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.w3c.dom.Document;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The answer the checks read, parsed as XML or JSON at most once, on first ask. */
public final class ParsedAnswer implements AnswerCheck.Answer {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final DocumentBuilder dom = documentBuilder();
    private int status;
    private String contentType;
    private Map<String, String> row;
    private byte[] body;
    private int length;
    private Document xml;
    private JsonNode json;
    private boolean xmlTried;
    private boolean jsonTried;
    private Map<String, String> headers = Map.of();
    private String text;
    private org.jsoup.nodes.Document html;
    /** The charset of the last Content-Type read, kept while answers carry the same one (a point's usually do). */
    private String charsetOf = "";
    private Charset charset = StandardCharsets.UTF_8;

    public void reset(int status, String contentType, Map<String, String> row, byte[] body, int length) {
        reset(status, contentType, row, body, length, Map.of());
    }

    /** {@code headers}: the answer's headers the checks read, by lower-case name. */
    public void reset(int status, String contentType, Map<String, String> row, byte[] body, int length,
                      Map<String, String> headers) {
        this.headers = headers;
        text = null;
        html = null;
        this.status = status;
        this.contentType = contentType == null ? "" : contentType;
        this.row = row;
        this.body = body;
        this.length = length;
        xml = null;
        json = null;
        xmlTried = false;
        jsonTried = false;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public String contentType() {
        return contentType;
    }

    @Override
    public Map<String, String> row() {
        return row;
    }

    @Override
    public Document xml() {
        if (!xmlTried) {
            xmlTried = true;
            try {
                dom.reset();
                xml = dom.parse(new ByteArrayInputStream(body, 0, length));
            } catch (Exception notXml) {
                xml = null;
            }
        }
        return xml;
    }

    @Override
    public JsonNode json() {
        if (!jsonTried) {
            jsonTried = true;
            try {
                json = JSON.readTree(body, 0, length);
            } catch (Exception notJson) {
                json = null;
            }
        }
        return json;
    }

    /** The body as text in the charset its Content-Type names (UTF-8 when it names none, or one unknown here), decoded once. */
    @Override
    public String text() {
        if (text == null) {
            text = new String(body, 0, length, charset());
        }
        return text;
    }

    @Override
    public Charset charset() {
        if (!contentType.equals(charsetOf)) {
            charsetOf = contentType;
            charset = charsetIn(contentType);
        }
        return charset;
    }

    /** The {@code charset} parameter of a Content-Type ({@code text/xml; charset="ISO-8859-1"}), UTF-8 when it has none or no known one. */
    static Charset charsetIn(String contentType) {
        int at = contentType.toLowerCase(java.util.Locale.ROOT).indexOf("charset=");
        if (at < 0) {
            return StandardCharsets.UTF_8;
        }
        int end = contentType.indexOf(';', at);
        String name = contentType.substring(at + 8, end < 0 ? contentType.length() : end).trim().replace("\"", "");
        try {
            return Charset.forName(name);
        } catch (IllegalArgumentException unknown) {
            return StandardCharsets.UTF_8;
        }
    }

    @Override
    public org.jsoup.nodes.Document html() {
        if (html == null) {
            html = org.jsoup.Jsoup.parse(text());
        }
        return html;
    }

    @Override
    public String header(String name) {
        return headers.get(name);
    }

    @Override
    public byte[] body() {
        return body;
    }

    @Override
    public int length() {
        return length;
    }

    private static DocumentBuilder documentBuilder() {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder b = f.newDocumentBuilder();
            // an answer that is not XML is the check's failure, said once by it: the parser's own handler would print
            // "[Fatal Error] :1:1: Content is not allowed in prolog." on stderr for every such answer
            b.setErrorHandler(new org.xml.sax.helpers.DefaultHandler());
            return b;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }
}
