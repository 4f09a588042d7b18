package io.wsbench.stacks.metro;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The shared seismic WSDL with one configuration's WS-SecurityPolicy attached, as a Metro user
 * writes it: the policies (policy/&lt;configuration&gt;.xml) inside wsdl:definitions, referenced
 * from the binding and from matchQuakes' input and output. One contract, so the secured endpoints
 * differ from the plain one by their policy only.
 */
final class SecuredWsdl {

    /** The configurations served, in the seed's order; each is an endpoint /seismic/&lt;name&gt; in sun-jaxws.xml. */
    static final List<String> CONFIGURATIONS = List.of("username", "sign", "signencr");

    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String WSP = "http://www.w3.org/ns/ws-policy";
    private static final String WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";

    private SecuredWsdl() {
    }

    /** Writes the WSDL of {@code configuration} to {@code to}. */
    static void write(String configuration, Path to) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        DocumentBuilder parser = f.newDocumentBuilder();
        Document wsdl = parse(parser, "/io/wsbench/service/seismic/seismic.wsdl");
        Document policies = parse(parser, "/io/wsbench/stacks/metro/policy/" + configuration + ".xml");

        Element definitions = wsdl.getDocumentElement();
        Element binding = only(definitions, "binding");
        Element operation = only(binding, "operation");
        for (Element policy : children(policies.getDocumentElement(), WSP, "Policy")) {
            String id = policy.getAttributeNS(WSU, "Id");
            Element target = switch (id) {
                case "SeismicBinding" -> binding;
                case "MatchQuakesInput" -> only(operation, "input");
                case "MatchQuakesOutput" -> only(operation, "output");
                default -> throw new IllegalStateException("policy " + configuration + ": unknown wsu:Id '" + id + "'");
            };
            definitions.insertBefore(wsdl.importNode(policy, true), binding);
            Element ref = wsdl.createElementNS(WSP, "wsp:PolicyReference");
            ref.setAttribute("URI", "#" + id);
            target.insertBefore(ref, target.getFirstChild());
        }

        Files.createDirectories(to.getParent());
        Transformer t = TransformerFactory.newInstance().newTransformer();
        t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
        t.transform(new DOMSource(wsdl), new StreamResult(to.toFile()));
    }

    private static Document parse(DocumentBuilder parser, String resource) throws Exception {
        try (InputStream in = SecuredWsdl.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return parser.parse(in);
        }
    }

    /** The one child wsdl:{@code name} of {@code parent}. */
    private static Element only(Element parent, String name) {
        List<Element> found = children(parent, WSDL, name);
        if (found.size() != 1) {
            throw new IllegalStateException("the seismic WSDL has " + found.size() + " wsdl:" + name + " in wsdl:" + parent.getLocalName());
        }
        return found.get(0);
    }

    private static List<Element> children(Element parent, String namespace, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && namespace.equals(e.getNamespaceURI()) && name.equals(e.getLocalName())) {
                out.add(e);
            }
        }
        return out;
    }
}
