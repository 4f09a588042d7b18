package io.wsbench.service.imports;

import io.wsbench.service.own.OwnServiceException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXParseException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;

/** The few reads of a DOM the importers make: children by local name, their text, an attribute. */
final class Dom {

    private Dom() {
    }

    /**
     * {@code bytes} parsed, namespace-aware, with no DOCTYPE, external entity or XInclude followed;
     * not well-formed is one line naming {@code source}, its line and column.
     */
    static Document parse(byte[] bytes, String source) throws OwnServiceException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setXIncludeAware(false);
            f.setExpandEntityReferences(false);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(new org.xml.sax.helpers.DefaultHandler() {
                @Override
                public void fatalError(SAXParseException e) throws SAXParseException {
                    throw e;
                }
            });
            return b.parse(new ByteArrayInputStream(bytes));
        } catch (SAXParseException e) {
            throw new OwnServiceException(source + ":" + e.getLineNumber() + ":" + e.getColumnNumber()
                    + ": not well-formed XML: " + e.getMessage());
        } catch (Exception e) {
            throw new OwnServiceException(source + ": cannot be read as XML: " + e.getMessage());
        }
    }

    /** The element children of {@code parent} whose local name is {@code name} (any namespace), in order. */
    static List<Element> children(Node parent, String name) {
        List<Element> out = new ArrayList<>();
        if (parent == null) {
            return out;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && name.equals(local(e))) {
                out.add(e);
            }
        }
        return out;
    }

    /** Every element child of {@code parent}, in order. */
    static List<Element> elements(Node parent) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent == null ? null : parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }

    static Element child(Node parent, String name) {
        List<Element> c = children(parent, name);
        return c.isEmpty() ? null : c.get(0);
    }

    /** The text of the first child named {@code name}; null when there is none. */
    static String text(Node parent, String name) {
        Element c = child(parent, name);
        return c == null ? null : c.getTextContent();
    }

    /**
     * {@code e} written out as a document of its own, with the namespace declarations it uses, those made on its
     * ancestors included (DOM Level 3's serializer, which fixes namespaces up).
     */
    static String xml(Element e) throws OwnServiceException {
        try {
            org.w3c.dom.ls.DOMImplementationLS ls = (org.w3c.dom.ls.DOMImplementationLS) e.getOwnerDocument().getImplementation()
                    .getFeature("LS", "3.0");
            org.w3c.dom.ls.LSSerializer w = ls.createLSSerializer();
            w.getDomConfig().setParameter("xml-declaration", false);
            return w.writeToString(e);
        } catch (RuntimeException failed) {
            throw new OwnServiceException("an element could not be written as XML: " + failed.getMessage());
        }
    }

    static String local(Node n) {
        return n.getLocalName() != null ? n.getLocalName() : n.getNodeName();
    }

    /** The attribute's value; null when it is absent. */
    static String attr(Element e, String name) {
        return e != null && e.hasAttribute(name) ? e.getAttribute(name) : null;
    }
}
