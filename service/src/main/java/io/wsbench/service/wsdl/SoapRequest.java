package io.wsbench.service.wsdl;

import io.wsbench.core.load.HttpRequest;
import io.wsbench.service.own.AnswerSchema;
import io.wsbench.service.own.OwnRequest;
import io.wsbench.service.own.Placeholders;
import org.apache.xmlbeans.SchemaGlobalElement;
import org.apache.xmlbeans.SchemaType;
import org.apache.xmlbeans.XmlCursor;
import org.apache.xmlbeans.XmlError;
import org.apache.xmlbeans.XmlObject;
import org.apache.xmlbeans.XmlOptions;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXParseException;

import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A call of a WSDL operation: the envelope (the user's template, or one written from the schema
 * with a {@code ${name}} placeholder per leaf when the user brings data, or a sample when not),
 * its SOAPAction and media type from the binding, and the schema its answer must match.
 *
 * @param wsdl      the description the operation is of
 * @param operation the operation called
 * @param envelope  the envelope, its placeholders filled from each row
 */
public record SoapRequest(ServiceDescription wsdl, SoapOperation operation, Placeholders envelope) implements OwnRequest {

    private static final ThreadLocal<DocumentBuilder> BUILDER = ThreadLocal.withInitial(() -> {
        try {
            return builder();
        } catch (javax.xml.parsers.ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    });

    /**
     * {@code template}: the user's envelope and the file it came from (every placeholder in it the
     * user's: each must have its column), or null to write one from the schema: with placeholders
     * when there is data ({@code columns}, its header; the optional elements it has no column for
     * left out), with sample values when not ({@code columns} null).
     */
    public static SoapRequest of(ServiceDescription wsdl, SoapOperation op, String template, String templateSource,
                                 Set<String> columns) throws WsdlException {
        String text = template;
        if (text == null) {
            text = columns != null ? SampleRequest.template(wsdl, op, columns) : SampleRequest.sample(wsdl, op);
        } else {
            wellFormed(text, templateSource);
        }
        return new SoapRequest(wsdl, op, Placeholders.of(text));
    }

    /** Placeholders may stand anywhere text may: checked as they are written, before any value is put in. */
    private static void wellFormed(String text, String source) throws WsdlException {
        try {
            DocumentBuilder b = builder();
            b.setErrorHandler(new org.xml.sax.helpers.DefaultHandler() {
                @Override
                public void fatalError(SAXParseException e) throws SAXParseException {
                    throw e;
                }
            });
            b.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        } catch (SAXParseException e) {
            throw new WsdlException(source + ":" + e.getLineNumber() + ":" + e.getColumnNumber()
                    + ": the template is not well-formed XML: " + e.getMessage());
        } catch (Exception e) {
            throw new WsdlException(source + ": the template cannot be read: " + e.getMessage());
        }
    }

    @Override
    public URI endpoint() {
        return operation.address() == null ? null : URI.create(operation.address());
    }

    @Override
    public Set<String> placeholders() {
        return envelope.names();
    }

    @Override
    public byte[] wire(URI endpoint, Map<String, String> row, boolean keepAlive) {
        return wire(endpoint, body(row), keepAlive);
    }

    @Override
    public byte[] body(Map<String, String> row) {
        return envelope.fill(row, Placeholders::xml).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public byte[] wire(URI endpoint, byte[] body, boolean keepAlive) {
        return HttpRequest.wire("POST", endpoint, operation.version().headers(operation.soapAction()), body, keepAlive);
    }

    @Override
    public Map<String, String> prefixes() {
        return wsdl.prefixes();
    }

    @Override
    public boolean soap() {
        return true;
    }

    /**
     * The answer's body validated against the WSDL's schema: in document style its element against
     * its global declaration (each part against its type where the parts name types); in rpc/literal each part under the
     * wrapper against its element or type.
     * Rpc/encoded answers follow SOAP section 5's graph encoding, which no schema describes: none.
     */
    @Override
    public AnswerSchema answerSchema() {
        if (operation.encoded() || operation.output().isEmpty()) {
            return null;
        }
        return (status, contentType, body, length) -> {
            Element first;
            try {
                Document doc = BUILDER.get().parse(new ByteArrayInputStream(body, 0, length));
                first = bodyChild(doc.getDocumentElement());
            } catch (Exception e) {
                return "not XML: " + e.getMessage();
            }
            if (first == null) {
                return "no element in the SOAP Body";
            }
            try {
                if (operation.rpc()) {
                    return validateParts(children(first), first.getLocalName());
                }
                return operation.output().stream().anyMatch(p -> p.element() == null)
                        ? validateParts(children(first.getParentNode()), "the Body") : validate(first, null);
            } catch (Exception e) {
                return "cannot be validated: " + e.getMessage();
            }
        };
    }

    /**
     * Each output part among {@code parts}, the children of the rpc wrapper or, for a document-style message whose parts
     * name types (not WS-I, but served: SoapUI and PHP's SoapClient write such a part as an element of its name), of the
     * Body ({@code in} says which, for the message).
     */
    private String validateParts(List<Element> parts, String in) throws Exception {
        for (SoapOperation.Part part : operation.output()) {
            Element e = parts.stream().filter(p -> part.element() != null
                    ? p.getLocalName().equals(part.element().getLocalPart()) : p.getLocalName().equals(part.name()))
                    .findFirst().orElse(null);
            if (e == null) {
                return "no part '" + part.name() + "' in " + in;
            }
            String problem = validate(e, part.element() != null ? null : wsdl.types().findType(part.type()));
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private String validate(Element e, SchemaType type) throws Exception {
        if (type == null && wsdl.types().findElement(new QName(
                e.getNamespaceURI() == null ? "" : e.getNamespaceURI(), e.getLocalName())) == null) {
            return "{" + e.getNamespaceURI() + "}" + e.getLocalName() + " is not declared in the WSDL's schemas";
        }
        Document own = ServiceDescription.standalone(e, BUILDER.get().newDocument()).getOwnerDocument();
        XmlOptions load = new XmlOptions();
        if (type != null) {
            load.setLoadReplaceDocumentElement(null); // the part's element is not global: its content is of the type
        }
        XmlObject o = wsdl.types().parse(own, type, load);
        List<XmlError> errors = new ArrayList<>();
        if (!o.validate(new XmlOptions().setErrorListener(errors))) {
            return errors.isEmpty() ? "not valid against the WSDL's schema" : said(errors.get(0), e);
        }
        return null;
    }

    private static final Pattern CHAR_CODE = Pattern.compile("unexpected char '(\\d+)'");

    /**
     * XmlBeans' complaint about {@code e}, led by the element it is about and, when that holds text only, the text
     * ("return 'five': Invalid decimal value: unexpected char 'f'"): XmlBeans names neither, and gives a character by
     * its code ('102'). The element is where XmlBeans' cursor stands, or {@code e} where it gives none (a part read as
     * its type's content).
     */
    static String said(XmlError error, Element e) {
        String message = CHAR_CODE.matcher(error.getMessage()).replaceAll(m ->
                Matcher.quoteReplacement("unexpected char '" + Character.toString(Integer.parseInt(m.group(1))) + "'"));
        String name = e.getLocalName();
        String text = children(e).isEmpty() ? e.getTextContent() : null;
        XmlCursor at = error.getCursorLocation();
        if (at != null) {
            try {
                if (!at.isStart()) {
                    at.toParent();
                }
                if (at.getName() != null) {
                    name = at.getName().getLocalPart();
                    text = at.toFirstChild() ? null : at.getTextValue();
                }
            } finally {
                at.close();
            }
        }
        return name + (text == null ? "" : " '" + (text.length() > 40 ? text.substring(0, 40) + "…" : text) + "'") + ": " + message;
    }

    private static Element bodyChild(Element envelope) {
        for (Element c : children(envelope)) {
            if ("Body".equals(c.getLocalName())) {
                List<Element> in = children(c);
                return in.isEmpty() ? null : in.get(0);
            }
        }
        return null;
    }

    private static List<Element> children(Node e) {
        List<Element> out = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c) {
                out.add(c);
            }
        }
        return out;
    }

    private static DocumentBuilder builder() throws javax.xml.parsers.ParserConfigurationException {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder();
    }
}
